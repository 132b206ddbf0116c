"""The kit's build backend: setuptools' (``setuptools.build_meta``), leaving the checkout as it found it.

setuptools writes ``build/`` and ``shinpan.egg-info/`` into the source folder while it builds (``pip wheel .``,
``pip install .``, ``python -m build``): each hook here removes those it made, never one that was there before.
``pyproject.toml`` names this module (``backend-path``); nothing of it goes into the wheel.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from setuptools import build_meta as setuptools

LEFTOVERS = ("build", "shinpan.egg-info")
"""What setuptools leaves in the source folder (the current folder, as the build frontend runs the backend)."""

Settings = dict[str, Any] | None


@contextlib.contextmanager
def _tidy() -> Iterator[None]:
    """Remove, at the end, the leftovers that did not exist at the start."""
    made = [Path(name) for name in LEFTOVERS if not Path(name).exists()]
    try:
        yield
    finally:
        for path in made:
            shutil.rmtree(path, ignore_errors=True)


def get_requires_for_build_wheel(config_settings: Settings = None) -> list[str]:
    with _tidy():
        return list(setuptools.get_requires_for_build_wheel(config_settings))


def get_requires_for_build_sdist(config_settings: Settings = None) -> list[str]:
    with _tidy():
        return list(setuptools.get_requires_for_build_sdist(config_settings))


def get_requires_for_build_editable(config_settings: Settings = None) -> list[str]:
    with _tidy():
        return list(setuptools.get_requires_for_build_editable(config_settings))


def build_wheel(wheel_directory: str, config_settings: Settings = None, metadata_directory: str | None = None) -> str:
    with _tidy():
        return str(setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))


def build_sdist(sdist_directory: str, config_settings: Settings = None) -> str:
    with _tidy():
        return str(setuptools.build_sdist(sdist_directory, config_settings))


def build_editable(wheel_directory: str, config_settings: Settings = None,
                   metadata_directory: str | None = None) -> str:
    with _tidy():
        return str(setuptools.build_editable(wheel_directory, config_settings, metadata_directory))


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: Settings = None) -> str:
    with _tidy():
        return str(setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings))


def prepare_metadata_for_build_editable(metadata_directory: str, config_settings: Settings = None) -> str:
    with _tidy():
        return str(setuptools.prepare_metadata_for_build_editable(metadata_directory, config_settings))

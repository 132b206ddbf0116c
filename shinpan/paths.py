"""Paths as the kit shows them: relative to the folder that holds the suite (``features/…``), installed or not.

The suite's folder itself is :func:`shinpan.adapters.locations.features_dir` (the adapters read the card
registry from it too); everything the kit reads at run time is found from the installed package, never from
a checkout.
"""

from __future__ import annotations

import functools
from pathlib import Path

from shinpan.adapters.locations import features_dir

PROJECT_ROOT = Path(__file__).resolve().parent.parent
"""The folder above the ``shinpan`` package: the repository in a checkout, ``site-packages`` once installed.
Only the kit's own tests and tools that work on the repository (docs, examples) use it."""


def suite_root() -> Path:
    """The folder that holds ``features/``: pytest's rootdir for the suite, and what feature paths in
    reports, listings and node ids are relative to (``features/basics/召喚酔い.feature``), installed or not."""
    return features_dir().parent


def relative(path: str | Path) -> str:
    """``path`` relative to :func:`suite_root` (``features/…``) when it is inside it, else as given."""
    try:
        return Path(path).resolve().relative_to(suite_root()).as_posix()
    except ValueError:
        return str(path)


@functools.cache
def relative_once(path: str) -> str:
    """:func:`relative`, worked out once per path (it resolves the path on the disk): a run names each feature
    file once per scenario, in the report, the failures, the transcripts and the messages."""
    return relative(path)


def rulesets_file() -> Path:
    """The revisions, ``features/rulesets.yaml``."""
    return features_dir() / "rulesets.yaml"

"""Paths as the kit shows them: relative to the folder that holds the suite (``features/…``), installed or not.

The kit's suite folder is :func:`shinpan.adapters.locations.features_dir` (the adapters read the card registry
from it too), and the suite being run (with a user suite, if any) is :func:`shinpan.adapters.locations.current`;
everything the kit reads at run time is found from the installed package, never from a checkout.
"""

from __future__ import annotations

import functools
from pathlib import Path

from shinpan.adapters.locations import current

PROJECT_ROOT = Path(__file__).resolve().parent.parent
"""The folder above the ``shinpan`` package: the repository in a checkout, ``site-packages`` once installed.
Only the kit's own tests and tools that work on the repository (docs, examples) use it."""


def suite_root() -> Path:
    """The folder that holds the feature folder being run (the kit's ``features/``, or a user suite): pytest's
    rootdir for the suite, and what feature paths in reports, listings and node ids are relative to
    (``features/basics/召喚酔い.feature``; ``my-suite/topic/x.feature``), installed or not."""
    return current().own.parent


def relative(path: str | Path) -> str:
    """``path`` relative to the folder that holds its suite (``features/…``, ``my-suite/…``) when it is inside the
    suite being run or the kit's, else as given."""
    resolved = Path(path).resolve()
    folders = current()
    for layer in reversed(folders.layers):
        if layer == resolved or layer in resolved.parents:
            return resolved.relative_to(layer.parent).as_posix()
    return str(path)


@functools.cache
def relative_once(path: str) -> str:
    """:func:`relative`, worked out once per path (it resolves the path on the disk): a run names each feature
    file once per scenario, in the report, the failures, the transcripts and the messages."""
    return relative(path)


"""Where the suite lives: its ``features/`` folder, shipped inside the package (``shinpan/features``).

The suite's data is found from the installed package, never from a checkout: in a checkout the folder
above ``adapters/`` holds ``features/``; installed, the folder above ``shinpan/adapters`` is ``shinpan/``,
which holds the suite as package data. ``SHINPAN_FEATURES`` points the kit at another copy of the suite.
"""

from __future__ import annotations

import os
from pathlib import Path


def features_dir() -> Path:
    """The suite's ``features/`` folder (``SHINPAN_FEATURES`` overrides it)."""
    override = os.environ.get("SHINPAN_FEATURES")
    return Path(override).resolve() if override else (Path(__file__).resolve().parent.parent / "features").resolve()

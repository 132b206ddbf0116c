"""Where the suite lives: ``shinpan/features`` (the top-level ``features/`` folder, shipped as package data)."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def features_dir() -> Path:
    """The suite's ``features/`` folder (``SHINPAN_FEATURES`` overrides it)."""
    override = os.environ.get("SHINPAN_FEATURES")
    return Path(override).resolve() if override else (Path(__file__).resolve().parent / "features").resolve()


def cards_file() -> Path:
    """The card registry, ``features/cards.yaml``."""
    return features_dir() / "cards.yaml"


def rulesets_file() -> Path:
    """The revisions, ``features/rulesets.yaml``."""
    return features_dir() / "rulesets.yaml"

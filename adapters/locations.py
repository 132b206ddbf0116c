"""Where the suite lives: the kit's ``features/`` folder, and a user suite laid over it.

The kit's suite is found from the installed package, never from a checkout: in a checkout the folder above
``adapters/`` holds ``features/``; installed, the folder above ``shinpan/adapters`` is ``shinpan/``, which holds
the suite as package data. ``SHINPAN_FEATURES`` points the kit at another copy of the suite.

A **user suite** (利用者のスイート) is a folder of feature files of one's own, with any of its own ``cards.yaml``,
``sources.yaml`` and ``rules.yaml``, laid over the kit's: its registries add to the kit's (no name or id may be
defined twice), and the kit's changes of the rules (``rulesets.yaml``) are the only ones. ``SHINPAN_SUITE`` names
it (``shinpan … --suite DIR`` sets it), so that every process of a run — pytest-xdist workers, a ``cmd:`` adapter
serving the reference engine — reads the same suite.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

from shinpan.adapters.errors import SuiteError

KIT_VARIABLE: Final = "SHINPAN_FEATURES"
"""Points the kit at another copy of its own suite (a whole ``features/`` folder, registries included)."""
USER_VARIABLE: Final = "SHINPAN_SUITE"
"""Names the user suite laid over the kit's."""


@dataclass(frozen=True)
class SuiteFolders:
    """The suite being run: the kit's ``features/`` folder, and the user suite laid over it (``None``: none)."""

    kit: Path
    user: Path | None = None

    @property
    def own(self) -> Path:
        """The folder whose feature files are run, listed and linted: the user suite's, else the kit's."""
        return self.user or self.kit

    @property
    def layers(self) -> tuple[Path, ...]:
        """The folders in the order their registries are laid: the kit's first."""
        return (self.kit,) if self.user is None else (self.kit, self.user)

    def registry_files(self, name: str) -> tuple[Path, ...]:
        """The registry ``name`` (``cards.yaml``) of every layer: the kit's (which must exist), then the user
        suite's if it has one."""
        # anything by that name is the user suite's registry: one that is not a file is refused where it is read
        user = () if self.user is None or not os.path.lexists(self.user / name) else (self.user / name,)
        return (self.kit / name, *user)


def features_dir() -> Path:
    """The kit's ``features/`` folder (``SHINPAN_FEATURES`` overrides it)."""
    override = os.environ.get(KIT_VARIABLE)
    if override and not os.path.isabs(override):  # relative to the current directory, which may change
        return Path(override).resolve()
    return _resolved(override or _KIT_FEATURES)


_KIT_FEATURES = str(Path(__file__).resolve().parent.parent / "features")


@cache
def _resolved(folder: str) -> Path:
    """``folder`` (absolute) resolved once (an exploration asks for the suite's changes at every example)."""
    return Path(folder).resolve()


def docs_dir() -> Path:
    """The kit's ``docs/`` folder (the adapter guide, the contract, the CI recipe), beside ``features/`` as installed
    (the package's ``shinpan.docs``) and in a checkout alike."""
    return (Path(__file__).resolve().parent.parent / "docs").resolve()


def current() -> SuiteFolders:
    """The suite being run: the kit's, with the user suite ``SHINPAN_SUITE`` names laid over it."""
    user = os.environ.get(USER_VARIABLE)
    return SuiteFolders(features_dir(), Path(user).resolve() if user else None)


def use_user_suite(folder: str | Path | None) -> SuiteFolders:
    """Make ``folder`` the user suite of this process and of every process it starts (``None``: the kit's own suite
    alone). A folder that does not exist, or is the kit's own, is bad input."""
    if folder is None:
        os.environ.pop(USER_VARIABLE, None)
        return current()
    path = Path(folder).resolve()
    if not path.is_dir():
        raise SuiteError(path, None, "the user suite must be a folder of feature files (with its own cards.yaml, "
                                     "sources.yaml, rules.yaml if it needs them)")
    kit = features_dir()
    if path == kit or kit in path.parents or path in kit.parents:
        raise SuiteError(path, None, f"the user suite must be a folder of its own, neither inside nor around the "
                                     f"kit's suite ({kit})")
    os.environ[USER_VARIABLE] = str(path)
    return current()

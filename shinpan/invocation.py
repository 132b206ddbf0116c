"""How ``shinpan run`` calls pytest: with the suite's own settings, from any directory, installed or not.

pytest is told to read no configuration file (``-c`` the null device), so neither the repository's
``pyproject.toml`` nor whatever project the user stands in can change the run. The plugin is loaded by
name (``-p shinpan.pytest_plugin``), the few ini settings the suite needs are given with ``-o``, and the
rootdir is the folder holding ``features/`` (:func:`shinpan.paths.suite_root`), so node ids and report
paths read ``features/basics/召喚酔い.feature…`` from a checkout and from a wheel alike.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from shinpan import paths

SUITE_INI: Final = {
    "xfail_strict": "true",
    # node ids keep the Japanese scenario names readable instead of \u-escaping them
    "disable_test_id_escaping_and_forfeit_all_rights_to_community_support": "true",
}
"""The ini settings the suite runs with, given on the command line (``-o name=value``)."""


def base_arguments() -> list[str]:
    """The arguments every run of the suite starts with."""
    args = ["-c", os.devnull, "--rootdir", str(paths.suite_root()), "-p", "shinpan.pytest_plugin",
            "-p", "no:cacheprovider", "-p", "no:hypothesispytest"]  # the suite has no hypothesis tests
    for name, value in SUITE_INI.items():
        args += ["-o", f"{name}={value}"]
    return args


def extra_arguments(extra: Sequence[str], cwd: Path | None = None) -> tuple[list[str], bool]:
    """The user's extra pytest arguments, in the order given (an option's value stays after its option), and
    whether any of them names something to run.

    A path (optionally with ``::`` and a test name) that exists from ``cwd`` is passed as given; one that does
    not but names a place in the suite — ``features/basics`` — means that place in the installed suite, from
    any directory.
    """
    here = cwd or Path.cwd()
    args: list[str] = []
    targets = False
    for index, arg in enumerate(extra):
        if arg.startswith("-") or (index and extra[index - 1] in VALUED_OPTIONS):
            args.append(arg)
            continue
        path, sep, rest = arg.partition("::")
        if (here / path).exists():
            args.append(arg)
            targets = True
        elif Path(path).parts[:1] == ("features",) and (paths.suite_root() / path).exists():
            args.append(str(paths.suite_root() / path) + sep + rest)
            targets = True
        else:
            args.append(arg)
    return args, targets


def user_arguments(extra: Sequence[str], *, quiet: bool = True) -> list[str]:
    """The end of a suite run's pytest command line: the user's arguments (:func:`extra_arguments`), ``-q``
    when ``quiet`` and they hold no option, and the whole suite when they name nothing to run."""
    args, targets = extra_arguments(extra)
    if quiet and not any(a.startswith("-") for a in args):
        args.insert(0, "-q")
    return args if targets else [*args, str(paths.features_dir())]


VALUED_OPTIONS: Final = frozenset({
    "-k", "-m", "-p", "-o", "-c", "-n", "-W", "-r", "--basetemp", "--rootdir", "--deselect", "--ignore",
    "--ignore-glob", "--maxfail", "--tb", "--durations", "--confcutdir", "--dist", "--log-level", "--junit-prefix",
    "--override-ini", "--maxprocesses", "--import-mode",
})
"""pytest options whose value is the next argument: that value is never taken for a path to run."""

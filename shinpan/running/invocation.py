"""How ``shinpan run`` calls pytest: with the suite's own settings, from any directory, installed or not.

pytest is told to read no configuration file (``-c`` the null device), so neither the repository's
``pyproject.toml`` nor whatever project the user stands in can change the run. The plugin is loaded by
name (``-p shinpan.pytest_plugin``), the few ini settings the suite needs are given with ``-o``, and the
rootdir is the folder holding ``features/`` (:func:`shinpan.paths.suite_root`), so node ids and report
paths read ``features/basics/召喚酔い.feature…`` from a checkout and from a wheel alike.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from shinpan import paths
from shinpan.adapters.locations import features_dir
from shinpan.errors import ReportError

SUITE_INI: Final = {
    "xfail_strict": "true",
    # node ids keep the Japanese scenario names readable instead of \u-escaping them
    "disable_test_id_escaping_and_forfeit_all_rights_to_community_support": "true",
}
"""The ini settings the suite runs with, given on the command line (``-o name=value``)."""


CACHE_DIR: Final = ".shinpan_cache"
"""pytest's cache of a ``shinpan run`` (what ``--lf``/``--ff`` read: the scenarios that failed last time), in the
folder the command runs in, as pytest keeps ``.pytest_cache`` in a project: a simulator's repository keeps its own."""


def base_arguments() -> list[str]:
    """The arguments every run of the suite starts with. pytest's cache is :data:`CACHE_DIR` of the current folder
    (node ids are relative to the suite, wherever it is installed), so that ``--lf`` and ``--ff`` work."""
    args = ["-c", os.devnull, "--rootdir", str(paths.suite_root()), "-p", "shinpan.pytest_plugin",
            "-o", f"cache_dir={Path.cwd() / CACHE_DIR}", "-p", "no:hypothesispytest"]  # no hypothesis test in the suite
    for name, value in SUITE_INI.items():
        args += ["-o", f"{name}={value}"]
    return args


def in_order(extra: Sequence[str], cwd: Path | None = None) -> list[str]:
    """The user's extra pytest arguments, in the order given, with each target made absolute.

    A target is a path (optionally with ``::`` and a test name) that exists from ``cwd``, or one inside the
    kit's suite: ``features/basics`` means the installed suite's basics folder from any directory. Nothing moves,
    so an option's value stays after its option (``--basetemp DIR -x``); pytest itself tells targets from
    values, and with no target the plugin runs the whole suite (``--default-target``).
    """
    here = cwd or Path.cwd()
    return [arg if arg.startswith("-") else (_target(arg, here) or arg) for arg in extra]


def _target(arg: str, cwd: Path) -> str | None:
    path, sep, rest = arg.partition("::")
    candidates = [cwd / path]
    if Path(path).parts[:1] == ("features",):
        candidates.append(features_dir().parent / path)
    for candidate in candidates:
        if candidate.exists():
            return str(candidate.resolve()) + sep + rest
    return None


def run_to_report(report: Path, adapter: str, ruleset: str | None = None, targets: Sequence[str] = (),
                  options: Sequence[str] = ()) -> Path:
    """Run ``shinpan run`` in a child process (a run of its own: pytest and pytest-bdd keep state per process)
    on ``adapter`` under ``ruleset``, with the plugin's ``options``, over ``targets`` (default: the whole suite);
    return its ``report``.

    A run that writes no report (bad input, an adapter that cannot be made) is a :class:`ReportError` whose
    message ends with the run's last line of output; failing scenarios are results, not errors."""
    command = [sys.executable, "-m", "shinpan", "run", f"--adapter={adapter}", f"--report={report}",
               "-q", "-p", "no:warnings", "-p", "no:cacheprovider"]  # a run of the kit's own: no cache left behind
    if ruleset:
        command.append(f"--ruleset={ruleset}")
    command += [*options, *targets]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if not report.exists():
        tail = (done.stdout + done.stderr).strip().splitlines()[-1:] or ["no output"]
        raise ReportError(report, None, f"the {adapter} run wrote no report ({tail[0]})")
    return report


XDIST_OPTIONS = ("-n", "--numprocesses", "--maxprocesses", "--dist")
"""pytest-xdist's options that spread a run over processes."""


def lacks_xdist(extra: Sequence[str]) -> str | None:
    """The pytest-xdist option among ``extra`` (``-n auto``, ``-n2``, ``--dist load``…) when pytest-xdist is not
    installed, or None."""
    asked = next((arg for arg in extra if arg.startswith(XDIST_OPTIONS) and not arg.startswith("--no")), None)
    if asked is None or importlib.util.find_spec("xdist") is not None:
        return None
    return asked

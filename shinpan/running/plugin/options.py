"""The command-line options of a run (``shinpan run`` passes its own as these), and the suite as the default
target of ``shinpan run``."""

from __future__ import annotations

import argparse
import math

import pytest

from shinpan.adapters.errors import SuiteError
from shinpan.adapters.locations import use_user_suite


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("shinpan", "shinpan conformance suite")
    group.addoption("--adapter", default=None,
                    help="the simulator adapter to run against (default: the --expectations file's adapter, else "
                         "reference)")
    group.addoption("--ruleset", default=None, metavar="ID",
                    help="run under the rules just after change ID (or before:ID, or a day); default: today")
    group.addoption("--rules-as-of", default=None, metavar="DATE", help="run under the rules in force on DATE")
    group.addoption("--seed", dest="shinpan_seed", type=int, default=0, help="seed passed to the adapter's games")
    group.addoption("--report", default=None, metavar="PATH", help="write one JSON line per scenario to PATH")
    group.addoption("--validate", action="store_true", help="check every message both ways against the schemas")
    group.addoption("--scenario-timeout", type=_positive, default=5.0, metavar="SECONDS",
                    help="seconds an adapter may take per scenario (default: 5)")
    group.addoption("--timeout-multiplier", type=_positive, default=1.0, metavar="X",
                    help="multiply every adapter time limit by X (slow machines, debuggers)")
    group.addoption("--max-restarts", type=_non_negative_int, default=10, metavar="N",
                    help="restarts of a crashed or hung subprocess adapter before it is given up (default: 10)")
    group.addoption("--expectations", default=None, metavar="TOML",
                    help="the adapter's expectations file: expected statuses become XFAIL, unexpected passes XPASS")
    group.addoption("--allow-xpass", action="store_true",
                    help="an unexpected pass (XPASS) does not fail the run")
    group.addoption("--min-coverage", type=_percent, default=None, metavar="P",
                    help="exit 1 when coverage is below P percent (a warning says so either way)")
    group.addoption("--tags", default=None, metavar="EXPR",
                    help="run only scenarios whose tags match a Cucumber tag expression")
    group.addoption("--matrix", action="store_true",
                    help="run every scenario under every state of the rules, in this one session (shinpan matrix)")
    group.addoption("--trace-dir", dest="trace_dir", default=None, metavar="DIR",
                    help="write every request and response of each scenario to DIR/<scenario id>.jsonl")
    group.addoption("--messages", dest="cucumber_messages", default=None, metavar="PATH",
                    help="write the run as Cucumber Messages (NDJSON) to PATH")
    group.addoption("--suite", dest="user_suite", default=None, metavar="DIR",
                    help="a user suite: a folder of feature files whose registries are laid over the kit's")
    group.addoption("--default-target", default=None, help=argparse.SUPPRESS)  # shinpan run: the suite


def _positive(text: str) -> float:
    """A time limit or multiplier: a number greater than 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or math.isinf(value):
        raise argparse.ArgumentTypeError(f"{text!r} must be a number greater than 0")
    return value


def _percent(text: str) -> float:
    """A coverage: a number from 0 to 100."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"{text!r} must be a percentage, from 0 to 100")
    return value


def _non_negative_int(text: str) -> int:
    """A count: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return value


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config, args: list[str], parser: pytest.Parser) -> None:
    """``shinpan run`` passes pytest's arguments in the order given and names the suite with
    ``--default-target``: it is collected only when no path is among them (as pytest parsed them, so a
    value such as ``--basetemp DIR`` is never taken for a path). ``--suite DIR`` (plain pytest) names the user
    suite, as ``shinpan run --suite DIR`` does."""
    known = early_config.known_args_namespace
    if getattr(known, "user_suite", None):  # before anything reads the suite (xdist workers inherit it)
        try:
            use_user_suite(known.user_suite)
        except SuiteError as error:
            raise pytest.UsageError(f"--suite {error}") from None
    default = getattr(known, "default_target", None)
    if default and not known.file_or_dir:
        args.append(default)
        known.file_or_dir = [default]

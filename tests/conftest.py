"""Shared helpers for the kit's own tests."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import pytest
from hypothesis import settings

# imported here, so that the in-process runs (which forget the modules they import) share one copy of them
import shinpan.adapters.reference
import shinpan.adapters.subprocess_adapter  # noqa: F401
import tests.fake_adapters  # noqa: F401
from shinpan.paths import PROJECT_ROOT
from shinpan.suite import scenarios as suite
from tests import certification_support, installed_kit
from tests.installed_kit import Installed


def _sigint_as_a_terminal_gives_it() -> None:
    """Started with SIGINT ignored (a background job of a non-interactive shell, ``nohup``, some CI runners), this
    process would pass the ignoring on to every child it starts, and a test's Ctrl-C to a child would be lost: SIGINT
    gets its default handling here, as a terminal gives it, and so in every child under test (issue 35, item 18)."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


_sigint_as_a_terminal_gives_it()

settings.register_profile("ci", database=None, deadline=None, derandomize=True, max_examples=60)
settings.register_profile("dev", deadline=None, max_examples=40)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@dataclass
class RunResult:
    """What a pytest run over the suite printed and reported."""

    returncode: int
    output: str
    lines: list[dict[str, Any]]
    """Every line of the report: header, cases, footer."""

    @property
    def report(self) -> list[dict[str, Any]]:
        """The report's scenario lines (without its header and footer)."""
        return [line for line in self.lines if line.get("type", "case") == "case"]

    def cases(self) -> list[dict[str, Any]]:
        return self.report

    def statuses(self) -> dict[str, str]:
        return {str(line["id"]): str(line["status"]) for line in self.report}


class SuiteRunner(Protocol):
    def __call__(self, *args: str, features: Path | None = None, tmp: Path | None = None) -> RunResult: ...


@pytest.fixture
def run_suite(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> SuiteRunner:
    """Run pytest on the suite (or a copy in ``features``) with a JSON report, in this process (pytester), as
    ``shinpan run`` does: a fresh pytest session with the shinpan plugin and the fake adapters."""
    runs = itertools.count()
    # subprocess adapters (``cmd:python -m tests.fake_subprocess``) start in pytester's folder: they find the kit here
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(PROJECT_ROOT), os.environ.get("PYTHONPATH")])))

    def run(*args: str, features: Path | None = None, tmp: Path | None = None) -> RunResult:
        report = (tmp or pytester.path) / f"report-{next(runs)}.jsonl"
        if features is not None:
            monkeypatch.setenv("SHINPAN_FEATURES", str(features))
        else:
            monkeypatch.delenv("SHINPAN_FEATURES", raising=False)
        done = pytester.runpytest_inprocess(
            "-p", "shinpan.pytest_plugin", "-p", "tests.fake_adapters", "-p", "no:cacheprovider",
            f"--report={report}", "-q", *args, str(features or PROJECT_ROOT / "features"))
        lines = report.read_text(encoding="utf-8").splitlines() if report.exists() else []
        output = "\n".join([*done.outlines, *done.errlines])
        return RunResult(int(done.ret), output, [json.loads(line) for line in lines])

    return run


def cases_in(features: Path) -> int:
    """How many cases the feature files under ``features`` hold (every one gets a status in a run)."""
    return len(suite.cases(features))


@pytest.fixture
def suite_copy(tmp_path: Path) -> Path:
    """A scratch features/ folder with the real registries and the basics feature files."""
    target = tmp_path / "features"
    target.mkdir()
    for name in ("cards.yaml", "rulesets.yaml", "sources.yaml", "rules.yaml"):
        shutil.copy(PROJECT_ROOT / "features" / name, target / name)
    shutil.copytree(PROJECT_ROOT / "features" / "basics", target / "basics")
    return target


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The kit's wheel in a fresh virtual environment (built once per run, shared by xdist workers)."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    return installed_kit.create(shared / "installed-kit", PROJECT_ROOT)


@pytest.fixture(scope="session")
def recorded_certifications(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Both test engines certified (tests/certification_support.py), recorded once per run and shared by xdist
    workers: the site's tests read them, and change only copies."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    return certification_support.certifications(shared / "recorded-certifications")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests marked ``slow`` first, in their order, then the rest: pytest-xdist hands tests out in this order, so
    each worker starts on a long one and the short ones fill in after, instead of one long test ending the run alone."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """The site's browser tests skipped for want of Chromium are said at the end of every run, with the reason (pytest
    itself lists skip reasons only with ``-rs``): a fresh machine passes, and says what it did not test."""
    skipped = [report for report in terminalreporter.stats.get("skipped", [])
               if "test_site_browser.py" in report.nodeid and isinstance(report.longrepr, tuple)]
    if skipped:
        terminalreporter.write_sep("-", f"{len(skipped)} browser test(s) skipped")
        for reason in sorted({str(report.longrepr[2]).removeprefix("Skipped: ") for report in skipped}):
            terminalreporter.write_line(reason)

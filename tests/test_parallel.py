"""Spreading a run over processes (pytest-xdist, ``-n``) changes nothing a reader sees: the report and the summary
are the same, byte for byte apart from timings, as a serial run's — for a run and for the matrix."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from shinpan.reports import matrix as matrix_
from shinpan.suite import rulesets
from tests.conftest import RunResult, SuiteRunner, cases_in

TIMINGS = {"header": ("started",), "case": ("duration",), "footer": ("duration",)}


def without_timings(result: RunResult) -> list[str]:
    """The report's lines, as JSON text, without the fields that measure time."""
    lines = []
    for line in result.lines:
        kept: dict[str, Any] = {k: v for k, v in line.items() if k not in TIMINGS.get(str(line.get("type")), ())}
        lines.append(json.dumps(kept, ensure_ascii=False))
    return lines


def every_state() -> list[str]:
    return [state.label for state in matrix_.states(rulesets.load())]


def summary(result: RunResult) -> list[str]:
    """The summary the run printed: from its title to its last line."""
    lines = result.output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("shinpan — "))
    end = next(i for i, line in enumerate(lines) if line.startswith("adapter: ") and i > start)
    return lines[start:end + 1]


@pytest.mark.parametrize("matrix", [False, True], ids=["run", "matrix"])
def test_two_workers_report_and_summarize_what_one_process_does(run_suite: SuiteRunner, suite_copy: Path,
                                                                 tmp_path: Path, matrix: bool) -> None:
    # a wrong engine, so that the report holds failures with their messages as well as passes
    args = ["--adapter=fake-never-sick", *(["--matrix"] if matrix else [])]
    serial = run_suite(*args, features=suite_copy)
    parallel = run_suite(*args, "-n", "2", features=suite_copy)
    assert serial.returncode == parallel.returncode == 1, parallel.output
    assert "bringing up nodes" in parallel.output  # xdist ran it
    assert without_timings(parallel) == without_timings(serial)
    assert summary(parallel) == summary(serial)
    cases = serial.report
    states = serial.lines[0].get("states") or [serial.lines[0]["rules"]["label"]]
    scenarios = cases_in(suite_copy)
    assert len(cases) == scenarios * len(states) and len(states) == (len(every_state()) if matrix else 1)
    order = [(line["id"], states.index(line["ruleset"])) for line in cases]
    assert order == sorted(order)  # by scenario id, then state in the states' order
    assert {line["status"] for line in cases} == {"PASS", "FAIL"}


def test_a_step_defined_nearer_the_feature_wins_as_in_pytest_bdd(run_suite: SuiteRunner, suite_copy: Path) -> None:
    """The kit runs each step's definition without asking pytest for it again every time; it must still pick
    the one pytest-bdd picks: of the definitions that match, the one closest to the feature file."""
    (suite_copy / "basics" / "conftest.py").write_text(
        "from pytest_bdd import given\n\n\n"
        "@given('自分のターンである')\n"
        "def _nearer() -> None:\n"
        "    raise AssertionError('the nearer definition ran')\n", encoding="utf-8")
    result = run_suite("--tags=@id:basics-sick-001 or @id:basics-sick-005", features=suite_copy)
    assert result.statuses() == {"basics-sick-001": "FAIL", "basics-sick-005": "PASS"}, result.output
    assert "the nearer definition ran" in str(result.report[0]["message"])


def test_two_workers_stop_as_one_process_does_when_the_adapter_cannot_start(run_suite: SuiteRunner,
                                                                              suite_copy: Path) -> None:
    result = run_suite("--adapter=fake-wrong-protocol", "-n", "2", features=suite_copy)
    assert "bringing up nodes" in result.output  # xdist ran it
    assert result.returncode == 1 == result.lines[-1]["exit_status"], result.output  # failed, not interrupted (2)
    assert 1 <= len(result.report) <= 2  # each worker's first scenario at most
    assert {line["status"] for line in result.report} == {"ERROR"}
    assert "shinpan — the adapter could not start" in result.output

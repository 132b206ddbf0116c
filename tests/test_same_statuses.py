"""The executor and the pytest path agree (issue 22 item 9): for every scenario under every state of the matrix,
what the matrix reports — each state played by the executor (shinpan.running.cases) — is what a run under that state
reports — pytest-bdd running the steps: the status, the message, and the step it ended in.

On the reference engine the whole suite is compared under every state; each fake adapter, which ends scenarios
one particular way, on the basics topic under four states (the oldest, the one where the fake crashes, one where
most of the suite is unresolved, the newest). A planted difference between the two paths is caught."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from shinpan.reports import matrix
from shinpan.suite import rulesets
from tests.conftest import RunResult, SuiteRunner

STATES = [state.label for state in matrix.states(rulesets.load())]
FAKE = f"cmd:{sys.executable} -m tests.fake_subprocess"
CRASHING_UNDER = "before:2021-03-16"
FAKE_STATES = [STATES[0], CRASHING_UNDER, "before:mugetsu-ruling", STATES[-1]]
PATIENT = "--timeout-multiplier=20"
"""A busy machine must not turn a slow scenario into a TIMEOUT on one path only."""

FAKES: dict[str, tuple[str, tuple[str, ...]]] = {
    "FAIL": ("fake-never-sick", (PATIENT,)),
    "UNSUPPORTED": ("fake-no-cards", (PATIENT,)),
    "UNOBSERVABLE": ("fake-no-observables", (PATIENT,)),
    "SCRIPT_MISMATCH": ("fake-mismatch", (PATIENT,)),
    "ERROR": ("fake-error", (PATIENT,)),
    "ERROR-at-handshake": ("fake-wrong-protocol", (PATIENT,)),
    # crashes under one state only, every time: CRASH there (given up after one restart), PASS elsewhere
    "CRASH": (f"{FAKE} crash-under {CRASHING_UNDER}", ("--max-restarts=1", PATIENT)),
    # loops on every move: TIMEOUT (the in-process limit), for two scenarios (one moves, one only looks)
    "TIMEOUT": ("fake-loops", ("--scenario-timeout=0.1", "--tags=@id:basics-sick-001 or @id:basics-sick-003")),
}
"""Fake adapters by the status they end scenarios with: its spec, and the options of each run."""


def outcome(line: dict[str, Any]) -> tuple[str, str, Any]:
    """What both paths must agree on for a scenario under a state: status, message, the step it ended in."""
    return str(line["status"]), str(line["message"]), line.get("step")


def disagreements(matrix_run: RunResult, runs: dict[str, RunResult]) -> list[str]:
    """Where the matrix (by scenario and state) and the run under each state differ, one line each."""
    played = {(str(line["id"]), str(line["ruleset"])): line for line in matrix_run.cases()}
    found = []
    for state, run in runs.items():
        assert run.lines and run.lines[-1]["type"] == "footer", run.output
        ran = {str(line["id"]): line for line in run.cases()}
        for case_id in sorted(set(ran) | {case_id for case_id, label in played if label == state}):
            if case_id not in ran or (case_id, state) not in played:
                found.append(f"{case_id} @ {state}: only in {'the run' if case_id in ran else 'the matrix'}")
            elif outcome(played[case_id, state]) != outcome(ran[case_id]):
                found.append(f"{case_id} @ {state}: matrix {outcome(played[case_id, state])}, "
                             f"run {outcome(ran[case_id])}")
    return found


def both_paths(run_suite: SuiteRunner, options: tuple[str, ...], features: Path | None,
               states: list[str]) -> tuple[RunResult, dict[str, RunResult]]:
    """The matrix, and one run per state, with the same options."""
    played = run_suite("--matrix", *options, features=features)
    return played, {state: run_suite(f"--ruleset={state}", *options, features=features) for state in states}


@pytest.mark.slow  # the whole suite, under every state, by both paths (241 s of a loaded two-core machine)
def test_the_whole_suite_on_the_reference_engine(run_suite: SuiteRunner) -> None:
    played, runs = both_paths(run_suite, ("--adapter=reference", PATIENT), None, STATES)
    assert disagreements(played, runs) == []
    statuses = Counter(str(line["status"]) for line in played.cases())
    assert {"PASS", "NOT_APPLICABLE", "UNRESOLVED"} <= set(statuses), statuses
    assert len(played.cases()) == len(runs[STATES[0]].cases()) * len(STATES)


@pytest.mark.parametrize("status", list(FAKES))
def test_each_way_a_scenario_can_end(run_suite: SuiteRunner, suite_copy: Path, status: str) -> None:
    spec, options = FAKES[status]
    played, runs = both_paths(run_suite, (f"--adapter={spec}", *options), suite_copy, FAKE_STATES)
    assert disagreements(played, runs) == []
    assert status.split("-")[0] in {str(line["status"]) for line in played.cases()}  # the fake does what it says


def test_a_difference_between_the_paths_is_caught(run_suite: SuiteRunner, suite_copy: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import shinpan.running.plugin.allstates

    played, runs = both_paths(run_suite, ("--adapter=fake-no-observables",), suite_copy, STATES[-1:])
    assert disagreements(played, runs) == []
    # planted: the executor's game forgets that an observable the adapter does not report is UNOBSERVABLE
    monkeypatch.setattr(shinpan.running.plugin.allstates, "Execution", _Unobservant)
    planted = run_suite("--matrix", "--adapter=fake-no-observables", features=suite_copy)
    found = disagreements(planted, runs)
    assert found and all("UNOBSERVABLE" in line for line in found), found


class _Unobservant:
    """An executor that plays each case on an adapter said to report every observable."""

    def __new__(cls, case: Any, session: Any, **options: Any) -> Any:
        from shinpan.running.cases import Execution

        execution = Execution(case, session, **options)
        execution.game.require = lambda field: None  # type: ignore[method-assign]
        return execution

"""The subprocess adapter (``cmd:``) against fake programs: each misbehaviour costs one scenario its
status (CRASH, TIMEOUT, ERROR), the adapter is restarted and the report stays complete."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from shinpan.adapters import schemas
from shinpan.adapters.contract import PROTOCOL_VERSION, ActRequest, HelloRequest
from shinpan.adapters.errors import AdapterCrash, AdapterTimeout
from shinpan.adapters.server import handle
from shinpan.adapters.subprocess_adapter import SubprocessSimulator
from shinpan.paths import PROJECT_ROOT
from shinpan.reports.report import suite_hash
from tests.conftest import SuiteRunner, cases_in

BASICS = cases_in(PROJECT_ROOT / "features" / "basics")
FAKE = f"{sys.executable} -m tests.fake_subprocess"
HELLO: HelloRequest = {"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": "test", "changes": []}
END_TURN: ActRequest = {"cmd": "act", "action": {"type": "end_turn"}, "choices": []}


def cmd(mode: str) -> str:
    return f"--adapter=cmd:{FAKE} {mode}"


# ------------------------------------------------------------- whole runs
def test_reference_through_a_pipe_gives_every_status_the_in_process_run_gives(run_suite: SuiteRunner, tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    in_process = run_suite("--adapter=reference", "--ruleset=2020-09-18", tmp=tmp_path / "a")
    piped = run_suite(f"--adapter=cmd:{sys.executable} -m shinpan serve-reference", "--validate",
                      "--ruleset=2020-09-18", tmp=tmp_path / "b")
    assert piped.returncode == in_process.returncode == 0, piped.output
    assert len(piped.statuses()) == cases_in(PROJECT_ROOT / "features")
    assert piped.statuses() == in_process.statuses()
    for result in (in_process, piped):
        for line in result.lines:
            assert schemas.problems("report.json", line) == [], line
        header, footer = result.lines[0], result.lines[-1]
        assert (header["type"], footer["type"]) == ("header", "footer")
        assert header["adapter"]["name"] == "shinpan-reference" and header["rules"]["label"] == "2020-09-18"
        assert [c["id"] for c in header["rules"]["in_doubt"]] == ["devolve-sickness-own-turn", "pig-reversal",
                                                                  "enter-one-at-a-time", "mugetsu-ruling"]
        assert header["suite_hash"] == suite_hash()
        assert footer["scenarios"] == len(result.cases()) and footer["exit_status"] == 0
    assert piped.lines[0]["adapter"]["spec"].startswith("cmd:")


@pytest.mark.parametrize(
    ("mode", "status", "stderr"),
    [
        ("crash-on-act", "CRASH", "Segmentation fault in act()"),
        ("hang-on-act", "TIMEOUT", "waiting forever in act()"),
        ("garbage", "ERROR", "about to print a debug line"),
    ],
)
def test_a_misbehaving_child_costs_one_scenario_and_is_restarted(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path, mode: str,
                                                                 status: str, stderr: str) -> None:
    once = tmp_path / "once"
    result = run_suite(cmd(f"{mode} --once {once}"), "--scenario-timeout=2", features=suite_copy, tmp=tmp_path)
    statuses = result.statuses()
    assert len(statuses) == BASICS, result.output
    bad = {k: v for k, v in statuses.items() if v != "PASS"}
    assert list(bad.values()) == [status], result.output
    line = next(r for r in result.cases() if r["status"] == status)
    assert stderr in str(line["message"]), line
    assert result.returncode != 0
    assert status.lower() in result.output


def test_an_adapter_that_dies_at_start_is_a_crash_and_stops_the_run(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    result = run_suite(cmd("dies-at-start"), features=suite_copy, tmp=tmp_path)
    (case,) = result.cases()
    assert case["status"] == "CRASH" and "cannot load the card database" in str(case["message"]), result.output
    assert result.returncode == 1


@pytest.mark.parametrize(
    ("fake", "status", "exit_nonzero"),
    [("fake-always-wrong", "FAIL", True), ("fake-supports-nothing", "UNSUPPORTED", False)],
)
def test_a_served_fake_engine_gets_its_status_everywhere(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path, fake: str, status: str,
                                                         exit_nonzero: bool) -> None:
    result = run_suite(cmd(f"serve {fake}"), features=suite_copy, tmp=tmp_path)
    assert set(result.statuses().values()) == {status}, result.output
    assert len(result.statuses()) == BASICS
    assert (result.returncode != 0) == exit_nonzero


def test_validate_catches_a_schema_breaking_answer_on_the_wire(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    once = tmp_path / "once"
    result = run_suite(cmd(f"invalid --once {once}"), "--validate", features=suite_copy, tmp=tmp_path)
    bad = [r for r in result.cases() if r["status"] != "PASS"]
    assert [r["status"] for r in bad] == ["ERROR"], result.output
    assert "invalid observe_response" in str(bad[0]["message"])


# --------------------------------------------------- the adapter by itself
def simulator(mode: str, **options: Any) -> SubprocessSimulator:
    return SubprocessSimulator([sys.executable, "-m", "tests.fake_subprocess", *mode.split()], **options)


def test_restarts_are_capped() -> None:
    sim = simulator("crash-on-act", max_restarts=1)
    try:
        assert sim.hello(HELLO)["status"] == "ok"
        for _ in range(2):
            sim.new_game({"cmd": "new_game", "rules": {"label": "2026-01-01", "changes": []}, "seed": 0})
            with pytest.raises(AdapterCrash, match="code 139"):
                sim.act(END_TURN)
        with pytest.raises(AdapterCrash, match="gave up after 1 restarts"):
            sim.new_game({"cmd": "new_game", "rules": {"label": "2026-01-01", "changes": []}, "seed": 0})
        assert sim.starts == 2
    finally:
        sim.close()


def test_a_timeout_kills_the_child_and_the_next_request_starts_a_fresh_one() -> None:
    sim = simulator("hang-on-act", timeout=0.5)
    try:
        sim.hello(HELLO)
        sim.new_game({"cmd": "new_game", "rules": {"label": "2026-01-01", "changes": []}, "seed": 0})
        first = sim._process
        with pytest.raises(AdapterTimeout):
            sim.act(END_TURN)
        assert first is not None and first.poll() is not None
        assert sim.new_game({"cmd": "new_game", "rules": {"label": "2026-01-01", "changes": []}, "seed": 0})["status"] == "ok"
        assert sim.restarts == 1
    finally:
        sim.close()


def test_a_missing_program_is_a_crash_not_a_traceback() -> None:
    sim = SubprocessSimulator(["/nonexistent/engine"])
    with pytest.raises(AdapterCrash, match="could not be started"):
        sim.hello(HELLO)


def test_the_server_answers_every_line_and_refuses_other_protocols() -> None:
    from shinpan.adapters.reference import ReferenceSimulator

    reference = ReferenceSimulator()
    assert handle(reference, "not json")["status"] == "error"
    assert handle(reference, '{"cmd": "dance"}')["status"] == "error"
    refused = handle(reference, '{"cmd": "hello", "protocol": 99, "kit_version": "x"}')
    assert refused["status"] == "error" and "protocol 99" in refused["message"]
    assert handle(reference, '{"cmd": "new_game", "ruleset": 5}', validate=True)["status"] == "error"
    assert handle(reference, '{"cmd": "hello", "protocol": 3, "kit_version": "x", "changes": []}')["protocol"] == 3

"""Adapter faults (issue 14): whatever an adapter does, it costs the scenario in progress (or, at the
handshake, the adapter), never the run — no traceback, no lost report, no process left behind.

Each case runs the basics suite through a fake program (:mod:`tests.fake_subprocess`) that breaks one
thing once (``--once``) and records its pid and its children's (``--pids``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shinpan.adapters import schemas
from shinpan.adapters.contract import PROTOCOL_VERSION
from shinpan.paths import PROJECT_ROOT
from tests.conftest import RunResult, SuiteRunner, cases_in

BASICS = cases_in(PROJECT_ROOT / "features" / "basics")
FAKE = f"{sys.executable} -m tests.fake_subprocess"
HANGS_FOR = 2
"""The scenario timeout of the runs where one scenario hangs (the run waits this long for it): every other scenario
takes some hundredths of a second, a loaded machine's ten times that, so a limit of 2 s ends only the hang."""


def fake(mode: str, tmp: Path) -> str:
    return f"--adapter=cmd:{FAKE} {mode} --once {tmp / 'once'} --pids {tmp / 'pids'}"


def left_running(tmp: Path) -> list[int]:
    """The recorded pids still alive (zombies waiting for init count as gone), after a short grace. At least one
    pid must have been recorded: with none, "nothing is left running" would hold whatever the kit did."""
    recorded = tmp / "pids"
    pids = [int(p) for p in recorded.read_text(encoding="utf-8").split()] if recorded.exists() else []
    assert pids, f"no adapter process recorded its pid in {recorded}: the check would prove nothing"
    deadline = time.monotonic() + 3.0
    while True:
        alive = [pid for pid in pids if _alive(pid)]
        if not alive or time.monotonic() > deadline:
            for pid in alive:  # do not leave them to the next test
                os.kill(pid, signal.SIGKILL)
            return alive
        time.sleep(0.05)


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return False
    return "\nState:\tZ" not in status


def assert_complete(result: RunResult) -> None:
    """The report has a header, one line per scenario and a footer, each valid; no traceback was printed."""
    assert "Traceback" not in result.output and "INTERNALERROR" not in result.output, result.output
    assert [line["type"] for line in (result.lines[0], result.lines[-1])] == ["header", "footer"], result.output
    assert len(result.cases()) == BASICS == result.lines[-1]["scenarios"]
    for line in result.lines:
        assert schemas.problems("report.json", line) == [], line


BAD_ANSWERS = [
    ("surrogate-status", "a string holding a lone surrogate"),
    ("surrogate-message", "a string holding a lone surrogate"),
    ("surrogate-label", "a string holding a lone surrogate"),
    ("deep", "JSON nested deeper than 100 levels"),
    # the stray line is seen before the next request (out of step) or taken for the answer to the next observe,
    # which it cannot be: either way that scenario alone is an ERROR and the child is replaced
    ("extra-line", "it is out of step|an 'ok' answer to observe carries an 'observation'"),
    ("no-observation", "an 'ok' answer to observe carries an 'observation'"),
    ("flood", "it is out of step"),
    ("wrong-answer", "it has observation, which no answer to act has"),
    ("garbage", "a line that is not JSON"),
]
VALIDATED = ("surrogate-status", "surrogate-message", "flood")
"""The faults whose handling differed with --validate before: each is run both ways."""


@pytest.mark.parametrize(("mode", "message", "validate"), [
    *((mode, message, False) for mode, message in BAD_ANSWERS),
    *((mode, message, True) for mode, message in BAD_ANSWERS if mode in VALIDATED),
])
def test_a_bad_answer_costs_one_scenario_and_the_child_is_replaced(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path, mode: str,
                                                                   message: str, validate: bool) -> None:
    result = run_suite(fake(mode, tmp_path), *(["--validate"] if validate else []), features=suite_copy,
                       tmp=tmp_path)
    assert_complete(result)
    bad = [r for r in result.cases() if r["status"] != "PASS"]
    assert [r["status"] for r in bad] == ["ERROR"], result.output
    assert any(alternative in str(bad[0]["message"]) for alternative in message.split("|")), bad[0]
    assert left_running(tmp_path) == []


@pytest.mark.parametrize(("mode", "message"), [
    ("refuse-protocol", f"speaks protocol 999, the kit speaks {PROTOCOL_VERSION}"),
    ("refuse-error", "refused the handshake: fake: this engine refuses to play"),
    ("deep-hello", "JSON nested deeper than 100 levels"),
])
def test_a_failed_handshake_stops_the_run_with_one_error_and_leaves_no_process(
        run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path, mode: str, message: str) -> None:
    result = run_suite(fake(mode, tmp_path), features=suite_copy, tmp=tmp_path)
    assert "Traceback" not in result.output and "INTERNALERROR" not in result.output, result.output
    (case,) = result.cases()  # the first scenario, and no other: each would fail alike
    assert case["status"] == "ERROR" and message in str(case["message"]), case
    assert message in result.lines[0]["adapter"]["error"]
    assert result.lines[-1]["coverage"] == 0.0 and result.lines[-1]["conformance"] is None
    assert result.lines[-1]["exit_status"] == result.returncode == 1
    assert "shinpan smoke --adapter 'cmd:" in result.output
    assert left_running(tmp_path) == []


def test_an_adapter_that_never_starts_covers_nothing(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    result = run_suite(fake("dies-at-start", tmp_path), features=suite_copy, tmp=tmp_path)
    assert {r["status"] for r in result.cases()} == {"CRASH"}
    assert result.lines[-1]["coverage"] == 0.0 and result.lines[-1]["conformance"] is None


def test_a_grandchild_holding_the_pipe_is_killed_with_its_group(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    result = run_suite(fake("grandchild", tmp_path), f"--scenario-timeout={HANGS_FOR}", features=suite_copy, tmp=tmp_path)
    assert_complete(result)
    assert sorted(result.statuses().values()).count("TIMEOUT") == 1
    assert set(result.statuses().values()) == {"PASS", "TIMEOUT"}
    assert len((tmp_path / "pids").read_text(encoding="utf-8").split()) >= 3  # child, grandchild, restarted child
    assert left_running(tmp_path) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="descendants are found through /proc (Linux)")
def test_a_grandchild_that_leaves_the_group_is_found_and_ended(run_suite: SuiteRunner, tmp_path: Path,
                                                              suite_copy: Path) -> None:
    """setsid() takes the grandchild out of the process group the kit kills: before, it survived the run, holding
    the adapter's stdout. The kit, a child subreaper, finds it by the mark it inherited."""
    result = run_suite(fake("setsid-grandchild", tmp_path), f"--scenario-timeout={HANGS_FOR}", features=suite_copy, tmp=tmp_path)
    assert_complete(result)
    assert sorted(result.statuses().values()).count("TIMEOUT") == 1
    assert len((tmp_path / "pids").read_text(encoding="utf-8").split()) >= 3
    assert left_running(tmp_path) == []


def test_the_kit_is_a_child_subreaper_on_linux() -> None:
    from shinpan.adapters import descendants

    assert descendants.become_subreaper() == sys.platform.startswith("linux")
    if sys.platform.startswith("linux"):  # prctl(PR_GET_CHILD_SUBREAPER) reads the flag back
        import ctypes

        flag = ctypes.c_int(0)
        assert ctypes.CDLL(None).prctl(37, ctypes.byref(flag), 0, 0, 0) == 0 and flag.value == 1


def test_a_child_that_ignores_the_end_of_its_input_is_stopped(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    result = run_suite(fake("ignore-eof", tmp_path), features=suite_copy, tmp=tmp_path)
    assert set(result.statuses().values()) == {"PASS"}
    assert left_running(tmp_path) == []


def test_a_flood_of_stderr_is_drained_and_no_answer_times_out(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    """~100 MB of stderr over the run: before, 1 of 17 scenarios (up to 10 on a loaded machine) timed out."""
    result = run_suite(fake("stderr-flood", tmp_path), features=suite_copy, tmp=tmp_path)
    assert_complete(result)
    assert set(result.statuses().values()) == {"PASS"}, result.output


def test_an_in_process_engine_that_loops_is_a_timeout(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    result = run_suite("--adapter=fake-loops-once", f"--scenario-timeout={HANGS_FOR}", features=suite_copy, tmp=tmp_path)
    assert_complete(result)
    bad = [r for r in result.cases() if r["status"] != "PASS"]
    assert [r["status"] for r in bad] == ["TIMEOUT"]
    assert f"did not finish the scenario in time ({HANGS_FOR} s per scenario)" in str(bad[0]["message"])


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_mid_run_still_gives_the_report_its_footer(tmp_path: Path, suite_copy: Path,
                                                            signum: signal.Signals) -> None:
    report = tmp_path / "report.jsonl"
    env = {**os.environ, "SHINPAN_FEATURES": str(suite_copy), "PYTHONPATH": str(Path(__file__).parent.parent)}
    env.pop("PYTEST_ADDOPTS", None)
    command = [sys.executable, "-m", "pytest", "-p", "shinpan.pytest_plugin", "-p", "no:cacheprovider", "-q",
               fake("hang-on-act", tmp_path), "--scenario-timeout=60", f"--report={report}", str(suite_copy)]
    process = subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while not (tmp_path / "once").exists():  # the child is now hanging in act
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    process.send_signal(signum)
    output = process.communicate(timeout=60)[0].decode("utf-8", errors="replace")
    assert process.returncode == 2, output
    assert "Traceback" not in output and "INTERNALERROR" not in output
    lines = RunResult(process.returncode, output, [__import__("json").loads(x) for x in
                                                   report.read_text(encoding="utf-8").splitlines()]).lines
    assert (lines[0]["type"], lines[-1]["type"]) == ("header", "footer")
    assert lines[-1]["exit_status"] == 2
    assert left_running(tmp_path) == []

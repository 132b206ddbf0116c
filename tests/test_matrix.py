"""The matrix (issue 24 item 6): a fault stays in its rules state, and the JSON output survives failures.

An engine that crashes under one state only is restarted and given up there alone (``--max-restarts`` counts per
state); the report's footer and the summary say where the cap was reached. ``matrix --format json`` (pytest's
terminal plugin off) reports failing scenarios without an INTERNALERROR."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from shinpan.adapters.contract import PROTOCOL_VERSION
from shinpan.adapters.errors import AdapterCrash, AdapterGaveUp
from shinpan.adapters.subprocess_adapter import SubprocessSimulator
from shinpan.paths import PROJECT_ROOT
from tests.conftest import SuiteRunner, cases_in

CRASHING_UNDER = "before:2021-03-16"
HELLO = {"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": "test", "changes": []}
END_TURN = {"cmd": "act", "action": {"type": "end_turn"}, "choices": []}


def new_game(label: str) -> dict[str, object]:
    return {"cmd": "new_game", "rules": {"label": label, "changes": []}, "seed": 0}


def test_restarts_count_per_rules_state() -> None:
    sim = SubprocessSimulator([sys.executable, "-m", "tests.fake_subprocess", "crash-under", "broken"], max_restarts=1)
    try:
        sim.hello(HELLO)  # type: ignore[arg-type]
        for _ in range(2):
            sim.new_game(new_game("broken"))  # type: ignore[arg-type]
            with pytest.raises(AdapterCrash, match="code 139"):
                sim.act(END_TURN)  # type: ignore[arg-type]
        assert sim.new_game(new_game("working"))["status"] == "ok"  # type: ignore[arg-type]
        assert sim.act(END_TURN)["status"] in ("ok", "error")  # type: ignore[arg-type]  # an answer: it played
        with pytest.raises(AdapterGaveUp, match="gave up after 1 restarts under the rules broken"):
            sim.new_game(new_game("broken"))  # type: ignore[arg-type]
        assert sim.new_game(new_game("working"))["status"] == "ok"  # type: ignore[arg-type]
        assert (set(sim.given_up), sim.restarts_under) == ({"broken"}, {"broken": 2})
    finally:
        sim.close()


@pytest.mark.parametrize("batch", ["", " --batch"])  # one request at a time; every state of a scenario in one batch
def test_an_engine_crashing_under_one_state_is_a_crash_there_only(run_suite: SuiteRunner, suite_copy: Path,
                                                                  batch: str) -> None:
    spec = f"cmd:{sys.executable} -m tests.fake_subprocess crash-under {CRASHING_UNDER}{batch}"
    run = run_suite("--matrix", f"--adapter={spec}", "--max-restarts=2", "-rN", features=suite_copy)
    crashes = Counter(str(line["ruleset"]) for line in run.cases() if line["status"] == "CRASH")
    assert crashes == {CRASHING_UNDER: cases_in(suite_copy)}, run.output
    assert {line["status"] for line in run.cases() if line["ruleset"] != CRASHING_UNDER} <= {"PASS", "NOT_APPLICABLE",
                                                                                            "UNRESOLVED"}
    given_up = [line for line in run.cases() if "restart cap" in str(line["message"])]
    assert given_up and all(line["ruleset"] == CRASHING_UNDER for line in given_up)
    assert run.lines[-1]["given_up"] == [CRASHING_UNDER]
    assert f"the adapter was given up under {CRASHING_UNDER}: it crashed or hung more than --max-restarts 2" \
        in run.output


def test_the_matrix_as_json_reports_failures_without_an_internal_error(tmp_path: Path) -> None:
    basics = PROJECT_ROOT / "features" / "basics"
    done = subprocess.run([sys.executable, "-m", "shinpan", "matrix", "--adapter=py:tests.fake_adapters:NeverSick", "--format=json",
                           str(basics)], capture_output=True, text=True, check=False,
                          cwd=PROJECT_ROOT, timeout=600)
    assert "INTERNALERROR" not in done.stdout + done.stderr, done.stdout + done.stderr
    assert done.returncode == 1, done.stdout + done.stderr
    document = json.loads(done.stdout.splitlines()[-1])
    assert document["failed"] and all(row["totals"].get("FAIL", 0) for row in document["rulesets"]
                                       if row["ruleset"] in document["failed"])


def test_a_run_without_the_terminal_plugin_reports_failures_without_an_internal_error(tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    done = subprocess.run([sys.executable, "-m", "shinpan", "run", "--adapter=py:tests.fake_adapters:NeverSick",
                           f"--report={report}", "-p", "no:terminal", str(PROJECT_ROOT / "features" / "basics")],
                          capture_output=True, text=True, check=False, cwd=PROJECT_ROOT, timeout=600)
    assert "INTERNALERROR" not in done.stdout + done.stderr, done.stdout + done.stderr
    assert done.returncode == 1
    assert "FAIL" in json.loads(report.read_text(encoding="utf-8").splitlines()[-1])["totals"]

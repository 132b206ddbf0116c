"""--trace DIR transcripts, and failures told as scenario, step, check, rules, sources and transcript."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from shinpan.adapters import schemas
from shinpan.running.failures import FailedStep, Failure
from shinpan.running.trace import transcript_name
from tests.conftest import SuiteRunner

SICK_STEP = "ならば 《テスト用クリーチャーA》は召喚酔いしている"


def test_a_failure_names_the_step_the_check_the_rules_and_the_transcript(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    junit = tmp_path / "junit.xml"
    trace = tmp_path / "trace"
    run = run_suite("--adapter=fake-never-sick", f"--trace-dir={trace}", f"--junitxml={junit}",
                    "--tags=@id:basics-sick-001 or @id:basics-sick-003", features=suite_copy, tmp=tmp_path)
    assert run.statuses() == {"basics-sick-001": "FAIL", "basics-sick-003": "PASS"}
    for line in run.lines:
        assert schemas.problems("report.json", line) == [], line
    failed = next(line for line in run.cases() if line["id"] == "basics-sick-001")
    transcript = trace / "basics-sick-001.jsonl"
    assert failed["step"] == {"text": SICK_STEP, "line": 13}
    assert failed["rules"] == ["301.5"] and failed["line"] == 9 and failed["sources"] == []
    assert failed["transcript"] == str(transcript)
    assert "step" not in next(line for line in run.cases() if line["id"] == "basics-sick-003")

    # the terminal: the scenario, the step with file:line, the check, rules and transcript; no traceback
    assert "召喚酔い.feature:9  このターンに召喚したクリーチャーは召喚酔いしていて攻撃できない" in run.output
    assert "FAIL basics-sick-001  " in run.output
    assert f"召喚酔い.feature:13  {SICK_STEP}" in run.output
    assert "summoning_sick is False, expected True" in run.output
    assert "rules:      301.5" in run.output and f"transcript: {transcript}" in run.output
    assert "fixtures.py" not in run.output and "Traceback" not in run.output and "def " not in run.output

    # the JUnit XML carries the same text
    failure = ET.parse(junit).getroot().find(".//testcase/failure")
    assert failure is not None
    assert SICK_STEP in (failure.text or "") + failure.get("message", "")

    # the transcript: scenario, handshake, steps, every exchange, the end
    lines = [json.loads(text) for text in transcript.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["kind"] == "scenario" and lines[0]["id"] == "basics-sick-001"
    assert lines[1]["kind"] == "exchange" and lines[1]["request"]["cmd"] == "hello"
    commands = [line["request"]["cmd"] for line in lines if line["kind"] == "exchange"]
    assert commands == ["hello", "new_game", "setup", "act", "observe"]
    assert [line["line"] for line in lines if line["kind"] == "step"] == [10, 11, 12, 13]
    observed = next(line for line in lines if line["kind"] == "exchange" and line["request"]["cmd"] == "observe")
    assert observed["response"]["status"] == "ok" and "observation" in observed["response"]
    assert lines[-1] == {"kind": "end", "status": "FAIL"}
    # the passing scenario has its own transcript, which also opens with the handshake
    passed = [json.loads(t) for t in (trace / "basics-sick-003.jsonl").read_text(encoding="utf-8").splitlines()]
    assert passed[1]["request"]["cmd"] == "hello" and passed[-1] == {"kind": "end", "status": "PASS"}


def test_without_trace_no_transcript_and_the_failure_says_how_to_get_one(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    run = run_suite("--adapter=fake-never-sick", "--tags=@id:basics-sick-001", features=suite_copy, tmp=tmp_path)
    assert "transcript: (run with --trace DIR to keep one)" in run.output
    assert "transcript" not in run.cases()[0]
    assert not list(tmp_path.rglob("basics-sick-001.jsonl"))


def test_an_error_before_any_step_says_so(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    run = run_suite("--adapter=fake-error", "--tags=@id:basics-sick-001", features=suite_copy, tmp=tmp_path)
    line = run.cases()[0]
    assert line["status"] == "ERROR"
    assert line["step"] == {"text": "もし 自分が《テスト用クリーチャーA》を召喚する", "line": 12}  # the first move sends setup
    assert "ERROR basics-sick-001" in run.output and "adapter answered error to setup" in run.output


def test_the_failure_text_lists_every_field() -> None:
    text = Failure("x-001", "FAIL", "features/x.feature", 3, "名前", "power is 1000, expected 2000\nmore",
                   ("101.1", "102.2"), ("seed001",), FailedStep("ならば ", "《A》のパワーは2000である", 7),
                   "t/x-001.jsonl").render()
    assert text.splitlines() == [
        "FAIL x-001  features/x.feature:3  名前",
        "  step:       features/x.feature:7  ならば 《A》のパワーは2000である",
        "  check:      power is 1000, expected 2000",
        "              more",
        "  rules:      101.1, 102.2",
        "  sources:    seed001",
        "  transcript: t/x-001.jsonl",
    ]


def test_a_matrix_session_keeps_one_transcript_per_state(run_suite: SuiteRunner, tmp_path: Path,
                                                         suite_copy: Path) -> None:
    trace = tmp_path / "trace"
    run = run_suite("--matrix", f"--trace-dir={trace}", "--tags=@id:basics-sick-001", features=suite_copy,
                    tmp=tmp_path)
    states = sorted(str(line["ruleset"]) for line in run.cases())
    assert len(states) >= 10
    assert sorted(p.name for p in trace.iterdir()) == sorted(transcript_name(f"basics-sick-001@{s}") for s in states)
    assert sorted(str(line["transcript"]) for line in run.cases()) == sorted(str(p) for p in trace.iterdir())
    first = json.loads((trace / transcript_name(f"basics-sick-001@{states[0]}")).read_text(encoding="utf-8")
                       .splitlines()[0])
    assert first["id"] == "basics-sick-001"

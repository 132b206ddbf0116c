"""Expectations files: XFAIL / XPASS in runs, the file format, and `shinpan expectations update`."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from shinpan import expectations as exp
from shinpan.cli import main
from shinpan.outcomes import Status
from tests.conftest import SuiteRunner

FILE = """adapter = "fake-never-sick"

[expect."basics-sick-001"]
status = "FAIL"
reason = "sickness is not tracked"
issue = "https://example.invalid/issues/1"

[expect."basics-sick-003"]
status = "FAIL"
reason = "stale: this one passes"

[expect."basics-sick-008"]
status = "UNSUPPORTED"
reason = "wrong guess: it fails"
"""


def test_expected_failures_xfail_and_an_unexpected_pass_fails_the_run(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    file = tmp_path / "never-sick.toml"
    file.write_text(FILE, encoding="utf-8")
    strict = run_suite("--adapter=fake-never-sick", f"--expectations={file}", features=suite_copy, tmp=tmp_path)
    statuses = strict.statuses()
    assert statuses["basics-sick-001"] == "XFAIL"
    assert statuses["basics-sick-003"] == "XPASS"
    assert statuses["basics-sick-008"] == "FAIL"  # another status than the expected one stays what it is
    assert statuses["basics-sick-009"] == "FAIL"  # no entry
    assert statuses["basics-zone-001"] == "PASS"
    line = next(r for r in strict.cases() if r["id"] == "basics-sick-001")
    assert (line["actual"], line["expected"], line["issue"]) == ("FAIL", "FAIL", "https://example.invalid/issues/1")
    assert strict.returncode != 0
    assert "1 xfailed" in strict.output and "[XPASS]" in strict.output

    file.write_text(FILE.split('[expect."basics-sick-008"]')[0], encoding="utf-8")
    lenient = run_suite("--adapter=fake-never-sick", f"--expectations={file}", "--allow-xpass",
                        "--tags=@id:basics-sick-001 or @id:basics-sick-003", features=suite_copy, tmp=tmp_path)
    assert lenient.statuses() == {"basics-sick-001": "XFAIL", "basics-sick-003": "XPASS"}
    assert lenient.returncode == 0, lenient.output
    footer = lenient.lines[-1]
    assert footer["type"] == "footer" and footer["totals"] == {"XFAIL": 1, "XPASS": 1}
    assert footer["conformance"] == 0.5  # expectations never change conformance


def test_judge() -> None:
    fail = exp.Expectation(Status.FAIL, "r")
    assert exp.judge(fail, Status.FAIL) == Status.XFAIL
    assert exp.judge(fail, Status.PASS) == Status.XPASS
    assert exp.judge(fail, Status.CRASH) == Status.CRASH
    assert exp.judge(None, Status.FAIL) == Status.FAIL
    assert exp.judge(fail, Status.NOT_APPLICABLE) == Status.NOT_APPLICABLE


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('[expect."a"]\nstatus = "PASS"\nreason = "x"\n', "status 'PASS' is not one of"),
        ('[expect."a"]\nstatus = "FAIL"\n', "a reason is required"),
        ('[expect."a"]\nstatus = "FAIL"\nreason = "x"\nwhy = 1\n', "allowed keys"),
        ("expect = 3\n", "'expect' must be a table"),
        ("[expect\n", "not valid TOML"),
    ],
)
def test_a_bad_file_names_the_file_and_the_entry(tmp_path: Path, text: str, problem: str) -> None:
    file = tmp_path / "e.toml"
    file.write_text(text, encoding="utf-8")
    with pytest.raises(exp.ExpectationsError, match=r"e\.toml") as error:
        exp.load(file)
    assert problem in str(error.value)


def test_update_writes_what_the_report_says_and_keeps_reasons(tmp_path: Path) -> None:
    file = tmp_path / "x.toml"
    file.write_text(FILE, encoding="utf-8")
    report = tmp_path / "r.jsonl"
    lines = [
        '{"type": "header", "adapter": {"spec": "cmd:engine --fast", "name": null, "version": null}, '
        f'"expectations": "{file}"}}',
        '{"type": "case", "id": "basics-sick-001", "status": "XFAIL", "actual": "FAIL", "message": "m1"}',
        '{"type": "case", "id": "basics-sick-003", "status": "XPASS", "actual": "PASS", "message": ""}',
        '{"type": "case", "id": "basics-sick-008", "status": "FAIL", "message": "boom \\"quoted\\"\\nsecond line"}',
        '{"type": "case", "id": "basics-zone-001", "status": "UNSUPPORTED", "message": "card 《A》 missing"}',
        '{"type": "case", "id": "basics-zone-002", "status": "NOT_APPLICABLE", "message": "x"}',
        '{"type": "footer"}',
    ]
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["expectations", "update", str(report)])
    assert result.exit_code == 0, result.output
    written = exp.load(file)
    assert written.adapter == "fake-never-sick"
    assert written.entries == {
        "basics-sick-001": exp.Expectation(Status.FAIL, "sickness is not tracked", "https://example.invalid/issues/1"),
        "basics-sick-008": exp.Expectation(Status.FAIL, 'boom "quoted"'),
        "basics-zone-001": exp.Expectation(Status.UNSUPPORTED, "card 《A》 missing"),
    }
    assert exp.dumps(written) == file.read_text(encoding="utf-8")  # stable: a second write changes nothing

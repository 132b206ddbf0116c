"""Expectations files: XFAIL / XPASS in runs, the file format, and `shinpan expectations update`."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from shinpan.cli import main
from shinpan.errors import ExpectationsError
from shinpan.reports import expectations as exp
from shinpan.reports.outcomes import Status
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
    with pytest.raises(ExpectationsError, match=r"e\.toml") as error:
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
    result = CliRunner().invoke(main, ["expectations", "update", str(report), "--file", str(file)])
    assert result.exit_code == 0, result.output
    written = exp.load(file)
    assert written.adapter == "cmd:engine --fast"  # the report's adapter: the line is refreshed
    assert written.entries == {
        "basics-sick-001": exp.Expectation(Status.FAIL, "sickness is not tracked", "https://example.invalid/issues/1"),
        "basics-sick-008": exp.Expectation(Status.FAIL, 'boom "quoted"'),
    }
    assert "1 scenario(s) the adapter lacks something for" in result.output
    assert "     1  card 《A》 missing" in result.output
    assert exp.dumps(written) == file.read_text(encoding="utf-8")  # stable: a second write changes nothing
    result = CliRunner().invoke(main, ["expectations", "update", str(report), "--file", str(file),
                                       "--include-unsupported"])
    assert exp.load(file).entries["basics-zone-001"] == exp.Expectation(Status.UNSUPPORTED, "card 《A》 missing")
    assert "lacks something" not in result.output


# ------------------------------------------------------------ round trips with tomlkit
COMMENTED = """# our engine's known gaps
adapter = "cmd:engine"

# sickness: planned for 2.0
[expect."basics-sick-001"]
status = "FAIL"  # still failing
reason = "not tracked\\u007f yet"
rulesets = ["2020-09-18"]

[expect."basics-sick-003"]
status = "FAIL"
reason = "old"
since = 2021-01-01
until = "2026-01-01"
"""


def test_update_keeps_comments_and_limits_and_edits_in_place(tmp_path: Path) -> None:
    old = exp.loads(COMMENTED)
    assert old.entries["basics-sick-001"] == exp.Expectation(Status.FAIL, "not tracked\x7f yet", None, ("2020-09-18",))
    assert old.entries["basics-sick-003"].since == date(2021, 1, 1)
    new = exp.update([{"id": "basics-sick-001", "status": "FAIL", "ruleset": "2021-12-16", "message": "m"},
                      {"id": "basics-sick-003", "status": "PASS", "ruleset": "2021-12-16", "message": ""},
                      {"id": "basics-zone-001", "status": "UNSUPPORTED", "ruleset": "2021-12-16", "message": "u"}],
                     old, None, include_lacking=True)
    text = exp.dumps(new)
    for kept in ("# our engine's known gaps", "# sickness: planned for 2.0", "# still failing",
                 'adapter = "cmd:engine"', 'reason = "not tracked\\u007f yet"'):
        assert kept in text, text
    again = exp.loads(text)
    assert again.entries == {
        "basics-sick-001": exp.Expectation(Status.FAIL, "not tracked\x7f yet", None, ("2020-09-18", "2021-12-16")),
        "basics-zone-001": exp.Expectation(Status.UNSUPPORTED, "u"),
    }
    assert exp.dumps(again) == text  # a second write changes nothing


def test_an_entry_holds_only_under_its_rulesets_and_days() -> None:
    only = exp.Expectation(Status.FAIL, "r", rulesets=("a", "b"))
    assert only.holds("a", None) and not only.holds("c", date(2020, 1, 1))
    dated = exp.Expectation(Status.FAIL, "r", since=date(2021, 1, 1), until=date(2022, 1, 1))
    assert dated.holds("x", date(2021, 1, 1)) and dated.holds("x", date(2021, 12, 31))
    assert not dated.holds("x", date(2022, 1, 1)) and not dated.holds("x", date(2020, 12, 31))
    assert not dated.holds("x", None)  # an undated ruleset: a day limit cannot be judged
    loaded = exp.loads('[expect."a"]\nstatus = "FAIL"\nreason = "r"\nrulesets = ["r1"]\n'
                       '[expect."b"]\nstatus = "FAIL"\nreason = "r"\n')
    assert set(loaded.under("r1", None).entries) == {"a", "b"}
    assert set(loaded.under("r2", None).entries) == {"b"}


@pytest.mark.parametrize(("text", "problem"), [
    ('[expect."a"]\nstatus = "FAIL"\nreason = "x"\nrulesets = "r1"\n', "rulesets must be a list"),
    ('[expect."a"]\nstatus = "FAIL"\nreason = "x"\nsince = "2021-02-30"\n', "since must be a day"),
])
def test_bad_limits_name_the_entry(text: str, problem: str) -> None:
    with pytest.raises(ExpectationsError, match=r'\[expect\."a"\]') as error:
        exp.loads(text, "e.toml")
    assert problem in str(error.value)


NO_SURROGATES = st.characters(exclude_categories=["Cs"])
SAFE_TEXT = st.text(NO_SURROGATES, min_size=1).filter(str.strip)
ENTRIES = st.dictionaries(
    st.text(NO_SURROGATES, min_size=1, max_size=20),
    st.builds(exp.Expectation, st.sampled_from(exp.EXPECTABLE), SAFE_TEXT, st.none() | SAFE_TEXT,
              st.none() | st.lists(SAFE_TEXT, max_size=3).map(tuple),
              st.none() | st.dates(), st.none() | st.dates()),
    max_size=6)


@given(entries=ENTRIES, adapter=st.none() | SAFE_TEXT, comment=st.text(st.characters(
    exclude_categories=["Cs", "Cc", "Zl", "Zp"]), max_size=30))
def test_any_expectations_round_trip(entries: dict[str, exp.Expectation], adapter: str | None, comment: str) -> None:
    """Whatever ids, reasons (control characters such as U+007F included), links and limits: what is
    written reads back the same, and a comment in the file survives a rewrite."""
    text = exp.dumps(exp.Expectations(adapter, entries))
    back = exp.loads(f"# {comment}\n" + text)
    assert (back.adapter, back.entries) == (adapter, entries)
    assert exp.dumps(back).startswith(f"# {comment}\n")


# ------------------------------------------------------------ where `expectations update` writes
def test_update_never_writes_where_the_report_header_points(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    victim = tmp_path / "elsewhere" / "victim.txt"
    victim.parent.mkdir()
    victim.write_text("precious\n", encoding="utf-8")
    report = tmp_path / "r.jsonl"
    report.write_text(json.dumps({"type": "header", "adapter": {"spec": "x"}, "expectations": str(victim)}) + "\n"
                      + json.dumps({"type": "case", "id": "a-001", "status": "FAIL", "message": "m"}) + "\n",
                      encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    result = CliRunner().invoke(main, ["expectations", "update", str(report)])
    assert result.exit_code == 0, result.output
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert exp.load(work / "expectations.toml").entries == {"a-001": exp.Expectation(Status.FAIL, "m")}
    assert f"the report's run used {victim}; pass --file" in result.output
    chosen = tmp_path / "chosen.toml"
    assert CliRunner().invoke(main, ["expectations", "update", str(report), "--file", str(chosen)]).exit_code == 0
    assert set(exp.load(chosen).entries) == {"a-001"} and victim.read_text(encoding="utf-8") == "precious\n"


def test_matrix_applies_expectations_under_each_ruleset(tmp_path: Path) -> None:
    """An entry limited to one ruleset turns that run's pass into XPASS (so it fails) and no other."""
    file = tmp_path / "e.toml"
    file.write_text('[expect."basics-sick-003"]\nstatus = "FAIL"\nreason = "wrong"\nrulesets = ["2021-12-16"]\n',
                    encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "shinpan", "matrix", f"--expectations={file}", "--format=json",
                           "--tags=@id:basics-sick-003 or @id:basics-sick-001"],
                          capture_output=True, text=True, cwd=tmp_path, check=False, timeout=600)
    assert done.returncode == 1, done.stderr
    result = json.loads(done.stdout)
    assert result["failed"] == ["2021-12-16"]
    xpass = {row["ruleset"]: row["totals"].get("XPASS", 0) for row in result["rulesets"]}
    assert xpass.pop("2021-12-16") == 1 and set(xpass.values()) == {0} and len(xpass) >= 12


UNSORTED = """adapter = "cmd:engine"

# zone: planned for 3.0
[expect.basics-zone-009]
status = "FAIL"  # still
reason = "old"

# sickness: planned for 2.0
[expect."basics-sick-001"]
status = "FAIL"
reason = "x"
"""


def test_update_sorts_the_entries_quotes_every_id_and_keeps_each_comment_above_its_entry() -> None:
    new = exp.update([{"id": "basics-aaa-001", "status": "ERROR", "message": "boom"},
                      {"id": "basics-sick-001", "status": "FAIL", "message": "m"}], exp.loads(UNSORTED), None)
    text = exp.dumps(new)
    assert text == """adapter = "cmd:engine"

[expect."basics-aaa-001"]
status = "ERROR"
reason = "boom"

# sickness: planned for 2.0
[expect."basics-sick-001"]
status = "FAIL"
reason = "x"

# zone: planned for 3.0
[expect."basics-zone-009"]
status = "FAIL"  # still
reason = "old"
"""
    assert exp.dumps(exp.loads(text)) == text


def test_run_plays_the_adapter_the_expectations_file_names(run_suite: SuiteRunner, tmp_path: Path,
                                                           suite_copy: Path) -> None:
    file = tmp_path / "never-sick.toml"
    file.write_text(FILE, encoding="utf-8")
    played = run_suite(f"--expectations={file}", "--tags=@id:basics-sick-001", features=suite_copy, tmp=tmp_path)
    assert played.lines[0]["adapter"]["spec"] == "fake-never-sick"  # not the reference engine
    assert played.statuses() == {"basics-sick-001": "XFAIL"}, played.output
    other = run_suite("--adapter=reference", f"--expectations={file}", features=suite_copy, tmp=tmp_path)
    assert other.returncode == 4 and other.lines == []
    assert "written for adapter 'fake-never-sick', but the run's --adapter is 'reference'" in other.output

"""The shinpan command: list, lint, rulesets and run print what the README promises."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from shinpan.cli import main
from shinpan.paths import PROJECT_ROOT


def test_list_json_gives_one_object_per_scenario_with_applicability() -> None:
    result = CliRunner().invoke(main, ["list", "--json", "--ruleset", "2020-06-26"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert len(rows) >= 17
    row = next(r for r in rows if r["id"] == "basics-sick-006")
    assert row["feature"] == "features/basics/召喚酔い.feature"
    assert row["rules"] == ["301.5", "101.2"]
    assert row["ruleset"] == "2020-06-26" and row["applies"] is True
    assert {"name", "tags", "since", "until", "status", "line"} <= set(row)
    seeded = next(r for r in rows if r["id"] == "reconstruction-top-002")
    assert seeded["sources"] == ["seed003"] and seeded["source_titles"] == ["2021年3月16日ルール改訂"]


def test_list_answers_a_day_inside_a_range_with_the_scenarios_in_doubt() -> None:
    result = CliRunner().invoke(main, ["list", "--json", "--rules-as-of", "2020-01-01"])
    assert result.exit_code == 0, result.output
    rows = {r["id"]: r for r in map(json.loads, result.output.splitlines())}
    doubtful = rows["zone_change_triggers-pig-003"]
    assert doubtful["applies"] is False and doubtful["in_doubt"] == ["pig-reversal"]
    assert "pig-reversal (undated, after 2019-08-02 and by 2021-01-03)" in doubtful["unresolved_because"]
    assert rows["basics-sick-006"]["applies"] is True and rows["basics-sick-006"]["in_doubt"] == []


def test_list_says_which_scenarios_hold_on_no_calendar_day() -> None:
    """Issue 26.8: the old 無月の門 ruling (@until:mugetsu-ruling, a change with no lower bound) and the two scenarios
    whose sources disagree hold on no day; list says so, in JSON and in text."""
    rows = {r["id"]: r for r in map(json.loads, CliRunner().invoke(main, ["list", "--json"]).output.splitlines())}
    never = {id_ for id_, row in rows.items() if not row["on_a_calendar_day"]}
    assert {"carry-table-mugetsu-sources-old", "reconstruction-stay-002",
            "carry-table-devolve-sickness-earlier"} <= never
    assert "carry-table-mugetsu-sources" not in never and "basics-sick-006" not in never
    text = CliRunner().invoke(main, ["list"]).output.splitlines()
    old = next(line for line in text if " carry-table-mugetsu-sources-old " in line)
    assert old.endswith("[applies on no calendar day: it runs only just before or after a change, in shinpan matrix]")
    assert not next(line for line in text if " basics-sick-006 " in line).endswith("]")


def test_lint_is_clean_and_says_so() -> None:
    result = CliRunner().invoke(main, ["lint"])
    assert result.exit_code == 0, result.output
    assert "no problems" in result.output


def test_rulesets_lists_every_revision_with_its_changes() -> None:
    result = CliRunner().invoke(main, ["rulesets"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0].startswith("devolve-sickness (undated, after 2013-12-31 and by 2014-01-31): ")
    assert "\n2018-08-09: " in result.output
    assert "\npig-reversal (undated, after 2019-08-02 and by 2021-01-03): " in result.output
    assert "Adding a newly published revision" in result.output and "shinpan diff" in result.output
    as_json = CliRunner().invoke(main, ["rulesets", "--format", "json"])
    rows = [json.loads(line) for line in as_json.output.splitlines()]
    pig = next(r for r in rows if r["id"] == "pig-reversal")
    assert (pig["date"], pig["after"], pig["by"]) == (None, "2019-08-02", "2021-01-03") and pig["sources"]


def test_run_prints_the_summary_and_writes_the_report(tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    done = subprocess.run([sys.executable, "-m", "shinpan", "run", "--ruleset", "2021-03-16", "--report", str(report),
                           "--tags", "@topic:basics"], capture_output=True, text=True, cwd=tmp_path, check=False,
                          env={"PATH": "", "PYTHONPATH": str(PROJECT_ROOT)})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "shinpan — just after change 2021-03-16" in done.stdout
    assert "│ basics │" in done.stdout
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    lines = [line for line in lines if line["type"] == "case"]
    assert lines and all(line["ruleset"] == "2021-03-16" and line["status"] == "PASS" for line in lines)


def test_lint_and_smoke_speak_json() -> None:
    from click.testing import CliRunner

    from shinpan.cli import main as cli

    lint = CliRunner().invoke(cli, ["lint", "--format", "json"])
    assert lint.exit_code == 0, lint.output
    linted = json.loads(lint.output)
    assert linted["problems"] == [] and linted["files"] >= 20
    smoke = CliRunner().invoke(cli, ["smoke", "--adapter", "reference", "--format", "json"])
    assert smoke.exit_code == 0, smoke.output
    checked = json.loads(smoke.output)
    assert checked["adapter"] == "reference" and checked["diagnosis"].startswith("ADAPTER OK")
    assert {c["verdict"] for c in checked["checks"]} == {"ok"} and len(checked["checks"]) >= 4


def test_version_names_the_protocol_and_the_suite() -> None:
    from shinpan import __version__
    from shinpan.adapters.contract import PROTOCOL_VERSION
    from shinpan.reports.report import suite_hash

    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [f"shinpan, version {__version__}", f"protocol {PROTOCOL_VERSION}",
                                          f"suite {suite_hash()}"]


def test_list_speaks_format_json_like_the_other_commands_and_keeps_json() -> None:
    formatted = CliRunner().invoke(main, ["list", "--format", "json"])
    alias = CliRunner().invoke(main, ["list", "--json"])
    assert formatted.exit_code == alias.exit_code == 0, formatted.output
    assert formatted.output == alias.output
    assert [json.loads(line)["id"] for line in formatted.output.splitlines()][:1] == ["basics-zone-001"]


def test_the_summary_fits_the_terminal(tmp_path: Path) -> None:
    for columns in (60, 80):
        done = subprocess.run([sys.executable, "-m", "shinpan", "run", "--tags", "@topic:basics"], capture_output=True,
                              text=True, cwd=tmp_path, check=False,
                              env={"PATH": "", "PYTHONPATH": str(PROJECT_ROOT), "COLUMNS": str(columns)})
        lines = done.stdout.splitlines()
        summary = lines[next(i for i, line in enumerate(lines) if line.startswith("shinpan — ")):-1]
        assert "│ basics " in done.stdout and any(line.startswith("┃ topic") and "pass" in line for line in summary), \
            summary
        assert max(len(line) for line in summary) <= columns, "\n".join(summary)


def test_parallel_without_pytest_xdist_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "xdist", None)  # import xdist now fails, as when it is not installed
    for command in (["run", "-n", "auto"], ["matrix", "-n2"], ["run", "--dist", "load"]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 4, result.output
        assert "needs pytest-xdist, which is not installed: pip install 'shinpan[parallel]'" in result.output


def test_last_failed_reruns_the_scenarios_that_failed(tmp_path: Path) -> None:
    env = {"PATH": "", "PYTHONPATH": str(PROJECT_ROOT)}

    def run(*extra: str) -> dict[str, str]:
        report = tmp_path / "report.jsonl"
        subprocess.run([sys.executable, "-m", "shinpan", "run", "--adapter=fake-never-sick", "-p", "tests.fake_adapters",
                        f"--report={report}", "features/basics", *extra], capture_output=True, text=True, cwd=tmp_path,
                       check=False, env=env)
        lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
        return {line["id"]: line["status"] for line in lines if line["type"] == "case"}

    first = run()
    failed = {case_id for case_id, status in first.items() if status == "FAIL"}
    assert failed and len(failed) < len(first)
    assert set(run("--lf")) == failed
    assert list(run("--ff"))  # every scenario again, the failed ones first
    assert (tmp_path / ".shinpan_cache").is_dir()


def test_test_paths_are_the_suites_own_from_any_folder(tmp_path: Path) -> None:
    """pytest names tests relative to the current folder; from an installed kit that walks into site-packages
    (../venv/lib/python3.x/site-packages/shinpan/features/…). The kit's runs name them as its reports do."""
    done = subprocess.run([sys.executable, "-m", "shinpan", "run", "--adapter=fake-never-sick", "-p", "tests.fake_adapters",
                           "features/basics", "-v"], capture_output=True, text=True, cwd=tmp_path, check=False,
                          env={"PATH": "", "PYTHONPATH": str(PROJECT_ROOT), "COLUMNS": "200"})
    assert done.returncode == 1, done.stdout + done.stderr
    assert "\nFAILED features/basics/召喚酔い.feature::test_" in done.stdout
    assert "features/basics/ゾーンの移動.feature::test_召喚したクリーチャーは手札からバトルゾーンに移る PASSED" in done.stdout
    assert not re.search(r"\.\./\S*features/", done.stdout)

"""`shinpan compare`: runs side by side (scenario × engine), totals per topic, in three formats."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from shinpan.cli import main
from tests.conftest import SuiteRunner

SICK_FAILS = {"basics-sick-001", "basics-sick-008", "basics-sick-009", "basics-sick-010"}


def _two_runs(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> tuple[Path, Path]:
    reports = []
    for adapter in ("reference", "fake-never-sick"):
        run = run_suite(f"--adapter={adapter}", features=suite_copy, tmp=tmp_path)
        assert run.lines, run.output
        report = tmp_path / f"{adapter}.jsonl"
        report.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in run.lines),
                          encoding="utf-8")
        reports.append(report)
    return reports[0], reports[1]


def test_compare_lines_up_runs_and_counts_per_topic(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    good, bad = _two_runs(run_suite, tmp_path, suite_copy)
    cli = CliRunner()

    result = cli.invoke(main, ["compare", str(good), str(bad), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    labels = [run["label"] for run in data["runs"]]
    assert labels == ["shinpan-reference 0.1.0 (1: reference)", "shinpan-reference 0.1.0 (2: fake-never-sick)"]
    n = sum(1 for line in good.read_text(encoding="utf-8").splitlines() if '"type": "case"' in line)
    assert n >= 17 and len(data["scenarios"]) == n and data["differences"] == 4
    differing = {row["id"] for row in data["scenarios"] if len(set(row["statuses"].values())) > 1}
    assert differing == SICK_FAILS
    assert data["totals"]["basics"][labels[0]]["passed"] == n
    assert data["totals"]["basics"][labels[1]] == {"passed": n - 4, "applicable": n,
                                                   "statuses": {"FAIL": 4, "PASS": n - 4}}
    assert data["totals"]["total"] == data["totals"]["basics"]

    only = json.loads(cli.invoke(main, ["compare", str(good), str(bad), "--format", "json",
                                        "--only-differences"]).output)
    assert {row["id"] for row in only["scenarios"]} == SICK_FAILS

    markdown = cli.invoke(main, ["compare", str(good), str(bad), "--format", "markdown", "--only-differences"]).output
    assert f"| basics | {n}/{n} | {n - 4}/{n} |" in markdown and f"| **total** | {n}/{n} | {n - 4}/{n} |" in markdown
    assert "4 scenario(s) where the runs differ." in markdown
    assert "| `basics-sick-001` | basics | PASS | **FAIL** |" in markdown
    assert "basics-zone-001" not in markdown

    pretty = cli.invoke(main, ["compare", str(good), str(bad)]).output
    assert "basics-sick-001" in pretty and "basics-zone-001" in pretty and "4 scenario(s) where the runs differ" in pretty


def test_a_scenario_missing_from_a_run_is_a_difference(tmp_path: Path) -> None:
    one = tmp_path / "one.jsonl"
    two = tmp_path / "two.jsonl"
    def rules(label: str) -> dict[str, object]:
        return {"label": label, "description": label, "day": None, "change": None, "side": None, "in_force": [],
                "in_doubt": []}

    head = {"type": "header", "adapter": {"spec": "cmd:x", "name": "x", "version": "1"}, "rules": rules("r1")}
    one.write_text("\n".join(json.dumps(x) for x in [
        head, {"type": "case", "id": "a-1", "status": "PASS", "topic": "a"},
        {"type": "case", "id": "a-2", "status": "NOT_APPLICABLE", "topic": "a"}]) + "\n", encoding="utf-8")
    two.write_text("\n".join(json.dumps(x) for x in [
        {"type": "header", "adapter": head["adapter"], "ruleset": {"id": "r2"}}, {"type": "case", "id": "a-1", "status": "PASS", "topic": "a"}]) + "\n",
        encoding="utf-8")
    data = json.loads(CliRunner().invoke(main, ["compare", str(one), str(two), "--format", "json"]).output)
    assert [run["label"] for run in data["runs"]] == ["x 1 @r1", "x 1 @r2"]  # other rules are named (r2: an old report)
    assert data["differences"] == 1
    assert data["scenarios"][1] == {"id": "a-2", "topic": "a", "statuses": {"x 1 @r1": "NOT_APPLICABLE", "x 1 @r2": "-"}}
    assert data["totals"]["a"]["x 1 @r1"]["applicable"] == 1  # NOT_APPLICABLE asserts nothing


def test_a_file_that_is_not_a_report_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "header"}\nnot json\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["compare", str(bad)])
    assert result.exit_code == 4  # bad input, as for every command
    assert result.output.startswith(f"Error: {bad}:2: not a line of a shinpan report")
    assert len(result.output.splitlines()) == 1


def test_only_played_leaves_the_real_disagreements_and_topics_count_both_kinds(tmp_path: Path) -> None:
    from tests.site_support import carry_over_fails, case_ids, write_report

    good = write_report(tmp_path / "good.jsonl", "good-engine", lambda _: "PASS")
    gaps = write_report(tmp_path / "gaps.jsonl", "gappy-engine", carry_over_fails)  # FAILs a column, lacks the grid
    failing = {i for i in case_ids() if carry_over_fails(i) == "FAIL"}
    lacking = {i for i in case_ids() if carry_over_fails(i) == "UNSUPPORTED"}
    cli = CliRunner()
    every = json.loads(cli.invoke(main, ["compare", str(good), str(gaps), "--format", "json",
                                         "--only-differences"]).output)
    assert {row["id"] for row in every["scenarios"]} == failing | lacking  # PASS vs UNSUPPORTED: noise, here
    assert every["differences_by_topic"]["carry_over"] == {"differ": len(failing | lacking),
                                                           "disagree": len(failing)}
    assert every["differences_by_topic"]["basics"] == {"differ": 0, "disagree": 0}
    played = json.loads(cli.invoke(main, ["compare", str(good), str(gaps), "--format", "json", "--only-differences",
                                          "--only-played"]).output)
    assert {row["id"] for row in played["scenarios"]} == failing  # only the disagreements on rulings
    assert played["totals"]["carry_over"]["gappy-engine 1.0"]["applicable"] == (
        played["totals"]["carry_over"]["good-engine 1.0"]["applicable"])  # both counted on the common ground
    markdown = cli.invoke(main, ["compare", str(good), str(gaps), "--format", "markdown"]).output
    assert f" | {len(failing | lacking)} ({len(failing)}) |" in markdown
    pretty = cli.invoke(main, ["compare", str(good), str(gaps), "--only-played"]).output
    table_ids = {line.split()[0] for line in pretty.splitlines() if line.startswith("carry-")}
    assert "differ (disagree)" in pretty and failing <= table_ids and not table_ids & lacking  # lacking: reasons only

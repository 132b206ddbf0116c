"""The runner against fake adapters: every status is reachable and reported as that status."""

from __future__ import annotations

from pathlib import Path

import pytest

from shinpan.paths import PROJECT_ROOT
from tests.conftest import SuiteRunner, cases_in

BASICS = cases_in(PROJECT_ROOT / "features" / "basics")


def test_reference_passes_everything(run_suite: SuiteRunner, tmp_path: Path) -> None:
    result = run_suite("--adapter=reference", tmp=tmp_path)
    assert result.returncode == 0, result.output
    assert len(result.report) == cases_in(PROJECT_ROOT / "features")
    assert set(result.statuses().values()) <= {"PASS", "NOT_APPLICABLE", "UNRESOLVED"}
    assert "PASS" in result.statuses().values()
    assert "shinpan — rules as of " in result.output


@pytest.mark.parametrize(
    ("adapter", "status", "exit_nonzero"),
    [
        ("fake-no-cards", "UNSUPPORTED", False),
        ("fake-mismatch", "SCRIPT_MISMATCH", True),
        ("fake-error", "ERROR", True),
    ],
)
def test_each_scenario_gets_the_fakes_status(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path, adapter: str, status: str,
                                             exit_nonzero: bool) -> None:
    result = run_suite(f"--adapter={adapter}", features=suite_copy, tmp=tmp_path)
    statuses = set(result.statuses().values())
    if adapter == "fake-mismatch":
        # scenarios that make no move never ask the adapter to act
        assert statuses <= {"SCRIPT_MISMATCH", "PASS"} and "SCRIPT_MISMATCH" in statuses
    else:
        assert statuses == {status}, result.output
    assert len(result.report) == BASICS
    assert (result.returncode != 0) == exit_nonzero, result.output


def test_unobservable_is_a_skip_with_reason(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    result = run_suite("--adapter=fake-no-observables", features=suite_copy, tmp=tmp_path)
    assert result.returncode == 0, result.output
    unobservable = [r for r in result.report if r["status"] == "UNOBSERVABLE"]
    assert unobservable, result.output
    assert all("does not report" in str(r["message"]) for r in unobservable)
    assert "unobservable" in result.output.lower()


def test_a_wrong_engine_fails_exactly_the_scenarios_that_check_it(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    result = run_suite("--adapter=fake-never-sick", features=suite_copy, tmp=tmp_path)
    statuses = result.statuses()
    assert result.returncode != 0
    assert statuses["basics-sick-001"] == "FAIL"
    assert statuses["basics-sick-003"] == "PASS"
    assert statuses["basics-zone-002"] == "PASS"
    failures = [r for r in result.report if r["status"] == "FAIL"]
    assert all("summoning_sick is False, expected True" in str(r["message"]) for r in failures)


def test_validate_turns_a_schema_breaking_answer_into_an_error(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    result = run_suite("--adapter=fake-garbage", "--validate", features=suite_copy, tmp=tmp_path)
    errors = [r for r in result.report if r["status"] == "ERROR"]
    assert errors and all("invalid observe_response" in str(r["message"]) for r in errors), result.output


def test_scenarios_outside_the_ruleset_are_not_applicable(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    feature = suite_copy / "basics" / "改訂.feature"
    feature.write_text(
        "# language: ja\n@topic:basics\n機能: 改訂で変わる裁定\n\n"
        "  @id:tmp-since-001 @rule:301.5 @since:2021-03-16\n"
        "  シナリオ: 新しい裁定\n    前提 自分のターンである\n    かつ 自分のバトルゾーンに《テスト用クリーチャーA》がいる\n"
        "    ならば 《テスト用クリーチャーA》は攻撃できる\n\n"
        "  @id:tmp-until-001 @rule:301.5 @until:2021-03-16\n"
        "  シナリオ: 古い裁定\n    前提 自分のターンである\n    かつ 自分のバトルゾーンに《テスト用クリーチャーA》がいる\n"
        "    ならば 《テスト用クリーチャーA》は攻撃できる\n\n"
        "  @id:tmp-open-001 @source:seed000 @status:unresolved\n"
        "  シナリオ: 未解決の問い\n    前提 自分のターンである\n",
        encoding="utf-8",
    )
    old = run_suite("--ruleset=2020-09-18", features=suite_copy, tmp=tmp_path)
    assert old.statuses()["tmp-since-001"] == "NOT_APPLICABLE"
    assert old.statuses()["tmp-until-001"] == "PASS"
    assert old.statuses()["tmp-open-001"] == "UNRESOLVED"
    new = run_suite("--rules-as-of=2026-01-01", features=suite_copy, tmp=tmp_path)
    assert new.statuses()["tmp-since-001"] == "PASS"
    assert new.statuses()["tmp-until-001"] == "NOT_APPLICABLE"
    assert "@until:2021-03-16" in str(next(r["message"] for r in new.report if r["id"] == "tmp-until-001"))


def test_report_lines_name_id_status_message_and_ruleset(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    result = run_suite("--ruleset=2021-03-16", features=suite_copy, tmp=tmp_path)
    line = result.report[0]
    assert {"id", "status", "message", "ruleset", "feature", "name", "topic"} <= set(line)
    assert line["ruleset"] == "2021-03-16"


def test_tag_expression_selects_scenarios(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    result = run_suite("--tags=@rule:101.2", features=suite_copy, tmp=tmp_path)
    assert sorted(result.statuses()) == ["basics-sick-006", "basics-sick-007"]


def test_an_adapter_that_cannot_start_stops_the_run_with_one_block(run_suite: SuiteRunner, tmp_path: Path,
                                                                   suite_copy: Path) -> None:
    result = run_suite("--adapter=fake-wrong-protocol", features=suite_copy, tmp=tmp_path)
    (case,) = result.report  # the first scenario; every other would fail alike
    assert case["status"] == "ERROR" and "speaks protocol 99" in str(case["message"])
    assert result.returncode == 1 == result.lines[-1]["exit_status"]
    assert result.output.count("ERROR basics-") == 1, result.output  # one failure told, not one per scenario
    assert "shinpan — the adapter could not start" in result.output
    assert "check it:    shinpan smoke --adapter fake-wrong-protocol" in result.output
    assert "the run stopped after its first scenario" in result.output


def test_a_failing_scenario_is_told_without_building_pytests_traceback(
        run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    traceback = pytest.Function._repr_failure_py

    def counted(self: pytest.Function, *args: object, **kwargs: object) -> object:
        built.append(self.name)
        return traceback(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pytest.Function, "_repr_failure_py", counted)
    result = run_suite("--adapter=fake-always-wrong", features=suite_copy, tmp=tmp_path)
    failed = [line for line in result.report if line["status"] == "FAIL"]
    assert failed and result.returncode == 1
    assert built == []  # pytest's traceback: the source of every frame read and parsed, only to be thrown away
    assert result.output.count("  check:      AssertionError") == len(failed)
    run_suite("--adapter=fake-always-wrong", "--tb=long", features=suite_copy, tmp=tmp_path)
    assert len(built) == len(failed)  # asked for, pytest's traceback is still there

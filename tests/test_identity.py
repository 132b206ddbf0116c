"""A scenario's identity (issue 24, items 3 and 5): ids and topics of one documented character set, each id used
once — checked by lint and refused by every command that reads the suite (exit status 4, ``path:line``), before
anything is run or written."""

from __future__ import annotations

from pathlib import Path

import pytest

from shinpan.adapters.errors import SuiteError
from shinpan.paths import PROJECT_ROOT
from shinpan.suite import identity
from shinpan.suite import scenarios as suite
from tests.test_bad_input import HEADER, messages, scenario, write
from tests.test_bad_input_cli import BAD_INPUT, shinpan

STEP = "    前提 自分のターンである\n"
RULE = f"an id is {identity.RULE}"

UNSAFE_IDS = ["../../../PWN-site", "x/y", "x\\y", "Basics-001", "ルール" * 28, "a" * 250, "x%2fy", "-x", "x.y"]


def test_the_suites_ids_and_topics_are_of_the_character_set() -> None:
    found = suite.cases(PROJECT_ROOT / "features")
    assert found and all(identity.NAME.fullmatch(v) for case in found for v in (*case.values.id, case.topic))
    assert list(identity.problems(found)) == []


@pytest.mark.parametrize("value", UNSAFE_IDS)
def test_lint_reports_an_id_outside_the_character_set(suite_copy: Path, value: str) -> None:
    write(suite_copy, HEADER + scenario(STEP, tags=f"@id:{value} @rule:301.5"))
    assert f"検査.feature:6: @id:{value}: {RULE}" in messages(suite_copy)


def test_lint_reports_a_topic_outside_the_character_set(suite_copy: Path) -> None:
    write(suite_copy, HEADER.replace("@topic:basics", "@topic:../../x") + scenario(STEP))
    assert any(m.startswith("検査.feature:6: @topic:../../x: a topic is lower-case") for m in messages(suite_copy))


def test_an_id_of_the_character_set_is_not_reported(suite_copy: Path) -> None:
    longest = "a" * identity.LONGEST
    write(suite_copy, HEADER + scenario(STEP, tags=f"@id:{longest} @rule:301.5"))
    assert not [m for m in messages(suite_copy) if "@id:" in m]
    write(suite_copy, HEADER + scenario(STEP, tags=f"@id:{longest}a @rule:301.5"))
    assert [m for m in messages(suite_copy) if "@id:" in m] == [f"検査.feature:6: @id:{longest}a: {RULE}"]


def test_reading_the_suite_refuses_what_lint_reports(suite_copy: Path) -> None:
    write(suite_copy, HEADER + scenario(STEP, tags="@id:x/y @rule:301.5"))
    with pytest.raises(SuiteError) as error:
        suite.cases(suite_copy)
    assert str(error.value).endswith(f"検査.feature:6: @id:x/y: {RULE}")


@pytest.mark.parametrize("command", [("run",), ("list",), ("site", "--out", "out"), ("dump-cases",),
                                     ("rules", "301.5"), ("diff", "2020-01-01", "2021-01-01")])
def test_every_command_refuses_an_unsafe_id(suite_copy: Path, tmp_path: Path, command: tuple[str, ...]) -> None:
    path = write(suite_copy, HEADER + scenario(STEP, tags="@id:../../../PWN-site @rule:301.5"))
    done = shinpan(*command, features=suite_copy, cwd=tmp_path)
    assert done.code == BAD_INPUT, done.lines
    assert f"{path}:6: @id:../../../PWN-site: {RULE}" in done.err
    assert not list(tmp_path.rglob("*PWN*")) and not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", [("run",), ("list",), ("site", "--out", "out")])
def test_a_duplicate_id_in_another_file_is_refused(suite_copy: Path, tmp_path: Path, command: tuple[str, ...]) -> None:
    path = write(suite_copy, HEADER + scenario(STEP, tags="@id:basics-sick-001 @rule:301.5"))
    done = shinpan(*command, features=suite_copy, cwd=tmp_path)
    assert done.code == BAD_INPUT, done.lines
    assert f"{path}:6: @id basics-sick-001 is already used at features/basics/召喚酔い.feature:9" in done.err \
        or f"{path}:6: @id basics-sick-001 is already used at " in done.err, done.err


def test_two_scenarios_with_one_id_give_no_report_saying_all_passed(suite_copy: Path, tmp_path: Path) -> None:
    """Before: both ran, the second result replaced the first, and the report said 100% while pytest said 1
    failed. Now the run is refused and the previous report is left as it was."""
    failing = "    前提 自分のターンである\n    ならば 自分の手札は1枚である\n"
    write(suite_copy, HEADER + scenario(STEP, tags="@id:t-001 @rule:301.5") + "\n"
          + scenario(failing, tags="@id:t-001 @rule:301.5", name="二つ目"))
    report = tmp_path / "report.jsonl"
    report.write_text("previous\n", encoding="utf-8")
    done = shinpan("run", f"--report={report}", features=suite_copy, cwd=tmp_path)
    assert done.code == BAD_INPUT, done.lines
    assert "検査.feature:10: @id t-001 is already used at " in done.err
    assert report.read_text(encoding="utf-8") == "previous\n"


def test_an_unknown_tag_is_refused_by_run(suite_copy: Path, tmp_path: Path) -> None:
    path = write(suite_copy, HEADER + scenario(STEP, tags="@id:t-001 @rule:301.5 @wip"))
    done = shinpan("run", features=suite_copy, cwd=tmp_path)
    assert done.code == BAD_INPUT, done.lines
    assert f"{path}:6: tag @wip is not in the tag registry" in done.err

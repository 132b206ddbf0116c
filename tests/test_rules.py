"""The rule registry features/rules.yaml: the lint of @rule: tags against it and against the scenario's
window, and the ``shinpan rules NUMBER`` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from shinpan.adapters.errors import SuiteError
from shinpan.adapters.locations import features_dir
from shinpan.cli import main
from shinpan.suite import rules, rulesets
from shinpan.suite.lint import lint

HEADER = "# language: ja\n@topic:basics\n機能: 検査\n\n"


def write_scenario(suite: Path, tags: str) -> None:
    body = f"  @id:t-001 {tags}\n  シナリオ: 検査用\n    前提 自分のターンである\n"
    (suite / "basics" / "検査.feature").write_text(HEADER + body, encoding="utf-8")


def rule_problems(suite: Path) -> list[str]:
    return [f"{p.path.split('/')[-1]}:{p.line}: {p.message}" for p in lint(suite) if "@rule:" in p.message]


def test_the_real_suite_cites_only_known_rules_inside_their_windows() -> None:
    assert [p for p in lint() if "@rule:" in p.message or "rules.yaml" in p.path] == []


def test_an_unknown_rule_is_reported(suite_copy: Path) -> None:
    write_scenario(suite_copy, "@rule:999.9z")
    assert rule_problems(suite_copy) == ["検査.feature:6: @rule:999.9z is not in features/rules.yaml"]


@pytest.mark.parametrize(("tags", "reported"), [
    ("@rule:801.4e @since:2021-03-16", True),    # the old 801.4e ended on 2021-03-16
    ("@rule:801.4e @until:2021-03-16", False),
    ("@rule:403.4 @until:2021-03-16", True),     # 403.4 was added on 2021-03-16
    ("@rule:403.4 @since:2021-03-16 @until:2021-12-16", False),
    ("@rule:403.4 @until:pig-reversal", True),   # pig-reversal took effect by 2021-01-03 at the latest
    ("@rule:603.5d @until:2020-06-26", False),   # the old meaning of 603.5d may hold then
    ("@rule:603.5d @since:2025-12-17", False),   # the new meaning holds then
])
def test_a_rule_outside_the_scenarios_window_is_reported(suite_copy: Path, tags: str, reported: bool) -> None:
    write_scenario(suite_copy, tags)
    found = rule_problems(suite_copy)
    number = tags.split()[0]
    if reported:
        assert len(found) == 1 and found[0].startswith(f"検査.feature:6: {number} (")
        assert "does not exist in this scenario's window" in found[0], found
    else:
        assert found == []


@pytest.mark.parametrize(("tags", "missing"), [
    ("@rule:403.4", "before:2021-03-16"),                  # added on 2021-03-16; the scenario holds on every day
    ("@rule:801.4e @since:2019-09-27", "2021-03-16"),      # ended on 2021-03-16; the scenario goes on after it
    ("@rule:403.4 @since:pig-reversal", "pig-reversal"),   # just after pig-reversal, 2021-03-16 is not yet in force
])
def test_a_rule_that_exists_in_only_part_of_the_window_is_reported(suite_copy: Path, tags: str, missing: str) -> None:
    """Issue 26.6: the number must exist wherever the scenario asserts, not merely somewhere in its window."""
    write_scenario(suite_copy, tags)
    found = rule_problems(suite_copy)
    number = tags.split()[0]
    assert len(found) == 1 and found[0].startswith(f"検査.feature:6: {number} ("), found
    assert "exists in only part of this scenario's window" in found[0] and missing in found[0].split("holds under")[1]


@pytest.mark.parametrize("tags", ["@rule:403.4 @since:2021-03-16", "@rule:801.4e @until:2021-03-16",
                                  "@rule:603.5d @until:2020-06-26", "@rule:801.4c @since:2021-03-16",
                                  "@rule:801.4d @since:2019-09-27 @until:2021-03-16", "@rule:603.5c"])
def test_a_rule_that_exists_in_the_whole_window_is_not_reported(suite_copy: Path, tags: str) -> None:
    write_scenario(suite_copy, tags)
    assert rule_problems(suite_copy) == []


@pytest.mark.parametrize(("tags", "meanings"), [
    ("@rule:801.4c @since:2019-09-27", ["old rule: a remaining evolution", "new rule: a rebuilt card"]),
    ("@rule:801.4c @since:devolve-sickness", ["old rule: a remaining evolution", "new rule: a rebuilt card"]),
    ("@rule:603.5d @since:pig-reversal", ["old meaning (Ver.1.18, Ver.1.26)", "new meaning (Ver.1.48)"]),
    ("@rule:603.5d", ["old meaning (Ver.1.18, Ver.1.26)", "new meaning (Ver.1.48)"]),
])
def test_a_rule_of_two_meanings_in_the_window_is_reported(suite_copy: Path, tags: str, meanings: list[str]) -> None:
    """Issue 37.3/37.4: one number, one meaning on every day it is cited. 801.4c meant "a remaining evolution
    creature needs sources" before 2021-03-16; 603.5d was the シールド・フォース rule until a renumbering whose day is
    unknown (after Ver.1.26, by Ver.1.48)."""
    write_scenario(suite_copy, tags)
    found = rule_problems(suite_copy)
    number = tags.split()[0]
    assert len(found) == 1 and found[0].startswith(f"検査.feature:6: {number} ("), found
    assert "has more than one meaning in this scenario's window" in found[0]
    assert all(meaning in found[0] for meaning in meanings), found[0]


def test_old_801_4d_is_known_for_its_window_only(suite_copy: Path) -> None:
    """Issue 37.3: old 801.4d (reconstructed creatures are not new) held from 2019-09-27 until 2021-03-16."""
    rule = rules.load(suite_copy / "rules.yaml").get("801.4d")
    assert rule is not None and [(v.start, v.end) for v in rule.versions] == [("2019-09-27", "2021-03-16")]
    write_scenario(suite_copy, "@rule:801.4d @since:2021-03-16")
    assert "does not exist in this scenario's window" in rule_problems(suite_copy)[0]


def test_a_window_in_doubt_is_not_reported() -> None:
    changes = rulesets.load()
    # pig-reversal took effect after 2019-08-02 and by 2021-01-03: it may come after 2020-06-26 or not.
    assert not changes.ends_before("pig-reversal", "2020-06-26")
    assert changes.ends_before("pig-reversal", "2021-03-16")
    assert changes.ends_before("2021-03-16", "2021-03-16")
    assert changes.ends_before("pig-reversal", "pig-reversal")  # a window it ends cannot start with it


def test_a_version_bound_that_is_not_a_change_is_reported(suite_copy: Path) -> None:
    path = suite_copy / "rules.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        '{from: "2021-03-16", until: null, meaning: "added on 2021-03-16; before',
        '{from: "2021-03-17", until: null, meaning: "added on 2021-03-16; before'), encoding="utf-8")
    found = [str(p) for p in lint(suite_copy)]
    assert len(found) == 1 and found[0].endswith(": rule 403.4: '2021-03-17' is not a change of features/rulesets.yaml")


def test_a_bad_entry_is_one_line_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text('rules:\n  - number: "801.4"\n    title: x\n  - number: 801\n    title: y\n', encoding="utf-8")
    with pytest.raises(SuiteError) as error:
        rules.load(path)
    assert str(error.value).startswith(f"{path}:2: rule 801.4: 'versions' is a required property: each rule is a "
                                       "mapping with a 'number'")


def test_rules_lists_a_number_its_sub_rules_and_the_scenarios_citing_them() -> None:
    result = CliRunner().invoke(main, ["rules", "801.4"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    headings = [line.split()[0] for line in lines if not line.startswith(" ")]
    assert headings[:6] == ["801.4", "801.4a", "801.4b", "801.4c", "801.4d", "801.4e"]
    assert "801.40" not in headings
    assert any("reconstruction-top-003  features/reconstruction/再構築.feature:" in line for line in lines)
    assert "    (first known) → 2021-03-16: old rule" in result.output


def test_rules_json_gives_versions_and_places() -> None:
    result = CliRunner().invoke(main, ["rules", "801.4c", "--format", "json"])
    assert result.exit_code == 0, result.output
    [entry] = json.loads(result.output)
    assert entry["number"] == "801.4c"
    assert [(v["from"], v["until"]) for v in entry["versions"]] == [(None, "2021-03-16"), ("2021-03-16", None)]
    assert entry["scenarios"] and all(s["place"].startswith("features/") and s["id"] and s["name"]
                                      for s in entry["scenarios"])
    for scenario in entry["scenarios"]:
        path, line = scenario["place"].rsplit(":", 1)
        text = (features_dir().parent / path).read_text(encoding="utf-8").splitlines()
        assert "@rule:801.4c" in "\n".join(text[max(0, int(line) - 4):int(line)]), scenario


def test_an_unknown_number_is_one_line_of_bad_input() -> None:
    result = CliRunner().invoke(main, ["rules", "999.9"])
    assert result.exit_code == 4, result.output
    assert result.output.strip().count("\n") == 0 and "rule '999.9' is not in rules.yaml" in result.output

"""Bad input gets a one-line error naming the file and line (or the field) and what was expected."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from shinpan.adapters import cards
from shinpan.adapters.errors import SuiteError
from shinpan.adapters.reference import ReferenceSimulator
from shinpan.paths import PROJECT_ROOT
from shinpan.suite.lint import lint
from tests.conftest import SuiteRunner

HEADER = "# language: ja\n@topic:basics\n機能: 検査\n\n"


def scenario(body: str, tags: str = "@id:t-001 @rule:301.5", name: str = "検査用") -> str:
    return f"  {tags}\n  シナリオ: {name}\n{body}"


def write(suite: Path, text: str, name: str = "検査.feature") -> Path:
    path = suite / "basics" / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def messages(suite: Path) -> list[str]:
    return [f"{p.path.split('/')[-1]}:{p.line}: {p.message}" for p in lint(suite)]


def test_the_real_suite_is_clean() -> None:
    assert lint() == []


def test_unknown_card_is_reported_with_file_and_line(run_suite: SuiteRunner, suite_copy: Path, tmp_path: Path) -> None:
    write(suite_copy, HEADER + scenario("    前提 自分の手札に《存在しないカード》がある\n"))
    assert "検査.feature:7: card 《存在しないカード》 is not in features/cards.yaml" in messages(suite_copy)
    result = run_suite(features=suite_copy, tmp=tmp_path)
    line = next(r for r in result.report if r["id"] == "t-001")
    assert line["status"] == "ERROR" and "no card named 《存在しないカード》" in str(line["message"])


def test_unknown_step_phrase_is_reported(run_suite: SuiteRunner, suite_copy: Path, tmp_path: Path) -> None:
    write(suite_copy, HEADER + scenario("    前提 自分のターンである\n    もし 空が青くなる\n"))
    assert "検査.feature:8: no step definition matches もし 空が青くなる" in messages(suite_copy)
    result = run_suite(features=suite_copy, tmp=tmp_path)
    line = next(r for r in result.report if r["id"] == "t-001")
    assert line["status"] == "ERROR" and "Step definition is not found" in str(line["message"])


@pytest.mark.parametrize(("text", "expected"), [
    (HEADER.replace("機能:", "機能：") + scenario("    前提 自分のターンである\n"),
     "検査.feature:3: full-width colon '：' after a Gherkin keyword: use ':'"),
    (HEADER + "  @id:t-001 @rule:301.5\n  シナリオテンプレ： 検査用\n    前提 自分のターンである\n",
     "検査.feature:6: full-width colon '：' after a Gherkin keyword: use ':'"),  # a keyword of the dialect's
    (HEADER.replace("# language: ja\n", "") + scenario("    前提 自分のターンである\n"),
     "検査.feature:1: missing '# language: ja' on the first line"),
    (HEADER + scenario("    前提 自分のターンである\n", tags="@id:t-001"),
     "検査.feature:6: scenario cites neither a @rule: nor a @source:"),
    (HEADER + scenario("    前提 自分のターンである\n", tags="@id:t-001 @rule:1 @wip"),
     "検査.feature:6: tag @wip is not in the tag registry (topic, id, rule, source, since, until, status, "
     "requires, generated, each as @name:value)"),
    (HEADER + scenario("    前提 自分のターンである\n", tags="@id:gen-0123456789ab @rule:301.5"),
     "検査.feature:6: @id:gen-0123456789ab: only a generated scenario (@generated:SEED) has an id starting with "
     "'gen-'"),
    (HEADER + scenario("    前提 自分のターンである\n", tags="@id:basics-x-001 @generated:7 @rule:301.5"),
     "検査.feature:6: @id:basics-x-001: a generated scenario's id is gen- and 12 hex digits"),
    (HEADER + scenario("    前提 自分のターンである\n", tags="@id:gen-0123456789ab @generated:seven @rule:301.5"),
     "検査.feature:6: @generated:seven: the seed of a generated scenario is a whole number"),
    (HEADER + scenario("    前提 自分のターンである\n", tags="@id:t-001 @rule:1 @since:2021-03-17"),
     "検査.feature:6: @since/@until: unknown change '2021-03-17'; known changes: devolve-sickness, "),
    (HEADER + scenario("    前提 自分のターンである\n", tags="@id:t-001 @rule:1 @since:2021-03-16 @until:2018-09-05"),
     "検査.feature:6: @since/@until: @until:2018-09-05 (2018-09-05) takes effect no later than @since:2021-03-16 "
     "(2021-03-16): the window is empty"),
    (HEADER + scenario("    前提 自分のターンである\n", tags="@rule:1"), "検査.feature:6: scenario has no @id: tag"),
    (HEADER + scenario("    前提 自分のターンである\n", tags="@id:t-001 @source:nowhere"),
     "検査.feature:6: @source:nowhere is not in features/sources.yaml"),
    (HEADER + scenario("    前提 自分のターンである\n") + "\n" + scenario("    前提 自分のターンである\n",
                                                                       tags="@id:t-002 @rule:1"),
     "検査.feature:10: scenario name '検査用' repeats line 6: pytest-bdd keeps only one"),
    (HEADER + scenario("    前提 自分のターンである\n", tags="@id:basics-sick-001 @rule:1"),
     "basics/召喚酔い.feature:9"),
    (HEADER.replace("@topic:basics", "@topic:other") + scenario("    前提 自分のターンである\n"),
     "検査.feature:3: @topic:other does not match the folder 'basics'"),
])
def test_lint_findings(suite_copy: Path, text: str, expected: str) -> None:
    write(suite_copy, text)
    found = messages(suite_copy)
    assert any(expected in m for m in found), found


def test_a_generated_scenario_with_its_seed_and_id_is_clean(suite_copy: Path) -> None:
    write(suite_copy, HEADER + scenario("    前提 自分のターンである\n",
                                        tags="@id:gen-0123456789ab @generated:7 @rule:301.5"))
    assert messages(suite_copy) == []


def test_a_bom_is_reported(suite_copy: Path) -> None:
    write(suite_copy, "\ufeff" + HEADER + scenario("    前提 自分のターンである\n"))
    assert any("UTF-8 BOM" in m and m.startswith("検査.feature:1:") for m in messages(suite_copy))


def test_unknown_ruleset_on_the_command_line() -> None:
    done = subprocess.run([sys.executable, "-m", "shinpan", "run", "--ruleset", "no-such-change"], capture_output=True,
                          text=True, cwd=PROJECT_ROOT, check=False)
    assert done.returncode != 0
    assert "unknown ruleset 'no-such-change': expected a change id, after:ID, before:ID or a day" in done.stderr
    assert "known changes: devolve-sickness, " in done.stderr and "2018-08-09, 2018-09-05" in done.stderr


def test_malformed_setup_names_the_field() -> None:
    adapter = ReferenceSimulator()
    adapter.new_game({"cmd": "new_game", "rules": {"label": "2026-01-01", "changes": []}, "seed": 0})
    state = {"cards": {"A": "テスト用クリーチャーA"}, "turn": {"number": 1, "active": "me"},
             "players": {"me": {"hand": ["A", "B"]}, "opp": {}}}
    assert adapter.setup({"cmd": "setup", "state": state}) == {
        "status": "error", "message": "players/me/hand/1: label 'B' is not declared in 'cards'"}
    state["players"] = {"me": {"hand": ["A"], "mana": ["A"]}, "opp": {}}
    assert adapter.setup({"cmd": "setup", "state": state})["message"] == "players/me/mana/0: card 'A' is placed twice"


def test_malformed_card_registry_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n  - name: テスト用X\n    kind: test\n    type: クリーチャー\n    text: []\n", encoding="utf-8")
    with pytest.raises(SuiteError) as error:
        cards.load(path)
    assert str(error.value) == (f"{path}:2: card 《テスト用X》: 'abilities' is a required property: a test card gives its "
                                "abilities in structured form, as a list in 'abilities'")


def test_a_step_naming_the_wrong_player_is_an_error(run_suite: SuiteRunner, suite_copy: Path, tmp_path: Path) -> None:
    write(suite_copy, HEADER + scenario("    前提 自分のターンである\n    かつ 自分の手札に《テスト用クリーチャーA》がある\n"
                                        "    もし 相手が《テスト用クリーチャーA》を召喚する\n"))
    result = run_suite(features=suite_copy, tmp=tmp_path)
    line = next(r for r in result.report if r["id"] == "t-001")
    assert line["status"] == "ERROR"
    assert "the step says 《テスト用クリーチャーA》 is opp's card, but the setup gives it to me" in str(line["message"])


def test_a_change_citing_an_unknown_source_is_reported(suite_copy: Path) -> None:
    path = suite_copy / "rulesets.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("sources: [seed003, timeline-20]", "sources: [seed003, nowhere-20]"), encoding="utf-8")
    found = [str(p) for p in lint(suite_copy)]
    assert len(found) == 1 and found[0].endswith(
        ": change 2021-03-16: source 'nowhere-20' is not in features/sources.yaml"), found


def test_a_missing_source_registry_is_one_problem(suite_copy: Path) -> None:
    (suite_copy / "sources.yaml").unlink()
    found = [str(p) for p in lint(suite_copy)]
    assert len(found) == 1 and found[0].endswith(
        "sources.yaml:1: the source registry is missing: every @source: must resolve to an entry here"), found


def test_no_file_of_the_project_points_outside_the_repository() -> None:
    tracked = subprocess.run(["git", "ls-files"], cwd=PROJECT_ROOT, capture_output=True, text=True, check=False)
    if tracked.returncode != 0:
        pytest.fail("this test reads the checkout's files with git ls-files; run it in a git checkout")
    # the sources the kit cites (seeds, rules, timeline, design) resolve inside the repository; only the
    # certifications' build reads the outside engines' snapshots (certifications/README.md)
    outside = re.compile(r"\.\./shared(?!/engines)|shared/(?:seeds|sources|design)/")
    engines = re.compile(r"\.\./shared/engines")
    builds_certifications = ("certifications/", ".ci/run", "tox.ini", "tests/test_certifications")
    texts = {name: (PROJECT_ROOT / name).read_text(encoding="utf-8", errors="replace")
             for name in tracked.stdout.splitlines()
             if (PROJECT_ROOT / name).is_file() and not (PROJECT_ROOT / name).is_symlink()}
    assert [name for name, text in texts.items() if outside.search(text)] == []
    assert [name for name, text in texts.items()
            if engines.search(text) and not name.startswith(builds_certifications)] == []

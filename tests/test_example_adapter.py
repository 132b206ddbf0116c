"""The example adapters (adapters/examples/node, adapters/examples/python): the templates simulator authors copy.

Each is run as a subprocess through ``cmd:``, with every message checked against the schemas. They must pass
what they support and fail nothing — under every ruleset, taking the ruleset ids from the kit's handshake —
and the Python one, whose toy engine ends the game on deck-out, must not lose a game the suite plays.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from shinpan.adapters.contract import PROTOCOL_VERSION
from shinpan.paths import PROJECT_ROOT
from shinpan.reports import matrix as matrix_
from shinpan.suite import rulesets
from tests.conftest import SuiteRunner

NODE = shutil.which("node")
EXAMPLES = PROJECT_ROOT / "adapters" / "examples"
TEMPLATES = {
    "node": (f"cmd:{NODE} {EXAMPLES / 'node' / 'adapter.js'}", "shinpan-example-node", "JavaScript"),
    "python": (f"cmd:{sys.executable} {EXAMPLES / 'python' / 'adapter.py'}", "shinpan-example-python", "Python"),
}
PLAYS = {"PASS", "UNSUPPORTED", "UNOBSERVABLE", "NOT_APPLICABLE", "UNRESOLVED"}
"""The statuses a template may earn: nothing that fails."""

needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")
templates = pytest.mark.parametrize("template", [pytest.param("node", marks=needs_node), "python"])


@templates
def test_a_template_passes_what_it_supports_and_fails_nothing(template: str, run_suite: SuiteRunner, tmp_path: Path,
                                                               suite_copy: Path) -> None:
    spec, engine, language = TEMPLATES[template]
    junit = tmp_path / "junit.xml"
    result = run_suite(f"--adapter={spec}", "--validate", f"--junitxml={junit}", features=suite_copy, tmp=tmp_path)
    statuses = result.statuses()
    assert set(statuses.values()) == {"PASS", "UNSUPPORTED"}, result.output
    assert statuses["basics-sick-001"] == "PASS"  # plain creatures: setup, moves, observation
    assert statuses["basics-sick-004"] == statuses["basics-sick-005"] == "PASS"  # turns pass, decks are drawn from
    assert statuses["basics-sick-006"] == "UNSUPPORTED"  # スピードアタッカー is not among its cards
    assert result.returncode == 0, result.output
    header = result.lines[0]
    assert header["adapter"]["name"] == engine and header["adapter"]["language"] == language
    unsupported = [r for r in result.report if r["status"] == "UNSUPPORTED"]
    assert all("not implemented" in str(r["message"]) for r in unsupported)
    xml = junit.read_text(encoding="utf-8")  # pytest's JUnit XML carries each scenario's shinpan status
    assert '<property name="shinpan.id" value="basics-sick-006" />' in xml
    assert xml.count('<property name="shinpan.status" value="UNSUPPORTED" />') == len(unsupported)


@pytest.mark.slow
@templates
def test_a_template_fails_nothing_under_any_ruleset(template: str) -> None:
    spec = TEMPLATES[template][0]
    done = subprocess.run([sys.executable, "-m", "shinpan", "matrix", f"--adapter={spec}", "--validate",
                           "--format", "json"], capture_output=True, text=True, cwd=PROJECT_ROOT, check=False,
                          timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    matrix = json.loads(done.stdout.splitlines()[-1])
    assert matrix["failed"] == []
    assert [row["ruleset"] for row in matrix["rulesets"]] == [s.label for s in matrix_.states(rulesets.load())]
    for row in matrix["rulesets"]:
        assert set(row["totals"]) <= PLAYS, row
        assert row["totals"]["PASS"] >= 10, row  # every state of the rules is played: the changes came from hello


@pytest.mark.parametrize("template", ["node", "python"])
def test_templates_take_the_rule_changes_from_the_kit(template: str) -> None:
    text = next((EXAMPLES / template).glob("adapter.*")).read_text(encoding="utf-8")
    source = re.sub(r"(//|#).*", "", text)  # code, not the comments that show an id as an example
    hard_coded = [c.id for c in rulesets.load().items if f'"{c.id}"' in source or f"'{c.id}'" in source]
    assert hard_coded == []


def _exchange(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    done = subprocess.run([sys.executable, str(EXAMPLES / "python" / "adapter.py")], check=True, timeout=60,
                          input="".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines),
                          capture_output=True, text=True, cwd=PROJECT_ROOT)
    assert "[toy engine] end_turn" in done.stderr  # the engine prints; the server sent it to stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_python_template_loses_a_game_on_deck_out_and_the_server_keeps_stdout_clean() -> None:
    state = {"cards": {"a": "テスト用クリーチャーA", "b": "テスト用クリーチャーB"},
             "turn": {"number": 3, "active": "me", "step": "main"},
             "players": {"me": {"hand": ["a"], "deck": ["b"], "battle": []}, "opp": {"battle": []}}}
    end_turn = {"cmd": "act", "action": {"type": "end_turn"}, "choices": []}
    changes = [{"id": "c1", "title": "one", "date": "2020-01-01"}, {"id": "c2", "title": "two", "after": "2020-01-01",
                                                                       "by": "2021-01-01"}]
    answers = _exchange([{"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": "0", "changes": changes},
                         {"cmd": "new_game", "rules": {"label": "c1", "changes": ["c1"]}, "seed": 0},
                         {"cmd": "setup", "state": state}, end_turn, {"cmd": "observe"}, end_turn, {"cmd": "stop"}])
    assert answers[0]["capabilities"]["changes"] == ["c1", "c2"]  # the kit's list, not one of its own
    assert [a["status"] for a in answers] == ["ok", "ok", "ok", "ok", "ok", "rejected", "ok"]
    players = answers[4]["observation"]["players"]
    assert players["opp"]["lost"] is True and players["me"]["lost"] is False
    assert answers[5]["message"] == "the game is over: opp lost"


def test_a_scenario_that_passes_the_turn_to_an_empty_deck_is_an_error_on_every_engine(run_suite: SuiteRunner,
                                                                                      tmp_path: Path,
                                                                                      suite_copy: Path) -> None:
    feature = suite_copy / "basics" / "召喚酔い.feature"
    text = feature.read_text(encoding="utf-8")
    feature.write_text(text.replace("    かつ 相手の山札に《テスト用クリーチャーB》(相手の山札)がある\n", ""), encoding="utf-8")
    result = run_suite("-k", "次の自分のターンには攻撃できる", features=suite_copy, tmp=tmp_path)
    (line,) = result.report
    assert line["id"] == "basics-sick-004" and line["status"] == "ERROR"
    assert "相手 (opp) draws more cards than the scenario puts in 相手の山札" in line["message"], line["message"]

"""The scenario printer (steps/printer): a case's messages printed as the suite's phrases compile back to the same
messages — for every scenario of the suite and for generated scripts over the whole vocabulary — and a renderer
that prints the wrong phrase is caught."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import Phase, given, settings

from shinpan import step_library
from shinpan.adapters import cards
from shinpan.steps.printer import Heading, Move, Script, generated_id, print_feature, print_scenario
from shinpan.steps.printer.phrases import PHRASEBOOK, Context, Message
from tests.scenario_compiler import compile_scenario
from tests.script_strategy import scripts

HEADING = Heading("印字の検査", seed=7, rules=("301.5",), sources=("seed000",), notes=("差分: tapped",))


def printed(script: Script) -> str:
    return print_feature([print_scenario(script, HEADING, cards.load())], topic="explore", title="印字の検査")


def assert_round_trip(script: Script, *, plays: bool = False, rules: Any = None) -> None:
    text = printed(script)
    assert compile_scenario(text, plays=plays, rules=rules).canonical() == script.canonical(), text


@pytest.fixture(scope="module")
def suite_cases(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    done = subprocess.run([sys.executable, "-m", "shinpan", "dump-cases", "--messages"], capture_output=True,
                          text=True, check=False, cwd=tmp_path_factory.mktemp("dump"), timeout=600)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_every_scenario_of_the_suite_prints_back_to_its_own_messages(suite_cases: list[dict[str, Any]]) -> None:
    recorded = [case for case in suite_cases if case["messages"]]
    assert len(recorded) >= 250
    for case in recorded:
        rules = next(item["send"]["rules"] for item in case["messages"]
                     if "send" in item and item["send"]["cmd"] == "new_game")
        # played on the reference engine, as dump-cases recorded it: a step that reads the game reads it there
        assert_round_trip(Script.from_messages(case["messages"]), plays=True, rules=rules)


@settings(max_examples=200)
@given(scripts())
def test_generated_scripts_print_and_compile_back_to_the_same_messages(script: Script) -> None:
    assert_round_trip(script)


def _owner_instead_of_player(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    be = context.be(check["card"], check["zone"])
    verb = be if check["present"] else "いない" if be == "いる" else "ない"
    return (f"{context.owner(check['card'])}の{context.zone(check['zone'])}に{context.card(check['card'])}"
            f"{'が' if check['present'] else 'は'}{verb}", 1)


def _destroyed_in_reverse(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else f"効果で{context.cards(list(reversed(action['cards'])))}が同時に破壊される"


def _pile_never_tapped(obj: Message, context: Context) -> str | None:
    if len(obj["cards"]) < 2:
        return None
    return f"{context.player(obj['player'])}のバトルゾーンに上から{context.cards(obj['cards'], '、')}の順に重なった" \
           f"{'攻撃中の' if obj['attacking'] else ''}クリーチャーがいる"


@pytest.mark.parametrize(("family", "key", "wrong"), [
    ("check", "in_zone", _owner_instead_of_player),
    ("action", "destroy", _destroyed_in_reverse),
    ("setup", "object", _pile_never_tapped),
], ids=["a check naming the owner, not the player checked", "a move listing the cards backwards",
        "a pile printed untapped"])
def test_a_renderer_printing_the_wrong_phrase_is_caught(monkeypatch: pytest.MonkeyPatch, family: str, key: str,
                                                        wrong: Any) -> None:
    step_library.load()  # the step modules register their renderers as they are imported: before the plant
    table = getattr(PHRASEBOOK, family)
    kept = [r for r in table[key] if not (family == "setup" and r.__name__ == "say_pile")]
    monkeypatch.setitem(table, key, [*kept, wrong] if family == "setup" else [wrong])

    @settings(max_examples=300, database=None, report_multiple_bugs=False, phases=[Phase.generate])
    @given(scripts())
    def round_trip(script: Script) -> None:
        assert_round_trip(script)

    with pytest.raises(AssertionError):
        round_trip()


@settings(max_examples=30)
@given(scripts())
def test_the_same_script_prints_the_same_text(script: Script) -> None:
    shuffled = Script({key: script.setup[key] for key in reversed(list(script.setup))},
                      tuple(step if isinstance(step, Move) else dict(reversed(list(step.items())))
                            for step in script.steps))
    assert printed(script) == printed(copy.deepcopy(script)) == printed(shuffled)
    assert generated_id(script) == generated_id(shuffled)


def test_a_printed_scenario_has_the_generated_tags_and_its_triage_stub() -> None:
    script = Script({"cards": {"A": "テスト用クリーチャーA"}, "turn": {"number": 3, "active": "me", "step": "main"},
                     "players": {"me": {"hand": ["A"], "battle": []}, "opp": {"battle": []}}},
                    (Move({"type": "summon", "card": "A"}),))
    text = printed(script)
    head = text.splitlines()[4:7]
    assert head[0].startswith("  # 要確認: 自動生成(シード 7)。規則 301.5・出典 seed000に照らして")
    assert head[1] == "  # 差分: tapped"
    assert head[2] == f"  @id:{generated_id(script)} @generated:7 @rule:301.5 @source:seed000"
    assert "    前提 自分のターンである\n    かつ 自分の手札に《テスト用クリーチャーA》(A)がある\n" \
           "    もし 自分が《テスト用クリーチャーA》(A)を召喚する\n" in text
    other = Script(script.setup, (Move({"type": "summon", "card": "A"}), {"check": "rejected", "value": False}))
    assert generated_id(other) != generated_id(script)


def test_the_printer_says_what_it_cannot_print(tmp_path: Path) -> None:
    from shinpan.errors import RenderError

    script = Script({"cards": {"A": "テスト用クリーチャーA"}, "turn": {"number": 3, "active": "me", "step": "main"},
                     "players": {"me": {"hand": ["A"], "battle": []}, "opp": {"battle": []}}},
                    (Move({"type": "summon", "card": "A"}, attempt=True),))
    with pytest.raises(RenderError, match="no phrase of the step library says the attempted move"):
        printed(script)
    with pytest.raises(RenderError, match="cites a @rule or a @source"):
        print_scenario(script, Heading("名前", seed=1), cards.load())

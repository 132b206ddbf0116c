"""The scenario printer (steps/printer): a case printed as the suite's phrases compiles back to the same messages —
for every scenario of the suite and for generated cases over the whole vocabulary — and a renderer that prints the
wrong phrase is caught."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import Phase, given, settings

from shinpan.adapters import cards
from shinpan.errors import RenderError
from shinpan.running.cases import Case, Check, Move, Setup, Step, compile_case
from shinpan.running.checks import CheckForm, InZone, Rejected, parse
from shinpan.steps.printer import Heading, canonical_messages, generated_id, print_feature, print_scenario
from shinpan.steps.printer.phrases import PHRASEBOOK, Context, Message
from shinpan.suite import rulesets, step_library
from shinpan.suite import scenarios as suite
from tests.scenario_compiler import compile_scenario
from tests.script_strategy import RULES, cases

HEADING = Heading("印字の検査", seed=7, rules=("301.5",), sources=("seed000",), notes=("差分: tapped",))


def printed(case: Case) -> str:
    return print_feature([print_scenario(case, HEADING, cards.load())], topic="explore", title="印字の検査")


def assert_round_trip(case: Case) -> None:
    text = printed(case)
    assert canonical_messages(compile_scenario(text, case.setup.rules)) == canonical_messages(case), text


def test_every_scenario_of_the_suite_prints_back_to_its_own_messages() -> None:
    state = rulesets.load().today()
    compiled = [compile_case(scenario, state.as_sent()) for scenario in suite.cases()]
    assert len(compiled) >= 290
    for case in compiled:
        assert_round_trip(case)


@settings(max_examples=200)
@given(cases())
def test_generated_cases_print_and_compile_back_to_the_same_messages(case: Case) -> None:
    assert_round_trip(case)


def _owner_instead_of_player(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    assert isinstance(check, InZone)
    be = context.be(check.card, check.zone)
    verb = be if check.present else "いない" if be == "いる" else "ない"
    return (f"{context.owner(check.card)}の{context.zone(check.zone)}に{context.card(check.card)}"
            f"{'が' if check.present else 'は'}{verb}", 1)


def _destroyed_in_reverse(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else f"効果で{context.cards(list(reversed(action['cards'])))}が同時に破壊される"


def _pile_never_tapped(obj: Message, context: Context) -> str | None:
    if len(obj["cards"]) < 2:
        return None
    return f"{context.player(obj['player'])}のバトルゾーンに上から{context.cards(obj['cards'], '、')}の順に重なった" \
           f"{'攻撃中の' if obj['attacking'] else ''}クリーチャーがいる"


@pytest.mark.parametrize(("family", "key", "wrong", "examples"), [
    ("check", "in_zone", _owner_instead_of_player, 300),
    ("action", "destroy", _destroyed_in_reverse, 1000),  # one move type of thirty, and with two cards or more
    ("setup", "object", _pile_never_tapped, 300),
], ids=["a check naming the owner, not the player checked", "a move listing the cards backwards",
        "a pile printed untapped"])
def test_a_renderer_printing_the_wrong_phrase_is_caught(monkeypatch: pytest.MonkeyPatch, family: str, key: str,
                                                        wrong: Any, examples: int) -> None:
    step_library.load()  # the step modules register their renderers as they are imported: before the plant
    table = getattr(PHRASEBOOK, family)
    kept = [r for r in table[key] if not (family == "setup" and r.__name__ == "say_pile")]
    monkeypatch.setitem(table, key, [*kept, wrong] if family == "setup" else [wrong])

    @settings(max_examples=examples, database=None, report_multiple_bugs=False, phases=[Phase.generate],
              derandomize=True)
    @given(cases())
    def round_trip(case: Case) -> None:
        assert_round_trip(case)

    with pytest.raises(AssertionError):
        round_trip()


@settings(max_examples=30)
@given(cases())
def test_the_same_case_prints_the_same_text(case: Case) -> None:
    (step,) = case.steps
    reordered = Case(case.id, Setup(case.setup.rules, case.setup.seed, dict(reversed(list(case.setup.state.items())))),
                     (Step("", "", 0, tuple(Check(parse(dict(reversed(list(item.check.to_json().items())))))
                                            if isinstance(item, Check)
                                            else item for item in step.items)),))
    assert printed(case) == printed(copy.deepcopy(case)) == printed(reordered)
    assert generated_id(case) == generated_id(reordered)


def _case(*items: Move | Check) -> Case:
    state = {"cards": {"A": "テスト用クリーチャーA"}, "turn": {"number": 3, "active": "me", "step": "main"},
             "players": {"me": {"hand": ["A"], "battle": []}, "opp": {"battle": []}}}
    return Case("generated", Setup(RULES, 0, state), (Step("", "", 0, items),))


def test_a_printed_scenario_has_the_generated_tags_and_its_triage_stub() -> None:
    case = _case(Move({"type": "summon", "card": "A"}))
    text = printed(case)
    head = text.splitlines()[4:7]
    assert head[0].startswith("  # 要確認: 自動生成(シード 7)。規則 301.5・出典 seed000に照らして")
    assert head[1] == "  # 差分: tapped"
    assert head[2] == f"  @id:{generated_id(case)} @generated:7 @rule:301.5 @source:seed000"
    assert "    前提 自分のターンである\n    かつ 自分の手札に《テスト用クリーチャーA》(A)がある\n" \
           "    もし 自分が《テスト用クリーチャーA》(A)を召喚する\n" in text
    assert generated_id(_case(Move({"type": "summon", "card": "A"}), Check(Rejected(False)))) \
        != generated_id(case)


def test_scenarios_of_one_name_are_named_apart_in_a_feature() -> None:
    made, tried = _case(Move({"type": "summon", "card": "A"})), _case(Move({"type": "summon", "card": "A"}, attempt=True))
    text = print_feature([print_scenario(case, HEADING) for case in (made, tried)], topic="explore", title="題")
    names = [line for line in text.splitlines() if line.startswith("  シナリオ:")]
    assert names == ["  シナリオ: 印字の検査", f"  シナリオ: 印字の検査({generated_id(tried)})"]


def test_the_printer_says_what_it_cannot_print() -> None:
    case = _case(Move({"type": "move", "card": "A", "to": "hand", "position": "bottom"}))
    with pytest.raises(RenderError, match="no phrase of the step library says the move"):
        printed(case)
    with pytest.raises(RenderError, match="no phrase of the step library says the choice"):
        printed(_case(Move({"type": "resolve"}, ({"player": "me", "kind": "order", "picks": ["A", "A"]},))))
    with pytest.raises(RenderError, match="cites a @rule or a @source"):
        print_scenario(case, Heading("名前", seed=1), cards.load())
    with pytest.raises(RenderError, match="one line of text"):
        print_scenario(case, Heading("一行目\n二行目", seed=1, rules=("301.5",)), cards.load())
    with pytest.raises(RenderError, match="not starting with a step keyword"):
        print_feature([], topic="explore", title="題", description=["もし これが手順なら"])
    labelled = _case()
    labelled.setup.state["cards"]["A B"] = "テスト用クリーチャーA"
    labelled.setup.state["players"]["me"]["hand"].append("A B")
    with pytest.raises(RenderError, match="cannot be written in a step"):
        printed(labelled)

"""The typed model of the structured abilities of features/cards.yaml (adapters/sdk/abilities.py, cards.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shinpan.adapters import cards as registry
from shinpan.adapters.errors import SuiteError
from shinpan.adapters.sdk.abilities import (
    AbilityEffect,
    AbilityFormError,
    AbilityVisitor,
    Evolution,
    GLinkPartners,
    Keyword,
    Replacement,
    Subject,
    Triggered,
    parse_ability,
)
from shinpan.adapters.sdk.answers import Unsupported
from shinpan.adapters.sdk.cards import card_models
from shinpan.adapters.sdk.vocabulary import MECHANICS


def test_every_card_of_the_registry_reads_and_every_structured_ability_is_typed() -> None:
    models = card_models()
    entries = list(registry.load())
    assert set(models) == {entry.name for entry in entries}
    for entry in entries:
        model = models[entry.name]
        raw = entry.data.get("abilities")
        assert model.modelled == isinstance(raw, list)
        assert len(model.abilities or ()) == len(raw or ())
        assert all(ability.mechanic in ("", *MECHANICS) for ability in model.abilities or ())
    assert sum(1 for m in models.values() if m.modelled) >= 90


def test_each_form_reads_as_its_values() -> None:
    models = card_models()
    assert models["テスト用スピードアタッカー"].abilities == (Keyword("speed_attacker"),)
    assert models["テスト用進化Vクリーチャー"].abilities == (Evolution(sources=2),)
    assert models["テスト用闇離脱ドロー"].abilities == (
        Triggered("leaves", Subject("own", civilization="闇"), AbilityEffect("draw", amount=1)),)
    assert models["テスト用山札下置換"].abilities == (
        Replacement("destroyed", "this", instead_zone="deck", position="bottom"),)
    assert models["テスト用ゴッドL"].abilities == (GLinkPartners(("テスト用ゴッドR",), "left"),)
    icons = models["テスト用アイコン使用"].abilities
    assert icons is not None and isinstance(icons[0], Triggered) and icons[0].effect == AbilityEffect("use_icons",
                                                                                                     of="that")
    tapping = card_models()["テスト用クリーチャーA"]
    assert (tapping.cost, tapping.power, tapping.civilizations, tapping.is_creature) == (2, 2000, ("火",), True)


@pytest.mark.parametrize(("form", "says"), [
    ({"teleport": 1}, "unknown ability form"),
    ({"keyword": "blocker", "extra": 1}, "unknown ability form"),
    ({"trigger": "enters", "effect": {"draw": 1}, "colour": "red"}, "unknown key(s) colour"),
    ({"evolution": {"sources": 2, "wings": True}}, "unknown key(s) wings"),
    ({"trigger": "enters", "effect": {"draw": 1, "lose_game": True}}, "an effect has one key"),
    ({"replacement": "destroyed", "of": "this", "instead": {"fly": 1}}, "unknown key(s) fly"),
    ([], "an ability is a mapping"),
])
def test_a_form_the_model_does_not_know_is_an_error_saying_what(form: Any, says: str) -> None:
    with pytest.raises(AbilityFormError, match=says.replace("(", r"\(").replace(")", r"\)")):
        parse_ability(form)


def test_a_broken_ability_in_a_registry_names_its_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n- name: テスト用X\n  kind: test\n  type: クリーチャー\n  text: []\n"
                    "  abilities:\n  - {trigger: enters, colour: red, effect: {draw: 1}}\n", encoding="utf-8")
    # the registry's schema (adapters/registries/schema/cards.json) refuses it as the file is read, at the ability's line
    with pytest.raises(SuiteError, match=r"cards.yaml:7: card 《テスト用X》, abilities\[0\]: Additional properties are not "
                                         r"allowed \('colour' was unexpected\)"):
        card_models(registry.load(path))


class _Compiler(AbilityVisitor[str]):
    """An engine that implements speed_attacker and draw-on-enter only."""

    def visit_keyword(self, ability: Keyword) -> str:
        return "fast" if ability.name == "speed_attacker" else self.unsupported(ability)

    def visit_trigger(self, ability: Triggered) -> str:
        if ability.event == "enters" and ability.effect.kind == "draw":
            return f"draw {ability.effect.amount}"
        return self.unsupported(ability)


def test_a_visitor_compiles_what_the_engine_implements_and_answers_unsupported_for_the_rest() -> None:
    models = card_models()
    compiler = _Compiler()
    assert [a.accept(compiler) for a in models["テスト用スピードアタッカー"].abilities or ()] == ["fast"]
    assert [a.accept(compiler) for a in models["テスト用出た時ドロー"].abilities or ()] == ["draw 1"]
    with pytest.raises(Unsupported, match="mechanic replacement_effects") as raised:
        [a.accept(compiler) for a in models["テスト用山札下置換"].abilities or ()]
    assert raised.value.response()["status"] == "unsupported"
    with pytest.raises(Unsupported, match="mechanic evolution"):
        [a.accept(compiler) for a in models["テスト用進化クリーチャー"].abilities or ()]
    with pytest.raises(Unsupported):
        Keyword("blocker").accept(compiler)

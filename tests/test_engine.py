"""Unit tests of the reference engine core: cards vs objects, the pipeline, sickness, turns, choices."""

from __future__ import annotations

import pytest

from shinpan.reference_engine import (
    CardDatabase,
    CardDefinition,
    Game,
    IllegalAction,
    Player,
    RulesState,
    ScriptMismatch,
    UnsupportedByEngine,
    Zone,
)
from shinpan.reference_engine.core.abilities import Keyword
from shinpan.reference_engine.core.choices import Choice, ChoiceScript
from shinpan.reference_engine.core.errors import ChoiceNeeded, InvalidSetup
from shinpan.reference_engine.core.events import AbilityTriggered, Cause, Moved
from shinpan.reference_engine.core.objects import Card
from shinpan.reference_engine.core.sickness import can_attack, is_summoning_sick
from shinpan.reference_engine.core.turns import Step, Turn

VANILLA = CardDefinition("バニラ", "クリーチャー", power=2000)
FAST = CardDefinition("速攻", "クリーチャー", power=1000, abilities=(Keyword("speed_attacker"),))
SPELL = CardDefinition("呪文", "呪文")


def new_game(turn: Turn | None = None) -> Game:
    game = Game(CardDatabase([VANILLA, FAST, SPELL]), RulesState.of("2021-03-16", ["2018-09-05", "2021-03-16"]))
    game.set_turn(turn or Turn(3, Player.P1))
    return game


def test_card_definition_needs_modelled_abilities() -> None:
    with pytest.raises(UnsupportedByEngine, match="no modelled abilities"):
        CardDefinition.from_data({"name": "x", "type": "クリーチャー"})
    with pytest.raises(UnsupportedByEngine, match="keyword 'flying'"):
        CardDefinition.from_data({"name": "x", "type": "クリーチャー", "abilities": [{"keyword": "flying"}]})
    card = CardDefinition.from_data({"name": "x", "type": "クリーチャー", "power": "7000+", "abilities": []})
    assert card.power == 7000 and card.is_creature and not card.is_evolution


def test_database_keeps_the_reason_a_card_is_unsupported() -> None:
    database = CardDatabase.from_entries([{"name": "ok", "type": "呪文", "abilities": []}, {"name": "bare"}])
    assert database.names == ["ok"]
    with pytest.raises(UnsupportedByEngine, match="no modelled abilities"):
        database.get("bare")


def test_rules_state_answers_from_the_changes_in_force() -> None:
    rules = RulesState.of("after:2021-03-16", ["2018-09-05", "2021-03-16", "some-change-the-engine-ignores"])
    assert rules.in_force("2018-09-05") and rules.in_force("2021-03-16") and not rules.in_force("2020-09-18")
    assert rules.reconstruction_keeps_one_pile and rules.ignored_abilities_trigger_on_leaving
    with pytest.raises(KeyError, match="does not model"):
        rules.in_force("2099-01-01")


def test_destroying_objects_at_once_remembers_their_last_state() -> None:
    game = new_game()
    mine, theirs = game.create_card("バニラ", Player.P1), game.create_card("バニラ", Player.P2)
    game.place_object([mine], Player.P1, tapped=True)
    game.place_object([theirs], Player.P2)
    game.apply_power_modifier(mine, 3000)
    game.destroy([mine, theirs])
    assert game.state.players[Player.P1].zones[Zone.GRAVEYARD] == [mine]
    assert game.state.players[Player.P2].zones[Zone.GRAVEYARD] == [theirs]
    first = game.log[0]
    assert isinstance(first, Moved)
    assert first.cause is Cause.DESTROY and first.source is Zone.BATTLE and first.last_known is not None
    assert first.last_known.power == 5000 and first.last_known.tapped
    assert game.state.modifiers == []
    assert mine.entered_battle_turn is None


def test_an_object_leaves_with_all_its_cards_each_to_its_owner() -> None:
    """The top card goes where the effect says; the card under a creature that is not an evolution creature
    goes to its owner's graveyard (seed 003); each card to its own owner's zone."""
    game = new_game()
    top, under = game.create_card("バニラ", Player.P1), game.create_card("バニラ", Player.P2)
    game.place_object([top, under], Player.P1)
    game.move(top, Zone.HAND)
    assert game.state.players[Player.P1].zones[Zone.HAND] == [top]
    assert game.state.players[Player.P2].zones[Zone.GRAVEYARD] == [under]
    assert game.state.objects() == []


def test_summoning_sickness_is_remembered_per_card() -> None:
    game = new_game(Turn(5, Player.P1))
    old, new = game.create_card("バニラ", Player.P1), game.create_card("バニラ", Player.P1)
    a = game.place_object([old], Player.P1)
    b = game.place_object([new], Player.P1, arrived_this_turn=[new])
    assert not is_summoning_sick(game.state, a) and can_attack(game.state, a)
    assert is_summoning_sick(game.state, b) and not can_attack(game.state, b)
    game.end_turn()
    assert game.state.turn == Turn(6, Player.P2, Step.MAIN)
    assert is_summoning_sick(game.state, b), "still its controller's turn 5 that matters"
    game.end_turn()
    assert not is_summoning_sick(game.state, b)


def test_speed_attacker_is_not_sick_and_spells_are_never_creatures() -> None:
    game = new_game()
    fast = game.create_card("速攻", Player.P1)
    obj = game.place_object([fast], Player.P1, arrived_this_turn=[fast])
    assert can_attack(game.state, obj)
    spell = game.create_card("呪文", Player.P1)
    with pytest.raises(InvalidSetup):
        game.place_object([spell], Player.P1)
    game.place(spell, Zone.HAND)
    with pytest.raises(IllegalAction, match="not a creature"):
        game.summon(spell)


def test_attack_rules() -> None:
    game = new_game()
    attacker, target = game.create_card("バニラ", Player.P1), game.create_card("バニラ", Player.P2)
    game.place_object([attacker], Player.P1)
    defender = game.place_object([target], Player.P2)
    with pytest.raises(IllegalAction, match="untapped"):
        game.attack(attacker, target=target)
    with pytest.raises(IllegalAction, match="own controller"):
        game.attack(attacker, target=Player.P1)
    defender.tapped = True
    game.attack(attacker, target=target)
    obj = game.state.object_of(attacker)
    assert obj is not None and obj.tapped and obj.attacking
    with pytest.raises(IllegalAction):
        game.attack(attacker, target=Player.P2)


def test_an_attack_trigger_is_reported_as_triggered_like_a_zone_change_trigger() -> None:
    """Issue 26.9: an ability that an attack triggers waits and is in the log as triggered (AbilityTriggered), as
    the abilities a move triggers are; one triggered event per ability that waits."""
    watcher = CardDefinition.from_data({"name": "見張り", "type": "クリーチャー", "power": 1000, "abilities": [
        {"trigger": "attacks", "of": "own", "effect": {"pump_creature": {"of": "that", "amount": 2000}}}]})
    game = Game(CardDatabase([VANILLA, watcher]), RulesState.of("2021-03-16", ["2018-09-05", "2021-03-16"]))
    game.set_turn(Turn(3, Player.P1))
    attacker, first, second = (game.create_card(name, Player.P1) for name in ("バニラ", "見張り", "見張り"))
    for card in (attacker, first, second):
        game.place_object([card], Player.P1)
    game.attack(attacker, target=Player.P2)
    triggered = [event for event in game.log if isinstance(event, AbilityTriggered)]
    assert [(event.card, event.ability) for event in triggered] == [(p.card, p.index) for p in game.state.waiting]
    assert {event.card for event in triggered} == {first, second}


def test_turn_start_untaps_draws_and_ends_effects() -> None:
    game = new_game(Turn(3, Player.P2))
    creature, deck_top, mana = (game.create_card("バニラ", Player.P1) for _ in range(3))
    game.place_object([creature], Player.P1, tapped=True)
    game.place(deck_top, Zone.DECK)
    game.place(mana, Zone.MANA, tapped=True)
    game.apply_power_modifier(creature, 1000)
    game.end_turn()
    obj = game.state.object_of(creature)
    assert obj is not None and not obj.tapped
    assert game.state.players[Player.P1].zones[Zone.HAND] == [deck_top]
    assert game.state.players[Player.P1].tapped_mana == set()
    assert game.state.modifiers == []


def test_scripted_choices_must_match() -> None:
    a, b, c = (Card(VANILLA, Player.P1) for _ in range(3))
    script = ChoiceScript([Choice("keep", (a,), Player.P1), Choice("order", (b, c), Player.P2)])
    with pytest.raises(ScriptMismatch, match="ask P1 for the choice 'order', but the script has P2 making it"):
        script.take("order", by=Player.P1, options=(b, c))
    assert script.take("order", by=Player.P2, options=(b, c)).picks == (b, c)
    with pytest.raises(ChoiceNeeded, match="none was scripted") as needed:
        script.take("order", by=Player.P2, options=(b, c))
    assert (needed.value.kind, needed.value.player, needed.value.options) == ("order", Player.P2, (b, c))
    with pytest.raises(ScriptMismatch, match=r"never asked for: keep=\['バニラ'\]"):
        script.finish()


def test_a_creature_leave_watcher_sees_creatures_leave_and_not_other_objects() -> None:
    """「自分のクリーチャーがバトルゾーンを離れた時」 triggers for each creature of its controller that leaves, whatever
    the destination, and not for a card of theirs that leaves the battle zone without being a creature (a ドラグハート・
    フォートレス)."""
    database = CardDatabase.from_entries([
        {"name": "見張り", "type": "クリーチャー", "power": 1000, "civilizations": ["闇"],
         "abilities": [{"trigger": "leaves", "of": "own", "effect": {"draw": 1}}]},
        {"name": "バニラ", "type": "クリーチャー", "power": 2000, "civilizations": ["闇"], "abilities": []},
        {"name": "砦", "type": "ドラグハート・フォートレス", "civilizations": ["水"], "abilities": []},
    ])
    for destination in (Zone.GRAVEYARD, Zone.HAND, Zone.MANA):
        game = Game(database, RulesState.of("2021-03-16", ["2018-09-05", "2021-03-16"]))
        game.set_turn(Turn(3, Player.P1))
        watcher, fortress = game.create_card("見張り", Player.P1), game.create_card("砦", Player.P1)
        creatures = [game.create_card("バニラ", Player.P1) for _ in range(2)]
        for card in (watcher, fortress, *creatures):
            game.place_object([card], Player.P1)
        game.move(fortress, destination)
        assert not [e for e in game.log if isinstance(e, AbilityTriggered)], destination
        for card in creatures:
            game.move(card, destination)
        triggered = [e for e in game.log if isinstance(e, AbilityTriggered)]
        assert len(triggered) == 2 and all(e.card is watcher for e in triggered), (destination, triggered)

"""The one event pipeline: one replacement stage for every replacement form, and triggers after the move.

Replacement (609) → look back → reconstruction plan → perform → record → triggers (603): a replaced
event did not happen (603.2d), and a reconstruction is not an entering (801.4c).
"""

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
from shinpan.reference_engine.core.abilities import (
    Effect,
    Evolution,
    Replacement,
    Subject,
    Triggered,
    TriggerEvent,
    Who,
    parse_ability,
)
from shinpan.reference_engine.core.choices import Choice, ChoiceScript
from shinpan.reference_engine.core.events import Moved, Reconstructed, Replaced
from shinpan.reference_engine.core.objects import Card
from shinpan.reference_engine.core.turns import Turn
from shinpan.suite import rulesets

VANILLA = CardDefinition("バニラ", "クリーチャー", power=2000)
TO_MANA = CardDefinition("マナ置換", "クリーチャー", power=1000,
                         abilities=(Replacement("destroyed", "this", Zone.MANA),))
TO_HAND = CardDefinition("手札置換", "クリーチャー", power=1000, abilities=(Replacement("leaves", "this", Zone.HAND),))
EVOLUTION = CardDefinition("進化", "進化クリーチャー", power=5000, abilities=(Evolution(),))
ON_DESTROYED = CardDefinition("破壊見張り", "クリーチャー", power=1000, abilities=(
    Triggered(TriggerEvent.DESTROYED, Subject(Who.OTHER), Effect("draw", amount=1)),
))
ON_MANA = CardDefinition("マナ見張り", "クリーチャー", power=1000, abilities=(
    Triggered(TriggerEvent.PUT_INTO, Subject(Who.ANY, creature=False), Effect("draw", amount=1),
              destination=Zone.MANA),
))
ON_ENTER = CardDefinition("登場見張り", "クリーチャー", power=1000, abilities=(
    Triggered(TriggerEvent.ENTERS, Subject(Who.OTHER), Effect("draw", amount=1)),
))


def engine_rules(name: str) -> RulesState:
    """The engine's view of a rules state of the kit (a day, a change id, after:ID or before:ID)."""
    state = rulesets.load().named(name)
    return RulesState.of(state.label, state.engine_changes)


def new_game(rules: str = "2025-12-17") -> Game:
    database = CardDatabase([VANILLA, TO_MANA, TO_HAND, EVOLUTION, ON_DESTROYED, ON_MANA, ON_ENTER])
    game = Game(database, engine_rules(rules))
    game.set_turn(Turn(3, Player.P1))
    return game


def put(game: Game, *names: str) -> list[Card]:
    cards = [game.create_card(name, Player.P1) for name in names]
    game.place_object(cards, Player.P1)
    return list(cards)


def test_replacement_forms_are_read_into_one_structured_value() -> None:
    assert parse_ability({"replacement": "destroyed", "of": "this", "instead": "mana"}) == \
        Replacement("destroyed", "this", Zone.MANA)
    assert parse_ability({"replacement": "leaves", "of": "this", "instead": "hand"}) == \
        Replacement("leaves", "this", Zone.HAND)
    assert parse_ability({"replacement": "enter_tapped_to_untapped", "of": "own_creatures"}) == \
        Replacement("enter_tapped_to_untapped", "own_creatures")
    for form in ({"replacement": "leaves", "of": "this"}, {"replacement": "destroyed", "of": "everyone",
                                                           "instead": "mana"},
                 {"replacement": "enter_tapped_to_untapped", "of": "own_creatures", "instead": "hand"}):
        with pytest.raises(UnsupportedByEngine):
            parse_ability(form)


def test_a_self_replacement_goes_through_the_replacement_stage_and_the_replaced_event_triggers_nothing() -> None:
    game = new_game()
    (card,) = put(game, "マナ置換")
    put(game, "破壊見張り")
    put(game, "マナ見張り")
    game.destroy([card])
    assert game.state.players[Player.P1].zones[Zone.MANA] == [card]
    replaced = [e for e in game.log if isinstance(e, Replaced)]
    assert [(e.source, e.ability, e.card) for e in replaced] == [(card, 0, card)]
    moved = [e for e in game.log if isinstance(e, Moved)]
    assert [(e.source, e.destination) for e in moved] == [(Zone.BATTLE, Zone.MANA)]
    # 603.2d: it was not destroyed; it was put into the mana zone, which is what happened.
    assert [p.card.name for p in game.state.waiting] == ["マナ見張り"]


def test_a_destroyed_replacement_of_its_own_card_does_not_replace_other_moves() -> None:
    game = new_game()
    (card,) = put(game, "マナ置換")
    game.move(card, Zone.HAND)
    assert game.state.players[Player.P1].zones[Zone.HAND] == [card]
    assert not any(isinstance(e, Replaced) for e in game.log)


def test_a_leave_replacement_applies_to_a_destruction_too_but_not_to_its_own_destination() -> None:
    game = new_game()
    first, second = game.create_card("手札置換", Player.P1), game.create_card("手札置換", Player.P1)
    game.place_object([first], Player.P1)
    game.place_object([second], Player.P1)
    game.destroy([first])
    game.move(second, Zone.HAND)
    assert game.state.players[Player.P1].zones[Zone.HAND] == [first, second]
    assert [e.card for e in game.log if isinstance(e, Replaced)] == [first]


def test_a_reconstruction_is_not_an_entering() -> None:
    game = new_game()
    top, under = put(game, "進化", "バニラ")
    put(game, "登場見張り")
    game.devolve(top, Zone.GRAVEYARD)
    assert any(isinstance(e, Reconstructed) for e in game.log)
    assert game.state.object_of(under) is not None
    assert game.state.waiting == []


def test_an_evolution_enters_and_its_sources_do_not() -> None:
    game = new_game()
    (source,) = put(game, "バニラ")
    put(game, "登場見張り")
    evolution = game.create_card("進化", Player.P1)
    game.place(evolution, Zone.HAND)
    game.summon(evolution, sources=[source])
    assert [(p.card.name, p.that.card.name if p.that else None) for p in game.state.waiting] == [("登場見張り", "進化")]


# ---------------------------------------------------------------- rule 609 in the replacement stage
OWN_TO_MANA = CardDefinition("自分マナ置換", "クリーチャー", power=1000,
                             abilities=(Replacement("destroyed", "own_creatures", Zone.MANA),))
RETURNED_TO_MANA = CardDefinition("戻し置換", "クリーチャー", power=1000,
                                  abilities=(Replacement("returned_to_hand", "own_creatures", Zone.MANA),))
TO_HAND_ON_DESTROY = CardDefinition("破壊手札置換", "クリーチャー", power=1000,
                                    abilities=(Replacement("destroyed", "this", Zone.HAND),))


def rule_609_game(rules: str = "2025-12-17") -> Game:
    database = CardDatabase([VANILLA, TO_MANA, OWN_TO_MANA, RETURNED_TO_MANA, TO_HAND_ON_DESTROY])
    game = Game(database, engine_rules(rules))
    game.set_turn(Turn(3, Player.P1))
    return game


def test_two_candidates_of_one_player_ask_for_the_choice_replacement() -> None:
    game = rule_609_game()
    (card,) = put(game, "破壊手札置換")
    put(game, "自分マナ置換")
    with pytest.raises(ScriptMismatch):
        game.destroy([card])
    game = rule_609_game()
    (card,) = put(game, "破壊手札置換")
    (other,) = put(game, "自分マナ置換")
    game.destroy([card], ChoiceScript([Choice("replacement", (other,), Player.P1)]))
    assert game.state.players[Player.P1].zones[Zone.MANA] == [card]
    assert [e.source for e in game.log if isinstance(e, Replaced)] == [other]


def test_the_replacing_move_is_never_offered_again() -> None:
    game = rule_609_game()
    (card,) = put(game, "破壊手札置換")
    put(game, "戻し置換")
    game.destroy([card])
    assert game.state.players[Player.P1].zones[Zone.HAND] == [card]
    assert len([e for e in game.log if isinstance(e, Replaced)]) == 1


def test_before_609_9_several_replaced_events_in_one_batch_are_unsupported() -> None:
    game = rule_609_game("2021-12-16")
    first, second = put(game, "マナ置換")[0], put(game, "マナ置換")[0]
    with pytest.raises(UnsupportedByEngine):
        game.destroy([first, second])
    game = rule_609_game("2023-04-10")
    first, second = put(game, "マナ置換")[0], put(game, "マナ置換")[0]
    game.destroy([first, second])
    assert game.state.players[Player.P1].zones[Zone.MANA] == [first, second]


def test_a_mandatory_replacement_cannot_be_declined() -> None:
    game = rule_609_game()
    (card,) = put(game, "破壊手札置換")
    put(game, "自分マナ置換")
    with pytest.raises(IllegalAction):
        game.destroy([card], ChoiceScript([Choice("replacement", (), Player.P1)]))


TAPPER = CardDefinition("タップ係", "クリーチャー", power=1000, abilities=(
    parse_ability({"trigger": "enters", "of": "this", "effect": {"tap": {"whose": "opponent"}}}),))
NO_TAP = CardDefinition("タップ除け", "D2フィールド", abilities=(parse_ability({"static": "no_tap_by_opponent_effects"}),))


@pytest.mark.parametrize("protected", [True, False])
def test_an_opponents_ability_cannot_tap_a_creature_protected_by_a_static_ability(protected: bool) -> None:
    """《弩闘!桃天守閣》: 相手の…クリーチャーの能力によって、自分のクリーチャーはタップされない."""
    game = Game(CardDatabase([VANILLA, TAPPER, NO_TAP]), engine_rules("2025-12-17"))
    game.set_turn(Turn(3, Player.P2))
    mine = game.create_card("バニラ", Player.P1)
    game.place_object([mine], Player.P1)
    if protected:
        game.place_object([game.create_card("タップ除け", Player.P1)], Player.P1)
    tapper = game.create_card("タップ係", Player.P2)
    game.place(tapper, Zone.HAND)
    game.put_into_battle(tapper)
    game.resolve(ChoiceScript([Choice("target", (mine,), Player.P2)]))
    obj = game.state.object_of(mine)
    assert obj is not None and obj.tapped is not protected



def _linked_metsu_attacks() -> tuple[Game, Card, list[Card]]:
    """《竜極神ゲキ》 and 《竜極神メツ》 linked; メツ attacks; the opponent has 3 mana cards."""
    from shinpan.adapters import cards

    database = CardDatabase.from_entries(entry.data for entry in cards.load())
    game = Game(database, engine_rules("2025-12-17"))
    game.set_turn(Turn(3, Player.P1))
    geki, metsu = game.create_card("竜極神ゲキ", Player.P1), game.create_card("竜極神メツ", Player.P1)
    game.place_object([geki], Player.P1)
    game.place_object([metsu], Player.P1)
    mana = [game.create_card("テスト用呪文", Player.P2) for _ in range(3)]
    for card in mana:
        game.place(card, Zone.MANA)
    game.g_link([geki, metsu])
    game.attack(metsu, target=Player.P2)
    return game, metsu, mana


def test_linked_metsu_attacking_puts_up_to_two_opposing_mana_cards_into_the_graveyard() -> None:
    """《竜極神メツ》: このクリーチャーがリンクしていて攻撃する時、相手のマナゾーンからカードを2枚まで選び、墓地に置いてもよい."""
    game, metsu, mana = _linked_metsu_attacks()
    assert [w.card for w in game.state.waiting] == [metsu]
    game.resolve(ChoiceScript([Choice("use", (metsu,), Player.P1), Choice("target", tuple(mana[:2]), Player.P1)]))
    assert game.state.players[Player.P2].zones[Zone.GRAVEYARD] == mana[:2]
    assert game.state.players[Player.P2].zones[Zone.MANA] == mana[2:]


def test_linked_metsu_takes_at_most_two() -> None:
    game, metsu, mana = _linked_metsu_attacks()
    with pytest.raises(IllegalAction, match="up to 2"):
        game.resolve(ChoiceScript([Choice("use", (metsu,), Player.P1), Choice("target", tuple(mana), Player.P1)]))


GRANTER = CardDefinition("種族付与", "クリーチャー", civilizations=("水",), power=1000, abilities=(
    parse_ability({"static": "race_grant", "civilization": "水", "race": "マジック・コマンド"}),))
WATCHER = CardDefinition("種族見張り", "クリーチャー", power=1000, abilities=(
    parse_ability({"trigger": "enters", "of": {"who": "own", "race": "マジック・コマンド"}, "effect": {"draw": 1}}),))
WATER = CardDefinition("水の者", "クリーチャー", civilizations=("水",), power=1000)
FIRE = CardDefinition("火の者", "クリーチャー", civilizations=("火",), power=1000)


@pytest.mark.parametrize(("entering", "triggers"), [("水の者", True), ("火の者", False)])
def test_a_granted_race_is_read_by_race_conditions(entering: str, triggers: bool) -> None:
    """《宇宙 タコンチュ》: 自分の水のクリーチャーはすべて、種族にマジック・コマンドを追加する."""
    game = Game(CardDatabase([GRANTER, WATCHER, WATER, FIRE]), engine_rules("2025-12-17"))
    game.set_turn(Turn(3, Player.P1))
    game.place_object([game.create_card("種族付与", Player.P1)], Player.P1)
    game.place_object([game.create_card("種族見張り", Player.P1)], Player.P1)
    card = game.create_card(entering, Player.P1)
    game.place(card, Zone.HAND)
    game.put_into_battle(card)
    assert bool(game.state.waiting) is triggers

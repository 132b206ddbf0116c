"""Five general rules of the reference engine, each checked on boards the seeds do not show.

- 804.7: a linked god leaves the battle zone alone; the other gods stay, unlinked, with what a split carries.
- 701.26b: a swap either moves both cards as proposed or does nothing at all.
- Cards under a creature that is not an evolution creature go to the graveyard when its top card leaves.
- Deck positions: a card put into a deck goes on top, at the bottom, or is shuffled in.
- A decision with one legal answer is not a choice: it is not asked, and a script that gives it is not unused.
- 409.1f: cards one effect puts into the battle zone together enter one at a time, in the order chosen.

Each test varies the board (count, order, player, destination); the module docstring of each test says which
mutation of the engine it was seen to fail under (its docstring).
"""

from __future__ import annotations

import pytest

from shinpan.reference_engine import (
    CardDatabase,
    CardDefinition,
    Game,
    IllegalAction,
    Player,
    ScriptMismatch,
    UnsupportedByEngine,
    Zone,
)
from shinpan.reference_engine.core.abilities import Evolution, GLink, Replacement, parse_ability
from shinpan.reference_engine.core.choices import Choice, ChoiceScript
from shinpan.reference_engine.core.effects import PowerModifier
from shinpan.reference_engine.core.events import Replaced
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.sickness import is_summoning_sick
from shinpan.reference_engine.core.turns import Turn
from shinpan.reference_engine.core.zones import DeckPosition
from tests.test_pipeline_stages import engine_rules

LEFT = CardDefinition("左神", "クリーチャー", power=5000, abilities=(GLink(("中神",), "left"),))
MIDDLE = CardDefinition("中神", "クリーチャー", power=4000, abilities=(GLink(("左神", "右神"), "left"),))
RIGHT = CardDefinition("右神", "クリーチャー", power=3000, abilities=(GLink(("中神",), "right"),))
GEAR = CardDefinition("装備", "クロスギア")
VANILLA = CardDefinition("バニラ", "クリーチャー", power=2000)
OTHER = CardDefinition("別バニラ", "クリーチャー", power=1000)
EVOLUTION = CardDefinition("進化", "進化クリーチャー", power=5000, abilities=(Evolution(),))
EVOLUTION_V = CardDefinition("進化V", "進化クリーチャー", power=9000, abilities=(Evolution(sources=2),))
LEAVES_TO_HAND = CardDefinition("離脱手札", "クリーチャー", power=1000,
                                abilities=(Replacement("leaves", "this", Zone.HAND),))
RETURNED_TO_MANA = CardDefinition("戻しマナ", "クリーチャー", power=1000,
                                  abilities=(Replacement("returned_to_hand", "own_creatures", Zone.MANA),))
TO_DECK_BOTTOM = CardDefinition("山札下", "クリーチャー", power=1000, abilities=(
    parse_ability({"replacement": "destroyed", "of": "this", "instead": "deck", "position": "bottom"}),))
TO_DECK_BOTTOM_SPELL = CardDefinition("山札下呪文", "呪文", abilities=(
    parse_ability({"replacement": "cast_to_graveyard", "of": "this", "instead": "deck", "position": "bottom"}),))
DESTROY_SPELL = CardDefinition("破壊呪文", "呪文", abilities=(parse_ability({"spell": {"destroy": {"whose": "opponent"}}}),))
ENTER_DRAW = CardDefinition("出た時ドロー", "クリーチャー", power=1000,
                            abilities=(parse_ability({"trigger": "enters", "of": "any", "effect": {"draw": 1}}),))
OTHER_ENTERS = CardDefinition("他登場", "クリーチャー", power=1000,
                              abilities=(parse_ability({"trigger": "enters", "of": "other", "effect": {"draw": 1}}),))

TOOL = CardDefinition("魔導具", "クリーチャー", power=2000, races=("魔導具",))
GATE = CardDefinition("無月", "クリーチャー", power=8000, abilities=(parse_ability({"mugetsu": {"count": 1}}),))

CARDS = [LEFT, MIDDLE, RIGHT, GEAR, VANILLA, OTHER, EVOLUTION, EVOLUTION_V, LEAVES_TO_HAND, RETURNED_TO_MANA,
         TO_DECK_BOTTOM, TO_DECK_BOTTOM_SPELL, DESTROY_SPELL, ENTER_DRAW, OTHER_ENTERS, TOOL, GATE]


def new_game(rules: str = "2025-12-17", active: Player = Player.P1) -> Game:
    game = Game(CardDatabase(CARDS), engine_rules(rules))
    game.set_turn(Turn(3, active))
    return game


def put(game: Game, *names: str, player: Player = Player.P1, attacking: bool = False) -> list[Card]:
    """One object of these cards (top first) in ``player``'s battle zone."""
    cards = [game.create_card(name, player) for name in names]
    game.place_object(cards, player, attacking=attacking, tapped=attacking)
    return cards


def card_in(game: Game, name: str, zone: Zone, player: Player = Player.P1) -> Card:
    card = game.create_card(name, player)
    game.place(card, zone)
    return card


def zone(game: Game, where: Zone, player: Player = Player.P1) -> list[Card]:
    return game.state.players[player].zones[where]


def battle(game: Game, player: Player = Player.P1) -> list[BattleObject]:
    return game.state.players[player].battle


# ------------------------------------------------------------------ 804.7
def linked_gods(game: Game, names: tuple[str, ...], player: Player = Player.P1,
                attacking: bool = False) -> list[Card]:
    gods = [put(game, name, player=player, attacking=attacking and i == 0)[0] for i, name in enumerate(names)]
    game.g_link(gods)
    return gods


@pytest.mark.parametrize("player", [Player.P1, Player.P2])
@pytest.mark.parametrize("destination", [Zone.GRAVEYARD, Zone.HAND, Zone.MANA])
def test_804_7_one_of_two_linked_gods_leaves_alone_and_the_other_keeps_the_effects(player: Player,
                                                                                    destination: Zone) -> None:
    """Mutation tried: the pipeline's linked-god branch removed (the whole object leaves) — fails."""
    game = new_game(active=player)
    left, middle = linked_gods(game, ("左神", "中神"), player)
    linked = game.state.object_of(left)
    assert linked is not None
    game.state.modifiers.append(PowerModifier(linked.serial, 2000))
    if destination is Zone.GRAVEYARD:
        game.destroy([middle])
    else:
        game.move(middle, destination)
    assert zone(game, destination, player) == [middle]
    (stays,) = battle(game, player)
    assert stays.cards == [left] and stays.linked == []
    assert [m.amount for m in game.state.modifiers if m.target == stays.serial] == [2000]


def test_804_7_with_three_gods_the_two_left_are_separate_and_the_attack_goes_on_with_the_chosen_one() -> None:
    """Mutation tried: the remaining gods kept as one linked object — fails (one object, not two)."""
    game = new_game()
    left, middle, right = linked_gods(game, ("左神", "中神", "右神"), attacking=True)
    unscripted = new_game()
    gods = linked_gods(unscripted, ("左神", "中神", "右神"), attacking=True)
    with pytest.raises(ScriptMismatch):  # two gods stay: who goes on attacking is a real choice
        unscripted.destroy([gods[1]])
    game.destroy([middle], ChoiceScript([Choice("keep_attacking", (right,), Player.P1)]))
    assert zone(game, Zone.GRAVEYARD) == [middle]
    assert [o.cards for o in battle(game)] == [[left], [right]]
    assert [o.attacking for o in battle(game)] == [False, True]


def test_403_3_in_a_linked_creature_only_a_gods_own_pile_is_rearranged() -> None:
    """Before 403.4 (2021-03-16) the cards under a card may be rearranged; in a linked creature those are the god's
    own pile (found by explore: an order mixing the gods' piles was taken, and a swap of the god then crashed the
    engine; seen failing before the fix)."""
    game = new_game("before:2021-03-16")
    left = put(game, "左神", "バニラ", "別バニラ")
    middle = put(game, "中神", "バニラ")
    game.g_link([left[0], middle[0]])
    with pytest.raises(IllegalAction):  # the other god and its pile are not under 左神
        game.rearrange_under(left[0], [middle[1], left[2], left[1], middle[0]])
    game.rearrange_under(left[0], [left[2], left[1]])
    (linked,) = battle(game)
    assert linked.parts() == [[left[0], left[2], left[1]], middle]
    game.move(left[0], Zone.HAND)  # 804.7: 左神 leaves with its own pile; 中神 stays with its own
    assert [o.cards for o in battle(game)] == [middle]
    assert left[0] in zone(game, Zone.HAND)


def test_804_7_one_god_left_takes_the_equipment_and_the_attack_without_a_choice() -> None:
    """Mutation tried: ``_chosen`` in link.py asking the script even for one god — ScriptMismatch, fails."""
    game = new_game()
    left, middle = linked_gods(game, ("左神", "中神"), attacking=True)
    (gear,) = put(game, "装備")
    game.equip(gear, left)
    game.move(left, Zone.HAND, choices=ChoiceScript())
    (god, piece) = battle(game)
    assert god.cards == [middle] and god.attacking and piece.attached_to is god


# ------------------------------------------------------------------ 701.26b
def test_701_26b_a_j_change_whose_outgoing_card_would_go_to_the_hand_instead_is_not_performed() -> None:
    """Mutation tried: ``all_or_nothing=False`` in swap.py — the incoming card enters, fails."""
    game = new_game()
    (out,) = put(game, "離脱手札", attacking=True)
    (gear,) = put(game, "装備")
    game.equip(gear, out)
    into = card_in(game, "バニラ", Zone.MANA)
    game.swap(out, into)
    obj = game.state.object_of(out)
    assert obj is not None and obj.attacking
    assert zone(game, Zone.MANA) == [into] and zone(game, Zone.HAND) == []
    piece = game.state.object_of(gear)
    assert piece is not None and piece.attached_to is obj
    assert not any(isinstance(e, Replaced) for e in game.log)


@pytest.mark.parametrize(("replacer", "performed"), [("戻しマナ", False), ("別バニラ", True)])
def test_701_26b_a_revolution_change_is_performed_only_if_both_moves_happen_as_proposed(replacer: str,
                                                                                         performed: bool) -> None:
    """Mutation tried: the ``_as_proposed`` check always true — the creature goes to mana and B enters, fails."""
    game = new_game()
    (out,) = put(game, "バニラ", attacking=True)
    put(game, replacer)
    into = card_in(game, "別バニラ", Zone.HAND)
    game.swap(out, into)
    assert (game.state.object_of(into) is not None) is performed
    assert (zone(game, Zone.HAND) == [out]) is performed
    assert zone(game, Zone.MANA) == []


def test_701_26b_a_replacement_that_keeps_the_destination_does_not_stop_the_swap() -> None:
    game = new_game()
    (out,) = put(game, "離脱手札")
    into = card_in(game, "バニラ", Zone.HAND)
    game.swap(out, into)
    assert zone(game, Zone.HAND) == [out] and game.state.object_of(into) is not None


# ------------------------------------------------------------------ cards under a non-evolution creature
@pytest.mark.parametrize("destination", [Zone.HAND, Zone.MANA, Zone.DECK, Zone.SHIELDS, Zone.GRAVEYARD])
@pytest.mark.parametrize("player", [Player.P1, Player.P2])
def test_cards_under_a_non_evolution_creature_go_to_the_graveyard_wherever_the_top_goes(destination: Zone,
                                                                                        player: Player) -> None:
    """Mutation tried: ``under_go_to_graveyard`` returning False — the cards under follow the top, fails."""
    game = new_game()
    top, first, second = put(game, "バニラ", "別バニラ", "破壊呪文", player=player)
    game.move(top, destination)
    assert top in zone(game, destination, player)
    assert [c for c in zone(game, Zone.GRAVEYARD, player) if c is not top] == [first, second]
    assert battle(game, player) == []


def test_an_evolution_pile_still_moves_together() -> None:
    game = new_game()
    top, source = put(game, "進化", "バニラ")
    game.move(top, Zone.MANA)
    assert zone(game, Zone.MANA) == [top, source] and zone(game, Zone.GRAVEYARD) == []


# ------------------------------------------------------------------ deck positions
@pytest.mark.parametrize(("position", "index"), [(DeckPosition.TOP, 0), (DeckPosition.BOTTOM, 2)])
def test_a_card_moved_into_the_deck_goes_where_the_effect_says(position: DeckPosition, index: int) -> None:
    """Mutation tried: ``_put`` inserting every deck card on top — the bottom case fails."""
    game = new_game()
    deck = [card_in(game, "別バニラ", Zone.DECK) for _ in range(2)]
    (card,) = put(game, "バニラ")
    game.move(card, Zone.DECK, position=position)
    assert zone(game, Zone.DECK).index(card) == index
    assert [c for c in zone(game, Zone.DECK) if c is not card] == deck


def shuffled_in(seed: int) -> tuple[int, list[int]]:
    """Shuffle a card into a deck of five in a game with ``seed``: where it lands, and the deck's order."""
    game = Game(CardDatabase(CARDS), engine_rules("2025-12-17"), seed=seed)
    game.set_turn(Turn(3, Player.P1))
    for _ in range(5):
        card_in(game, "別バニラ", Zone.DECK)
    card = card_in(game, "バニラ", Zone.HAND)
    game.move(card, Zone.DECK, position=DeckPosition.SHUFFLED)
    deck = zone(game, Zone.DECK)
    assert card in deck and len(deck) == 6
    return deck.index(card), [c.serial - min(x.serial for x in deck) for c in deck]


def test_a_shuffled_in_card_is_somewhere_in_the_deck_and_the_order_follows_the_seed() -> None:
    """Mutation tried: the shuffle left out (the card stays at the bottom) — it lands in one place only, fails."""
    assert all(shuffled_in(seed) == shuffled_in(seed) for seed in range(8))  # the same seed, the same order
    assert len({shuffled_in(seed)[0] for seed in range(8)}) > 1  # the card is shuffled in, not put at one end


@pytest.mark.parametrize("position", [DeckPosition.TOP, DeckPosition.BOTTOM])
def test_an_evolution_pile_put_on_or_under_the_deck_is_refused_not_guessed(position: DeckPosition) -> None:
    """The order of several cards put into a deck at once is not in the material: nothing moves. Mutation tried:
    ``_check_deck_order`` returning at once — the pile is put into the deck in an order of the engine's, fails."""
    game = new_game()
    top, source = put(game, "進化", "バニラ")
    with pytest.raises(UnsupportedByEngine, match="order"):
        game.move(top, Zone.DECK, position=position)
    assert [o.cards for o in battle(game)] == [[top, source]] and zone(game, Zone.DECK) == []
    game.move(top, Zone.DECK, position=DeckPosition.SHUFFLED)  # shuffled in, the order is moot
    assert sorted(c.serial for c in zone(game, Zone.DECK)) == sorted([top.serial, source.serial])


@pytest.mark.parametrize("player", [Player.P1, Player.P2])
def test_a_replacement_into_the_deck_uses_its_position(player: Player) -> None:
    """Mutation tried: the replacing move keeping the proposed position (top) — the card is on top, fails."""
    game = new_game()
    top = card_in(game, "別バニラ", Zone.DECK, player)
    (card,) = put(game, "山札下", player=player)
    game.destroy([card])
    assert zone(game, Zone.DECK, player) == [top, card]


def test_a_replacement_into_the_deck_must_say_where() -> None:
    with pytest.raises(UnsupportedByEngine, match="position"):
        parse_ability({"replacement": "destroyed", "of": "this", "instead": "deck"})
    with pytest.raises(UnsupportedByEngine, match="position"):
        parse_ability({"replacement": "destroyed", "of": "this", "instead": "mana", "position": "top"})


# ------------------------------------------------------------------ one legal answer
def test_a_choice_with_one_legal_answer_is_not_asked_and_a_matching_script_is_used() -> None:
    """Mutation tried: ``one_of`` always calling ``take`` — the unscripted case raises ScriptMismatch, fails."""
    only = Card(VANILLA, Player.P1)
    other = Card(OTHER, Player.P1)
    assert ChoiceScript().one_of("target", [only], by=Player.P1, what="x") is only
    script = ChoiceScript([Choice("target", (only,), Player.P1)])
    assert script.one_of("target", [only], by=Player.P1, what="x") is only
    script.finish()  # the scripted answer was used
    with pytest.raises(ScriptMismatch):
        ChoiceScript().one_of("target", [only, other], by=Player.P1, what="x")
    later = ChoiceScript([Choice("target", (other,), Player.P1)])  # kept for a later decision
    later.one_of("target", [only], by=Player.P1, what="x")
    assert later.one_of("target", [only, other], by=Player.P1, what="x") is other


@pytest.mark.parametrize("count", [1, 2])
def test_a_spell_destroys_the_only_opposing_creature_without_a_target_choice(count: int) -> None:
    game = new_game()
    spell = card_in(game, "破壊呪文", Zone.HAND)
    targets = [put(game, "バニラ", player=Player.P2)[0] for _ in range(count)]
    if count == 1:
        game.cast(spell)
    else:
        with pytest.raises(ScriptMismatch):
            game.cast(spell)
        game = new_game()
        spell = card_in(game, "破壊呪文", Zone.HAND)
        targets = [put(game, "バニラ", player=Player.P2)[0] for _ in range(count)]
        game.cast(spell, ChoiceScript([Choice("target", (targets[1],), Player.P1)]))
    assert zone(game, Zone.GRAVEYARD, Player.P2) == [targets[-1]]


@pytest.mark.parametrize(("under", "asked"), [(("バニラ",), False), (("バニラ", "別バニラ"), True)])
def test_old_reconstruction_asks_for_sources_only_when_there_is_more_than_one_possibility(
        under: tuple[str, ...], asked: bool) -> None:
    """Mutation tried: the ``len(proper) == evolution.sources`` branch removed — the one-source case raises
    ScriptMismatch, fails."""
    game = new_game("2018-08-09")
    cards = put(game, "進化V", "進化", *under)
    keep = ChoiceScript([Choice("keep_after_reconstruction", (cards[1],), Player.P1)])
    if asked:
        with pytest.raises(ScriptMismatch):
            game.devolve(cards[0], Zone.GRAVEYARD, keep)
        game = new_game("2018-08-09")
        cards = put(game, "進化V", "進化", *under)
        keep = ChoiceScript([Choice("keep_after_reconstruction", (cards[1],), Player.P1),
                             Choice("reconstruction_sources", (cards[-1],), Player.P1)])
    game.devolve(cards[0], Zone.GRAVEYARD, keep)
    (kept,) = battle(game)
    assert kept.cards == [cards[1], cards[-1]]


def _forced_replacement(game: Game) -> tuple[Card, Choice]:
    (card,) = put(game, "山札下")  # its one replacement, not optional, is the only candidate
    return card, Choice("replacement", (card,), Player.P1)


def _forced_self_replacement(game: Game) -> tuple[Card, Choice]:
    spell = card_in(game, "山札下呪文", Zone.HAND)  # its own replacement applies first (609.8a): not a choice
    return spell, Choice("replacement", (spell,), Player.P1)


def _forced_attack_after_devolving(game: Game) -> tuple[Card, Choice]:
    top, source = put(game, "進化", "バニラ", attacking=True)  # one creature stays: it goes on attacking
    return top, Choice("keep_attacking", (source,), Player.P1)


def _forced_order_under(game: Game) -> tuple[Card, Choice]:
    (target,) = put(game, "バニラ")
    card = card_in(game, "別バニラ", Zone.HAND)  # one card put under: one order
    return target, Choice("order_under", (card,), Player.P1)


def _forced_order(game: Game) -> tuple[Card, Choice]:
    card = card_in(game, "出た時ドロー", Zone.HAND)  # one card has abilities waiting: nothing to order
    card_in(game, "別バニラ", Zone.DECK)
    return card, Choice("order", (card,), Player.P1)


def _act(game: Game, kind: str, card: Card, script: ChoiceScript) -> None:
    if kind == "replacement" and card.definition.is_spell:
        game.cast(card, script)
    elif kind == "replacement":
        game.destroy([card], script)
    elif kind == "keep_attacking":
        game.devolve(card, Zone.GRAVEYARD, script)
    elif kind == "order_under":
        game.put_under(card, [zone(game, Zone.HAND)[0]], script)
    else:
        game.put_into_battle(card)
        game.resolve(script)


@pytest.mark.parametrize("setup", [_forced_replacement, _forced_self_replacement, _forced_attack_after_devolving,
                                   _forced_order_under, _forced_order])
@pytest.mark.parametrize("scripted", [False, True])
def test_every_decision_with_one_legal_answer_takes_it_and_uses_a_matching_script(setup: object,
                                                                                   scripted: bool) -> None:
    """The rule holds at every decision of the engine, not only at a target: unscripted, the one answer is taken;
    scripted with that answer, the script is used (no unused choice). Mutation tried: ``_decide`` in
    replacements.py returning the one candidate without ``forced`` — the scripted case raises ScriptMismatch."""
    assert callable(setup)
    game = new_game()
    card, choice = setup(game)
    _act(game, choice.kind, card, ChoiceScript([choice] if scripted else []))
    assert game.log  # something happened


def test_old_reconstruction_keeps_every_creature_it_may_without_asking_and_uses_a_matching_script() -> None:
    """Before 2021-03-16, one creature under an evolution creature that needed one source: it stays, and it goes on
    attacking; scripting either decision with that answer is no script mismatch."""
    for scripted in (False, True):
        game = new_game("2018-08-09")
        top, source = put(game, "進化", "バニラ", attacking=True)
        script = ChoiceScript([Choice("keep_after_reconstruction", (source,), Player.P1),
                               Choice("keep_attacking", (source,), Player.P1)] if scripted else [])
        game.devolve(top, Zone.GRAVEYARD, script)
        (kept,) = battle(game)
        assert kept.cards == [source] and kept.attacking


# ------------------------------------------------------------------ 409.1f
def _triggered(game: Game) -> int:
    return len(game.state.waiting)


@pytest.mark.parametrize("active", [Player.P1, Player.P2])
@pytest.mark.parametrize("order", [(0, 1, 2), (1, 0, 2), (1, 2, 0), (2, 1, 0), (0, 2, 1), (2, 0, 1)])
def test_409_1f_cards_put_together_enter_one_at_a_time_in_the_chosen_order(active: Player,
                                                                              order: tuple[int, ...]) -> None:
    """The watcher (「他のクリーチャーが出た時」) sees exactly the cards that enter after it: as many triggers as cards
    after it in the chosen order, whoever's turn and effect it is; the order is that player's choice. Seen failing
    with the batch performed as one event (every order: 2) and with the order ignored (the listed order)."""
    game = new_game(active=active)
    cards = [card_in(game, name, Zone.HAND, active) for name in ("他登場", "バニラ", "別バニラ")]
    picks = tuple(cards[i] for i in order)
    game.put_into_battle(cards[0], together=cards[1:], choices=ChoiceScript([Choice("enter_order", picks, active)]))
    assert _triggered(game) == 2 - order.index(0)
    assert [o.top for o in battle(game, active)] == list(picks)


def test_409_1f_before_the_change_the_cards_enter_in_one_event_and_no_order_is_asked() -> None:
    game = new_game("before:enter-one-at-a-time")
    cards = [card_in(game, name, Zone.HAND) for name in ("バニラ", "他登場", "別バニラ")]
    game.put_into_battle(cards[0], together=cards[1:])
    assert _triggered(game) == 2


def test_409_1f_the_order_must_name_every_card_and_is_asked_of_the_right_player() -> None:
    game = new_game()
    cards = [card_in(game, name, Zone.HAND) for name in ("他登場", "バニラ")]
    with pytest.raises(ScriptMismatch, match="enter_order"):
        game.put_into_battle(cards[0], together=cards[1:], choices=ChoiceScript())
    with pytest.raises(ScriptMismatch, match="P2"):
        game.put_into_battle(cards[0], together=cards[1:],
                             choices=ChoiceScript([Choice("enter_order", tuple(cards), Player.P2)]))
    with pytest.raises(IllegalAction, match="every card"):
        game.put_into_battle(cards[0], together=cards[1:],
                             choices=ChoiceScript([Choice("enter_order", (cards[0],), Player.P1)]))


# ------------------------------------------------------------------ seals of a creature that leaves
SEALED_LEAVES = {
    "destroyed": lambda game, top, other: game.destroy([top]),
    "moved to the hand": lambda game, top, other: game.move(top, Zone.HAND),
    "moved to the mana zone": lambda game, top, other: game.move(top, Zone.MANA),
    "swapped": lambda game, top, other: game.swap(top, other),
}


@pytest.mark.parametrize("leaving", list(SEALED_LEAVES))
@pytest.mark.parametrize("player", [Player.P1, Player.P2])
def test_where_the_seals_of_a_creature_that_leaves_go_is_refused_not_guessed(leaving: str, player: Player) -> None:
    """Where the seals (116) of a creature that leaves the battle zone go is not in the rules material: the engine
    refuses (unsupported) and nothing moves. Seen failing without the refusal: the seal card was in no zone at all
    (found by ``shinpan explore``'s one-place property)."""
    game = new_game()
    (top,) = put(game, "バニラ", player=player)
    seal = card_in(game, "別バニラ", Zone.DECK, player)
    other = card_in(game, "別バニラ", Zone.HAND, player)
    game.seal(top)
    with pytest.raises(UnsupportedByEngine, match="seal"):
        SEALED_LEAVES[leaving](game, top, other)
    (sealed,) = battle(game, player)
    assert sealed.top is top and sealed.seals == [seal] and other in zone(game, Zone.HAND, player)


# ------------------------------------------------------------------ the card that becomes a seal moves
@pytest.mark.parametrize("player", [Player.P1, Player.P2])
@pytest.mark.parametrize("deck", [1, 3])
def test_116_1a_the_seal_moves_from_the_deck_and_701_23a_back_to_the_graveyard(player: Player, deck: int) -> None:
    """To seal, the top card of the owner's deck moves onto the creature (116.1a); a seal is in the battle zone
    (116.3); removing it moves it from the battle zone to the graveyard (701.23a). Both moves are events (seen
    failing before: the log had no event for either, and the differential oracle reported a correct engine's
    deck → battle move as a difference after every seal)."""
    from shinpan.reference_engine.core.events import Moved

    game = new_game()
    (top,) = put(game, "バニラ", player=player)
    cards = [card_in(game, "別バニラ", Zone.DECK, player) for _ in range(deck)]
    first = zone(game, Zone.DECK, player)[0]
    seen = len(game.log)
    game.seal(top)
    moved = [e for e in game.log[seen:] if isinstance(e, Moved)]
    assert [(e.card, e.source, e.destination, e.player) for e in moved] == [(first, Zone.DECK, Zone.BATTLE, player)]
    assert first not in zone(game, Zone.DECK, player) and len(zone(game, Zone.DECK, player)) == len(cards) - 1
    seen = len(game.log)
    game.unseal(top)
    moved = [e for e in game.log[seen:] if isinstance(e, Moved)]
    assert [(e.card, e.source, e.destination) for e in moved] == [(first, Zone.BATTLE, Zone.GRAVEYARD)]
    assert first in zone(game, Zone.GRAVEYARD, player)


# ------------------------------------------------------------------ a sealed creature cannot be chosen
def _evolve_onto(game: Game, sealed: Card, other: Card) -> None:
    game.summon(card_in(game, "進化", Zone.HAND), sources=[sealed])


def _jump(game: Game, sealed: Card, other: Card) -> None:
    game.side_jump(sealed, other)


def _jump_onto(game: Game, sealed: Card, other: Card) -> None:
    game.side_jump(other, sealed)


def _gate_onto(game: Game, sealed: Card, other: Card) -> None:
    game.mugetsu(card_in(game, "無月", Zone.HAND), [sealed])


CHOOSING_A_SEALED = {"evolving onto it": (_evolve_onto, ("バニラ",), ("進化", "別バニラ")),
                     "its top card jumping": (_jump, ("進化", "バニラ"), ("別バニラ",)),
                     "jumping onto it": (_jump_onto, ("バニラ",), ("進化", "別バニラ")),
                     "無月の門 onto it": (_gate_onto, ("魔導具",), ("別バニラ",))}


@pytest.mark.parametrize("move", list(CHOOSING_A_SEALED))
def test_116_2a_a_sealed_creature_is_not_chosen_by_a_move_and_keeps_its_seal(move: str) -> None:
    """A sealed creature is ignored: treated as not in the battle zone, it cannot be chosen (116.2a) — not as a source
    to evolve onto, not to side-jump or be jumped onto, not as a 魔導具 of 無月の門. Seen failing without the rule:
    each move went through and the seal card was in no zone at all (found by shinpan explore's one-place
    property)."""
    act, sealed_pile, other_pile = CHOOSING_A_SEALED[move]
    game = new_game()
    sealed = put(game, *sealed_pile)[0]
    other = put(game, *other_pile)[0]
    seal = card_in(game, "別バニラ", Zone.DECK)
    game.seal(sealed)
    with pytest.raises(IllegalAction, match=r"116\.2a"):
        act(game, sealed, other)
    obj = game.state.object_of(sealed)
    assert obj is not None and obj.seals == [seal]


def test_116_2a_a_sealed_linked_creature_is_not_unlinked_and_keeps_its_seal() -> None:
    """Gods that are linked and then sealed: an effect unlinking them cannot choose them (116.2a), as gods one of
    which is sealed are not linked. Seen failing without the rule: the unlink went through and the seal card was in
    no zone at all (found by shinpan explore's one-place property over the play of issue 30's swarms)."""
    from shinpan.explore.engines import AnswerStatus, Engine
    from shinpan.running.cases import Move, Setup
    from shinpan.suite import rulesets

    state = {"cards": {"L": "テスト用ゴッドL", "R": "テスト用ゴッドR", "D": "テスト用クリーチャーA"},
             "turn": {"number": 3, "active": "me"},
             "players": {"me": {"battle": [{"cards": ["L"]}, {"cards": ["R"]}], "deck": ["D"]}, "opp": {}}}
    engine = Engine("reference")
    try:
        assert engine.start(Setup(rulesets.load().today().as_sent(), 0, state)).status is AnswerStatus.OK
        assert engine.act(Move({"type": "g_link", "cards": ["L", "R"]})).status is AnswerStatus.OK
        assert engine.act(Move({"type": "seal", "card": "L"})).status is AnswerStatus.OK
        answer = engine.act(Move({"type": "unlink", "card": "L"}, attempt=True))
        assert answer.status is AnswerStatus.REJECTED and "116.2a" in answer.message
        seen = engine.observe().observation
        assert seen is not None
        (linked,) = seen["players"]["me"]["battle"]
        assert linked["seals"] == ["D"] and sorted(linked["linked"]) == ["L", "R"]
    finally:
        engine.stop()


# ------------------------------------------------------------------ devolving and summoning sickness (timeline #2)
@pytest.mark.parametrize(("rules", "sick"), [("before:devolve-sickness", False), ("devolve-sickness", True),
                                             ("2018-08-09", True), ("2025-12-17", True)])
@pytest.mark.parametrize("source_entered_this_turn", [True, False])
def test_what_devolving_leaves_is_sick_only_from_the_january_2014_change(rules: str, sick: bool,
                                                                         source_entered_this_turn: bool) -> None:
    """Issue 37.3: before the devolve-sickness change nothing left by devolving was summoning-sick (timeline #2);
    from it, the card's own entry turn decides (301.5), under the old reconstruction and the new. A card there since
    before the turn is never sick. Mutation tried: ``spared_sickness`` ignored in ``is_summoning_sick`` — the
    before:devolve-sickness case with a source that entered this turn fails."""
    game = new_game(rules)
    evolution, source = (game.create_card(name, Player.P1) for name in ("進化", "バニラ"))
    game.place_object([evolution, source], Player.P1, arrived_this_turn=[evolution, source]
                      if source_entered_this_turn else [evolution])
    game.devolve(evolution, Zone.HAND)
    (stayed,) = battle(game)
    assert stayed.cards == [source]
    assert is_summoning_sick(game.state, stayed) is (sick and source_entered_this_turn)

"""もし steps: the moves."""

from __future__ import annotations

from pytest_bdd import parsers, when

from shinpan.steps.duel import Duel
from shinpan.steps.vocabulary import (
    CARD_PATTERN,
    CARDS_PATTERN,
    DECK_POSITION_PATTERN,
    DECK_POSITIONS,
    PLAYER_PATTERN,
    PLAYERS,
    ZONE_PATTERN,
    ZONES,
    card_ref,
    card_refs,
)


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})が(?P<card>{CARD_PATTERN})を召喚する"))
def summon(duel: Duel, player: str, card: str) -> None:
    """召喚: the card's owner summons it from the hand."""
    duel.act({"type": "summon", "card": duel.own(PLAYERS[player], card_ref(card))})


@when(parsers.re(rf"効果で(?P<cards>{CARDS_PATTERN})が(同時に)?破壊される"))
def destroy(duel: Duel, cards: str) -> None:
    """An effect destroys the named creatures at the same time."""
    duel.act({"type": "destroy", "cards": [duel.label(ref) for ref in card_refs(cards)]})


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})が持ち主の(?P<zone>{ZONE_PATTERN})に置かれる"))
def move(duel: Duel, card: str, zone: str) -> None:
    """An effect moves the card (with its object) to its owner's zone; the battle zone means 出す."""
    label = duel.label(card_ref(card))
    if ZONES[zone] == "battle":
        duel.act({"type": "put_into_battle", "card": label})
    else:
        duel.act({"type": "move", "card": label, "to": ZONES[zone]})


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})が持ち主の山札の(?P<where>{DECK_POSITION_PATTERN})に置かれる"))
def move_into_deck(duel: Duel, card: str, where: str) -> None:
    """An effect puts the card (with its object) on top of, or at the bottom of, its owner's deck."""
    duel.act({"type": "move", "card": duel.label(card_ref(card)), "to": "deck", "position": DECK_POSITIONS[where]})


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})が持ち主の山札に加えられ、山札がシャッフルされる"))
def shuffle_into_deck(duel: Duel, card: str) -> None:
    """An effect puts the card into its owner's deck, and the deck is shuffled (山札に加えてシャッフルする)."""
    duel.act({"type": "move", "card": duel.label(card_ref(card)), "to": "deck", "position": "shuffled"})


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})がバトルゾーンに出る"))
def put_into_battle(duel: Duel, card: str) -> None:
    """出す: an effect puts the card into its owner's battle zone."""
    duel.act({"type": "put_into_battle", "card": duel.label(card_ref(card))})


@when(parsers.re(rf"効果で(?P<cards>{CARD_PATTERN}(?:と{CARD_PATTERN})+)が同時にバトルゾーンに出る"))
def put_several_into_battle(duel: Duel, cards: str) -> None:
    """出す: one effect puts these cards into their owners' battle zones at the same time: one event (603.5a), or,
    under 409.1f, held and entering one at a time in the order scripted (enter_order)."""
    first, *rest = [duel.label(ref) for ref in card_refs(cards)]
    duel.act({"type": "put_into_battle", "card": first, "with": rest})


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は(?P<cards>{CARDS_PATTERN})の順に1枚ずつバトルゾーンに出すことにする"))
def choose_entering_order(duel: Duel, player: str, cards: str) -> None:
    """Scripted choice enter_order: the order in which the cards one effect puts into the battle zone together
    enter, one at a time (409.1f)."""
    duel.script_choice(PLAYERS[player], "enter_order", card_refs(cards))


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})が(?P<card>{CARD_PATTERN})をマナゾーンに置く"))
def charge_mana(duel: Duel, player: str, card: str) -> None:
    """マナチャージ from the hand."""
    duel.act({"type": "charge_mana", "card": duel.own(PLAYERS[player], card_ref(card))})


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})がカードを(?P<count>\d+)枚引く"))
def draw(duel: Duel, player: str, count: str) -> None:
    """The player draws cards from the top of the deck."""
    duel.draw_from(PLAYERS[player], int(count))
    duel.act({"type": "draw", "player": PLAYERS[player], "count": int(count)})


@when(parsers.re(rf"(?P<card>{CARD_PATTERN})で(?P<target>{PLAYER_PATTERN})を攻撃(?P<attempt>しようと)?する"))
def attack_player(duel: Duel, card: str, target: str, attempt: str | None) -> None:
    """Declare an attack on a player. 〜しようとする only tries: the result is checked by a later step."""
    action = {"type": "attack", "attacker": duel.label(card_ref(card)), "target": {"player": PLAYERS[target]}}
    duel.act(action, attempt=bool(attempt))


@when(parsers.re(rf"(?P<card>{CARD_PATTERN})で(?P<target>{CARD_PATTERN})を攻撃(?P<attempt>しようと)?する"))
def attack_creature(duel: Duel, card: str, target: str, attempt: str | None) -> None:
    """Declare an attack on a creature. 〜しようとする only tries: the result is checked by a later step."""
    action = {"type": "attack", "attacker": duel.label(card_ref(card)),
              "target": {"card": duel.label(card_ref(target))}}
    duel.act(action, attempt=bool(attempt))


@when("ターンが終わる")
def end_turn(duel: Duel) -> None:
    """The current turn ends and the next player's turn begins."""
    duel.end_turn()


@when(parsers.re(rf"次の(?P<player>{PLAYER_PATTERN})のターンになる"))
def next_turn_of(duel: Duel, player: str) -> None:
    """Turns end until the named player's next turn has begun (at least one turn ends; whose turn it is follows
    from the setup and the turns ended, as the players alternate)."""
    duel.end_turn()
    while duel.active_player() != PLAYERS[player]:
        duel.end_turn()

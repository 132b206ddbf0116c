"""ならば steps: checks against the adapter's observation."""

from __future__ import annotations

from collections.abc import Mapping

from pytest_bdd import parsers, then

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


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})の(?P<zone>{ZONE_PATTERN})に(?P<cards>{CARDS_PATTERN})が(ある|いる)"))
def in_zone(duel: Duel, player: str, zone: str, cards: str) -> None:
    """Each card is in that player's zone."""
    for ref in card_refs(cards):
        duel.check({"check": "in_zone", "player": PLAYERS[player], "zone": ZONES[zone], "card": duel.label(ref),
                    "present": True})


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})の(?P<zone>{ZONE_PATTERN})に(?P<cards>{CARDS_PATTERN})は(ない|いない)"))
def not_in_zone(duel: Duel, player: str, zone: str, cards: str) -> None:
    """None of the cards is in that player's zone."""
    for ref in card_refs(cards):
        duel.check({"check": "in_zone", "player": PLAYERS[player], "zone": ZONES[zone], "card": duel.label(ref),
                    "present": False})


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})の(?P<zone>{ZONE_PATTERN})のカードは(?P<count>\d+)枚である"))
def zone_size(duel: Duel, player: str, zone: str, count: str) -> None:
    """The number of cards in a zone (in the battle zone: every card of every object)."""
    duel.check({"check": "zone_count", "player": PLAYERS[player], "zone": ZONES[zone], "count": int(count)})


def expect_object(duel: Duel, label: str, field: str, test: str, value: object, *, observable: bool = True) -> None:
    """Check one field of the battle-zone object the card ``label`` is in (UNOBSERVABLE if ``observable`` and
    the adapter does not report the field)."""
    check = {"check": "object", "card": label, "field": field, "test": test, "value": value}
    duel.check({**check, "observable": field} if observable else check)


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})の山札の(?P<where>{DECK_POSITION_PATTERN})は(?P<card>{CARD_PATTERN})である"))
def deck_position(duel: Duel, player: str, where: str, card: str) -> None:
    """The card is the top (一番上) or the bottom (一番下) card of the player's deck (needs ``deck_order``)."""
    duel.check({"check": "position", "player": PLAYERS[player], "zone": "deck", "end": DECK_POSITIONS[where],
                "card": duel.label(card_ref(card)), "observable": "deck_order"})


def expect_object_field(duel: Duel, card: str, field: str, expected: object) -> None:
    """Check one observed field of the battle-zone object ``card`` is in (UNOBSERVABLE if not reported)."""
    expect_object(duel, duel.label(card_ref(card)), field, "equals", expected)


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は召喚酔い(?P<neg>していない|している)"))
def summoning_sick(duel: Duel, card: str, neg: str) -> None:
    """Whether summoning sickness (301.5) stops it from attacking."""
    expect_object_field(duel, card, "summoning_sick", neg == "している")


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は攻撃(?P<ability>できる|できない)"))
def can_attack(duel: Duel, card: str, ability: str) -> None:
    """Whether it could declare an attack now."""
    expect_object_field(duel, card, "can_attack", ability == "できる")


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は(?P<state>タップ|アンタップ)されている"))
def tapped(duel: Duel, card: str, state: str) -> None:
    """Its tap state (位相): of its battle-zone object, or, for a card in a mana zone, in the mana zone (where the card
    is decides when the check is judged: the ``tapped`` check of :mod:`shinpan.checks`)."""
    duel.check({"check": "tapped", "card": duel.label(card_ref(card)), "value": state == "タップ"})


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})のバトルゾーンで攻撃中のクリーチャーは(?P<count>\d+)体である"))
def attacking_count(duel: Duel, player: str, count: str) -> None:
    """How many of the player's battle-zone objects are attacking (which ones is not checked)."""
    duel.check({"check": "count", "list": "objects", "player": PLAYERS[player], "where": {"attacking": True},
                "test": "==", "value": int(count), "observable": "attacking"})


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は攻撃中(?P<neg>である|ではない)"))
def attacking(duel: Duel, card: str, neg: str) -> None:
    """Whether it is attacking."""
    expect_object_field(duel, card, "attacking", neg == "である")


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})のパワーは(?P<power>\d+)である"))
def power(duel: Duel, card: str, power: str) -> None:
    """The object's current power."""
    expect_object_field(duel, card, "power", int(power))


@then(parsers.re("その行動は(?P<verdict>拒否される|認められる)"))
def verdict(duel: Duel, verdict: str) -> None:
    """Whether the rules allowed the move just tried (〜しようとする)."""
    duel.check({"check": "rejected", "value": verdict == "拒否される"})


def how_many(count: str | None) -> tuple[str, int]:
    """An optional count in a phrase (〜回, 〜つ) as a count check's test: exactly that many, or at least one."""
    return ("==", int(count)) if count is not None else (">=", 1)


def expect_events(duel: Duel, where: Mapping[str, object], test: str, value: int, listed: str = "events") -> None:
    """Since the previous observation, the events (or the waiting abilities) matching ``where``: ``==`` or
    ``>=`` ``value`` of them."""
    duel.check({"check": "count", "list": listed, "where": where, "test": test, "value": value,
                "observable": listed})


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})が(?P<source>{ZONE_PATTERN})から(?P<dest>{ZONE_PATTERN})に移動した"))
def moved(duel: Duel, card: str, source: str, dest: str) -> None:
    """Since the previous observation, the card moved from one zone to the other."""
    label = duel.label(card_ref(card))
    expect_events(duel, {"type": "moved", "card": label, "from": ZONES[source], "to": ZONES[dest]}, ">=", 1)

"""前提 steps: the starting state."""

from __future__ import annotations

from pytest_bdd import given, parsers

from shinpan.steps.duel import Duel
from shinpan.steps.vocabulary import (
    CARD_PATTERN,
    CARD_ZONE_PATTERN,
    CARDS_PATTERN,
    PLAYER_PATTERN,
    PLAYERS,
    ZONES,
    card_ref,
    card_refs,
    signed_int,
)


@given(parsers.re(rf"(?P<player>{PLAYER_PATTERN})のターンである"))
def whose_turn(duel: Duel, player: str) -> None:
    """It is this player's turn, in its main step."""
    duel.set_turn(PLAYERS[player])


@given(parsers.re(rf"(?P<player>{PLAYER_PATTERN})の(?P<zone>{CARD_ZONE_PATTERN})に(?P<cards>{CARDS_PATTERN})がある"))
def cards_in_zone(duel: Duel, player: str, zone: str, cards: str) -> None:
    """Cards in a zone other than the battle zone, in order (the deck is listed top first)."""
    for ref in card_refs(cards):
        duel.put(PLAYERS[player], ZONES[zone], ref)


@given(parsers.re(rf"(?P<player>{PLAYER_PATTERN})のバトルゾーンに(?P<cards>{CARDS_PATTERN})がある"))
def elements_in_battle_zone(duel: Duel, player: str, cards: str) -> None:
    """Non-creature elements in the battle zone (フィールド, …): each its own object, there since before this turn."""
    for ref in card_refs(cards):
        duel.put_object(PLAYERS[player], [ref])


@given(parsers.re(
    rf"(?P<player>{PLAYER_PATTERN})のバトルゾーンに(?P<arrived>このターンに出た)?(?P<tapped>タップされた)?"
    rf"(?P<attacking>攻撃中の)?(?P<cards>{CARDS_PATTERN})がいる"
))
def creatures_in_state(duel: Duel, player: str, arrived: str | None, tapped: str | None, attacking: str | None,
                       cards: str) -> None:
    """Battle-zone objects of one card each: untapped and there since before this turn, unless
    このターンに出た (entered this turn), タップされた (tapped) or 攻撃中の (attacking, so tapped) says otherwise."""
    for ref in card_refs(cards):
        duel.put_object(PLAYERS[player], [ref], tapped=bool(tapped or attacking), arrived=bool(arrived),
                        attacking=bool(attacking))


@given(parsers.re(
    rf"(?P<card>{CARD_PATTERN})は解決済みの効果でこのターンの終わりまでパワー(?P<amount>[+\-＋－]\d+)されている"
))
def resolved_power_effect(duel: Duel, card: str, amount: str) -> None:
    """A spell or ability has already resolved and changed the power until end of turn."""
    duel.add_effect(card_ref(card), signed_int(amount))

"""前提 steps: the starting state. Each phrase is followed by its renderer (setup fragment → the phrase)."""

from __future__ import annotations

from typing import Any

from pytest_bdd import given, parsers

from shinpan.steps.duel import Duel
from shinpan.steps.printer.phrases import Context, Message, setup_phrase
from shinpan.steps.vocabulary import (
    CARD_PATTERN,
    CARD_ZONE_PATTERN,
    CARDS_PATTERN,
    DURATION_PATTERN,
    DURATIONS,
    PLAYER_PATTERN,
    PLAYERS,
    TURN_STEP_PATTERN,
    TURN_STEPS,
    ZONES,
    card_ref,
    card_refs,
    signed_int,
)

DEFAULT_TURN_NUMBER = 3
"""The turn number a scenario that does not say one plays in (a turn after both players' first)."""


@given(parsers.re(rf"(?:(?P<number>\d+)ターン目の)?(?P<player>{PLAYER_PATTERN})のターン(?:の(?P<step>{TURN_STEP_PATTERN}))?である"))
def whose_turn(duel: Duel, player: str, number: str | None, step: str | None) -> None:
    """It is this player's turn (the 3rd turn of the game, unless 〜ターン目の says), in its main step (unless
    the phrase names another step)."""
    duel.set_turn(PLAYERS[player], int(number) if number else DEFAULT_TURN_NUMBER, TURN_STEPS[step] if step else "main")


@setup_phrase("turn")
def say_whose_turn(turn: Message, context: Context) -> str:
    number = "" if turn["number"] == DEFAULT_TURN_NUMBER else f"{turn['number']}ターン目の"
    step = "" if turn["step"] == "main" else "の" + next(w for w, s in TURN_STEPS.items() if s == turn["step"])
    return f"{number}{context.player(turn['active'])}のターン{step}である"


@given(parsers.re(rf"(?P<player>{PLAYER_PATTERN})の(?P<zone>{CARD_ZONE_PATTERN})に(?P<cards>{CARDS_PATTERN})がある"))
def cards_in_zone(duel: Duel, player: str, zone: str, cards: str) -> None:
    """Cards in a zone other than the battle zone, in order (the deck is listed top first)."""
    for ref in card_refs(cards):
        duel.put(PLAYERS[player], ZONES[zone], ref)


@setup_phrase("zone")
def say_cards_in_zone(run: Message, context: Context) -> str:
    return f"{context.player(run['player'])}の{context.zone(run['zone'])}に{context.cards(run['cards'])}がある"


@given(parsers.re(rf"(?P<player>{PLAYER_PATTERN})のマナゾーンにタップされた(?P<cards>{CARDS_PATTERN})がある"))
def tapped_mana(duel: Duel, player: str, cards: str) -> None:
    """Tapped cards in the mana zone, in order after the cards already there."""
    for ref in card_refs(cards):
        duel.put_tapped_mana(PLAYERS[player], ref)


@setup_phrase("tapped_mana")
def say_tapped_mana(run: Message, context: Context) -> str:
    return f"{context.player(run['player'])}のマナゾーンにタップされた{context.cards(run['cards'])}がある"


@given(parsers.re(rf"(?P<player>{PLAYER_PATTERN})のバトルゾーンに(?P<cards>{CARDS_PATTERN})がある"))
def elements_in_battle_zone(duel: Duel, player: str, cards: str) -> None:
    """Non-creature elements in the battle zone (フィールド, …): each its own object, there since before this turn."""
    for ref in card_refs(cards):
        duel.put_object(PLAYERS[player], [ref])


def _plain(obj: Message) -> bool:
    """An object of one card, said with nothing but its place."""
    return len(obj["cards"]) == 1 and not (obj["treated"] or obj["tapped"] or obj["attacking"] or obj["arrived"])


@setup_phrase("object")
def say_element(obj: Message, context: Context) -> str | None:
    if not _plain(obj) or context.is_creature(obj["cards"][0]):
        return None
    return f"{context.player(obj['player'])}のバトルゾーンに{context.card(obj['cards'][0])}がある"


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


@setup_phrase("object")
def say_creature(obj: Message, context: Context) -> str | None:
    if len(obj["cards"]) != 1 or obj["treated"] or (_plain(obj) and not context.is_creature(obj["cards"][0])):
        return None
    state = ("このターンに出た" if obj["arrived"] else "") + \
        ("攻撃中の" if obj["attacking"] else "タップされた" if obj["tapped"] else "")
    return f"{context.player(obj['player'])}のバトルゾーンに{state}{context.card(obj['cards'][0])}がいる"


@given(parsers.re(rf"(?P<card>{CARD_PATTERN})は攻撃している"))
def attacking_at_start(duel: Duel, card: str) -> None:
    """The object the card is part of is attacking (without being tapped, unless a phrase said so)."""
    duel.setup_object(card_ref(card))["attacking"] = True


@setup_phrase("attacking")
def say_attacking(flag: Message, context: Context) -> str:
    return f"{context.card(flag['card'])}は攻撃している"


@given(parsers.re(
    rf"(?P<card>{CARD_PATTERN})は解決済みの効果で(?P<until>{DURATION_PATTERN})パワー(?P<amount>[+\-＋－]\d+)されている"
))
def resolved_power_effect(duel: Duel, card: str, until: str, amount: str) -> None:
    """A spell or ability has already resolved and changed the power until end of turn (or with no end)."""
    duel.add_effect(card_ref(card), signed_int(amount), DURATIONS[until])


@setup_phrase("effect")
def say_power_effect(fragment: Message, context: Context) -> str | None:
    effect: dict[str, Any] = dict(fragment["effect"])
    if effect["kind"] != "power":
        return None
    until = next(word for word, value in DURATIONS.items() if value == effect.get("duration", "end_of_turn"))
    return f"{context.card(effect['target'])}は解決済みの効果で{until}パワー{effect['amount']:+d}されている"

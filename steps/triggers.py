"""Steps for triggered abilities (誘発型能力): waiting, resolving, scripted choices, and what triggered.

Choices are scripted with もし steps placed before the move that asks for them (usually
「待機中の能力を解決する」): 「自分は《X》の能力を使うと選ぶ」 (an optional ability: use it), 「…使わないと選ぶ」
(decline), 「自分は《Y》を選ぶ」 (a target), 「自分は《X》の能力から解決すると選ぶ」 (the order).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pytest_bdd import given, parsers, then, when

from shinpan.steps.duel import Duel
from shinpan.steps.printer.phrases import Context, Message, action_phrase, check_phrase, choice_phrase, setup_phrase
from shinpan.steps.then import event_phrase, expect_events, how_many, said_count
from shinpan.steps.vocabulary import (
    CARD_PATTERN,
    CARDS_PATTERN,
    PLAYER_PATTERN,
    PLAYERS,
    ZONE_PATTERN,
    ZONES,
    card_ref,
    card_refs,
)

PERMANENTLY = "期限なく"


# ------------------------------------------------------------------ given
@given(parsers.re(rf"(?P<card>{CARD_PATTERN})の能力は解決済みの効果で(?P<until>{PERMANENTLY})?無視されている"))
def abilities_ignored(duel: Duel, card: str, until: str | None) -> None:
    """A resolved effect makes the creature's abilities ignored while it stays in the battle zone (for the contract's
    default time, or with no end: 期限なく)."""
    duel.ignore_abilities(card_ref(card), "permanent" if until else None)


@setup_phrase("effect")
def say_abilities_ignored(fragment: Message, context: Context) -> str | None:
    effect: dict[str, Any] = dict(fragment["effect"])
    if effect["kind"] != "ignore_abilities":
        return None
    until = PERMANENTLY if effect.get("duration") == "permanent" else ""
    return f"{context.card(effect['target'])}の能力は解決済みの効果で{until}無視されている"


# ------------------------------------------------------------------- when
@when("待機中の能力を解決する")
def resolve(duel: Duel) -> None:
    """Every waiting ability resolves, in the rules' order, with the choices scripted before."""
    duel.act({"type": "resolve"})


@action_phrase("resolve")
def say_resolve(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else "待機中の能力を解決する"


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は(?P<card>{CARD_PATTERN})の能力を(?P<use>使う|使わない)と選ぶ"))
def choose_use(duel: Duel, player: str, card: str, use: str) -> None:
    """Script whether an optional ability (〜してもよい) is used."""
    duel.script_choice(PLAYERS[player], "use", [card_ref(card)] if use == "使う" else [])


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は能力を使わないと選ぶ"))
def decline(duel: Duel, player: str) -> None:
    """Script declining an optional ability (〜してもよい), without naming its card."""
    duel.script_choice(PLAYERS[player], "use", [])


@choice_phrase("use")
def say_use(choice: Message, context: Context) -> str | None:
    player, picks = context.player(choice["player"]), choice["picks"]
    if len(picks) > 1:
        return None
    return f"{player}は{context.card(picks[0])}の能力を使うと選ぶ" if picks else f"{player}は能力を使わないと選ぶ"


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は(?P<cards>{CARDS_PATTERN})を選ぶ"))
def choose_target(duel: Duel, player: str, cards: str) -> None:
    """Script the card (or the cards) an effect chooses."""
    duel.script_choice(PLAYERS[player], "target", card_refs(cards))


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は何も選ばない"))
def choose_nothing(duel: Duel, player: str) -> None:
    """Script an effect choosing no card."""
    duel.script_choice(PLAYERS[player], "target", [])


@choice_phrase("target")
def say_target(choice: Message, context: Context) -> str:
    player, picks = context.player(choice["player"]), choice["picks"]
    return f"{player}は{context.cards(picks)}を選ぶ" if picks else f"{player}は何も選ばない"


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は(?P<card>{CARD_PATTERN})の能力から解決すると選ぶ"))
def choose_order(duel: Duel, player: str, card: str) -> None:
    """Script which of the player's waiting abilities resolves next."""
    duel.script_choice(PLAYERS[player], "order", [card_ref(card)])


@choice_phrase("order")
def say_order(choice: Message, context: Context) -> str | None:
    if len(choice["picks"]) != 1:
        return None
    return f"{context.player(choice['player'])}は{context.card(choice['picks'][0])}の能力から解決すると選ぶ"


@when(parsers.re(rf"(?P<by>{PLAYER_PATTERN})の効果で(?P<card>{CARD_PATTERN})が持ち主の(?P<zone>{ZONE_PATTERN})に置かれる"))
def move_by(duel: Duel, by: str, card: str, zone: str) -> None:
    """A named player's effect moves the card to its owner's zone (相手によって…)."""
    duel.act({"type": "move", "card": duel.label(card_ref(card)), "to": ZONES[zone], "by": PLAYERS[by]})


@action_phrase("move")
def say_move_by(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or "by" not in action or "position" in action:
        return None
    return f"{context.player(action['by'])}の効果で{context.card(action['card'])}が持ち主の" \
        f"{context.zone(action['to'])}に置かれる"


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})と(?P<zone>{ZONE_PATTERN})の(?P<other>{CARD_PATTERN})が入れ替わる"))
def swap(duel: Duel, card: str, zone: str, other: str) -> None:
    """入れ替え: an effect swaps a battle-zone creature with a creature in another zone."""
    duel.act({"type": "swap", "card": duel.label(card_ref(card)), "with": duel.label(card_ref(other))})


@action_phrase("swap")
def say_swap(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or action.get("via", "swap") != "swap":
        return None
    other = action["with"]
    return f"効果で{context.card(action['card'])}と{context.zone(context.zones.get(other, 'hand'))}の" \
        f"{context.card(other)}が入れ替わる"


# ------------------------------------------------------------------- then
@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の能力が(?:(?P<count>\d+)回)?誘発した"))
def triggered(duel: Duel, card: str, count: str | None) -> None:
    """Since the previous observation, the card's abilities triggered (exactly ``count`` times, if given)."""
    expect_events(duel, {"type": "triggered", "card": duel.label(card_ref(card))}, *how_many(count))


@event_phrase("events", ("type", "card"))
def say_triggered(where: Message, test: str, value: int, context: Context) -> str | None:
    if where["type"] != "triggered":
        return None
    if (test, value) == ("==", 0):
        return f"{context.card(where['card'])}の能力は誘発しなかった"
    times = said_count(test, value, "回")
    return None if times is None else f"{context.card(where['card'])}の能力が{times}誘発した"


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の能力は誘発しなかった"))
def not_triggered(duel: Duel, card: str) -> None:
    """Since the previous observation, none of the card's abilities triggered."""
    expect_events(duel, {"type": "triggered", "card": duel.label(card_ref(card))}, "==", 0)


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の能力が(?:(?P<count>\d+)つ)?待機している"))
def waiting(duel: Duel, card: str, count: str | None) -> None:
    """The card has abilities waiting to resolve (exactly ``count``, if given)."""
    expect_events(duel, {"card": duel.label(card_ref(card))}, *how_many(count), listed="waiting")


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の能力は待機していない"))
def not_waiting(duel: Duel, card: str) -> None:
    """None of the card's abilities waits to resolve."""
    expect_events(duel, {"card": duel.label(card_ref(card))}, "==", 0, listed="waiting")


@event_phrase("waiting", ("card",))
def say_waiting(where: Message, test: str, value: int, context: Context) -> str | None:
    if (test, value) == ("==", 0):
        return f"{context.card(where['card'])}の能力は待機していない"
    times = said_count(test, value, "つ")
    return None if times is None else f"{context.card(where['card'])}の能力が{times}待機している"


@then("待機中の能力はない")
def nothing_waiting(duel: Duel) -> None:
    """No ability waits to resolve."""
    expect_events(duel, {}, "==", 0, listed="waiting")


@event_phrase("waiting", ())
def say_nothing_waiting(where: Message, test: str, value: int, context: Context) -> str | None:
    return "待機中の能力はない" if (test, value) == ("==", 0) else None


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})はゲームに(?P<verdict>負けている|負けていない)"))
def lost(duel: Duel, player: str, verdict: str) -> None:
    """Whether the player has lost the game."""
    duel.check({"check": "lost", "player": PLAYERS[player], "value": verdict == "負けている", "observable": "lost"})


@check_phrase("lost")
def say_lost(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if check.get("observable") != "lost":
        return None
    return f"{context.player(check['player'])}はゲームに{'負けている' if check['value'] else '負けていない'}", 1

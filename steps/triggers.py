"""Steps for triggered abilities (誘発型能力): waiting, resolving, scripted choices, and what triggered.

Choices are scripted with もし steps placed before the move that asks for them (usually
「待機中の能力を解決する」): 「自分は《X》の能力を使うと選ぶ」 (an optional ability: use it), 「…使わないと選ぶ」
(decline), 「自分は《Y》を選ぶ」 (a target), 「自分は《X》の能力から解決すると選ぶ」 (the order).
"""

from __future__ import annotations

from pytest_bdd import given, parsers, then, when

from shinpan.steps.duel import Duel
from shinpan.steps.then import expect_events, how_many
from shinpan.steps.vocabulary import (
    CARD_PATTERN,
    PLAYER_PATTERN,
    PLAYERS,
    ZONE_PATTERN,
    ZONES,
    card_ref,
)


# ------------------------------------------------------------------ given
@given(parsers.re(rf"(?P<card>{CARD_PATTERN})の能力は解決済みの効果で無視されている"))
def abilities_ignored(duel: Duel, card: str) -> None:
    """A resolved effect makes the creature's abilities ignored while it stays in the battle zone."""
    duel.ignore_abilities(card_ref(card))


# ------------------------------------------------------------------- when
@when("待機中の能力を解決する")
def resolve(duel: Duel) -> None:
    """Every waiting ability resolves, in the rules' order, with the choices scripted before."""
    duel.act({"type": "resolve"})


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は(?P<card>{CARD_PATTERN})の能力を(?P<use>使う|使わない)と選ぶ"))
def choose_use(duel: Duel, player: str, card: str, use: str) -> None:
    """Script whether an optional ability (〜してもよい) is used."""
    duel.script_choice(PLAYERS[player], "use", [card_ref(card)] if use == "使う" else [])


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は(?P<card>{CARD_PATTERN})を選ぶ"))
def choose_target(duel: Duel, player: str, card: str) -> None:
    """Script the card an effect chooses."""
    duel.script_choice(PLAYERS[player], "target", [card_ref(card)])


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は(?P<card>{CARD_PATTERN})の能力から解決すると選ぶ"))
def choose_order(duel: Duel, player: str, card: str) -> None:
    """Script which of the player's waiting abilities resolves next."""
    duel.script_choice(PLAYERS[player], "order", [card_ref(card)])


@when(parsers.re(rf"(?P<by>{PLAYER_PATTERN})の効果で(?P<card>{CARD_PATTERN})が持ち主の(?P<zone>{ZONE_PATTERN})に置かれる"))
def move_by(duel: Duel, by: str, card: str, zone: str) -> None:
    """A named player's effect moves the card to its owner's zone (相手によって…)."""
    duel.act({"type": "move", "card": duel.label(card_ref(card)), "to": ZONES[zone], "by": PLAYERS[by]})


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})と(?P<zone>{ZONE_PATTERN})の(?P<other>{CARD_PATTERN})が入れ替わる"))
def swap(duel: Duel, card: str, zone: str, other: str) -> None:
    """入れ替え: an effect swaps a battle-zone creature with a creature in another zone."""
    duel.act({"type": "swap", "card": duel.label(card_ref(card)), "with": duel.label(card_ref(other))})


# ------------------------------------------------------------------- then
@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の能力が(?:(?P<count>\d+)回)?誘発した"))
def triggered(duel: Duel, card: str, count: str | None) -> None:
    """Since the previous observation, the card's abilities triggered (exactly ``count`` times, if given)."""
    expect_events(duel, {"type": "triggered", "card": duel.label(card_ref(card))}, *how_many(count))


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の能力は誘発しなかった"))
def not_triggered(duel: Duel, card: str) -> None:
    """Since the previous observation, none of the card's abilities triggered."""
    expect_events(duel, {"type": "triggered", "card": duel.label(card_ref(card))}, "==", 0)


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の能力が(?:(?P<count>\d+)つ)?待機している"))
def waiting(duel: Duel, card: str, count: str | None) -> None:
    """The card has abilities waiting to resolve (exactly ``count``, if given)."""
    expect_events(duel, {"card": duel.label(card_ref(card))}, *how_many(count), listed="waiting")


@then("待機中の能力はない")
def nothing_waiting(duel: Duel) -> None:
    """No ability waits to resolve."""
    expect_events(duel, {}, "==", 0, listed="waiting")


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})はゲームに(?P<verdict>負けている|負けていない)"))
def lost(duel: Duel, player: str, verdict: str) -> None:
    """Whether the player has lost the game."""
    duel.check({"check": "lost", "player": PLAYERS[player], "value": verdict == "負けている", "observable": "lost"})

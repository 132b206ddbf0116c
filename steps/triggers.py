"""Steps for triggered abilities (誘発型能力): waiting, resolving, scripted choices, and what triggered.

Choices are scripted with もし steps placed before the move that asks for them (usually
「待機中の能力を解決する」): 「自分は《X》の能力を使うと選ぶ」 (an optional ability: use it), 「…使わないと選ぶ」
(decline), 「自分は《Y》を選ぶ」 (a target), 「自分は《X》の能力から解決すると選ぶ」 (the order).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pytest_bdd import given, then, when

from shinpan.adapters.contract import PlayerName
from shinpan.adapters.sdk.vocabulary import Zone
from shinpan.running.checks import CheckForm, CountTest, Listed, Lost
from shinpan.steps.duel import Duel
from shinpan.steps.phrase import CARD, CARDS, NUMBER, PLAYER, ZONE, Flag, Phrase, Words
from shinpan.steps.printer.phrases import Context, Message, action_phrase, check_phrase, choice_phrase, setup_phrase
from shinpan.steps.then import count_said, event_phrase, expect_events, how_many
from shinpan.steps.vocabulary import CardRef

# ------------------------------------------------------------------ given
ABILITIES_IGNORED = Phrase("{card}の能力は解決済みの効果で[{permanently}]無視されている", card=CARD,
                           permanently=Flag("期限なく"))


@given(ABILITIES_IGNORED.parser)
def abilities_ignored(duel: Duel, card: CardRef, permanently: bool) -> None:
    """A resolved effect makes the creature's abilities ignored while it stays in the battle zone (for the contract's
    default time, or with no end: 期限なく)."""
    duel.ignore_abilities(card, "permanent" if permanently else None)


@setup_phrase("effect")
def say_abilities_ignored(fragment: Message, context: Context) -> str | None:
    effect: dict[str, Any] = dict(fragment["effect"])
    if effect["kind"] != "ignore_abilities":
        return None
    permanently = effect.get("duration") == "permanent"
    return ABILITIES_IGNORED.write(card=context.ref(effect["target"]), permanently=permanently)


# ------------------------------------------------------------------- when
RESOLVE = Phrase("待機中の能力を解決する")


@when(RESOLVE.parser)
def resolve(duel: Duel) -> None:
    """Every waiting ability resolves, in the rules' order, with the choices scripted before."""
    duel.act({"type": "resolve"})


@action_phrase("resolve")
def say_resolve(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else RESOLVE.write()


CHOOSE_USE = Phrase("{player}は{card}の能力を{use}と選ぶ", player=PLAYER, card=CARD,
                    use=Words({"使う": True, "使わない": False}, "使う or 使わない"))
DECLINE = Phrase("{player}は能力を使わないと選ぶ", player=PLAYER)


@when(CHOOSE_USE.parser)
def choose_use(duel: Duel, player: PlayerName, card: CardRef, use: bool) -> None:
    """Script whether an optional ability (〜してもよい) is used."""
    duel.script_choice(player, "use", [card] if use else [])


@when(DECLINE.parser)
def decline(duel: Duel, player: PlayerName) -> None:
    """Script declining an optional ability (〜してもよい), without naming its card."""
    duel.script_choice(player, "use", [])


@choice_phrase("use")
def say_use(choice: Message, context: Context) -> str | None:
    player, picks = choice["player"], choice["picks"]
    if len(picks) > 1:
        return None
    return CHOOSE_USE.write(player=player, card=context.ref(picks[0]), use=True) if picks else \
        DECLINE.write(player=player)


CHOOSE_TARGET = Phrase("{player}は{cards}を選ぶ", player=PLAYER, cards=CARDS)
CHOOSE_NOTHING = Phrase("{player}は何も選ばない", player=PLAYER)


@when(CHOOSE_TARGET.parser)
def choose_target(duel: Duel, player: PlayerName, cards: tuple[CardRef, ...]) -> None:
    """Script the card (or the cards) an effect chooses."""
    duel.script_choice(player, "target", list(cards))


@when(CHOOSE_NOTHING.parser)
def choose_nothing(duel: Duel, player: PlayerName) -> None:
    """Script an effect choosing no card."""
    duel.script_choice(player, "target", [])


@choice_phrase("target")
def say_target(choice: Message, context: Context) -> str:
    player, picks = choice["player"], choice["picks"]
    return CHOOSE_TARGET.write(player=player, cards=context.refs(picks)) if picks else \
        CHOOSE_NOTHING.write(player=player)


CHOOSE_ORDER = Phrase("{player}は{card}の能力から解決すると選ぶ", player=PLAYER, card=CARD)


@when(CHOOSE_ORDER.parser)
def choose_order(duel: Duel, player: PlayerName, card: CardRef) -> None:
    """Script which of the player's waiting abilities resolves next."""
    duel.script_choice(player, "order", [card])


@choice_phrase("order")
def say_order(choice: Message, context: Context) -> str | None:
    if len(choice["picks"]) != 1:
        return None
    return CHOOSE_ORDER.write(player=choice["player"], card=context.ref(choice["picks"][0]))


MOVE_BY = Phrase("{by}の効果で{card}が持ち主の{zone}に置かれる", by=PLAYER, card=CARD, zone=ZONE)


@when(MOVE_BY.parser)
def move_by(duel: Duel, by: PlayerName, card: CardRef, zone: Zone) -> None:
    """A named player's effect moves the card to its owner's zone (相手によって…)."""
    duel.act({"type": "move", "card": duel.label(card), "to": zone, "by": by})


@action_phrase("move")
def say_move_by(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or "by" not in action or "position" in action:
        return None
    return MOVE_BY.write(by=action["by"], card=context.ref(action["card"]), zone=action["to"])


SWAP = Phrase("効果で{card}と{zone}の{other}が入れ替わる", card=CARD, zone=ZONE, other=CARD)


@when(SWAP.parser)
def swap(duel: Duel, card: CardRef, zone: Zone, other: CardRef) -> None:
    """入れ替え: an effect swaps a battle-zone creature with a creature in another zone."""
    duel.act({"type": "swap", "card": duel.label(card), "with": duel.label(other)})


@action_phrase("swap")
def say_swap(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or action.get("via", "swap") != "swap":
        return None
    other = action["with"]
    return SWAP.write(card=context.ref(action["card"]), zone=context.zones.get(other, "hand"), other=context.ref(other))


# ------------------------------------------------------------------- then
TRIGGERED = Phrase("{card}の能力が[{count}回]誘発した", card=CARD, count=NUMBER)
NOT_TRIGGERED = Phrase("{card}の能力は誘発しなかった", card=CARD)


@then(TRIGGERED.parser)
def triggered(duel: Duel, card: CardRef, count: int | None) -> None:
    """Since the previous observation, the card's abilities triggered (exactly ``count`` times, if given)."""
    expect_events(duel, {"type": "triggered", "card": duel.label(card)}, *how_many(count))


@event_phrase(Listed.EVENTS, ("type", "card"))
def say_triggered(where: Message, test: CountTest, value: int, context: Context) -> str | None:
    if where["type"] != "triggered":
        return None
    card = context.ref(where["card"])
    if (test, value) == (CountTest.EXACTLY, 0):
        return NOT_TRIGGERED.write(card=card)
    said = count_said(test, value)
    return None if said is None else TRIGGERED.write(card=card, count=said[0])


@then(NOT_TRIGGERED.parser)
def not_triggered(duel: Duel, card: CardRef) -> None:
    """Since the previous observation, none of the card's abilities triggered."""
    expect_events(duel, {"type": "triggered", "card": duel.label(card)}, CountTest.EXACTLY, 0)


WAITING = Phrase("{card}の能力が[{count}つ]待機している", card=CARD, count=NUMBER)
NOT_WAITING = Phrase("{card}の能力は待機していない", card=CARD)


@then(WAITING.parser)
def waiting(duel: Duel, card: CardRef, count: int | None) -> None:
    """The card has abilities waiting to resolve (exactly ``count``, if given)."""
    expect_events(duel, {"card": duel.label(card)}, *how_many(count), listed=Listed.WAITING)


@then(NOT_WAITING.parser)
def not_waiting(duel: Duel, card: CardRef) -> None:
    """None of the card's abilities waits to resolve."""
    expect_events(duel, {"card": duel.label(card)}, CountTest.EXACTLY, 0, listed=Listed.WAITING)


@event_phrase(Listed.WAITING, ("card",))
def say_waiting(where: Message, test: CountTest, value: int, context: Context) -> str | None:
    card = context.ref(where["card"])
    if (test, value) == (CountTest.EXACTLY, 0):
        return NOT_WAITING.write(card=card)
    said = count_said(test, value)
    return None if said is None else WAITING.write(card=card, count=said[0])


NOTHING_WAITING = Phrase("待機中の能力はない")


@then(NOTHING_WAITING.parser)
def nothing_waiting(duel: Duel) -> None:
    """No ability waits to resolve."""
    expect_events(duel, {}, CountTest.EXACTLY, 0, listed=Listed.WAITING)


@event_phrase(Listed.WAITING, ())
def say_nothing_waiting(where: Message, test: CountTest, value: int, context: Context) -> str | None:
    return NOTHING_WAITING.write() if (test, value) == (CountTest.EXACTLY, 0) else None


LOST = Phrase("{player}はゲームに{lost}", player=PLAYER,
              lost=Words({"負けている": True, "負けていない": False}, "負けている or 負けていない"))


@then(LOST.parser)
def lost(duel: Duel, player: PlayerName, lost: bool) -> None:
    """Whether the player has lost the game."""
    duel.check(Lost(player, lost, observable="lost"))


@check_phrase(Lost)
def say_lost(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if not isinstance(check, Lost) or check.observable != "lost":
        return None
    return LOST.write(player=check.player, lost=check.value), 1

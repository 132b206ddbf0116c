"""Steps for replacement effects (置換効果, 609): casting, discarding, breaking, choosing a replacement, and
what was replaced.

Choices are scripted with もし steps placed before the move that asks for them:
「自分は《X》の置換効果を適用すると選ぶ」 (choice ``replacement``: the card whose replacement applies),
「自分は置換効果を適用しないと選ぶ」 (decline the optional ones).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pytest_bdd import then, when

from shinpan.adapters.contract import PlayerName
from shinpan.running.checks import CheckForm, Count, CountTest, Listed
from shinpan.steps.duel import Duel
from shinpan.steps.phrase import CARD, CARDS, NUMBER, PLAYER, Phrase
from shinpan.steps.printer.phrases import Context, Message, action_phrase, check_phrase, choice_phrase
from shinpan.steps.then import count_said, event_phrase, expect_events, how_many
from shinpan.steps.vocabulary import CardRef

# ------------------------------------------------------------------- when
CAST = Phrase("{player}が{card}を唱える", player=PLAYER, card=CARD)


@when(CAST.parser)
def cast(duel: Duel, player: PlayerName, card: CardRef) -> None:
    """呪文を唱える: the spell's owner casts it from the hand (costs taken as paid)."""
    duel.act({"type": "cast", "card": duel.own(player, card)})


@action_phrase("cast")
def say_cast(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else CAST.write(player=context.owner_of(action["card"]), card=context.ref(action["card"]))


DISCARD = Phrase("{player}が効果で{card}を手札から捨てる", player=PLAYER, card=CARD)


@when(DISCARD.parser)
def discard(duel: Duel, player: PlayerName, card: CardRef) -> None:
    """捨てる: an effect makes the card's owner discard it from the hand."""
    duel.act({"type": "discard", "card": duel.own(player, card)})


@action_phrase("discard")
def say_discard(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt:
        return None
    return DISCARD.write(player=context.owner_of(action["card"]), card=context.ref(action["card"]))


BREAK = Phrase("{breaker}が相手のシールドの{shields}をブレイクする", breaker=CARD, shields=CARDS)


@when(BREAK.parser)
def break_shields(duel: Duel, breaker: CardRef, shields: tuple[CardRef, ...]) -> None:
    """ブレイク: the creature breaks these shields of its opponent at once."""
    duel.act({"type": "break", "breaker": duel.label(breaker), "shields": [duel.label(ref) for ref in shields]})


@action_phrase("break")
def say_break(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt:
        return None
    return BREAK.write(breaker=context.ref(action["breaker"]), shields=context.refs(action["shields"]))


CHOOSE_REPLACEMENT = Phrase("{player}は{card}の置換効果を適用すると選ぶ", player=PLAYER, card=CARD)
DECLINE_REPLACEMENT = Phrase("{player}は置換効果を適用しないと選ぶ", player=PLAYER)


@when(CHOOSE_REPLACEMENT.parser)
def choose_replacement(duel: Duel, player: PlayerName, card: CardRef) -> None:
    """Script the choice ``replacement``: this card's replacement effect applies (609.8)."""
    duel.script_choice(player, "replacement", [card])


@choice_phrase("replacement")
def say_replacement_choice(choice: Message, context: Context) -> str | None:
    player, picks = choice["player"], choice["picks"]
    if len(picks) > 1:
        return None
    if not picks:
        return DECLINE_REPLACEMENT.write(player=player)
    return CHOOSE_REPLACEMENT.write(player=player, card=context.ref(picks[0]))


@when(DECLINE_REPLACEMENT.parser)
def decline_replacement(duel: Duel, player: PlayerName) -> None:
    """Script the choice ``replacement`` with no card: none of the player's optional replacements applies."""
    duel.script_choice(player, "replacement", [])


# ------------------------------------------------------------------- then
REPLACED = Phrase("{card}の置換効果が{affected}に[{count}回]適用された", card=CARD, affected=CARD, count=NUMBER)
NOT_REPLACED = Phrase("{card}の置換効果は{affected}に適用されなかった", card=CARD, affected=CARD)


@then(REPLACED.parser)
def replaced(duel: Duel, card: CardRef, affected: CardRef, count: int | None) -> None:
    """Since the previous observation, the card's replacement effect replaced an event of ``affected``
    (exactly ``count`` times, if given)."""
    where = {"type": "replaced", "card": duel.label(card), "affected": duel.label(affected)}
    expect_events(duel, where, *how_many(count))


@then(NOT_REPLACED.parser)
def not_replaced(duel: Duel, card: CardRef, affected: CardRef) -> None:
    """Since the previous observation, the card's replacement effect replaced no event of ``affected`` (another
    one may have: 609.8 lets one replacement apply where several could)."""
    where = {"type": "replaced", "card": duel.label(card), "affected": duel.label(affected)}
    expect_events(duel, where, CountTest.EXACTLY, 0)


@event_phrase(Listed.EVENTS, ("type", "card", "affected"))
def say_replaced(where: Message, test: CountTest, value: int, context: Context) -> str | None:
    if where["type"] != "replaced":
        return None
    holder, affected = context.ref(where["card"]), context.ref(where["affected"])
    if (test, value) == (CountTest.EXACTLY, 0):
        return NOT_REPLACED.write(card=holder, affected=affected)
    said = count_said(test, value)
    return None if said is None else REPLACED.write(card=holder, affected=affected, count=said[0])


ANY_REPLACED = Phrase("置換効果が{affected}に[{count}回]適用された", affected=CARD, count=NUMBER)


@then(ANY_REPLACED.parser)
def any_replaced(duel: Duel, affected: CardRef, count: int | None) -> None:
    """Since the previous observation, replacement effects — whichever — replaced events of ``affected`` (exactly
    ``count`` times, if given): where the rules say one of several applies, not which (609.8)."""
    expect_events(duel, {"type": "replaced", "affected": duel.label(affected)}, *how_many(count))


@event_phrase(Listed.EVENTS, ("type", "affected"))
def say_any_replaced(where: Message, test: CountTest, value: int, context: Context) -> str | None:
    said = count_said(test, value) if where["type"] == "replaced" else None
    return None if said is None else ANY_REPLACED.write(affected=context.ref(where["affected"]), count=said[0])


NOTHING_REPLACED = Phrase("置換効果はどれも適用されなかった")


@then(NOTHING_REPLACED.parser)
def nothing_replaced(duel: Duel) -> None:
    """Since the previous observation, no replacement effect replaced anything."""
    expect_events(duel, {"type": "replaced"}, CountTest.EXACTLY, 0)


@event_phrase(Listed.EVENTS, ("type",))
def say_nothing_replaced(where: Message, test: CountTest, value: int, context: Context) -> str | None:
    return NOTHING_REPLACED.write() if (where["type"], test, value) == ("replaced", CountTest.EXACTLY, 0) else None


TAP_MANA = Phrase("{player}が{cards}をタップしてマナを支払う", player=PLAYER, cards=CARDS)


@when(TAP_MANA.parser)
def tap_mana(duel: Duel, player: PlayerName, cards: tuple[CardRef, ...]) -> None:
    """マナを支払う: tap these mana cards, one at a time; each produces mana."""
    duel.act({"type": "tap_mana", "cards": [duel.own(player, ref) for ref in cards]})


@action_phrase("tap_mana")
def say_tap_mana(action: Message, attempt: bool, context: Context) -> str | None:
    owners = {context.owner_of(card) for card in action["cards"]}
    if attempt or len(owners) != 1:
        return None
    return TAP_MANA.write(player=owners.pop(), cards=context.refs(action["cards"]))


PRODUCED_MANA = Phrase("{card}はマナを{mana}生み出した", card=CARD, mana=NUMBER)


@then(PRODUCED_MANA.parser)
def produced_mana(duel: Duel, card: CardRef, mana: int) -> None:
    """Since the previous observation, tapping the mana card produced this much mana, once."""
    label = duel.label(card)
    expect_events(duel, {"type": "mana_tapped", "card": label}, CountTest.EXACTLY, 1)
    expect_events(duel, {"type": "mana_tapped", "card": label, "mana": mana}, CountTest.EXACTLY, 1)


def _mana_tapped(check: CheckForm) -> Mapping[str, Any] | None:
    """The ``where`` of a check that a mana card was tapped for mana once (None if it is not one)."""
    if not isinstance(check, Count) or (check.listed, check.observable, check.player) != \
            (Listed.EVENTS, "events", None):
        return None
    return check.where if check.where.get("type") == "mana_tapped" and \
        (check.test, check.value) == (CountTest.EXACTLY, 1) else None


@check_phrase(Count)
def say_produced_mana(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    first, second = (_mana_tapped(checks[0]), _mana_tapped(checks[1])) if len(checks) > 1 else (None, None)
    if first is None or second is None:
        return None
    if sorted(first) != ["card", "type"] or sorted(second) != ["card", "mana", "type"] \
            or first["card"] != second["card"]:
        return None
    return PRODUCED_MANA.write(card=context.ref(first["card"]), mana=second["mana"]), 2


TAPPED_FOR_MANA = Phrase("{card}はマナを生み出すために{count}回タップされた", card=CARD, count=NUMBER)


@then(TAPPED_FOR_MANA.parser)
def tapped_for_mana(duel: Duel, card: CardRef, count: int) -> None:
    """Since the previous observation, the mana card was tapped for mana exactly this many times."""
    expect_events(duel, {"type": "mana_tapped", "card": duel.label(card)}, CountTest.EXACTLY, count)


@event_phrase(Listed.EVENTS, ("type", "card"))
def say_tapped_for_mana(where: Message, test: CountTest, value: int, context: Context) -> str | None:
    if where["type"] != "mana_tapped" or test is not CountTest.EXACTLY:
        return None
    return TAPPED_FOR_MANA.write(card=context.ref(where["card"]), count=value)

"""Steps for replacement effects (置換効果, 609): casting, discarding, breaking, choosing a replacement, and
what was replaced.

Choices are scripted with もし steps placed before the move that asks for them:
「自分は《X》の置換効果を適用すると選ぶ」 (choice ``replacement``: the card whose replacement applies),
「自分は置換効果を適用しないと選ぶ」 (decline the optional ones).
"""

from __future__ import annotations

from collections.abc import Sequence

from pytest_bdd import parsers, then, when

from shinpan.steps.duel import Duel
from shinpan.steps.printer.phrases import Context, Message, action_phrase, check_phrase, choice_phrase
from shinpan.steps.then import event_phrase, expect_events, how_many, said_count
from shinpan.steps.vocabulary import CARD_PATTERN, CARDS_PATTERN, PLAYER_PATTERN, PLAYERS, card_ref, card_refs


# ------------------------------------------------------------------- when
@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})が(?P<card>{CARD_PATTERN})を唱える"))
def cast(duel: Duel, player: str, card: str) -> None:
    """呪文を唱える: the spell's owner casts it from the hand (costs taken as paid)."""
    duel.act({"type": "cast", "card": duel.own(PLAYERS[player], card_ref(card))})


@action_phrase("cast")
def say_cast(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else f"{context.owner(action['card'])}が{context.card(action['card'])}を唱える"


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})が効果で(?P<card>{CARD_PATTERN})を手札から捨てる"))
def discard(duel: Duel, player: str, card: str) -> None:
    """捨てる: an effect makes the card's owner discard it from the hand."""
    duel.act({"type": "discard", "card": duel.own(PLAYERS[player], card_ref(card))})


@action_phrase("discard")
def say_discard(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else f"{context.owner(action['card'])}が効果で{context.card(action['card'])}を手札から捨てる"


@when(parsers.re(rf"(?P<breaker>{CARD_PATTERN})が相手のシールドの(?P<shields>{CARDS_PATTERN})をブレイクする"))
def break_shields(duel: Duel, breaker: str, shields: str) -> None:
    """ブレイク: the creature breaks these shields of its opponent at once."""
    duel.act({"type": "break", "breaker": duel.label(card_ref(breaker)),
              "shields": [duel.label(ref) for ref in card_refs(shields)]})


@action_phrase("break")
def say_break(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else \
        f"{context.card(action['breaker'])}が相手のシールドの{context.cards(action['shields'])}をブレイクする"


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は(?P<card>{CARD_PATTERN})の置換効果を適用すると選ぶ"))
def choose_replacement(duel: Duel, player: str, card: str) -> None:
    """Script the choice ``replacement``: this card's replacement effect applies (609.8)."""
    duel.script_choice(PLAYERS[player], "replacement", [card_ref(card)])


@choice_phrase("replacement")
def say_replacement_choice(choice: Message, context: Context) -> str | None:
    player, picks = context.player(choice["player"]), choice["picks"]
    if len(picks) > 1:
        return None
    if not picks:
        return f"{player}は置換効果を適用しないと選ぶ"
    return f"{player}は{context.card(picks[0])}の置換効果を適用すると選ぶ"


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は置換効果を適用しないと選ぶ"))
def decline_replacement(duel: Duel, player: str) -> None:
    """Script the choice ``replacement`` with no card: none of the player's optional replacements applies."""
    duel.script_choice(PLAYERS[player], "replacement", [])


# ------------------------------------------------------------------- then
@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の置換効果が(?P<affected>{CARD_PATTERN})に(?:(?P<count>\d+)回)?適用された"))
def replaced(duel: Duel, card: str, affected: str, count: str | None) -> None:
    """Since the previous observation, the card's replacement effect replaced an event of ``affected``
    (exactly ``count`` times, if given)."""
    where = {"type": "replaced", "card": duel.label(card_ref(card)), "affected": duel.label(card_ref(affected))}
    expect_events(duel, where, *how_many(count))


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の置換効果は(?P<affected>{CARD_PATTERN})に適用されなかった"))
def not_replaced(duel: Duel, card: str, affected: str) -> None:
    """Since the previous observation, the card's replacement effect replaced no event of ``affected`` (another
    one may have: 609.8 lets one replacement apply where several could)."""
    where = {"type": "replaced", "card": duel.label(card_ref(card)), "affected": duel.label(card_ref(affected))}
    expect_events(duel, where, "==", 0)


@event_phrase("events", ("type", "card", "affected"))
def say_replaced(where: Message, test: str, value: int, context: Context) -> str | None:
    if where["type"] != "replaced":
        return None
    holder, affected = context.card(where["card"]), context.card(where["affected"])
    if (test, value) == ("==", 0):
        return f"{holder}の置換効果は{affected}に適用されなかった"
    times = said_count(test, value, "回")
    return None if times is None else f"{holder}の置換効果が{affected}に{times}適用された"


@then("置換効果はどれも適用されなかった")
def nothing_replaced(duel: Duel) -> None:
    """Since the previous observation, no replacement effect replaced anything."""
    expect_events(duel, {"type": "replaced"}, "==", 0)


@event_phrase("events", ("type",))
def say_nothing_replaced(where: Message, test: str, value: int, context: Context) -> str | None:
    return "置換効果はどれも適用されなかった" if (where["type"], test, value) == ("replaced", "==", 0) else None


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})が(?P<cards>{CARDS_PATTERN})をタップしてマナを支払う"))
def tap_mana(duel: Duel, player: str, cards: str) -> None:
    """マナを支払う: tap these mana cards, one at a time; each produces mana."""
    duel.act({"type": "tap_mana", "cards": [duel.own(PLAYERS[player], ref) for ref in card_refs(cards)]})


@action_phrase("tap_mana")
def say_tap_mana(action: Message, attempt: bool, context: Context) -> str | None:
    owners = {context.owner(card) for card in action["cards"]}
    if attempt or len(owners) != 1:
        return None
    return f"{owners.pop()}が{context.cards(action['cards'])}をタップしてマナを支払う"


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})はマナを(?P<mana>\d+)生み出した"))
def produced_mana(duel: Duel, card: str, mana: str) -> None:
    """Since the previous observation, tapping the mana card produced this much mana, once."""
    label = duel.label(card_ref(card))
    expect_events(duel, {"type": "mana_tapped", "card": label}, "==", 1)
    expect_events(duel, {"type": "mana_tapped", "card": label, "mana": int(mana)}, "==", 1)


def _mana_tapped(check: Message) -> bool:
    return check["check"] == "count" and check["list"] == "events" and check.get("observable") == "events" \
        and check["where"].get("type") == "mana_tapped" and (check["test"], check["value"]) == ("==", 1) \
        and "player" not in check


@check_phrase("count")
def say_produced_mana(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    if len(checks) < 2 or not (_mana_tapped(checks[0]) and _mana_tapped(checks[1])):
        return None
    first, second = checks[0]["where"], checks[1]["where"]
    if sorted(first) != ["card", "type"] or sorted(second) != ["card", "mana", "type"] \
            or first["card"] != second["card"]:
        return None
    return f"{context.card(first['card'])}はマナを{second['mana']}生み出した", 2


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})はマナを生み出すために(?P<count>\d+)回タップされた"))
def tapped_for_mana(duel: Duel, card: str, count: str) -> None:
    """Since the previous observation, the mana card was tapped for mana exactly this many times."""
    expect_events(duel, {"type": "mana_tapped", "card": duel.label(card_ref(card))}, "==", int(count))


@event_phrase("events", ("type", "card"))
def say_tapped_for_mana(where: Message, test: str, value: int, context: Context) -> str | None:
    if where["type"] != "mana_tapped" or test != "==":
        return None
    return f"{context.card(where['card'])}はマナを生み出すために{value}回タップされた"

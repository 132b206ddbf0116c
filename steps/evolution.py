"""Steps for evolution (進化), devolution (退化) and reconstruction (再構築), and cards under a card.

Phrases (each delimited so that it matches no phrase of the other step modules):

- 前提 自分のバトルゾーンに上から《E》、《A》の順に重なった[タップされた][攻撃中の]クリーチャーがいる
- 前提 《A》はこのターンにバトルゾーンに出た
- もし 自分が《E》を《A》[と《B》…]の上に重ねて召喚する
- もし 効果で《E》が《A》の上に重なってバトルゾーンに出る
- もし 効果で《E》だけが持ち主の墓地に置かれ[ようとす]る              (退化: only the top card leaves)
- もし 効果で《X》[と《Y》]が《E》の下に置かれる                        (403.4a)
- もし 自分が《E》の下のカードを上から《Y》、《X》の順に並べ替え[ようと]する   (403.3 / 403.4)
- choices, scripted before the move they answer:
  自分は再構築で《A》[と《B》]を残すことにする                  keep_after_reconstruction
  自分は再構築で《E》の下に《A》を残すことにする                reconstruction_sources
  自分は再構築で進化元として《A》を残すことにする               reconstruction_sources (printed: the choice
                                                                does not name 《E》)
  自分は《A》で攻撃を続けることにする                           keep_attacking
  自分は下に置くカードの順番を上から《A》、《B》にする           order_under
- ならば 《E》の下には上から《A》、《B》がある / 《E》の下には《A》がある (one card) / 《A》の下にカードはない
- ならば 《A》と《B》はそれぞれ別のクリーチャーである / 自分のバトルゾーンのカードの束は2つである
- ならば 自分のバトルゾーンにカードはない
- ならば 《A》はバトルゾーンに新たに出ていない / 《A》は再構築でバトルゾーンに残った
- ならば 《弩闘!桃天守閣》の置換効果が適用された / 適用されなかった
"""

from __future__ import annotations

from collections.abc import Sequence

from pytest_bdd import given, parsers, then, when

from shinpan.steps.duel import Duel
from shinpan.steps.printer.phrases import Context, Message, action_phrase, check_phrase, choice_phrase, setup_phrase
from shinpan.steps.then import event_phrase, expect_events, expect_object, how_many, said_count
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

# ------------------------------------------------------------------ given


@given(parsers.re(
    rf"(?P<player>{PLAYER_PATTERN})のバトルゾーンに上から(?P<cards>{CARDS_PATTERN})の順に重なった"
    rf"(?P<tapped>タップされた)?(?P<attacking>攻撃中の)?クリーチャーがいる"
))
def pile_in_battle(duel: Duel, player: str, cards: str, tapped: str | None, attacking: str | None) -> None:
    """One object made of these cards, top first, there since before this turn (unless marked)."""
    duel.put_object(PLAYERS[player], card_refs(cards), tapped=bool(tapped or attacking), attacking=bool(attacking))


@setup_phrase("object")
def say_pile(obj: Message, context: Context) -> str | None:
    if len(obj["cards"]) < 2 or obj["treated"] or obj["arrived"]:
        return None
    state = "攻撃中の" if obj["attacking"] else "タップされた" if obj["tapped"] else ""
    pile = context.cards(obj["cards"], "、")
    return f"{context.player(obj['player'])}のバトルゾーンに上から{pile}の順に重なった{state}クリーチャーがいる"


@given(parsers.re(rf"(?P<cards>{CARDS_PATTERN})はこのターンにバトルゾーンに出た"))
def arrived_this_turn(duel: Duel, cards: str) -> None:
    """These cards (of objects already set up) entered the battle zone during this turn (301.5)."""
    for ref in card_refs(cards):
        duel.mark_arrived(ref)


@setup_phrase("arrived")
def say_arrived(arrived: Message, context: Context) -> str:
    return f"{context.cards(arrived['cards'])}はこのターンにバトルゾーンに出た"


# ------------------------------------------------------------------- when


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})が(?P<card>{CARD_PATTERN})を(?P<sources>{CARDS_PATTERN})の上に重ねて召喚する"))
def summon_onto(duel: Duel, player: str, card: str, sources: str) -> None:
    """召喚 an evolution (or NEO) creature onto its sources."""
    duel.act({"type": "summon", "card": duel.own(PLAYERS[player], card_ref(card)),
              "sources": [duel.label(ref) for ref in card_refs(sources)]})


@action_phrase("summon")
def say_summon_onto(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or "sources" not in action:
        return None
    card = action["card"]
    return f"{context.owner(card)}が{context.card(card)}を{context.cards(action['sources'])}の上に重ねて召喚する"


@when(parsers.re(
    rf"効果で(?P<card>{CARD_PATTERN})が(?P<sources>{CARDS_PATTERN})の上に重なって(?P<tapped>タップして)?バトルゾーンに出る"
))
def put_onto(duel: Duel, card: str, sources: str, tapped: str | None) -> None:
    """An effect puts an evolution creature into the battle zone onto its sources (e.g. 墓地進化); タップして:
    tapped."""
    duel.act({"type": "put_into_battle", "card": duel.label(card_ref(card)),
              "sources": [duel.label(ref) for ref in card_refs(sources)], **({"tapped": True} if tapped else {})})


@action_phrase("put_into_battle")
def say_put_onto(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or "sources" not in action or action.get("with"):
        return None
    return f"効果で{context.card(action['card'])}が{context.cards(action['sources'])}の上に重なって" \
        f"{'タップして' if action.get('tapped') else ''}バトルゾーンに出る"


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})だけが持ち主の(?P<zone>{ZONE_PATTERN})に置かれ(?P<attempt>ようとす)?る"))
def devolve(duel: Duel, card: str, zone: str, attempt: str | None) -> None:
    """退化: only this card, the top card of its creature, leaves the battle zone; 〜ようとする only tries."""
    duel.act({"type": "devolve", "card": duel.label(card_ref(card)), "to": ZONES[zone]}, attempt=bool(attempt))


@action_phrase("devolve")
def say_devolve(action: Message, attempt: bool, context: Context) -> str:
    return f"効果で{context.card(action['card'])}だけが持ち主の{context.zone(action['to'])}に置かれ" \
        f"{'ようとす' if attempt else ''}る"


@when(parsers.re(rf"効果で(?P<cards>{CARDS_PATTERN})が(?P<target>{CARD_PATTERN})の下に置かれる"))
def put_under(duel: Duel, cards: str, target: str) -> None:
    """An effect puts cards under the creature that the target card is part of."""
    duel.act({"type": "put_under", "target": duel.label(card_ref(target)),
              "cards": [duel.label(ref) for ref in card_refs(cards)]})


@action_phrase("put_under")
def say_put_under(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt:
        return None
    return f"効果で{context.cards(action['cards'])}が{context.card(action['target'])}の下に置かれる"


@when(parsers.re(
    rf"(?P<player>{PLAYER_PATTERN})が(?P<target>{CARD_PATTERN})の下のカードを上から(?P<cards>{CARDS_PATTERN})の順に"
    r"並べ替え(?P<attempt>ようと)?する"
))
def rearrange_under(duel: Duel, player: str, target: str, cards: str, attempt: str | None) -> None:
    """The controller rearranges the cards under a card (403.3); 〜ようとする only tries."""
    duel.act({"type": "rearrange_under", "target": duel.own(PLAYERS[player], card_ref(target)),
              "order": [duel.label(ref) for ref in card_refs(cards)]}, attempt=bool(attempt))


@action_phrase("rearrange_under")
def say_rearrange_under(action: Message, attempt: bool, context: Context) -> str:
    target = action["target"]
    order = context.cards(action["order"], "、")
    return f"{context.owner(target)}が{context.card(target)}の下のカードを上から{order}の順に並べ替え" \
        f"{'ようと' if attempt else ''}する"


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は再構築で(?P<cards>{CARDS_PATTERN})を残すことにする"))
def choose_kept(duel: Duel, player: str, cards: str) -> None:
    """Scripted choice keep_after_reconstruction: the top cards of the creatures that stay (old 801.4a)."""
    duel.script_choice(PLAYERS[player], "keep_after_reconstruction", card_refs(cards))


@choice_phrase("keep_after_reconstruction")
def say_kept(choice: Message, context: Context) -> str:
    return f"{context.player(choice['player'])}は再構築で{context.cards(choice['picks'])}を残すことにする"


@when(parsers.re(
    rf"(?P<player>{PLAYER_PATTERN})は再構築で(?P<card>{CARD_PATTERN})の下に(?P<cards>{CARDS_PATTERN})を残すことにする"
))
def choose_sources(duel: Duel, player: str, card: str, cards: str) -> None:
    """Scripted choice reconstruction_sources: the sources a kept evolution creature stays on (old 801.4c)."""
    duel.label(card_ref(card))
    duel.script_choice(PLAYERS[player], "reconstruction_sources", card_refs(cards))


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は再構築で進化元として(?P<cards>{CARDS_PATTERN})を残すことにする"))
def choose_sources_of_next(duel: Duel, player: str, cards: str) -> None:
    """Scripted choice reconstruction_sources, without naming the kept evolution creature (the next one asked)."""
    duel.script_choice(PLAYERS[player], "reconstruction_sources", card_refs(cards))


@choice_phrase("reconstruction_sources")
def say_sources(choice: Message, context: Context) -> str:
    return f"{context.player(choice['player'])}は再構築で進化元として{context.cards(choice['picks'])}を残すことにする"


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は(?P<card>{CARD_PATTERN})で攻撃を続けることにする"))
def choose_attacker(duel: Duel, player: str, card: str) -> None:
    """Scripted choice keep_attacking: which creature goes on attacking (old 801.4e)."""
    duel.script_choice(PLAYERS[player], "keep_attacking", [card_ref(card)])


@choice_phrase("keep_attacking")
def say_attacker(choice: Message, context: Context) -> str | None:
    if len(choice["picks"]) != 1:
        return None
    return f"{context.player(choice['player'])}は{context.card(choice['picks'][0])}で攻撃を続けることにする"


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は下に置くカードの順番を上から(?P<cards>{CARDS_PATTERN})にする"))
def choose_order(duel: Duel, player: str, cards: str) -> None:
    """Scripted choice order_under: the order of cards put under at once, top first (403.4a, 801.1b)."""
    duel.script_choice(PLAYERS[player], "order_under", card_refs(cards))


@choice_phrase("order_under")
def say_order(choice: Message, context: Context) -> str:
    order = context.cards(choice["picks"], "、")
    return f"{context.player(choice['player'])}は下に置くカードの順番を上から{order}にする"


# ------------------------------------------------------------------- then


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の下には上から(?P<cards>{CARDS_PATTERN})がある"))
def cards_under(duel: Duel, card: str, cards: str) -> None:
    """The card is the top of its object, and exactly these cards are under it, in this order."""
    expected = [duel.label(card_ref(card))] + [duel.label(ref) for ref in card_refs(cards)]
    expect_object(duel, duel.label(card_ref(card)), "cards", "equals", expected, observable=False)


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の下には(?P<under>{CARD_PATTERN})がある"))
def card_under(duel: Duel, card: str, under: str) -> None:
    """The card is the top of its object, and exactly this one card is under it (one card has no order to say)."""
    cards_under(duel, card, under)


def _cards(check: Message) -> list[str] | None:
    """The cards an ``equals`` check of an object's cards (top first) expects, or None for another check."""
    if (check["field"], check["test"]) != ("cards", "equals") or "observable" in check or not check["value"]:
        return None
    return list(check["value"])


@check_phrase("object")
def say_cards_under(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    card, cards = checks[0]["card"], _cards(checks[0])
    if cards is None or cards[0] != card or len(cards) < 2:
        return None
    if len(cards) == 2:
        return f"{context.card(card)}の下には{context.card(cards[1])}がある", 1
    return f"{context.card(card)}の下には上から{context.cards(cards[1:], '、')}がある", 1


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の下にカードはない"))
def nothing_under(duel: Duel, card: str) -> None:
    """The card is a creature on its own."""
    expect_object(duel, duel.label(card_ref(card)), "cards", "equals", [duel.label(card_ref(card))], observable=False)


@check_phrase("object")
def say_nothing_under(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    card = checks[0]["card"]
    return (f"{context.card(card)}の下にカードはない", 1) if _cards(checks[0]) == [card] else None


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})を含むクリーチャーのカードは上から(?P<cards>{CARDS_PATTERN})である"))
def cards_of_object(duel: Duel, card: str, cards: str) -> None:
    """The object the card is part of is made of exactly these cards, top first (the card need not be on top)."""
    expect_object(duel, duel.label(card_ref(card)), "cards", "equals", [duel.label(ref) for ref in card_refs(cards)],
                  observable=False)


@check_phrase("object")
def say_cards_of_object(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    card, cards = checks[0]["card"], _cards(checks[0])
    if cards is None or cards[0] == card:
        return None
    return f"{context.card(card)}を含むクリーチャーのカードは上から{context.cards(cards, '、')}である", 1


@then(parsers.re(rf"(?P<cards>{CARDS_PATTERN})はそれぞれ別のクリーチャーである"))
def separate_creatures(duel: Duel, cards: str) -> None:
    """Each card is the top card of an object of its own (an object has one top card, so the objects differ)."""
    for ref in card_refs(cards):
        expect_object(duel, duel.label(ref), "cards", "first", duel.label(ref), observable=False)


def _on_top(check: Message) -> bool:
    """A check that the card is the top card of its object."""
    return check["check"] == "object" and (check["field"], check["test"], check["value"]) == \
        ("cards", "first", check["card"]) and "observable" not in check


@check_phrase("object")
def say_separate(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    count = next((i for i, check in enumerate(checks) if not _on_top(check)), len(checks))
    tops = [check["card"] for check in checks[:count]]
    return (f"{context.cards(tops)}はそれぞれ別のクリーチャーである", count) if count else None


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})のバトルゾーンのカードの束は(?P<count>\d+)つである"))
def object_count(duel: Duel, player: str, count: str) -> None:
    """The number of objects (cards or piles of cards) in the player's battle zone."""
    duel.check({"check": "count", "list": "objects", "player": PLAYERS[player], "where": {}, "test": "==",
                "value": int(count)})


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})のバトルゾーンにカードはない"))
def battle_zone_empty(duel: Duel, player: str) -> None:
    """No object (card or pile of cards) is left in the player's battle zone."""
    object_count(duel, player, "0")


@check_phrase("count")
def say_object_count(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if check["list"] != "objects" or check["where"] or check["test"] != "==" or "observable" in check \
            or "player" not in check:
        return None
    player = context.player(check["player"])
    return (f"{player}のバトルゾーンにカードはない" if check["value"] == 0 else
            f"{player}のバトルゾーンのカードの束は{check['value']}つである"), 1


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})はバトルゾーンに新たに出ていない"))
def not_entered(duel: Duel, card: str) -> None:
    """Since the previous observation, no event moved the card into the battle zone (801.4c)."""
    expect_events(duel, {"type": "moved", "card": duel.label(card_ref(card)), "to": "battle"}, "==", 0)


@event_phrase("events", ("type", "card", "to"))
def say_not_entered(where: Message, test: str, value: int, context: Context) -> str | None:
    if (where["type"], where["to"], test, value) != ("moved", "battle", "==", 0):
        return None
    return f"{context.card(where['card'])}はバトルゾーンに新たに出ていない"


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は再構築でバトルゾーンに(?:(?P<count>\d+)回)?(?P<verdict>残った|残らなかった)"))
def reconstructed(duel: Duel, card: str, count: str | None, verdict: str) -> None:
    """Whether, since the previous observation, the card stayed in the battle zone by reconstruction (801.4): at
    least once, or exactly ``count`` times."""
    where = {"type": "reconstructed", "cards": duel.label(card_ref(card))}
    expect_events(duel, where, *(how_many(count) if verdict == "残った" else ("==", 0)))


@event_phrase("events", ("type", "cards"))
def say_reconstructed(where: Message, test: str, value: int, context: Context) -> str | None:
    if where["type"] != "reconstructed" or not isinstance(where["cards"], str):
        return None
    if (test, value) == ("==", 0):
        return f"{context.card(where['cards'])}は再構築でバトルゾーンに残らなかった"
    times = said_count(test, value, "回")
    return None if times is None else f"{context.card(where['cards'])}は再構築でバトルゾーンに{times}残った"


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の置換効果が(?:(?P<count>\d+)回)?(?P<verdict>適用された|適用されなかった)"))
def replacement_applied(duel: Duel, card: str, count: str | None, verdict: str) -> None:
    """Whether, since the previous observation, a replacement effect of the card's ability changed a move (at least
    once, or exactly ``count`` times)."""
    where = {"type": "replaced", "card": duel.label(card_ref(card))}
    expect_events(duel, where, *(how_many(count) if verdict == "適用された" else ("==", 0)))


@event_phrase("events", ("type", "card"))
def say_replacement_applied(where: Message, test: str, value: int, context: Context) -> str | None:
    if where["type"] != "replaced":
        return None
    if (test, value) == ("==", 0):
        return f"{context.card(where['card'])}の置換効果が適用されなかった"
    times = said_count(test, value, "回")
    return None if times is None else f"{context.card(where['card'])}の置換効果が{times}適用された"


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})のクリーチャーには(?P<other>{CARD_PATTERN})が(?P<verdict>含まれている|含まれていない)"))
def object_holds(duel: Duel, card: str, other: str, verdict: str) -> None:
    """Whether the other card is among the cards of the object the card is part of."""
    test = "contains" if verdict == "含まれている" else "lacks"
    expect_object(duel, duel.label(card_ref(card)), "cards", test, duel.label(card_ref(other)), observable=False)


@check_phrase("object")
def say_object_holds(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if check["field"] != "cards" or check["test"] not in ("contains", "lacks") or "observable" in check:
        return None
    verdict = "含まれている" if check["test"] == "contains" else "含まれていない"
    return f"{context.card(check['card'])}のクリーチャーには{context.card(check['value'])}が{verdict}", 1


@then(parsers.re(rf"(?P<cards>{CARDS_PATTERN})は(?P<card>{CARD_PATTERN})の下にある"))
def among_under(duel: Duel, cards: str, card: str) -> None:
    """The cards are under the card (in any order): the card is the top of their object."""
    expect_object(duel, duel.label(card_ref(card)), "cards", "first", duel.label(card_ref(card)), observable=False)
    for ref in card_refs(cards):
        expect_object(duel, duel.label(card_ref(card)), "cards", "contains", duel.label(ref), observable=False)


@check_phrase("object")
def say_among_under(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    top = checks[0]
    if not _on_top(top):
        return None
    count = next((i for i, check in enumerate(checks[1:]) if not _is_under(check, top["card"])), len(checks) - 1)
    if not count:
        return None
    under = [check["value"] for check in checks[1:1 + count]]
    return f"{context.cards(under)}は{context.card(top['card'])}の下にある", 1 + count


def _is_under(check: Message, top: str) -> bool:
    return check["check"] == "object" and (check["card"], check["field"], check["test"]) == (top, "cards", "contains") \
        and "observable" not in check

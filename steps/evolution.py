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

from pytest_bdd import given, then, when

from shinpan.adapters.contract import PlayerName
from shinpan.adapters.sdk.vocabulary import Zone
from shinpan.running.checks import CheckForm, Count, CountTest, Listed, ObjectField, ObjectTest
from shinpan.steps.duel import Duel
from shinpan.steps.phrase import CARD, CARDS, NUMBER, PLAYER, ZONE, Cards, Flag, Phrase, Words
from shinpan.steps.printer.phrases import Context, Message, action_phrase, check_phrase, choice_phrase, setup_phrase
from shinpan.steps.then import count_said, event_phrase, expect_events, expect_object, how_many
from shinpan.steps.vocabulary import CardRef

PILE = Cards(joiner="、")
"""Cards in order, top first: 《E》、《A》."""
TAPPED = Flag("タップされた")
ATTACKING = Flag("攻撃中の")

# ------------------------------------------------------------------ given
PILE_IN_BATTLE = Phrase("{player}のバトルゾーンに上から{cards}の順に重なった[{tapped}][{attacking}]クリーチャーがいる",
                        player=PLAYER, cards=PILE, tapped=TAPPED, attacking=ATTACKING)


@given(PILE_IN_BATTLE.parser)
def pile_in_battle(duel: Duel, player: PlayerName, cards: tuple[CardRef, ...], tapped: bool, attacking: bool) -> None:
    """One object made of these cards, top first, there since before this turn (unless marked)."""
    duel.put_object(player, list(cards), tapped=tapped or attacking, attacking=attacking)


@setup_phrase("object")
def say_pile(obj: Message, context: Context) -> str | None:
    if len(obj["cards"]) < 2 or obj["treated"] or obj["arrived"]:
        return None
    return PILE_IN_BATTLE.write(player=obj["player"], cards=context.refs(obj["cards"]),
                                tapped=bool(obj["tapped"]) and not obj["attacking"], attacking=bool(obj["attacking"]))


ARRIVED = Phrase("{cards}はこのターンにバトルゾーンに出た", cards=CARDS)


@given(ARRIVED.parser)
def arrived_this_turn(duel: Duel, cards: tuple[CardRef, ...]) -> None:
    """These cards (of objects already set up) entered the battle zone during this turn (301.5)."""
    for ref in cards:
        duel.mark_arrived(ref)


@setup_phrase("arrived")
def say_arrived(arrived: Message, context: Context) -> str:
    return ARRIVED.write(cards=context.refs(arrived["cards"]))


# ------------------------------------------------------------------- when
SUMMON_ONTO = Phrase("{player}が{card}を{sources}の上に重ねて召喚する", player=PLAYER, card=CARD, sources=CARDS)


@when(SUMMON_ONTO.parser)
def summon_onto(duel: Duel, player: PlayerName, card: CardRef, sources: tuple[CardRef, ...]) -> None:
    """召喚 an evolution (or NEO) creature onto its sources."""
    duel.act({"type": "summon", "card": duel.own(player, card), "sources": [duel.label(ref) for ref in sources]})


@action_phrase("summon")
def say_summon_onto(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or "sources" not in action:
        return None
    card = action["card"]
    return SUMMON_ONTO.write(player=context.owner_of(card), card=context.ref(card),
                             sources=context.refs(action["sources"]))


PUT_ONTO = Phrase("効果で{card}が{sources}の上に重なって[{tapped}]バトルゾーンに出る", card=CARD, sources=CARDS,
                  tapped=Flag("タップして"))


@when(PUT_ONTO.parser)
def put_onto(duel: Duel, card: CardRef, sources: tuple[CardRef, ...], tapped: bool) -> None:
    """An effect puts an evolution creature into the battle zone onto its sources (e.g. 墓地進化); タップして:
    tapped."""
    duel.act({"type": "put_into_battle", "card": duel.label(card), "sources": [duel.label(ref) for ref in sources],
              **({"tapped": True} if tapped else {})})


@action_phrase("put_into_battle")
def say_put_onto(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or "sources" not in action or action.get("with"):
        return None
    return PUT_ONTO.write(card=context.ref(action["card"]), sources=context.refs(action["sources"]),
                          tapped=bool(action.get("tapped")))


DEVOLVE = Phrase("効果で{card}だけが持ち主の{zone}に置かれ[{attempt}]る",
                 card=CARD, zone=ZONE, attempt=Flag("ようとす"))


@when(DEVOLVE.parser)
def devolve(duel: Duel, card: CardRef, zone: Zone, attempt: bool) -> None:
    """退化: only this card, the top card of its creature, leaves the battle zone; 〜ようとする only tries."""
    duel.act({"type": "devolve", "card": duel.label(card), "to": zone}, attempt=attempt)


@action_phrase("devolve")
def say_devolve(action: Message, attempt: bool, context: Context) -> str:
    return DEVOLVE.write(card=context.ref(action["card"]), zone=action["to"], attempt=attempt)


PUT_UNDER = Phrase("効果で{cards}が{target}の下に置かれる", cards=CARDS, target=CARD)


@when(PUT_UNDER.parser)
def put_under(duel: Duel, cards: tuple[CardRef, ...], target: CardRef) -> None:
    """An effect puts cards under the creature that the target card is part of."""
    duel.act({"type": "put_under", "target": duel.label(target), "cards": [duel.label(ref) for ref in cards]})


@action_phrase("put_under")
def say_put_under(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt:
        return None
    return PUT_UNDER.write(cards=context.refs(action["cards"]), target=context.ref(action["target"]))


REARRANGE_UNDER = Phrase("{player}が{target}の下のカードを上から{cards}の順に並べ替え[{attempt}]する", player=PLAYER,
                         target=CARD, cards=PILE, attempt=Flag("ようと"))


@when(REARRANGE_UNDER.parser)
def rearrange_under(duel: Duel, player: PlayerName, target: CardRef, cards: tuple[CardRef, ...],
                    attempt: bool) -> None:
    """The controller rearranges the cards under a card (403.3); 〜ようとする only tries."""
    duel.act({"type": "rearrange_under", "target": duel.own(player, target),
              "order": [duel.label(ref) for ref in cards]}, attempt=attempt)


@action_phrase("rearrange_under")
def say_rearrange_under(action: Message, attempt: bool, context: Context) -> str:
    target = action["target"]
    return REARRANGE_UNDER.write(player=context.owner_of(target), target=context.ref(target),
                                 cards=context.refs(action["order"]), attempt=attempt)


KEPT = Phrase("{player}は再構築で{cards}を残すことにする", player=PLAYER, cards=CARDS)


@when(KEPT.parser)
def choose_kept(duel: Duel, player: PlayerName, cards: tuple[CardRef, ...]) -> None:
    """Scripted choice keep_after_reconstruction: the top cards of the creatures that stay (old 801.4a)."""
    duel.script_choice(player, "keep_after_reconstruction", list(cards))


@choice_phrase("keep_after_reconstruction")
def say_kept(choice: Message, context: Context) -> str:
    return KEPT.write(player=choice["player"], cards=context.refs(choice["picks"]))


SOURCES_OF = Phrase("{player}は再構築で{card}の下に{cards}を残すことにする", player=PLAYER, card=CARD, cards=CARDS)


@when(SOURCES_OF.parser)
def choose_sources(duel: Duel, player: PlayerName, card: CardRef, cards: tuple[CardRef, ...]) -> None:
    """Scripted choice reconstruction_sources: the sources a kept evolution creature stays on (old 801.4c)."""
    duel.label(card)
    duel.script_choice(player, "reconstruction_sources", list(cards))


SOURCES = Phrase("{player}は再構築で進化元として{cards}を残すことにする", player=PLAYER, cards=CARDS)


@when(SOURCES.parser)
def choose_sources_of_next(duel: Duel, player: PlayerName, cards: tuple[CardRef, ...]) -> None:
    """Scripted choice reconstruction_sources, without naming the kept evolution creature (the next one asked)."""
    duel.script_choice(player, "reconstruction_sources", list(cards))


@choice_phrase("reconstruction_sources")
def say_sources(choice: Message, context: Context) -> str:
    return SOURCES.write(player=choice["player"], cards=context.refs(choice["picks"]))


KEEP_ATTACKING = Phrase("{player}は{card}で攻撃を続けることにする", player=PLAYER, card=CARD)


@when(KEEP_ATTACKING.parser)
def choose_attacker(duel: Duel, player: PlayerName, card: CardRef) -> None:
    """Scripted choice keep_attacking: which creature goes on attacking (old 801.4e)."""
    duel.script_choice(player, "keep_attacking", [card])


@choice_phrase("keep_attacking")
def say_attacker(choice: Message, context: Context) -> str | None:
    if len(choice["picks"]) != 1:
        return None
    return KEEP_ATTACKING.write(player=choice["player"], card=context.ref(choice["picks"][0]))


ORDER_UNDER = Phrase("{player}は下に置くカードの順番を上から{cards}にする", player=PLAYER, cards=PILE)


@when(ORDER_UNDER.parser)
def choose_order(duel: Duel, player: PlayerName, cards: tuple[CardRef, ...]) -> None:
    """Scripted choice order_under: the order of cards put under at once, top first (403.4a, 801.1b)."""
    duel.script_choice(player, "order_under", list(cards))


@choice_phrase("order_under")
def say_order(choice: Message, context: Context) -> str:
    return ORDER_UNDER.write(player=choice["player"], cards=context.refs(choice["picks"]))


# ------------------------------------------------------------------- then
CARDS_UNDER = Phrase("{card}の下には上から{cards}がある", card=CARD, cards=PILE)
CARD_UNDER = Phrase("{card}の下には{under}がある", card=CARD, under=CARD)


@then(CARDS_UNDER.parser)
def cards_under(duel: Duel, card: CardRef, cards: tuple[CardRef, ...]) -> None:
    """The card is the top of its object, and exactly these cards are under it, in this order."""
    expected = [duel.label(card)] + [duel.label(ref) for ref in cards]
    expect_object(duel, duel.label(card), "cards", ObjectTest.EQUALS, expected, observable=False)


@then(CARD_UNDER.parser)
def card_under(duel: Duel, card: CardRef, under: CardRef) -> None:
    """The card is the top of its object, and exactly this one card is under it (one card has no order to say)."""
    cards_under(duel, card, (under,))


def _pile(check: CheckForm, test: ObjectTest) -> ObjectField | None:
    """A check of the cards of an object (a pile, top first) by ``test``, or None for another check."""
    if not isinstance(check, ObjectField) or (check.field, check.test, check.observable) != ("cards", test, None):
        return None
    return check


def _cards(check: CheckForm) -> tuple[str, list[str]] | None:
    """The card and the cards an ``equals`` check of its object's cards (top first) expects, or None for another
    check."""
    pile = _pile(check, ObjectTest.EQUALS)
    return None if pile is None or not pile.value else (pile.card, list(pile.value))


@check_phrase(ObjectField)
def say_cards_under(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    card, cards = _cards(checks[0]) or ("", None)
    if cards is None or cards[0] != card or len(cards) < 2:
        return None
    if len(cards) == 2:
        return CARD_UNDER.write(card=context.ref(card), under=context.ref(cards[1])), 1
    return CARDS_UNDER.write(card=context.ref(card), cards=context.refs(cards[1:])), 1


NOTHING_UNDER = Phrase("{card}の下にカードはない", card=CARD)


@then(NOTHING_UNDER.parser)
def nothing_under(duel: Duel, card: CardRef) -> None:
    """The card is a creature on its own."""
    expect_object(duel, duel.label(card), "cards", ObjectTest.EQUALS, [duel.label(card)], observable=False)


@check_phrase(ObjectField)
def say_nothing_under(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    card, cards = _cards(checks[0]) or ("", None)
    return (NOTHING_UNDER.write(card=context.ref(card)), 1) if cards == [card] else None


CARDS_OF_OBJECT = Phrase("{card}を含むクリーチャーのカードは上から{cards}である", card=CARD, cards=PILE)


@then(CARDS_OF_OBJECT.parser)
def cards_of_object(duel: Duel, card: CardRef, cards: tuple[CardRef, ...]) -> None:
    """The object the card is part of is made of exactly these cards, top first (the card need not be on top)."""
    expect_object(duel, duel.label(card), "cards", ObjectTest.EQUALS, [duel.label(ref) for ref in cards],
                  observable=False)


@check_phrase(ObjectField)
def say_cards_of_object(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    card, cards = _cards(checks[0]) or ("", None)
    if cards is None or cards[0] == card:
        return None
    return CARDS_OF_OBJECT.write(card=context.ref(card), cards=context.refs(cards)), 1


SEPARATE = Phrase("{cards}はそれぞれ別のクリーチャーである", cards=CARDS)


@then(SEPARATE.parser)
def separate_creatures(duel: Duel, cards: tuple[CardRef, ...]) -> None:
    """Each card is the top card of an object of its own (an object has one top card, so the objects differ)."""
    for ref in cards:
        expect_object(duel, duel.label(ref), "cards", ObjectTest.FIRST, duel.label(ref), observable=False)


def _on_top(check: CheckForm) -> str | None:
    """The card a check says is the top card of its object (None if it is not such a check)."""
    pile = _pile(check, ObjectTest.FIRST)
    return pile.card if pile is not None and pile.value == pile.card else None


@check_phrase(ObjectField)
def say_separate(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    count = next((i for i, check in enumerate(checks) if _on_top(check) is None), len(checks))
    tops = [str(_on_top(check)) for check in checks[:count]]
    return (SEPARATE.write(cards=context.refs(tops)), count) if count else None


OBJECT_COUNT = Phrase("{player}のバトルゾーンのカードの束は{count}つである", player=PLAYER, count=NUMBER)
BATTLE_ZONE_EMPTY = Phrase("{player}のバトルゾーンにカードはない", player=PLAYER)


@then(OBJECT_COUNT.parser)
def object_count(duel: Duel, player: PlayerName, count: int) -> None:
    """The number of objects (cards or piles of cards) in the player's battle zone."""
    duel.check(Count(Listed.OBJECTS, {}, CountTest.EXACTLY, count, player=player))


@then(BATTLE_ZONE_EMPTY.parser)
def battle_zone_empty(duel: Duel, player: PlayerName) -> None:
    """No object (card or pile of cards) is left in the player's battle zone."""
    object_count(duel, player, 0)


@check_phrase(Count)
def say_object_count(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if not isinstance(check, Count) or check.listed is not Listed.OBJECTS or check.where \
            or check.test is not CountTest.EXACTLY or check.observable is not None or check.player is None:
        return None
    player = check.player
    return (BATTLE_ZONE_EMPTY.write(player=player) if check.value == 0 else
            OBJECT_COUNT.write(player=player, count=check.value)), 1


NOT_ENTERED = Phrase("{card}はバトルゾーンに新たに出ていない", card=CARD)


@then(NOT_ENTERED.parser)
def not_entered(duel: Duel, card: CardRef) -> None:
    """Since the previous observation, no event moved the card into the battle zone (801.4c)."""
    expect_events(duel, {"type": "moved", "card": duel.label(card), "to": "battle"}, CountTest.EXACTLY, 0)


@event_phrase(Listed.EVENTS, ("type", "card", "to"))
def say_not_entered(where: Message, test: CountTest, value: int, context: Context) -> str | None:
    if (where["type"], where["to"], test, value) != ("moved", "battle", CountTest.EXACTLY, 0):
        return None
    return NOT_ENTERED.write(card=context.ref(where["card"]))


RECONSTRUCTED = Phrase("{card}は再構築でバトルゾーンに[{count}回]{stayed}", card=CARD, count=NUMBER,
                       stayed=Words({"残った": True, "残らなかった": False}, "残った or 残らなかった"))


@then(RECONSTRUCTED.parser)
def reconstructed(duel: Duel, card: CardRef, count: int | None, stayed: bool) -> None:
    """Whether, since the previous observation, the card stayed in the battle zone by reconstruction (801.4): at
    least once, or exactly ``count`` times."""
    where = {"type": "reconstructed", "cards": duel.label(card)}
    expect_events(duel, where, *(how_many(count) if stayed else (CountTest.EXACTLY, 0)))


def _counted(test: CountTest, value: int) -> dict[str, object] | None:
    """The ``count`` and the verdict of a phrase that says a count check (None: at least one) or says it did not
    happen (exactly zero)."""
    if (test, value) == (CountTest.EXACTLY, 0):
        return {"count": None, "verdict": False}
    said = count_said(test, value)
    return None if said is None else {"count": said[0], "verdict": True}


@event_phrase(Listed.EVENTS, ("type", "cards"))
def say_reconstructed(where: Message, test: CountTest, value: int, context: Context) -> str | None:
    counted = _counted(test, value)
    if where["type"] != "reconstructed" or not isinstance(where["cards"], str) or counted is None:
        return None
    return RECONSTRUCTED.write(card=context.ref(where["cards"]), count=counted["count"], stayed=counted["verdict"])


REPLACEMENT_APPLIED = Phrase("{card}の置換効果が[{count}回]{applied}", card=CARD, count=NUMBER,
                             applied=Words({"適用された": True, "適用されなかった": False}, "whether it applied"))


@then(REPLACEMENT_APPLIED.parser)
def replacement_applied(duel: Duel, card: CardRef, count: int | None, applied: bool) -> None:
    """Whether, since the previous observation, a replacement effect of the card's ability changed a move (at least
    once, or exactly ``count`` times)."""
    where = {"type": "replaced", "card": duel.label(card)}
    expect_events(duel, where, *(how_many(count) if applied else (CountTest.EXACTLY, 0)))


@event_phrase(Listed.EVENTS, ("type", "card"))
def say_replacement_applied(where: Message, test: CountTest, value: int, context: Context) -> str | None:
    counted = _counted(test, value)
    if where["type"] != "replaced" or counted is None:
        return None
    return REPLACEMENT_APPLIED.write(card=context.ref(where["card"]), count=counted["count"],
                                     applied=counted["verdict"])


OBJECT_HOLDS = Phrase("{card}のクリーチャーには{other}が{test}", card=CARD, other=CARD,
                      test=Words({"含まれている": ObjectTest.CONTAINS, "含まれていない": ObjectTest.LACKS},
                                 "whether it is held"))


@then(OBJECT_HOLDS.parser)
def object_holds(duel: Duel, card: CardRef, other: CardRef, test: ObjectTest) -> None:
    """Whether the other card is among the cards of the object the card is part of."""
    expect_object(duel, duel.label(card), "cards", test, duel.label(other), observable=False)


@check_phrase(ObjectField)
def say_object_holds(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = next((p for test in (ObjectTest.CONTAINS, ObjectTest.LACKS) if (p := _pile(checks[0], test))), None)
    if check is None:
        return None
    return OBJECT_HOLDS.write(card=context.ref(check.card), other=context.ref(check.value), test=check.test), 1


AMONG_UNDER = Phrase("{cards}は{card}の下にある", cards=CARDS, card=CARD)


@then(AMONG_UNDER.parser)
def among_under(duel: Duel, cards: tuple[CardRef, ...], card: CardRef) -> None:
    """The cards are under the card (in any order): the card is the top of their object."""
    expect_object(duel, duel.label(card), "cards", ObjectTest.FIRST, duel.label(card), observable=False)
    for ref in cards:
        expect_object(duel, duel.label(card), "cards", ObjectTest.CONTAINS, duel.label(ref), observable=False)


@check_phrase(ObjectField)
def say_among_under(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    top = _on_top(checks[0])
    if top is None:
        return None
    under = []
    for check in checks[1:]:
        pile = _pile(check, ObjectTest.CONTAINS)
        if pile is None or pile.card != top:
            break
        under.append(pile.value)
    if not under:
        return None
    return AMONG_UNDER.write(cards=context.refs(under), card=context.ref(top)), 1 + len(under)

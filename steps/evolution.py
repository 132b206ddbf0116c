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
  自分は《A》で攻撃を続けることにする                           keep_attacking
  自分は下に置くカードの順番を上から《A》、《B》にする           order_under
- ならば 《E》の下には上から《A》、《B》がある / 《A》の下にカードはない
- ならば 《A》と《B》はそれぞれ別のクリーチャーである / 自分のバトルゾーンのカードの束は2つである
- ならば 自分のバトルゾーンにカードはない
- ならば 《A》はバトルゾーンに新たに出ていない / 《A》は再構築でバトルゾーンに残った
- ならば 《弩闘!桃天守閣》の置換効果が適用された / 適用されなかった
"""

from __future__ import annotations

from pytest_bdd import given, parsers, then, when

from shinpan.steps.duel import Duel
from shinpan.steps.then import expect_events, expect_object
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


@given(parsers.re(rf"(?P<cards>{CARDS_PATTERN})はこのターンにバトルゾーンに出た"))
def arrived_this_turn(duel: Duel, cards: str) -> None:
    """These cards (of objects already set up) entered the battle zone during this turn (301.5)."""
    for ref in card_refs(cards):
        duel.mark_arrived(ref)


# ------------------------------------------------------------------- when


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})が(?P<card>{CARD_PATTERN})を(?P<sources>{CARDS_PATTERN})の上に重ねて召喚する"))
def summon_onto(duel: Duel, player: str, card: str, sources: str) -> None:
    """召喚 an evolution (or NEO) creature onto its sources."""
    duel.act({"type": "summon", "card": duel.own(PLAYERS[player], card_ref(card)),
              "sources": [duel.label(ref) for ref in card_refs(sources)]})


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})が(?P<sources>{CARDS_PATTERN})の上に重なってバトルゾーンに出る"))
def put_onto(duel: Duel, card: str, sources: str) -> None:
    """An effect puts an evolution creature into the battle zone onto its sources (e.g. 墓地進化)."""
    duel.act({"type": "put_into_battle", "card": duel.label(card_ref(card)),
              "sources": [duel.label(ref) for ref in card_refs(sources)]})


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})だけが持ち主の(?P<zone>{ZONE_PATTERN})に置かれ(?P<attempt>ようとす)?る"))
def devolve(duel: Duel, card: str, zone: str, attempt: str | None) -> None:
    """退化: only this card, the top card of its creature, leaves the battle zone; 〜ようとする only tries."""
    duel.act({"type": "devolve", "card": duel.label(card_ref(card)), "to": ZONES[zone]}, attempt=bool(attempt))


@when(parsers.re(rf"効果で(?P<cards>{CARDS_PATTERN})が(?P<target>{CARD_PATTERN})の下に置かれる"))
def put_under(duel: Duel, cards: str, target: str) -> None:
    """An effect puts cards under the creature that the target card is part of."""
    duel.act({"type": "put_under", "target": duel.label(card_ref(target)),
              "cards": [duel.label(ref) for ref in card_refs(cards)]})


@when(parsers.re(
    rf"(?P<player>{PLAYER_PATTERN})が(?P<target>{CARD_PATTERN})の下のカードを上から(?P<cards>{CARDS_PATTERN})の順に"
    r"並べ替え(?P<attempt>ようと)?する"
))
def rearrange_under(duel: Duel, player: str, target: str, cards: str, attempt: str | None) -> None:
    """The controller rearranges the cards under a card (403.3); 〜ようとする only tries."""
    duel.act({"type": "rearrange_under", "target": duel.own(PLAYERS[player], card_ref(target)),
              "order": [duel.label(ref) for ref in card_refs(cards)]}, attempt=bool(attempt))


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は再構築で(?P<cards>{CARDS_PATTERN})を残すことにする"))
def choose_kept(duel: Duel, player: str, cards: str) -> None:
    """Scripted choice keep_after_reconstruction: the top cards of the creatures that stay (old 801.4a)."""
    duel.script_choice(PLAYERS[player], "keep_after_reconstruction", card_refs(cards))


@when(parsers.re(
    rf"(?P<player>{PLAYER_PATTERN})は再構築で(?P<card>{CARD_PATTERN})の下に(?P<cards>{CARDS_PATTERN})を残すことにする"
))
def choose_sources(duel: Duel, player: str, card: str, cards: str) -> None:
    """Scripted choice reconstruction_sources: the sources a kept evolution creature stays on (old 801.4c)."""
    duel.label(card_ref(card))
    duel.script_choice(PLAYERS[player], "reconstruction_sources", card_refs(cards))


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は(?P<card>{CARD_PATTERN})で攻撃を続けることにする"))
def choose_attacker(duel: Duel, player: str, card: str) -> None:
    """Scripted choice keep_attacking: which creature goes on attacking (old 801.4e)."""
    duel.script_choice(PLAYERS[player], "keep_attacking", [card_ref(card)])


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は下に置くカードの順番を上から(?P<cards>{CARDS_PATTERN})にする"))
def choose_order(duel: Duel, player: str, cards: str) -> None:
    """Scripted choice order_under: the order of cards put under at once, top first (403.4a, 801.1b)."""
    duel.script_choice(PLAYERS[player], "order_under", card_refs(cards))


# ------------------------------------------------------------------- then


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の下には上から(?P<cards>{CARDS_PATTERN})がある"))
def cards_under(duel: Duel, card: str, cards: str) -> None:
    """The card is the top of its object, and exactly these cards are under it, in this order."""
    expected = [duel.label(card_ref(card))] + [duel.label(ref) for ref in card_refs(cards)]
    expect_object(duel, duel.label(card_ref(card)), "cards", "equals", expected, observable=False)


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の下にカードはない"))
def nothing_under(duel: Duel, card: str) -> None:
    """The card is a creature on its own."""
    expect_object(duel, duel.label(card_ref(card)), "cards", "equals", [duel.label(card_ref(card))], observable=False)


@then(parsers.re(rf"(?P<cards>{CARDS_PATTERN})はそれぞれ別のクリーチャーである"))
def separate_creatures(duel: Duel, cards: str) -> None:
    """Each card is the top card of an object of its own (an object has one top card, so the objects differ)."""
    for ref in card_refs(cards):
        expect_object(duel, duel.label(ref), "cards", "first", duel.label(ref), observable=False)


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})のバトルゾーンのカードの束は(?P<count>\d+)つである"))
def object_count(duel: Duel, player: str, count: str) -> None:
    """The number of objects (cards or piles of cards) in the player's battle zone."""
    duel.check({"check": "count", "list": "objects", "player": PLAYERS[player], "where": {}, "test": "==",
                "value": int(count)})


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})のバトルゾーンにカードはない"))
def battle_zone_empty(duel: Duel, player: str) -> None:
    """No object (card or pile of cards) is left in the player's battle zone."""
    object_count(duel, player, "0")


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})はバトルゾーンに新たに出ていない"))
def not_entered(duel: Duel, card: str) -> None:
    """Since the previous observation, no event moved the card into the battle zone (801.4c)."""
    expect_events(duel, {"type": "moved", "card": duel.label(card_ref(card)), "to": "battle"}, "==", 0)


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は再構築でバトルゾーンに残った"))
def reconstructed(duel: Duel, card: str) -> None:
    """Since the previous observation, the card stayed in the battle zone by reconstruction (801.4)."""
    expect_events(duel, {"type": "reconstructed", "cards": duel.label(card_ref(card))}, ">=", 1)


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の置換効果が(?P<verdict>適用された|適用されなかった)"))
def replacement_applied(duel: Duel, card: str, verdict: str) -> None:
    """Whether, since the previous observation, a replacement effect of the card's ability changed a move."""
    where = {"type": "replaced", "card": duel.label(card_ref(card))}
    expect_events(duel, where, *((">=", 1) if verdict == "適用された" else ("==", 0)))


@then(parsers.re(rf"(?P<cards>{CARDS_PATTERN})は(?P<card>{CARD_PATTERN})の下にある"))
def among_under(duel: Duel, cards: str, card: str) -> None:
    """The cards are under the card (in any order): the card is the top of their object."""
    expect_object(duel, duel.label(card_ref(card)), "cards", "first", duel.label(card_ref(card)), observable=False)
    for ref in card_refs(cards):
        expect_object(duel, duel.label(card_ref(card)), "cards", "contains", duel.label(ref), observable=False)

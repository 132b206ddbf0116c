"""ならば steps: checks against the adapter's observation."""

from __future__ import annotations

from pytest_bdd import parsers, then

from shinpan.steps.duel import Duel
from shinpan.steps.vocabulary import (
    CARD_PATTERN,
    CARDS_PATTERN,
    DECK_POSITION_PATTERN,
    DECK_POSITIONS,
    PLAYER_PATTERN,
    PLAYERS,
    ZONE_PATTERN,
    ZONES,
    card_ref,
    card_refs,
)


def _in_zone(duel: Duel, player: str, zone: str, label: str) -> bool:
    view = duel.observation()["players"][player]
    if zone == "battle":
        return any(label in obj["cards"] for obj in view["battle"])
    return label in view[zone]


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})の(?P<zone>{ZONE_PATTERN})に(?P<cards>{CARDS_PATTERN})が(ある|いる)"))
def in_zone(duel: Duel, player: str, zone: str, cards: str) -> None:
    """Each card is in that player's zone."""
    for ref in card_refs(cards):
        label = duel.label(ref)
        assert _in_zone(duel, PLAYERS[player], ZONES[zone], label), (
            f"expected 《{ref.name}》 in {player}の{zone}, but {duel.where(label)}"
        )


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})の(?P<zone>{ZONE_PATTERN})に(?P<cards>{CARDS_PATTERN})は(ない|いない)"))
def not_in_zone(duel: Duel, player: str, zone: str, cards: str) -> None:
    """None of the cards is in that player's zone."""
    for ref in card_refs(cards):
        label = duel.label(ref)
        assert not _in_zone(duel, PLAYERS[player], ZONES[zone], label), (
            f"expected 《{ref.name}》 not to be in {player}の{zone}, but it is"
        )


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})の(?P<zone>{ZONE_PATTERN})のカードは(?P<count>\d+)枚である"))
def zone_size(duel: Duel, player: str, zone: str, count: str) -> None:
    """The number of cards in a zone (in the battle zone: every card of every object)."""
    view = duel.observation()["players"][PLAYERS[player]]
    key = ZONES[zone]
    actual = sum(len(o["cards"]) for o in view["battle"]) if key == "battle" else len(view[key])
    assert actual == int(count), f"{player}の{zone} has {actual} cards, expected {count}"


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})の山札の(?P<where>{DECK_POSITION_PATTERN})は(?P<card>{CARD_PATTERN})である"))
def deck_position(duel: Duel, player: str, where: str, card: str) -> None:
    """The card is the top (一番上) or the bottom (一番下) card of the player's deck (needs ``deck_order``)."""
    duel.require("deck_order")
    deck = duel.observation()["players"][PLAYERS[player]]["deck"]
    ref = card_ref(card)
    assert deck, f"{player}の山札 is empty; {duel.where(duel.label(ref))}"
    actual = deck[0] if DECK_POSITIONS[where] == "top" else deck[-1]
    assert actual == duel.label(ref), f"{player}の山札 is {deck} (top first): its {where} is {actual!r}"


def expect_object_field(duel: Duel, card: str, field: str, expected: object) -> None:
    """Check one observed field of the battle-zone object ``card`` is in (UNOBSERVABLE if not reported)."""
    duel.require(field)
    actual = duel.object_of(card_ref(card))[field]
    assert actual == expected, f"{field} is {actual}, expected {expected}"


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は召喚酔い(?P<neg>していない|している)"))
def summoning_sick(duel: Duel, card: str, neg: str) -> None:
    """Whether summoning sickness (301.5) stops it from attacking."""
    expect_object_field(duel, card, "summoning_sick", neg == "している")


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は攻撃(?P<ability>できる|できない)"))
def can_attack(duel: Duel, card: str, ability: str) -> None:
    """Whether it could declare an attack now."""
    expect_object_field(duel, card, "can_attack", ability == "できる")


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は(?P<state>タップ|アンタップ)されている"))
def tapped(duel: Duel, card: str, state: str) -> None:
    """Its tap state (位相). For a mana card, whether it is tapped in the mana zone."""
    ref = card_ref(card)
    expected = state == "タップ"
    label = duel.label(ref)
    for view in duel.observation()["players"].values():
        if label in view["mana"]:
            duel.require("tapped_mana")
            actual = label in view["tapped_mana"]
            assert actual is expected, f"the mana card's tapped state is {actual}, expected {expected}"
            return
    expect_object_field(duel, card, "tapped", expected)


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は攻撃中(?P<neg>である|ではない)"))
def attacking(duel: Duel, card: str, neg: str) -> None:
    """Whether it is attacking."""
    expect_object_field(duel, card, "attacking", neg == "である")


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})のパワーは(?P<power>\d+)である"))
def power(duel: Duel, card: str, power: str) -> None:
    """The object's current power."""
    expect_object_field(duel, card, "power", int(power))


@then(parsers.re("その行動は(?P<verdict>拒否される|認められる)"))
def verdict(duel: Duel, verdict: str) -> None:
    """Whether the rules allowed the move just tried (〜しようとする)."""
    if verdict == "拒否される":
        assert duel.last_rejection is not None, "the move was allowed, but the rules forbid it"
    else:
        assert duel.last_rejection is None, f"the move was rejected: {duel.last_rejection}"


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})が(?P<source>{ZONE_PATTERN})から(?P<dest>{ZONE_PATTERN})に移動した"))
def moved(duel: Duel, card: str, source: str, dest: str) -> None:
    """Since the previous observation, the card moved from one zone to the other."""
    duel.require("events")
    label = duel.label(card_ref(card))
    moves = [(e["from"], e["to"]) for e in duel.observation().get("events", [])
             if e["type"] == "moved" and e["card"] == label]
    assert (ZONES[source], ZONES[dest]) in moves, f"moves of 《{card_ref(card).name}》 seen: {moves or 'none'}"



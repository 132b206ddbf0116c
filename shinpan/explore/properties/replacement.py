"""Replacement effects (置換効果, 609 with 101.5): what happens instead, and which one when several could.

A replacement effect waits for one kind of event — a creature destroyed (put into the graveyard from the battle
zone), leaving the battle zone, returned to the hand — and does something else instead (609.1): here, puts the
creature into another zone (the deck: on top or at the bottom, as it says). One event is replaced at most once
(609.3, 101.5): when several effects could replace it, the turn player's applies first (609.8, 101.5b), and among
one player's the player chooses; once one applies the others do nothing. Whether a replacement that would put the
card where it was going anyway applies (and so stops the others) no source says: the property drops no replacement,
and draws no case with one (the move goes elsewhere; with no such destination the example is skipped).

The case: one creature, with replacement effects around it — its own (「このクリーチャーが…時、かわりに…」),
its controller's (「自分のクリーチャーが…」), its opponent's (「相手のクリーチャーが…」) — and one effect that destroys
it or moves it to a zone. After it: the creature is where the one replacement that applied put it (top or bottom of the
deck included), exactly one replacement event names it, or none applied and it went where the move said.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from shinpan.adapters.sdk.abilities import Replacement
from shinpan.explore.dice import Dice
from shinpan.explore.oracle import Skip
from shinpan.explore.pool import Card
from shinpan.explore.properties import expect
from shinpan.explore.properties.layout import PLAYERS, Layout, other
from shinpan.explore.properties.property import Check, Context, Plan, Property
from shinpan.running.cases import Move

EVENTS = ("destroyed", "leaves", "returned_to_hand")
WHOSE = ("this", "own_creatures", "opponent_creatures")
ZONES = ("graveyard", "hand", "mana", "deck")
"""Where the effect moves the creature (the graveyard: destroyed, or moved there)."""


@dataclass(frozen=True)
class Instead:
    """A card's one plain replacement: the event, whose creatures, and where to instead (and where in a deck)."""

    event: str
    of: str
    zone: str
    position: str = "top"


@dataclass(frozen=True)
class Holder:
    """A replacement on the board: its card's label, its controller, its replacement."""

    label: str
    controller: str
    instead: Instead


def instead(card: Card) -> Instead | None:
    """The card's replacement, if its only ability is a plain, not optional replacement of one of :data:`EVENTS`."""
    if len(card.abilities) != 1 or card.evolution is not None:
        return None
    ability = card.abilities[0]
    if (not isinstance(ability, Replacement) or ability.event not in EVENTS or ability.of not in WHOSE
            or ability.instead_zone is None or ability.optional or ability.during or ability.then):
        return None
    return Instead(ability.event, ability.of, ability.instead_zone, ability.position or "top")


def plan(dice: Dice, context: Context) -> Plan:
    """A creature among replacement holders; one effect destroys it or moves it."""
    holders = [c for c in context.pool.cards if c.is_creature and instead(c) is not None]
    if not holders or not context.pool.vanilla:
        raise Skip("the engine implements no plain replacement effect")
    layout = Layout(dice.pick(PLAYERS), dice.count(2, 5))
    player = dice.pick(PLAYERS)
    target = dice.pick([*holders, *context.pool.vanilla])
    moving = layout.object(player, [target])[0]
    around = [Holder(moving, player, found)] if (found := instead(target)) is not None else []
    for side in PLAYERS:
        for card in dice.several(holders, 0, 2):
            label = layout.object(side, [card])[0]
            around.append(Holder(label, side, instead(card)))  # type: ignore[arg-type]
    for side in PLAYERS:  # cards in the decks: the top and the bottom of a deck are then different places
        for card in dice.several(context.pool.vanilla, 0, 2):
            layout.put(side, "deck", card)
    settled = [zone for zone in ZONES if not any(_waits_for(h, moving, player, zone) and h.instead.zone == zone
                                                    for h in around)]
    if not settled:
        raise Skip("every destination has a replacement that would send the card there anyway (no source says "
                   "whether it applies)")
    destination = dice.pick(settled)
    action: dict[str, Any] = ({"type": "destroy", "cards": [moving]} if destination == "graveyard" and dice.coin()
                              else {"type": "move", "card": moving, "to": destination})
    if destination == "deck":
        action["position"] = dice.pick(("top", "bottom"))
    candidates = [h for h in around if _waits_for(h, moving, player, destination)]

    def after(moves: Sequence[Move]) -> list[Check]:
        if not moves:
            return []
        return _expected(_applied(candidates, layout.active, moves[-1]), around, moving, player, destination,
                         str(action.get("position", "top")))

    return Plan(layout.state, [action], each=after)


def _waits_for(holder: Holder, moving: str, controller: str, destination: str) -> bool:
    """Whether ``holder``'s replacement waits for ``moving`` (controlled by ``controller``) going to ``destination``
    (609.1)."""
    event = holder.instead
    kinds = {"leaves", *(("destroyed",) if destination == "graveyard" else ()),
             *(("returned_to_hand",) if destination == "hand" else ())}
    whose = {"this": holder.label == moving, "own_creatures": holder.controller == controller,
             "opponent_creatures": holder.controller != controller}[event.of]
    return event.event in kinds and whose


def _applied(candidates: Sequence[Holder], active: str, move: Move) -> Holder | None:
    """The replacement that applies (609.8): the turn player's if they have one, among theirs the one chosen."""
    for player in (active, other(active)):
        theirs = [h for h in candidates if h.controller == player]
        if len(theirs) == 1:
            return theirs[0]
        if theirs:
            picked: list[str] = next((list(c["picks"]) for c in move.choices if c["kind"] == "replacement"
                           and c["player"] == player), [])
            return next((h for h in theirs if [h.label] == list(picked)), None)
    return None


def _expected(applied: Holder | None, around: Sequence[Holder], moving: str, owner: str, destination: str,
              position: str) -> list[Check]:
    """Where the creature is, and which replacement applied to its event: the one, once, and no other — or none."""
    zone, where = (applied.instead.zone, applied.instead.position) if applied is not None else (destination, position)
    checks = [expect.in_zone(owner, zone, moving)]
    if zone == "deck":
        checks.append(expect.at_deck(owner, where, moving))
    if applied is None:
        return [*checks, expect.events({"type": "replaced"}, 0)]
    return [*checks, *(expect.events({"type": "replaced", "card": holder.label, "affected": moving},
                                     int(holder is applied)) for holder in around)]


REPLACEMENT = Property(
    id="replacement",
    title="one replacement per event, the turn player's first, to where it says (609, 101.5)",
    title_ja="置換効果は1つのイベントに1回、ターン・プレイヤーのものが先、言われた場所へ(609、101.5)",
    statement="置換効果はイベントが起こる時にかわりに別のことをさせ(山札の上や一番下を含め、言われたゾーンに置く)、"
              "1つのイベントには1回だけ適用される。複数の置換効果が適用できる時はターン・プレイヤーのものが先に適用され、"
              "同じプレイヤーのものはそのプレイヤーが選ぶ。1つが適用されれば、ほかのものは何もしない。",
    rules=("609.1", "609.3", "609.8", "101.5", "101.5b"),
    sources=("seed004",),
    planner=plan,
    mechanics=("replacement_effects",),
)

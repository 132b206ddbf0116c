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
deck included), exactly one replacement event names it, or none applied and it went where the move said. The one
that applies is the turn player's if they have one (else the other player's), and among one player's several the
one that player picks; when no pick of theirs is scripted (the engine chose without asking, or asked another
player), the rule says only that one of theirs applies, and so does the property: exactly one replaced event, none
of any other replacement's, and where the card is if all of theirs send it to the same place.

Over general play (:func:`over_play`) the same rule is checked after any step that destroys one creature or moves one
out of the battle zone, with whatever replacements the board holds: the replacements waiting for its event are
found on the board before the step; then either none applied and it is where the move sent it, or exactly one did
— the turn player's if they had one — and it is where that one says. Where the answer is not the rule's to give,
nothing is asserted: a step in which abilities may be ignored, a replacement that is not plain (optional, of a
turn, doing something else), one that would send the card where it was going anyway, a card the pool has not, a
card that is not a creature card's, an object of several cards, several creatures at once.
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
from shinpan.explore.properties.general import card_of, counted, may_ignore, object_of, objects
from shinpan.explore.properties.layout import PLAYERS, Layout, other
from shinpan.explore.properties.property import Check, Context, Plan, Property, Step
from shinpan.running.cases import Move
from shinpan.running.checks import ENDS

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


def _holder(card: Card) -> bool:
    return card.is_creature and instead(card) is not None


def plan(dice: Dice, context: Context) -> Plan:
    """A creature among replacement holders; one effect destroys it or moves it."""
    holders = context.pool.where(_holder)
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
        return _expected(_applying(candidates, layout.active, moves[-1]), around, moving, player, destination,
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


def _applying(candidates: Sequence[Holder], active: str, move: Move) -> list[Holder]:
    """The replacements one of which applies (609.8, 101.5b): the turn player's if they have one, else the other
    player's; among one player's several, the one that player's scripted pick names. With no such pick (the engine
    chose without asking, or asked another player) the rule says only that one of theirs applies: all of theirs.
    None: no replacement waits for the event."""
    for player in (active, other(active)):
        theirs = [h for h in candidates if h.controller == player]
        picks = [list(c["picks"]) for c in move.choices if c["kind"] == "replacement" and c["player"] == player]
        named = [h for h in theirs if len(theirs) > 1 and picks and [h.label] == picks[0]]
        if theirs:
            return named or theirs
    return []


def _expected(applying: Sequence[Holder], around: Sequence[Holder], moving: str, owner: str, destination: str,
              position: str) -> list[Check]:
    """Where the creature is, and which replacement applied to its event: one of ``applying``, once, and no other —
    or none if none could. Where ``applying`` send it to different places, where it is depends on which one
    applied: only the count is asserted."""
    if not applying:
        checks = [expect.in_zone(owner, destination, moving)]
        if destination == "deck":
            checks.append(expect.at_deck(owner, position, moving))
        return [*checks, expect.events({"type": "replaced"}, 0)]
    checks = []
    if len({(h.instead.zone, h.instead.position) for h in applying}) == 1:
        zone, where = applying[0].instead.zone, applying[0].instead.position
        checks.append(expect.in_zone(owner, zone, moving))
        if zone == "deck":
            checks.append(expect.at_deck(owner, where, moving))
    if len(applying) > 1:
        checks.append(expect.events({"type": "replaced", "affected": moving}, 1))
    return [*checks, *(expect.events({"type": "replaced", "card": holder.label, "affected": moving},
                                     int(holder in applying)) for holder in around
                       if len(applying) == 1 or holder not in applying)]


def over_play(step: Step, context: Context) -> list[Check]:
    """After a step that destroys one creature or moves one out of the battle zone: the replacement that applied to
    its event — none if none waited for it, else exactly one, the turn player's first (609.1, 609.3, 609.8) — and
    where the creature is."""
    action, before = step.action, step.before
    if action is None or before is None or action["type"] not in ("destroy", "move"):
        return []
    moving = action["card"] if action["type"] == "move" else (action["cards"][0] if len(action["cards"]) == 1
                                                              else None)
    where = object_of(before, moving) if moving is not None else None
    if moving is None or where is None or where[1]["cards"][0] != moving or len(where[1]["cards"]) > 1:
        return []  # the rule's case: one creature of one card leaves (what the sources under it do, not this rule)
    card = card_of(step, context, moving)
    destination = "graveyard" if action["type"] == "destroy" else str(action["to"])
    if (destination == "battle" or card is None or not card.is_creature or where[1].get("seals")
            or where[1].get("face") not in (None, card.name)):
        return []  # a creature, as the replacements of this rule wait for (「クリーチャーが…時」)
    around = _around(step, context)
    if around is None or may_ignore(step, context):
        return []
    candidates = [h for h in around if _waits_for(h, moving, where[0], destination)]
    if any(h.instead.zone == destination for h in candidates):
        return []  # whether it applies (and stops the others), no source says
    owner, turn = step.owners[moving], str(before["turn"]["active"])
    replaced = {"type": "replaced", "affected": moving}
    if not candidates:
        checks = [expect.events(replaced, counted(step, replaced)), expect.in_zone(owner, destination, moving)]
        end = action.get("position")
        return [*checks, *([expect.at_deck(owner, end, moving)] if destination == "deck" and end in ENDS else [])]
    first = [h for h in candidates if h.controller == turn] or candidates
    checks = [expect.events(replaced, counted(step, replaced) + 1)]
    checks += [expect.events(done, counted(step, done)) for h in candidates if h not in first
               for done in [{**replaced, "card": h.label}]]
    if len({(h.instead.zone, h.instead.position) for h in first}) == 1:
        checks.append(expect.in_zone(owner, first[0].instead.zone, moving))
        if first[0].instead.zone == "deck":
            checks.append(expect.at_deck(owner, first[0].instead.position, moving))
    return checks


def _around(step: Step, context: Context) -> list[Holder] | None:
    """The replacements on the board before the step (the top card's of each object); None if one of them is not
    plain (or its card is not the pool's): what it would do, this rule does not say."""
    assert step.before is not None
    found = []
    for player, obj in objects(step.before):
        top = obj["cards"][0]
        card = card_of(step, context, top)
        if card is None:
            return None
        replacements = [a for a in card.abilities if isinstance(a, Replacement) and a.event in EVENTS]
        if not replacements:
            continue
        plain = instead(card)
        if plain is None or obj.get("seals") or obj.get("linked") or obj.get("face") not in (None, card.name):
            return None
        found.append(Holder(top, player, plain))
    return found


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
    general=over_play,
)

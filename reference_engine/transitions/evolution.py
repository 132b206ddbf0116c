"""Evolution (進化, rule 801; NEO進化, rule 802): a card put into the battle zone on top of sources.

The evolution creature continues its source creature(s) (801.2): it is the same creature for the
effects that applied to them, it keeps attacking if a source was attacking (801.2a), and it is
tapped if any source was tapped (801.2b). That tap state is how the evolution card is *put out*
(it does enter the battle zone), so a replacement of entering tapped applies to it (seed 000,
《弩闘!桃天守閣》). Evolution creatures are not summoning sick (801.3, in
:mod:`shinpan.reference_engine.core.sickness`).

The sources go under the evolution card in the order the player chooses (801.1b); from 2021-03-16
that order is fixed and matters (403.4, 403.4a), so with several sources the engine asks for it
(``order_under``). Before, the order had no effect and is not asked for (:func:`order_of`).

:func:`carry_over` is the one place that decides what the evolution creature inherits: seed 000's row 進化した時.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shinpan.reference_engine.core.abilities import Evolution
from shinpan.reference_engine.core.characteristics import last_known
from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.effects import PowerModifier
from shinpan.reference_engine.core.errors import IllegalAction, ScriptMismatch, UnsupportedByEngine
from shinpan.reference_engine.core.event_pipeline import EventPipeline
from shinpan.reference_engine.core.events import BecameSource, Cause, MoveRequest
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.core.zones import Zone
from shinpan.reference_engine.transitions import seal


@dataclass(frozen=True)
class Inherited:
    """What the evolution creature inherits from its source objects (801.2, 801.2a, 801.2b)."""

    tapped: bool
    attacking: bool
    modifiers: tuple[PowerModifier, ...]
    ignored: bool
    """Whether a resolved effect made a source's abilities ignored (能力を無視する); it goes on applying."""
    equipment: tuple[BattleObject, ...] = ()
    creatures: frozenset[int] = frozenset()
    """The creatures the sources were: the evolution creature is the same creature (このクリーチャー)."""
    crossed_to: BattleObject | None = None
    """進化クロスギア: the creature the source cross gear was crossed to, which the evolved cross gear keeps."""


def evolve(pipeline: EventPipeline, card: Card, sources: Sequence[Card], cause: Cause,
           controller: Player | None = None, choices: ChoiceScript | None = None) -> BattleObject:
    """Put ``card`` into the battle zone on top of ``sources``; return the evolution creature."""
    state = pipeline.state
    evolution = card.definition.evolution
    if evolution is None:
        if card.definition.is_evolution:  # an evolution card whose way of evolving (e.g. 究極進化) is not modelled
            raise UnsupportedByEngine(f"{card.name}'s evolution ability is not implemented")
        raise IllegalAction(f"{card.name} has no evolution ability and cannot be put onto sources")
    controller = controller if controller is not None else card.owner
    if not evolution.count_ok(len(sources)):
        raise IllegalAction(f"{card.name} needs {evolution.sources}{'+' if evolution.or_more else ''} sources, "
                            f"not {len(sources)}")
    source_objects = _check_sources(state, evolution, sources, controller)
    ordered = order_of(sources, pipeline.rules.cards_under_have_fixed_order, choices, by=controller)
    pipeline.log.extend(BecameSource(last_known(state, obj)) for obj in source_objects)
    inherited = carry_over(state, source_objects)
    pipeline.move([MoveRequest(card, Zone.BATTLE, cause, controller=controller, tapped=inherited.tapped,
                               onto=tuple(ordered))], choices)
    obj = state.object_of(card)
    assert obj is not None
    obj.attacking = inherited.attacking
    state.modifiers.extend(PowerModifier(obj.serial, m.amount, m.duration) for m in inherited.modifiers)
    for piece in inherited.equipment:
        piece.attached_to = obj
    obj.creatures |= inherited.creatures
    obj.attached_to = inherited.crossed_to
    if inherited.ignored:
        state.ignored.add(obj.serial)
    return obj


def carry_over(state: GameState, sources: Sequence[BattleObject]) -> Inherited:
    """What the evolution creature inherits from its source objects, taken off them.

    - tap state: tapped if any source is tapped (801.2, 801.2b); it is proposed for the entering
      and replacement effects may change it (seed 000);
    - attack: goes on if any source was attacking (801.2a);
    - resolved effects: all of them, summed (801.2 and its example), and an effect that ignores a
      source's abilities (能力を無視する);
    - equipment: every source's equipment is equipped to the evolution creature (seed 000);
    - waiting abilities and targets (待機/対象): the evolution creature is the same creature as its sources
      (seed 000: このクリーチャー / そのクリーチャー stays the same creature through evolution), so an ability
      waiting for a source, or an effect aimed at it, applies to the evolution creature;
    - 進化クロスギア: an evolved cross gear stays crossed to the creature its source was crossed to (seed 000);
    - summoning sickness: none; evolution creatures are not sick (801.3). Each card keeps its own
      memory of when it entered (301.5) for after a devolution.
    """
    serials = {obj.serial for obj in sources}
    modifiers = tuple(m for m in state.modifiers if m.target in serials)
    state.modifiers = [m for m in state.modifiers if m.target not in serials]
    ignored = bool(serials & state.ignored)
    state.ignored -= serials
    return Inherited(
        tapped=any(obj.tapped for obj in sources),
        attacking=any(obj.attacking for obj in sources),
        modifiers=modifiers,
        equipment=tuple(piece for obj in sources for piece in state.equipment_of(obj)),
        ignored=ignored,
        creatures=frozenset().union(*(obj.creatures for obj in sources)),
        crossed_to=next((obj.attached_to for obj in sources if obj.attached_to is not None), None),
    )


def _check_sources(state: GameState, evolution: Evolution, sources: Sequence[Card],
                   controller: Player) -> list[BattleObject]:
    objects: list[BattleObject] = []
    for source in sources:
        if evolution.zone == "battle":
            obj = state.object_of(source)
            if obj is None or obj.controller is not controller:
                raise IllegalAction(f"{source.name} is not in its evolving player's battle zone")
            if any(obj is o for o in objects):
                raise IllegalAction(f"{source.name}: one creature cannot be two sources")
            if not evolution.accepts(obj.top.definition):
                raise IllegalAction(f"{obj.top.name} is not a proper source")
            objects.append(seal.unsealed(obj, "as a source"))
            continue
        owner, zone = state.zone_of(source)
        if zone is not Zone.GRAVEYARD or owner is not controller:
            raise IllegalAction(f"{source.name} is not in its evolving player's graveyard")
        if not evolution.accepts(source.definition):
            raise IllegalAction(f"{source.name} is not a proper source")
    if len({id(s) for s in sources}) != len(sources):
        raise IllegalAction("a card cannot be a source twice")
    return objects


def order_of(cards: Sequence[Card], fixed_order: bool, choices: ChoiceScript | None, *, by: Player) -> list[Card]:
    """The order, top first, in which several cards put under a card at once are placed; ``by`` is the
    player putting them there (801.1b for evolution sources).

    From 2021-03-16 the rules ask the player (403.4a, ``order_under``). Before, the order had no
    effect and the player could rearrange the cards at will (403.3): an ``order_under`` given is
    honoured as that arrangement, and without one the listed order is kept.
    """
    if len(cards) < 2:  # one legal answer: not a choice
        if choices is not None:
            choices.forced("order_under", by=by, answer=cards)
        return list(cards)
    if fixed_order:
        if choices is None:
            raise ScriptMismatch("the order of the cards put under (order_under) was not scripted")
        choice = choices.take("order_under", by=by, options=cards)
    else:
        offered = choices.offered("order_under", by=by) if choices is not None else None
        if offered is None:
            return list(cards)
        choice = offered
    picks = list(choice.picks)
    if len({id(p) for p in picks}) != len(cards) or any(not any(p is c for c in cards) for p in picks):
        raise IllegalAction("order_under must list every card put under once")
    return picks

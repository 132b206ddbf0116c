"""Follow-ups (「そうしたら」「その後」「そのクリーチャーより…」): a sentence done after an action, as its own event.

A follow-up is a separate sentence of the ability (101.5a): it is done after the action it follows,
through the pipeline, and a replacement effect can replace what it does. It runs when the action was
done *or replaced*: a replaced action still counts as done for what follows (seed 004, principle 3,
《地獄門デス・ゲート》). A follow-up that names the zone the card was to be put into checks that zone
(``if_that_in``), so it comes to nothing when a replacement put the card elsewhere (《破壊と誕生の神殿》).
"""

from __future__ import annotations

from collections.abc import Sequence

from shinpan.reference_engine.core.abilities import FollowUp
from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.errors import IllegalAction, UnsupportedByEngine
from shinpan.reference_engine.core.event_pipeline import EventPipeline
from shinpan.reference_engine.core.events import Cause, MoveRequest
from shinpan.reference_engine.core.objects import Card
from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.zones import Zone


def run(pipeline: EventPipeline, source: Card, controller: Player, follow: FollowUp, script: ChoiceScript,
        that: Card | None = None, that_cost: int | None = None) -> None:
    """Do ``follow`` for the card ``source`` that has it; ``that`` is the card the action was done to."""
    state = pipeline.state
    if follow.if_that_in is not None and (that is None or state.zone_of(that)[1] is not follow.if_that_in):
        return
    effect = follow.effect
    zones = state.players[controller].zones
    if effect.kind == "return_to_hand":
        options = [o.top for o in state.objects()]
    elif effect.kind == "put_from_graveyard_cheaper":
        options = [c for c in zones[Zone.GRAVEYARD] if c.definition.is_creature and not c.definition.is_evolution
                   and _less(c.definition.cost, that_cost)]
    elif effect.kind == "put_from_deck_same_cost":
        options = [c for c in zones[Zone.DECK] if c.definition.is_creature
                   and c.definition.cost is not None and c.definition.cost == that_cost]
    else:
        raise UnsupportedByEngine(f"follow-up effect {effect.kind!r} is not implemented")
    target = _choose(source, follow.optional, options, script, controller)
    if target is not None and effect.kind == "return_to_hand":
        pipeline.move([MoveRequest(target, Zone.HAND, Cause.PUT, by=controller)], script)
    elif target is not None:
        pipeline.move([MoveRequest(target, Zone.BATTLE, Cause.PUT, controller=controller)], script)
    if effect.kind == "put_from_deck_same_cost":
        pipeline.random.shuffle(zones[Zone.DECK])  # その後、山札をシャッフルする


def _less(cost: int | None, than: int | None) -> bool:
    return cost is not None and than is not None and cost < than


def _choose(source: Card, optional: bool, options: Sequence[Card], script: ChoiceScript,
            controller: Player) -> Card | None:
    """The card the follow-up is done to, chosen by the ability's controller: nothing is asked when there is
    none; optional asks ``use`` first."""
    if not options:
        return None
    if optional:
        used = script.take("use", by=controller, options=[source]).picks
        if not used:
            return None
        if used[0] is not source:
            raise IllegalAction("the 'use' choice names a card other than the ability's own")
    return script.one_of("target", options, by=controller, what="the card the follow-up is done to")

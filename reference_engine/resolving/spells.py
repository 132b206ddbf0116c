"""Casting a spell (呪文を唱える): its effects are done in order, then it is put into the graveyard.

Costs are taken as paid. Each :class:`~shinpan.reference_engine.core.abilities.SpellEffect` is an action and its
follow-up (:mod:`shinpan.reference_engine.pipeline.follow_ups`); every move they make goes through the pipeline, so a
replacement effect applies in the middle of the spell's resolution (seed 004, principle 2). After its
effects the spell is put into its owner's graveyard (cause ``cast``), an event a replacement can
replace; the spell's own replacement of that move applies first (609.8a).
"""

from __future__ import annotations

from shinpan.reference_engine.core.abilities import Effect, SpellEffect
from shinpan.reference_engine.core.characteristics import power
from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.errors import IllegalAction, UnsupportedByEngine
from shinpan.reference_engine.core.events import Cause, MoveRequest
from shinpan.reference_engine.core.objects import Card
from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.zones import Zone
from shinpan.reference_engine.pipeline import follow_ups
from shinpan.reference_engine.pipeline.pipeline import Pipeline


def cast(pipeline: Pipeline, card: Card, script: ChoiceScript) -> None:
    """Its owner casts the spell ``card`` from the hand."""
    state = pipeline.state
    if state.zone_of(card)[1] is not Zone.HAND:
        raise IllegalAction(f"{card.name} is not in its owner's hand")
    if not card.definition.is_spell:
        raise IllegalAction(f"{card.name} is not a spell")
    for ability in card.definition.abilities:
        if isinstance(ability, SpellEffect):
            _do(pipeline, card, card.owner, ability, script)
    pipeline.move([MoveRequest(card, Zone.GRAVEYARD, Cause.CAST, by=card.owner)], script)


def _do(pipeline: Pipeline, card: Card, controller: Player, spell: SpellEffect, script: ChoiceScript) -> None:
    if spell.action.kind != "destroy":
        raise UnsupportedByEngine(f"spell effect {spell.action.kind!r} is not implemented")
    target = _destroy(pipeline, controller, spell.action, script)
    if target is not None and spell.then is not None:  # done or replaced: what follows is done (principle 3)
        follow_ups.run(pipeline, card, controller, spell.then, script, that=target[0], that_cost=target[1])


def _destroy(pipeline: Pipeline, controller: Player, effect: Effect,
             script: ChoiceScript) -> tuple[Card, int | None] | None:
    """相手の(条件の)クリーチャーを1体破壊する: the chosen creature and its cost, or ``None`` if there was none."""
    state = pipeline.state
    whose = controller if effect.whose == "own" else controller.opponent
    options = []
    for obj in state.players[whose].battle:
        value = power(state, obj)
        if effect.untapped and obj.tapped:
            continue
        if effect.power_at_most is not None and (value is None or value > effect.power_at_most):
            continue
        options.append(obj.top)
    if not options:
        return None
    target = script.one_of("target", options, by=controller, what="the creature to destroy")  # the caster chooses
    cost = target.definition.cost
    pipeline.move([MoveRequest(target, Zone.GRAVEYARD, Cause.DESTROY, by=controller, creature=True)], script)
    return target, cost

"""無月の門: a creature put into the battle zone stacked on its owner's 魔導具 (seed 000).

The 魔導具 in the battle zone stop being creatures of their own: their cards go under the new
creature, which is *not* an evolution creature and is a new creature (it entered this turn). What
carries over changed by an undated ruling (the RulesState question ``mugetsu_carries_sources``):

- now: only the evolution sources (進化元) carry over; they go under the new creature together;
- before: nothing carried over; the cards under a 魔導具 were separated from it and reconstructed
  (801.4) as what stays when a top card leaves.

:func:`carry_over` is seed 000's row 魔導具の上に無月の門能力で上に乗せられた時.
"""

from __future__ import annotations

from collections.abc import Sequence

from shinpan.reference_engine.core.abilities import Mugetsu
from shinpan.reference_engine.core.characteristics import is_evolution_creature
from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.errors import IllegalAction
from shinpan.reference_engine.core.event_pipeline import EventPipeline
from shinpan.reference_engine.core.events import Cause, MoveRequest
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.core.zones import Zone
from shinpan.reference_engine.transitions import carrying, reconstruction, seal

MADOUGU = "魔導具"


def mugetsu(pipeline: EventPipeline, card: Card, tools: Sequence[Card], choices: ChoiceScript | None) -> BattleObject:
    """Put ``card`` from its owner's hand into the battle zone on top of the 魔導具 ``tools``."""
    state = pipeline.state
    gate = next((a for a in card.definition.abilities if isinstance(a, Mugetsu)), None)
    if gate is None:
        raise IllegalAction(f"{card.name} has no 無月の門")
    if len(tools) != gate.count:
        raise IllegalAction(f"{card.name} is stacked on {gate.count} 魔導具, not {len(tools)}")
    objects: list[BattleObject] = []
    for tool in tools:
        obj = state.object_of(tool)
        if obj is None or obj.top is not tool or MADOUGU not in tool.definition.races \
                or obj.controller is not card.owner:
            raise IllegalAction(f"{tool.name} is not one of its owner's 魔導具 in the battle zone")
        objects.append(seal.unsealed(obj, "as a 魔導具"))
    under = carry_over(pipeline, objects, choices)
    pipeline.move([MoveRequest(card, Zone.BATTLE, Cause.PUT, controller=card.owner)], choices)
    entered = state.object_of(card)
    if entered is None:
        raise IllegalAction(f"{card.name} did not enter the battle zone")
    for tool_card in under:
        state.players[card.owner].battle = [o for o in state.players[card.owner].battle
                                            if not any(c is tool_card for c in o.cards)]
    entered.cards.extend(under)
    return entered


def carry_over(pipeline: EventPipeline, tools: Sequence[BattleObject], choices: ChoiceScript | None) -> list[Card]:
    """What goes under the 無月の門 creature, and what the 魔導具 objects leave behind (seed 000).

    - 付与/パンプ ×: the 魔導具's resolved effects end;
    - 待機/対象 ×: the new creature is a new object and continues no 魔導具's identity;
    - 装備 ?: an open question in the seed ([4]); the engine leaves the equipment equipped to nothing;
    - 進化元 ○ (now): a 魔導具's whole pile, sources included, goes under the new creature;
      before the ruling (×): only the 魔導具 card does, and the cards under it are reconstructed;
    - 攻撃 ×, タップ ×: the new creature enters untapped and not attacking;
    - 召酔: the new creature is summoning sick (its card entered this turn, 301.5).

    Returns the cards to put under the new creature, top first.
    """
    state = pipeline.state
    carrying.take_effects(state, tools)
    carrying.attach(carrying.equipment_on(state, tools), None)
    under: list[Card] = []
    for obj in tools:
        if pipeline.rules.mugetsu_carries_sources or len(obj.cards) == 1:
            under.extend(obj.cards)
            continue
        under.append(obj.top)
        _reconstruct_rest(state, obj, pipeline, choices)
    return under


def _reconstruct_rest(state: GameState, obj: BattleObject, pipeline: EventPipeline,
                      choices: ChoiceScript | None) -> None:
    """Old ruling: the cards under the 魔導具 are separated and reconstructed (801.4)."""
    plan = reconstruction.plan(obj, is_evolution_creature(obj), pipeline.rules, choices)
    for lost in plan.to_graveyard:
        lost.entered_battle_turn = None
        state.players[lost.owner].zones[Zone.GRAVEYARD].append(lost)
    stayed = reconstruction.carry_over(state, obj, plan)
    for remaining in stayed:
        remaining.attacking = False
    obj.cards = [obj.top]
    carrying.replace_objects(state, [], stayed)

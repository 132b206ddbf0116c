"""横跳び: the top card of an evolution creature moves onto another creature (seed 000).

The card that moves stays in the battle zone: it is the top of a new object made of it and the
creature it moved onto (that creature becomes its source, as in evolution, 801.2), and what stays
behind is reconstructed as when a top card leaves (801.4, :mod:`shinpan.reference_engine.transitions.reconstruction`).
Neither is an entering. :func:`carry_over` is seed 000's row 進化クリーチャーが横跳びした時.
"""

from __future__ import annotations

from shinpan.reference_engine.core.characteristics import is_evolution_creature
from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.errors import IllegalAction
from shinpan.reference_engine.core.event_pipeline import EventPipeline
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.core.zones import Zone
from shinpan.reference_engine.transitions import carrying, reconstruction, seal


def side_jump(pipeline: EventPipeline, card: Card, onto: Card, choices: ChoiceScript | None) -> BattleObject:
    """Move ``card``, the top of an evolution creature, onto the creature ``onto`` is part of."""
    state = pipeline.state
    old = state.object_of(card)
    target = state.object_of(onto)
    if old is None or old.top is not card or not is_evolution_creature(old):
        raise IllegalAction(f"{card.name} is not the top card of an evolution creature")
    if target is None or target is old or not target.is_creature or target.controller is not old.controller:
        raise IllegalAction(f"{onto.name} is not another creature of the same player")
    seal.unsealed(old, "to side-jump")
    seal.unsealed(target, "to be jumped onto")
    plan = reconstruction.plan(old, True, pipeline.rules, choices)
    jumped = BattleObject([card, *target.cards], old.controller)
    carry_over(state, old, target, jumped)
    stayed = reconstruction.carry_over(state, old, plan)
    for remaining in stayed:
        remaining.attacking = False  # the attack goes with the card that moved
    for lost in plan.to_graveyard:
        lost.entered_battle_turn = None
        state.players[lost.owner].zones[Zone.GRAVEYARD].append(lost)
    carrying.replace_objects(state, [old, target], [jumped, *stayed])
    return jumped


def carry_over(state: GameState, old: BattleObject, target: BattleObject, jumped: BattleObject) -> None:
    """進化クリーチャーが横跳びした時 (seed 000 table).

    - 付与/パンプ ○分: the moved creature gets the effects its old object had (and, as with any
      evolution, those of the creature it moved onto); what stays behind keeps them too
      (:func:`shinpan.reference_engine.transitions.reconstruction.carry_over`);
    - 待機/対象 ?, 装備 ?: open questions in the seed. The engine keeps both with what stays behind
      (:func:`shinpan.reference_engine.transitions.reconstruction.carry_over`); the moved creature is the creature it
      moved onto, as in any evolution. No scenario asserts either;
    - 進化元 ○: the creature it moved onto, with the cards under it, is under it;
    - 攻撃 ○: the moved creature goes on attacking (seed 000's footnote [3] is missing from the material);
    - タップ ○: it keeps its tap state (tapped if the creature it moved onto was tapped, 801.2);
    - 召酔: none; it is an evolution creature (801.3).
    """
    effects = [m for m in state.modifiers if m.target == old.serial]
    carrying.give_effects(state, jumped, [*effects, *carrying.take_effects(state, [target])])
    carrying.attach(state.equipment_of(target), jumped)
    carrying.continue_creatures(jumped, [target])
    jumped.attacking = old.attacking or target.attacking
    jumped.tapped = old.tapped or target.tapped

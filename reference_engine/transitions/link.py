"""G・リンク (804): gods become one creature. Seed 000's row リンクした時 is :func:`carry_over`.

Linking makes one object whose cards are the gods' piles side by side (left to right); the
reminder text of G・リンク says that creature has every linked god's characteristics, so its power
is the sum (:func:`shinpan.reference_engine.core.characteristics.power`). The other direction, one linked
creature becoming several gods again, is :mod:`shinpan.reference_engine.transitions.unlink`.
"""

from __future__ import annotations

from collections.abc import Sequence

from shinpan.reference_engine.core.abilities import GLink
from shinpan.reference_engine.core.errors import IllegalAction
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.transitions import carrying


def link(state: GameState, gods: Sequence[Card]) -> BattleObject:
    """G・リンク: the objects whose tops are ``gods`` (left to right) become one linked creature."""
    objects = objects_to_link(state, gods, "G・リンク")
    _check_partners(objects)
    linked = BattleObject([c for obj in objects for c in obj.cards], objects[0].controller,
                         linked=[top for obj in objects for top in (obj.linked or [obj.top])])
    carry_over(state, objects, linked)
    carrying.replace_objects(state, objects, [linked])
    return linked


def objects_to_link(state: GameState, tops: Sequence[Card], how: str) -> list[BattleObject]:
    """The objects whose tops are ``tops``, left to right, that link by ``how`` (G・リンク, 覚醒リンク): each the
    top of an unsealed object in the battle zone, named once; two or more, of one player."""
    objects: list[BattleObject] = []
    for top in tops:
        obj = state.object_of(top)
        if obj is None or obj.top is not top or obj.seals:
            raise IllegalAction(f"{top.name} is not the top of an unsealed creature in the battle zone")
        if any(obj is o for o in objects):
            raise IllegalAction(f"{top.name} is named twice")
        objects.append(obj)
    if len(objects) < 2 or len({o.controller for o in objects}) != 1:
        raise IllegalAction(f"{how} needs two or more creatures of one player")
    return objects


def carry_over(state: GameState, gods: Sequence[BattleObject], linked: BattleObject) -> None:
    """リンクした時 (seed 000 table; 804.3, 804.3a, 804.3b, 804.5).

    - 付与/パンプ ○: every god's resolved effects apply to the linked creature (they add up);
    - 待機/対象 ○: the linked creature is each god for the abilities waiting for it and the effects aimed at it;
    - 装備 ○: every god's equipment is equipped to it;
    - 進化元 ○: each god keeps the cards under it (its pile is part of the linked creature);
    - 攻撃 ○: it is attacking if a god was (804.3b);
    - タップ ○※: tapped if any god was tapped (804.3a);
    - 召酔: none; a linked god is not summoning sick (804.5, in :mod:`shinpan.reference_engine.core.sickness`).
    """
    carrying.give_effects(state, linked, carrying.take_effects(state, gods))
    carrying.continue_creatures(linked, gods)
    carrying.attach(carrying.equipment_on(state, gods), linked)
    linked.attacking = any(g.attacking for g in gods)
    linked.tapped = any(g.tapped for g in gods)


def _check_partners(objects: Sequence[BattleObject]) -> None:
    names = [o.top.name for o in objects]
    for obj in objects:
        rule = next((a for a in obj.top.definition.abilities if isinstance(a, GLink)), None)
        if rule is None:
            raise IllegalAction(f"{obj.top.name} has no G・リンク")
        if not any(n in names for n in rule.partners):
            raise IllegalAction(f"{obj.top.name} cannot link with {[n for n in names if n != obj.top.name]}")

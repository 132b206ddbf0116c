"""装備品 (クロスギア, ウエポン, オーラ): cards equipped to a creature (seed 000, 装備品の引き継ぎ).

Equipment is an object of its own in the battle zone that points at the creature it is equipped
to (:attr:`~shinpan.reference_engine.core.objects.BattleObject.attached_to`); it is not one of the creature's
cards (109.2c for ドラグハート and クロスギア). What happens to it in each transition is part of
that transition's ``carry_over``: kept by evolution, devolution, link, flips between creatures and
seal; one piece each to the chosen god on unlinking; dropped by swaps and by flipping to a fortress.
An evolution cross gear (進化クロスギア) that evolves keeps its creature: it is the same object.
"""

from __future__ import annotations

from shinpan.reference_engine.core.errors import IllegalAction
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.state import GameState


def equip(state: GameState, equipment: Card, creature: Card) -> BattleObject:
    """Equip the equipment object ``equipment`` is the top of to the creature ``creature`` is part of."""
    piece = state.object_of(equipment)
    target = state.object_of(creature)
    if piece is None or target is None:
        raise IllegalAction("both the equipment and the creature must be in the battle zone")
    if not piece.top.definition.is_equipment:
        raise IllegalAction(f"{equipment.name} is not equipment")
    if not target.is_creature or piece.controller is not target.controller:
        raise IllegalAction(f"{creature.name} is not a creature of the equipment's controller")
    piece.attached_to = target
    return piece

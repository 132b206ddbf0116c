"""The pieces every carry-over decision is made of (引き継ぎ, seed 000).

An object's carried state lives in four places: on the object itself (tap state, attacking, and
which creatures it is, :attr:`~shinpan.reference_engine.core.objects.BattleObject.creatures`), in the game's list of
resolved effects (keyed by the object's serial) and on the equipment that points at it. A transition
builds new objects out of old ones; its module's ``carry_over`` decides, attribute by attribute, what
goes where, using these helpers. Nothing here decides.
"""

from __future__ import annotations

from collections.abc import Sequence

from shinpan.reference_engine.core.effects import PowerModifier
from shinpan.reference_engine.core.objects import BattleObject, new_identity
from shinpan.reference_engine.core.state import GameState


def take_effects(state: GameState, old: Sequence[BattleObject]) -> list[PowerModifier]:
    """Remove and return the resolved effects on the ``old`` objects."""
    serials = {obj.serial for obj in old}
    taken = [m for m in state.modifiers if m.target in serials]
    state.modifiers = [m for m in state.modifiers if m.target not in serials]
    return taken


def give_effects(state: GameState, new: BattleObject, effects: Sequence[PowerModifier]) -> None:
    """Apply the resolved ``effects`` to ``new`` (each keeps its amount and duration)."""
    state.modifiers.extend(PowerModifier(new.serial, m.amount, m.duration) for m in effects)


def equipment_on(state: GameState, old: Sequence[BattleObject]) -> list[BattleObject]:
    """The equipment equipped to any of the ``old`` objects."""
    return [eq for obj in old for eq in state.equipment_of(obj)]


def attach(equipment: Sequence[BattleObject], to: BattleObject | None) -> None:
    """Equip every piece of ``equipment`` to ``to`` (``None``: it is equipped to nothing)."""
    for piece in equipment:
        piece.attached_to = to


def replace_objects(state: GameState, old: Sequence[BattleObject], new: Sequence[BattleObject]) -> None:
    """Take the ``old`` objects out of the battle zone and put the ``new`` ones where the first old one was."""
    for index, obj in enumerate(new):
        zone = state.players[obj.controller].battle
        anchor = next((zone.index(o) for o in old if o in zone), len(zone) - index)
        zone.insert(anchor + index, obj)
    for obj in old:
        zone = state.players[obj.controller].battle
        if obj in zone:
            zone.remove(obj)


def continue_creatures(new: BattleObject, old: Sequence[BattleObject]) -> None:
    """待機/対象 ○: ``new`` is the same creature as the ``old`` objects for the abilities waiting for them and
    the effects aimed at them (このクリーチャー / そのクリーチャー)."""
    new.creatures = new.creatures.union(*(obj.creatures for obj in old))


def new_creature(obj: BattleObject) -> None:
    """待機/対象 ×: ``obj`` stays where it is but is no longer the creature that waiting abilities refer to."""
    obj.creatures = new_identity()

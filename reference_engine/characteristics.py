"""Computed characteristics (特性). Nothing here is stored: every value is derived when asked.

Power is the top card's printed power, plus every resolved power modifier on the object. Static
abilities that would add more are computed here too when the engine implements them.
"""

from __future__ import annotations

from reference_engine.state import BattleObject, GameState


def power(state: GameState, obj: BattleObject) -> int | None:
    """The object's current power, or ``None`` if its top card has no power."""
    printed = obj.top.definition.power
    if printed is None:
        return None
    return printed + sum(m.amount for m in state.modifiers if m.target == obj.serial)


def has_keyword(obj: BattleObject, name: str) -> bool:
    """Whether the object has the keyword ability ``name`` (from its top card)."""
    return obj.top.definition.has_keyword(name)

"""Computed characteristics (特性). Nothing here is stored: every value is derived when asked.

Power is the top card's printed power, plus every resolved power modifier on the object. Static
abilities that would add more are computed here too when the engine implements them.
"""

from __future__ import annotations

from reference_engine.abilities import IgnoreAbilities
from reference_engine.state import BattleObject, GameState


def power(state: GameState, obj: BattleObject) -> int | None:
    """The object's current power, or ``None`` if its top card has no power."""
    if len(obj.linked) > 1:
        # G・リンク: one creature with every linked god's characteristics (the keyword's reminder text)
        powers = [top.definition.power for top in obj.linked]
        printed = None if any(p is None for p in powers) else sum(p for p in powers if p is not None)
    else:
        printed = obj.top.definition.power
    if printed is None:
        return None
    return printed + sum(m.amount for m in state.modifiers if m.target == obj.serial)


def abilities_ignored(state: GameState, obj: BattleObject) -> bool:
    """Whether a static ability in force makes the object's abilities be ignored (無視).

    The ignoring object's own abilities are not checked for being ignored in turn (no such case yet).
    """
    top = obj.top.definition
    if not top.is_creature or top.cost is None:
        return False
    for other in state.objects():
        if other is obj:
            continue
        for ability in other.top.definition.abilities:
            if (isinstance(ability, IgnoreAbilities) and ability.creature_cost_at_most is not None
                    and top.cost <= ability.creature_cost_at_most):
                return True
    return False


def has_keyword(obj: BattleObject, name: str, state: GameState | None = None) -> bool:
    """Whether the object has the keyword ability ``name`` (from its top card, unless ignored)."""
    if state is not None and abilities_ignored(state, obj):
        return False
    return obj.top.definition.has_keyword(name)


def is_evolution_creature(obj: BattleObject) -> bool:
    """Whether the object is an evolution creature (進化クリーチャー, 801).

    A card of an evolution type is one; a NEO creature is one only while cards are under it (802.3).
    """
    top = obj.top.definition
    if not top.is_creature:
        return False
    evolution = top.evolution
    if evolution is not None and evolution.neo:
        return len(obj.cards) > 1
    return top.is_evolution

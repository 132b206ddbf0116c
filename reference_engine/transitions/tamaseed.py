"""タマシード treated as a creature, and then no longer.

Seed 000's row タマシード/クリーチャーがクリーチャーとして扱わなくなった時 is :func:`carry_over`.

A タマシード has a tap state (801.4d names it with creatures), so nothing is reset when an effect
stops treating it as a creature: the object stays, with its tap state and its resolved effects
(付与/パンプ ○; the seed's prose: a card type with a tap state keeps it). The seed's table leaves the
row's other cells blank; :func:`carry_over` changes nothing else, and the scenarios for those cells
are open questions.
"""

from __future__ import annotations

from shinpan.reference_engine.core.errors import IllegalAction
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.state import GameState


def stop_treating_as_creature(state: GameState, card: Card) -> BattleObject:
    """The effect that made the object ``card`` is part of a creature ends."""
    obj = state.object_of(card)
    if obj is None or not obj.treated_as_creature:
        raise IllegalAction(f"{card.name} is not a non-creature treated as a creature")
    carry_over(obj)
    return obj


def carry_over(obj: BattleObject) -> None:
    """付与/パンプ ○ and タップ ○: kept (the object stays); it is no longer a creature.

    待機/対象 is blank in the seed: the object keeps its identity (:attr:`BattleObject.creatures`) because
    nothing here changes it, and no scenario asserts that.
    """
    obj.treated_as_creature = False

"""入れ替え (701.26): a creature in the battle zone and a card in another zone change places.

革命チェンジ (with the hand) and Jチェンジ (with the mana zone) are swaps during an attack (701.26a:
the creature that comes in is attacking). The creature that leaves takes its cards and effects out of
play with it (it left the battle zone, 400.5) and its equipment stays, equipped to nothing; the one
that comes in is a new object. Only the minimum needed to go on with the attack is carried (seed 000): whether it is the
attacking creature, and its tap state, which is how the new creature is *put out* — so a
replacement such as 《弩闘!桃天守閣》's can change it. Characteristics of the creature that left are
read from its last known state (:class:`~shinpan.reference_engine.core.events.LastKnown`).

A swap is both moves or nothing (701.26b): when a replacement effect would send either card anywhere but
where the swap puts it, neither card moves, nothing changes (the creature goes on attacking, its equipment
stays), and the replacement does not apply either.

:func:`carry_over` is seed 000's row 入れ替わった時.
"""

from __future__ import annotations

from dataclasses import dataclass

from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.errors import IllegalAction
from shinpan.reference_engine.core.event_pipeline import EventPipeline
from shinpan.reference_engine.core.events import Cause, MoveRequest
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.core.zones import Zone
from shinpan.reference_engine.transitions import carrying


@dataclass(frozen=True)
class Carried:
    """What the creature that comes in takes from the one that leaves."""

    tapped: bool
    attacking: bool
    equipment: tuple[BattleObject, ...]
    """The equipment of the creature that leaves: equipped to nothing once the swap is performed."""


def swap(pipeline: EventPipeline, out: Card, into: Card, choices: ChoiceScript | None = None) -> BattleObject | None:
    """``out``'s object leaves for the zone ``into`` is in; ``into`` enters the battle zone in its place."""
    state = pipeline.state
    leaving = state.object_of(out)
    if leaving is None:
        raise IllegalAction(f"{out.name} is not in the battle zone")
    _, zone = state.zone_of(into)
    if zone is Zone.BATTLE:
        raise IllegalAction(f"{into.name} is already in the battle zone")
    if not into.definition.is_creature:
        raise IllegalAction(f"{into.name} is not a creature")
    carried = carry_over(state, leaving)
    performed = pipeline.move([
        MoveRequest(leaving.top, zone, Cause.SWAP),
        MoveRequest(into, Zone.BATTLE, Cause.SWAP, controller=leaving.controller, tapped=carried.tapped),
    ], choices, all_or_nothing=True)
    if not performed:  # 701.26b: a move would not happen as proposed, so the swap is not performed at all
        return None
    carrying.attach(carried.equipment, None)
    entered = state.object_of(into)
    if entered is not None:
        entered.attacking = carried.attacking
    return entered


def carry_over(state: GameState, leaving: BattleObject) -> Carried:
    """入れ替わった時 (seed 000 table; 701.26a).

    - 付与/パンプ ×: effects end with the object that left;
    - 待機/対象 ×: the creature that comes in is a new creature (a new object, continuing nothing), so an
      ability waiting for the one that left, or an effect aimed at it, does not find it;
    - 装備 ×: its equipment is equipped to nothing (it stays in the battle zone);
    - 進化元 ×: the cards under it leave with it;
    - 攻撃 ○: the new creature is the attacking creature (701.26a: 革命チェンジ, Jチェンジ);
    - タップ ○: it is put out in the same tap state (replacement effects may change that);
    - 召酔: the new card entered this turn, so it is summoning sick (301.5).
    """
    return Carried(tapped=leaving.tapped, attacking=leaving.attacking, equipment=tuple(state.equipment_of(leaving)))

"""Flips (裏返る): 覚醒 (805), 龍解 (807) and other flips of a double-faced card in the battle zone.

The card stays the same card (it keeps its memory of when it entered, 301.5) and shows its other
face. What the object keeps depends on what it becomes, decided in :func:`carry_over`:

- a creature that stays a creature (サイキック 覚醒 / 解除, 805.5; seed 000 row
  クリーチャーがクリーチャーに裏返った時): everything is kept;
- a creature that becomes a フォートレス (seed 000 row クリーチャーがフォートレスに裏返った時):
  effects and the cards under it are kept; equipment and attacking are not; a fortress has no tap
  state, so it is reset (seed 000, 位相の引き継ぎ);
- a ウエポン or フォートレス that becomes a creature (龍解, 807.1a): its tap state is unchanged; a
  weapon stops being equipped and is a creature on its own. Summoning sickness is the card's own
  memory (807.5, 807.5a; seed 000's エビデゴラス and ガイアール examples).
"""

from __future__ import annotations

from enum import StrEnum

from shinpan.reference_engine.core.cards import CardDefinition
from shinpan.reference_engine.core.errors import IllegalAction
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.transitions import carrying


class FlipBy(StrEnum):
    """How a card is flipped."""

    AWAKEN = "awaken"  # 覚醒 (701.20a)
    DRAGON_RELEASE = "dragon_release"  # 龍解 (701.22a)
    OTHER = "other"  # any other flip (解除, 龍回避, an effect)


def flip(state: GameState, card: Card, by: FlipBy) -> BattleObject:
    """Flip ``card``, the top card of its object, to its other face."""
    obj = state.object_of(card)
    if obj is None or obj.top is not card:
        raise IllegalAction(f"{card.name} is not the top card of an object in the battle zone")
    other = card.other_face()
    if other is None:
        raise IllegalAction(f"{card.name} has only one face")
    before = card.definition
    card.definition = other
    carry_over(state, obj, before, other, by)
    return obj


def carry_over(state: GameState, obj: BattleObject, before: CardDefinition, after: CardDefinition,
               by: FlipBy) -> None:
    """What the object keeps when its top card turns from ``before`` to ``after``: seed 000's row
    クリーチャーがクリーチャーに裏返った時 or クリーチャーがフォートレスに裏返った時, by what it turns into."""
    obj.awakened = by is FlipBy.AWAKEN and after.is_creature  # 805.6: only the awakened face
    if before.is_creature and after.is_creature:  # クリーチャーがクリーチャーに裏返った時
        return  # 付与 ○, 待機 ○, 装備 ○, 進化元 ○, 攻撃 ○, タップ ○ (805.5); sickness: the card's memory
    if before.is_creature and after.is_fortress:  # クリーチャーがフォートレスに裏返った時
        carrying.attach(state.equipment_of(obj), None)  # 装備 ×
        obj.attacking = False  # 攻撃 ×
        obj.tapped = False  # タップ: a fortress has no tap state; it is reset
        return  # 付与 ○, 待機/対象 ○ (the same object, the same creature), 進化元 ○ (the cards under it stay)
    if not before.is_creature and after.is_creature:
        obj.attached_to = None  # a weapon that 龍解s is a creature of its own (807.1a: tap state unchanged)
        return
    raise IllegalAction(f"flipping {before.name} to {after.name} is not a flip the engine knows")

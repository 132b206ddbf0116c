"""覚醒リンク: psychic creatures awaken together into one linked creature (seed 000).

Each named card, the top of its own psychic creature, shows its other face (its 覚醒リンク face), and
their objects become one creature made of their piles side by side, left to right, as in G・リンク
(:mod:`shinpan.reference_engine.transitions.link`). :func:`carry_over` is the one place that decides what the linked
creature keeps; seed 000 states two things of 覚醒リンク: an attacking creature's attack goes on (攻撃の
引き継ぎ), and the linked creature is not summoning sick (the table's note to リンクした時). The other
attributes follow the seed's row リンクした時.
"""

from __future__ import annotations

from collections.abc import Sequence

from shinpan.reference_engine.core.errors import IllegalAction
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.transitions import carrying, link


def awaken_link(state: GameState, cards: Sequence[Card]) -> BattleObject:
    """覚醒リンク: the psychic creatures whose tops are ``cards`` (left to right) flip and become one creature."""
    objects = link.objects_to_link(state, cards, "覚醒リンク")
    for card, obj in zip(cards, objects, strict=True):
        if len(obj.linked) > 1 or not obj.is_creature:
            raise IllegalAction(f"{card.name} is not an unlinked creature")
        other = card.other_face()
        if other is None or not other.is_creature:
            raise IllegalAction(f"{card.name} has no creature face to awaken to")
    for card in cards:
        other = card.other_face()
        assert other is not None
        card.definition = other
    linked = BattleObject([c for obj in objects for c in obj.cards], objects[0].controller,
                          linked=[obj.top for obj in objects])
    carry_over(state, objects, linked)
    carrying.replace_objects(state, objects, [linked])
    return linked


def carry_over(state: GameState, parts: Sequence[BattleObject], linked: BattleObject) -> None:
    """覚醒リンクした時 (seed 000).

    - 攻撃 ○: the linked creature is attacking if one of the parts was (seed 000, 攻撃の引き継ぎ);
    - 召酔: none; a creature that 覚醒リンクed is not summoning sick (seed 000's table note), as an awakened
      face (805.6) and a linked creature (804.5) are not;
    - 付与/パンプ ○, 待機/対象 ○, 装備 ○, 進化元 ○, タップ ○※: as リンクした時
      (:func:`shinpan.reference_engine.transitions.link.carry_over`).
    """
    link.carry_over(state, parts, linked)
    linked.awakened = True

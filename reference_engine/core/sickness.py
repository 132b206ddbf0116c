"""Summoning sickness (召喚酔い), rule 301.5.

A creature cannot attack unless *its card* has been in the battle zone continuously since the
start of its controller's turn. The memory is per card (:attr:`Card.entered_battle_turn`), not per
object: what matters is the card that is the creature now. Cards beat rules (101.2): スピードアタッカー
lifts the restriction. Evolution creatures are not summoning sick (801.3; NEO with cards under it, 802.3);
after devolution the new top card's own memory decides (seed 000, 801.4c; before the January 2014 change nothing
left by devolving was sick, timeline #2). Linked gods (804.5) and a
face shown by 覚醒 (805.6) are not sick either; a sealed creature is ignored and cannot attack (116.2a).
"""

from __future__ import annotations

from shinpan.reference_engine.core.characteristics import has_keyword, is_evolution_creature, statics
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.state import GameState


def card_arrived_since_turn_start(state: GameState, card: Card, obj: BattleObject) -> bool:
    """Whether ``card`` entered the battle zone during or after the start of its controller's turn."""
    entered = card.entered_battle_turn
    return entered is None or entered >= state.turn.latest_turn_of(obj.controller)


def is_summoning_sick(state: GameState, obj: BattleObject) -> bool:
    """Whether summoning sickness stops the object from attacking (301.5, with スピードアタッカー)."""
    if not obj.is_creature:
        return False
    if has_keyword(obj, "speed_attacker", state):
        return False
    if is_evolution_creature(obj) or len(obj.linked) > 1 or obj.awakened or obj.spared_sickness:
        return False  # 801.3; a linked god (804.5); an awakened psychic creature (805.6); devolved before 2014-02
    return card_arrived_since_turn_start(state, obj.top, obj)


def can_attack(state: GameState, obj: BattleObject, *, sick: bool | None = None) -> bool:
    """Whether the object could declare an attack now: a creature of the active player, untapped, not sick
    (``sick``: :func:`is_summoning_sick` already asked of it now, by a caller that reports both)."""
    return (
        obj.is_creature
        and not obj.seals
        and obj.controller is state.turn.active
        and not obj.tapped
        and not obj.attacking
        and not (is_summoning_sick(state, obj) if sick is None else sick)
    )


def may_attack_untapped(state: GameState, obj: BattleObject) -> bool:
    """Whether a static ability lets the object attack untapped creatures now: 「バトルゾーンに出たターン、
    アンタップしているクリーチャーを攻撃できる」 asks whether *its top card* entered the battle zone this turn.

    That is the card's own memory (301.5): the turn its evolution sources entered is not carried over to the new
    top card (seed 000, 《ソーナンデス <レイザー.Star>》).
    """
    return (any(s.name == "attack_untapped_turn_entered" for s in statics(state, obj))
            and obj.top.entered_battle_turn == state.turn.number)

"""封印 (116): a face-down card from its owner's deck put on top of a card in the battle zone.

A sealed creature is ignored (116.2, 116.2a): it cannot attack and does not tap or untap. Sealing
is not a zone move of the creature: the object stays, so each card keeps its memory of when it
entered (301.5), and sealing and unsealing in one turn leaves summoning sickness as it was (seed 000).
:func:`carry_over` is seed 000's row 封印された時.
"""

from __future__ import annotations

from shinpan.reference_engine.core.errors import IllegalAction
from shinpan.reference_engine.core.events import Cause, Moved
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.core.zones import Zone
from shinpan.reference_engine.transitions import carrying


def unsealed(obj: BattleObject, what: str) -> BattleObject:
    """An object a move chooses (``what`` says for what): a sealed creature is ignored — treated as not in the battle
    zone, it cannot be chosen (116.2a)."""
    if obj.seals:
        raise IllegalAction(f"{obj.top.name} is sealed: it is treated as not in the battle zone and cannot be chosen "
                            f"{what} (116.2a)")
    return obj


def seal(state: GameState, card: Card) -> Moved:
    """Put the top card of the owner's deck face down on the object ``card`` is part of (116.1a): that card moves
    from the deck to the battle zone, where a seal is (116.3). The move is recorded; whether it triggers anything
    (a card put into the battle zone) is not in the rules material, and it triggers nothing here."""
    obj = state.object_of(card)
    if obj is None:
        raise IllegalAction(f"{card.name} is not in the battle zone")
    deck = state.players[obj.top.owner].zones[Zone.DECK]
    if not deck:
        raise IllegalAction("the deck is empty: there is no card to seal with")
    moved = deck.pop(0)
    moved.moves += 1
    obj.seals.append(moved)
    carry_over(state, obj)
    return Moved(moved, obj.controller, Zone.DECK, Zone.BATTLE, Cause.PUT)


def carry_over(state: GameState, obj: BattleObject) -> None:
    """封印された時 (seed 000 table).

    - 付与/パンプ ○: resolved effects stay on the object;
    - 待機/対象 ×: it is no longer the creature that waiting abilities and effects aimed at it refer to;
    - 装備 ○: equipment stays equipped (official Q&A 2020-07-10, via the sources: it stays attached);
    - 進化元 ○: the cards under it stay;
    - 攻撃 ×: an attacking creature that is sealed is no longer attacking (it is ignored, 116.2a);
    - タップ ○: it neither taps nor untaps (116.2a);
    - 召酔: each card's memory (301.5); nothing is reset.
    """
    del state  # effects and equipment are keyed to the object, which stays
    carrying.new_creature(obj)
    obj.attacking = False


def unseal(state: GameState, card: Card) -> Moved:
    """Remove one seal from the object ``card`` is part of: it moves from the battle zone to its owner's graveyard
    (701.23a, 701.23b). The move is recorded, and triggers nothing here (as :func:`seal`)."""
    obj = state.object_of(card)
    if obj is None or not obj.seals:
        raise IllegalAction(f"{card.name} has no seal")
    removed = obj.seals.pop()
    removed.moves += 1
    state.players[removed.owner].zones[Zone.GRAVEYARD].append(removed)
    return Moved(removed, removed.owner, Zone.BATTLE, Zone.GRAVEYARD, Cause.PUT)

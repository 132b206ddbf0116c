"""Unlinking (リンク外し / リンク解除, 804.4): a linked creature becomes its gods again, one object per god pile.

Seed 000's row リンクが外れた時 is :func:`carry_over`. It applies when an effect unlinks the creature
(:func:`unlink`) and when one linked god leaves the battle zone alone (804.7, :func:`god_leaves`, done by the
pipeline's perform stage): the gods that stay are unlinked with the same carry-over.
"""

from __future__ import annotations

from collections.abc import Sequence

from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.errors import IllegalAction, ScriptMismatch
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.transitions import carrying, seal


def unlink(state: GameState, god: Card, choices: ChoiceScript | None) -> list[BattleObject]:
    """リンク解除: the linked creature that ``god`` is part of splits into one creature per god pile."""
    obj = state.object_of(god)
    if obj is None or len(obj.linked) < 2:
        raise IllegalAction(f"{god.name} is not part of a linked creature")
    seal.unsealed(obj, "to be unlinked")  # as gods are not linked if one is sealed (link.objects_to_link)
    pieces = [BattleObject(list(part), obj.controller) for part in obj.parts()]
    carry_over(state, obj, pieces, choices)
    carrying.replace_objects(state, [obj], pieces)
    return pieces


def god_leaves(state: GameState, linked: BattleObject, leaving: Sequence[Card],
               choices: ChoiceScript | None) -> list[BattleObject]:
    """804.7: when a linked god leaves the battle zone, only its own pile (``leaving``) leaves; every other god
    stays as a god of its own, unlinked (804.4a: two or more gods), with what an unlinking carries over
    (:func:`carry_over`: each keeps every effect, one chosen god goes on attacking, each piece of
    equipment goes to the god chosen for it — no choice when one god is left). Returns the gods that stay."""
    pieces = [BattleObject(list(part), linked.controller) for part in linked.parts() if part[0] is not leaving[0]]
    carry_over(state, linked, pieces, choices)
    carrying.replace_objects(state, [linked], pieces)
    return pieces


def carry_over(state: GameState, linked: BattleObject, pieces: Sequence[BattleObject],
               choices: ChoiceScript | None) -> None:
    """リンクが外れた時 (seed 000 table; 804.4, 804.4a, 804.5a).

    - 付与/パンプ ○分: every god gets all the effects the linked creature had, each in full;
    - 待機/対象 ○分: every god is the linked creature for the abilities waiting for it and the effects aimed at it;
    - 装備 ○単: each piece of equipment goes to one god, chosen per piece (``equipment_to``);
    - 進化元 ○単: the cards under a god stay under that god (its own pile);
    - 攻撃 ○単: if it was attacking, one god, chosen, goes on attacking (``keep_attacking``, 804.4a);
    - タップ ○分: every god has the linked creature's tap state;
    - 召酔: each card's own memory decides (804.5a, 301.5); nothing is carried.
    """
    effects = carrying.take_effects(state, [linked])
    for piece in pieces:
        carrying.give_effects(state, piece, effects)
        carrying.continue_creatures(piece, [linked])
        piece.tapped = linked.tapped
    for equipment in state.equipment_of(linked):
        carrying.attach([equipment], _chosen(pieces, "equipment_to", choices, about=equipment.top))
    if linked.attacking:
        _chosen(pieces, "keep_attacking", choices).attacking = True


def _chosen(pieces: Sequence[BattleObject], kind: str, choices: ChoiceScript | None,
            about: Card | None = None) -> BattleObject:
    """The god the linked creature's controller chooses for ``kind`` (for ``about``, a piece of equipment, when
    the choice may name it: picks = [a card of the god, the piece]); with one god left there is no choice."""
    by = pieces[0].controller  # the linked creature's controller decides
    if len(pieces) == 1:
        if choices is not None:
            choices.forced(kind, by=by, answer=pieces[0].cards[:1])
        return pieces[0]
    if choices is None:
        raise ScriptMismatch(f"splitting a linked creature asks for {kind}, but no choices came with the move")
    gods = [piece.cards[0] for piece in pieces]
    picks = (choices.take(kind, by=by, options=gods) if about is None
             else choices.take_about(kind, about, by=by, options=gods)).picks
    well_formed = len(picks) == 1 or (about is not None and len(picks) == 2)
    for piece in pieces:
        if well_formed and any(picks[0] is c for c in piece.cards):
            return piece
    raise IllegalAction(f"{kind} must name one of the gods the linked creature split into")

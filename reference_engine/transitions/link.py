"""G・リンク (804) and unlinking (リンク外し / リンク解除): gods become one creature, and one becomes several.

Linking makes one object whose cards are the gods' piles side by side (left to right); the
reminder text of G・リンク says that creature has every linked god's characteristics, so its power
is the sum (:func:`shinpan.reference_engine.core.characteristics.power`). Unlinking splits it back into one
object per god pile.

Each direction has its own ``carry_over``; read together they are the rows リンクした時 and
リンクが外れた時 of seed 000's table.
"""

from __future__ import annotations

from collections.abc import Sequence

from shinpan.reference_engine.core.abilities import GLink
from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.errors import IllegalAction, ScriptMismatch
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.transitions import carrying


def link(state: GameState, gods: Sequence[Card]) -> BattleObject:
    """G・リンク: the objects whose tops are ``gods`` (left to right) become one linked creature."""
    objects: list[BattleObject] = []
    for god in gods:
        obj = state.object_of(god)
        if obj is None or obj.top is not god or obj.seals:
            raise IllegalAction(f"{god.name} is not the top of an unsealed creature in the battle zone")
        if any(obj is o for o in objects):
            raise IllegalAction(f"{god.name} is named twice")
        objects.append(obj)
    if len(objects) < 2 or len({o.controller for o in objects}) != 1:
        raise IllegalAction("G・リンク needs two or more gods of one player")
    _check_partners(objects)
    linked = BattleObject([c for obj in objects for c in obj.cards], objects[0].controller,
                         linked=[top for obj in objects for top in (obj.linked or [obj.top])])
    carry_over_link(state, objects, linked)
    carrying.replace_objects(state, objects, [linked])
    return linked


def carry_over_link(state: GameState, gods: Sequence[BattleObject], linked: BattleObject) -> None:
    """リンクした時 (seed 000 table; 804.3, 804.3a, 804.3b, 804.5).

    - 付与/パンプ ○: every god's resolved effects apply to the linked creature (they add up);
    - 待機/対象 ○: the linked creature is each god for the abilities waiting for it and the effects aimed at it;
    - 装備 ○: every god's equipment is equipped to it;
    - 進化元 ○: each god keeps the cards under it (its pile is part of the linked creature);
    - 攻撃 ○: it is attacking if a god was (804.3b);
    - タップ ○※: tapped if any god was tapped (804.3a);
    - 召酔: none; a linked god is not summoning sick (804.5, in :mod:`shinpan.reference_engine.core.sickness`).
    """
    carrying.give_effects(state, linked, carrying.take_effects(state, gods))
    carrying.continue_creatures(linked, gods)
    carrying.attach(carrying.equipment_on(state, gods), linked)
    linked.attacking = any(g.attacking for g in gods)
    linked.tapped = any(g.tapped for g in gods)


def unlink(state: GameState, god: Card, choices: ChoiceScript | None) -> list[BattleObject]:
    """リンク解除: the linked creature that ``god`` is part of splits into one creature per god pile."""
    obj = state.object_of(god)
    if obj is None or len(obj.linked) < 2:
        raise IllegalAction(f"{god.name} is not part of a linked creature")
    pieces = [BattleObject(list(part), obj.controller) for part in obj.parts()]
    carry_over_unlink(state, obj, pieces, choices)
    carrying.replace_objects(state, [obj], pieces)
    return pieces


def god_leaves(state: GameState, linked: BattleObject, leaving: Sequence[Card],
               choices: ChoiceScript | None) -> list[BattleObject]:
    """804.7: when a linked god leaves the battle zone, only its own pile (``leaving``) leaves; every other god
    stays as a god of its own, unlinked (804.4a: two or more gods), with what an unlinking carries over
    (:func:`carry_over_unlink`: each keeps every effect, one chosen god goes on attacking, each piece of
    equipment goes to the god chosen for it — no choice when one god is left). Returns the gods that stay."""
    pieces = [BattleObject(list(part), linked.controller) for part in linked.parts() if part[0] is not leaving[0]]
    carry_over_unlink(state, linked, pieces, choices)
    carrying.replace_objects(state, [linked], pieces)
    return pieces


def carry_over_unlink(state: GameState, linked: BattleObject, pieces: Sequence[BattleObject],
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
        carrying.attach([equipment], _chosen(pieces, "equipment_to", choices))
    if linked.attacking:
        _chosen(pieces, "keep_attacking", choices).attacking = True


def _chosen(pieces: Sequence[BattleObject], kind: str, choices: ChoiceScript | None) -> BattleObject:
    """The god the linked creature's controller chooses for ``kind``; with one god left there is no choice."""
    if len(pieces) == 1:
        if choices is not None:
            choices.forced(kind, by=pieces[0].controller, answer=pieces[0].cards[:1])
        return pieces[0]
    if choices is None:
        raise ScriptMismatch(f"splitting a linked creature asks for {kind}, but no choices came with the move")
    picks = choices.take(kind, by=pieces[0].controller).picks  # the linked creature's controller decides
    for piece in pieces:
        if len(picks) == 1 and any(picks[0] is c for c in piece.cards):
            return piece
    raise IllegalAction(f"{kind} must name one of the gods the linked creature split into")


def _check_partners(objects: Sequence[BattleObject]) -> None:
    names = [o.top.name for o in objects]
    for obj in objects:
        rule = next((a for a in obj.top.definition.abilities if isinstance(a, GLink)), None)
        if rule is None:
            raise IllegalAction(f"{obj.top.name} has no G・リンク")
        if not any(n in names for n in rule.partners):
            raise IllegalAction(f"{obj.top.name} cannot link with {[n for n in names if n != obj.top.name]}")

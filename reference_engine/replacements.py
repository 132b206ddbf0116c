"""The replacement stage of the pipeline (置換効果, rule 609), as far as the engine implements it.

A proposed move is offered to the replacement abilities of the cards in the battle zone before it
is performed; a replacement changes the move ("かわりに"), and the pipeline records which ability
did it. Implemented kinds (structured forms in :mod:`reference_engine.abilities`):

- ``enter_tapped_to_untapped`` of ``own_creatures`` (《弩闘!桃天守閣》): a creature of the ability's
  controller that would enter the battle zone tapped enters untapped instead. Only an *entering*
  is replaced: a creature left by reconstruction did not enter (801.4c), so its tap state stays.
- ``leave_to_hand`` of ``self`` (エターナル・Ω): the card that would leave the battle zone for
  another zone goes to its owner's hand instead.

Not implemented yet (the replacement-effects issue grows this): choosing among several
replacements for one event, the turn player's first, and 609.9 for simultaneous events. With more
than one applicable replacement for one move the engine answers unsupported, rather than guess.
An ability that is being ignored (無視, :func:`~reference_engine.characteristics.abilities_ignored`)
replaces nothing.
"""

from __future__ import annotations

from dataclasses import replace

from reference_engine.abilities import Replacement
from reference_engine.characteristics import abilities_ignored
from reference_engine.errors import UnsupportedByEngine
from reference_engine.events import MoveRequest, Replaced
from reference_engine.state import BattleObject, Card, GameState
from reference_engine.zones import Zone


def apply(state: GameState, request: MoveRequest) -> tuple[MoveRequest, Replaced | None]:
    """The move as the replacement effects in force make it, and the record of the one applied (if any)."""
    candidates = _applicable(state, request)
    if not candidates:
        return request, None
    if len(candidates) > 1:
        raise UnsupportedByEngine("more than one replacement effect applies to one move (609) is not implemented")
    source, index, ability = candidates[0]
    if ability.kind == "enter_tapped_to_untapped":
        changed = replace(request, tapped=False)
    else:
        changed = replace(request, destination=Zone.HAND)
    return changed, Replaced(source, index, request.card)


def _applicable(state: GameState, request: MoveRequest) -> list[tuple[Card, int, Replacement]]:
    found: list[tuple[Card, int, Replacement]] = []
    card = request.card
    moving = state.object_of(card)
    if request.destination is Zone.BATTLE and moving is None and request.tapped and card.definition.is_creature:
        controller = request.controller if request.controller is not None else card.owner
        for obj in state.players[controller].battle:
            found.extend(_abilities(state, obj, "enter_tapped_to_untapped", "own_creatures"))
    if moving is not None and request.destination not in (Zone.BATTLE, Zone.HAND) and moving.top is card:
        found.extend(_abilities(state, moving, "leave_to_hand", "self"))
    return found


def _abilities(state: GameState, obj: BattleObject, kind: str, of: str) -> list[tuple[Card, int, Replacement]]:
    if abilities_ignored(state, obj):
        return []
    return [
        (obj.top, index, ability)
        for index, ability in enumerate(obj.top.definition.abilities)
        if isinstance(ability, Replacement) and ability.kind == kind and ability.of == of
    ]

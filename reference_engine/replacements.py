"""The replacement stage of the pipeline (置換効果, rule 609), as far as the engine implements it.

This is the one place where replacement effects apply. A proposed move is offered to the
replacement abilities of the cards in the battle zone before it is performed; a replacement changes
the move ("かわりに"), and the pipeline records which ability did it (:class:`~reference_engine.events.Replaced`).
The replaced event never happens, so nothing that waits for it triggers (603.2d): a creature
destroyed into the mana zone instead was not destroyed. Implemented kinds (structured forms in
:mod:`reference_engine.abilities`, :data:`~reference_engine.abilities.REPLACEMENTS`):

- ``enter_tapped_to_untapped`` of ``own_creatures`` (《弩闘!桃天守閣》): a creature of the ability's
  controller that would enter the battle zone tapped enters untapped instead. Only an *entering*
  is replaced: a creature left by reconstruction did not enter (801.4c), so its tap state stays.
- ``leaves`` of ``this``, ``instead: ZONE`` (エターナル・Ω, ``instead: hand``): the card that would leave
  the battle zone for another zone goes to ``ZONE`` instead.
- ``destroyed`` of ``this``, ``instead: ZONE`` (自己置換効果, 《恋愛妖精アジサイ》 ``instead: mana``): the card
  that would be put into the graveyard from the battle zone (破壊) goes to ``ZONE`` instead.

A ``this`` replacement belongs to the card that is the top of the moving object, and applies to it
whether its whole object leaves or only it (退化).

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
        assert ability.instead is not None
        changed = replace(request, destination=ability.instead)
    return changed, Replaced(source, index, request.card)


def _applicable(state: GameState, request: MoveRequest) -> list[tuple[Card, int, Replacement]]:
    found: list[tuple[Card, int, Replacement]] = []
    card = request.card
    moving = state.object_of(card)
    if request.destination is Zone.BATTLE and moving is None and request.tapped and card.definition.is_creature:
        controller = request.controller if request.controller is not None else card.owner
        for obj in state.players[controller].battle:
            found.extend(_abilities(state, obj, "enter_tapped_to_untapped", "own_creatures"))
    if moving is not None and moving.top is card and request.destination is not Zone.BATTLE:
        for own in _abilities(state, moving, "leaves", "this") + _abilities(state, moving, "destroyed", "this"):
            if _leaves_as_replaced(own[2], request.destination):
                found.append(own)
    return found


def _leaves_as_replaced(ability: Replacement, destination: Zone) -> bool:
    """Whether a ``this`` replacement replaces its card leaving the battle zone for ``destination``."""
    if destination is ability.instead:
        return False
    return ability.kind == "leaves" or destination is Zone.GRAVEYARD


def _abilities(state: GameState, obj: BattleObject, kind: str, of: str) -> list[tuple[Card, int, Replacement]]:
    if abilities_ignored(state, obj):
        return []
    return [
        (obj.top, index, ability)
        for index, ability in enumerate(obj.top.definition.abilities)
        if isinstance(ability, Replacement) and ability.kind == kind and ability.of == of
    ]

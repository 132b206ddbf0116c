"""When two cases say the same to an adapter: their messages in one canonical form.

A message may leave out a field the schema gives a default (``"tapped": false`` of a battle-zone object,
``"count": 1`` of ``draw``, ``"duration": "end_of_turn"`` of an effect, ``"via": "swap"``), and a player's zone may
be left out when it is empty; an adapter must read both forms alike. The canonical form leaves them all out (the
defaults are read from the schemas, the single source of truth), and lists ``tapped_mana`` in the order of the mana
zone (it is a set of the mana zone's cards). Nothing else changes: the order of cards, objects, effects, moves,
choices and checks is kept. What a case needs of an adapter (its cards) and how its items fall into steps are not
messages: they are left out.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from shinpan.adapters import schemas
from shinpan.errors import RenderError
from shinpan.running.cases import Case, Check, Fault, Move


def _defaults(properties: Mapping[str, Any]) -> dict[str, Any]:
    return {name: spec["default"] for name, spec in properties.items() if "default" in spec}


@cache
def _action_defaults() -> dict[str, dict[str, Any]]:
    return {name: _defaults(definition.get("properties", {}))
            for name, definition in schemas.load("action.json")["$defs"].items()}


@cache
def _object_defaults() -> dict[str, Any]:
    defaults = _defaults(schemas.load("setup.json")["$defs"]["battle_object"]["properties"])
    return {**defaults, "arrived_this_turn": []}


@cache
def _effect_defaults() -> dict[str, Any]:
    return _defaults(schemas.load("common.json")["$defs"]["effect"]["properties"])


def _without(message: Mapping[str, Any], defaults: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in message.items() if key not in defaults or defaults[key] != value}


def effect(message: Mapping[str, Any]) -> dict[str, Any]:
    """An effect (common.json ``effect``) without its default fields."""
    return _without(message, _effect_defaults())


def action(message: Mapping[str, Any]) -> dict[str, Any]:
    """A move (action.json) without its default fields."""
    found = _without(message, _action_defaults().get(str(message.get("type")), {}))
    if "effect" in found:
        found["effect"] = effect(found["effect"])
    return found


def setup(state: Mapping[str, Any]) -> dict[str, Any]:
    """A starting state (setup.json) without default fields and empty zones."""
    found: dict[str, Any] = {"cards": dict(state["cards"]), "turn": dict(state["turn"]),
                             "players": {side: _player(view) for side, view in state["players"].items()}}
    if state.get("effects"):
        found["effects"] = [effect(e) for e in state["effects"]]
    return found


def _player(view: Mapping[str, Any]) -> dict[str, Any]:
    found = {zone: list(cards) for zone, cards in view.items() if zone != "battle" and cards}
    if "tapped_mana" in found:
        tapped = set(found["tapped_mana"])
        found["tapped_mana"] = [label for label in view.get("mana", []) if label in tapped] + \
            sorted(tapped - set(view.get("mana", [])))
    battle = [_without(obj, _object_defaults()) for obj in view.get("battle", [])]
    if battle:
        found["battle"] = battle
    return found


def case(found: Case) -> dict[str, Any]:
    """The case's starting state and its moves (with their choices, and whether each is only tried) and checks, in
    order, as plain JSON data in the canonical form: two cases that say the same to an adapter have equal forms."""
    items: list[dict[str, Any]] = []
    for step, item in found.items():
        if isinstance(item, Fault):
            raise RenderError(f"the case fails to compile at {step.describe() or 'a step'}: {item.message}")
        if isinstance(item, Move):
            items.append({"move": action(item.action), "choices": [dict(c) for c in item.choices],
                          "attempt": item.attempt})
        elif isinstance(item, Check):
            items.append({"check": item.check.to_json()})
    return {"setup": setup(found.setup.state), "items": items}


def digest(found: Case) -> str:
    """A hex digest of the case's canonical form: the same for the same messages, whatever the order of keys."""
    text = json.dumps(case(found), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()

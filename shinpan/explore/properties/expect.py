"""What a rule says must hold (期待), as the checks of :mod:`shinpan.running.checks` — the data a ならば step makes, so
that a counterexample prints with exactly the steps that show the rule broken. Each check that reads an observable
says so (an engine that does not report it cannot be judged on it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Check = dict[str, Any]


def field(card: str, name: str, value: Any, test: str = "equals") -> Check:
    """A field of the battle-zone object ``card`` is part of (``cards``: its pile, top first)."""
    check: Check = {"check": "object", "card": card, "field": name, "test": test, "value": value}
    if name != "cards":
        check["observable"] = name
    return check


def pumped(card: str, amounts: Sequence[int]) -> Check:
    """The resolved power effects on the object add up to the ``amounts`` (none: no effect at all)."""
    return field(card, "effects", sum(amounts), "power_total") if amounts else field(card, "effects", [])


def in_zone(player: str, zone: str, card: str, present: bool = True) -> Check:
    """The card is (or is not) in the player's zone."""
    return {"check": "in_zone", "player": player, "zone": zone, "card": card, "present": present}


def at_deck(player: str, end: str, card: str) -> Check:
    """The card is the ``top`` or ``bottom`` card of the player's deck."""
    return {"check": "position", "player": player, "zone": "deck", "end": end, "card": card,
            "observable": "deck_order"}


def events(where: Mapping[str, Any], count: int) -> Check:
    """Exactly ``count`` of the events since the last observation match ``where``."""
    return {"check": "count", "list": "events", "where": dict(where), "test": "==", "value": count,
            "observable": "events"}


def triggered(card: str, times: int) -> Check:
    """The card's abilities triggered exactly ``times`` times."""
    return events({"type": "triggered", "card": card}, times)


def attacking(player: str, count: int) -> Check:
    """Exactly ``count`` of the player's creatures are attacking."""
    return {"check": "count", "list": "objects", "player": player, "where": {"attacking": True}, "test": "==",
            "value": count, "observable": "attacking"}

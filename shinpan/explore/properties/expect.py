"""What a rule says must hold (期待), as the checks of :mod:`shinpan.running.checks` — the checks a ならば step makes,
so that a counterexample prints with exactly the steps that show the rule broken. Each check that reads an
observable says so (an engine that does not report it cannot be judged on it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from shinpan.adapters.sdk.vocabulary import PLAYERS, ZONES
from shinpan.running.checks import (
    ENDS,
    CheckForm,
    Count,
    CountTest,
    InZone,
    Listed,
    ObjectField,
    ObjectTest,
    Position,
    one_of,
)

Check = CheckForm


def field(card: str, name: str, value: Any, test: str = ObjectTest.EQUALS) -> Check:
    """A field of the battle-zone object ``card`` is part of (``cards``: its pile, top first), by ``test`` (an
    :class:`~shinpan.running.checks.ObjectTest`)."""
    return ObjectField(card, name, ObjectTest(test), value, observable=None if name == "cards" else name)


def pumped(card: str, amounts: Sequence[int]) -> Check:
    """The resolved power effects on the object add up to the ``amounts`` (none: no effect at all)."""
    return field(card, "effects", sum(amounts), ObjectTest.POWER_TOTAL) if amounts else field(card, "effects", [])


def in_zone(player: str, zone: str, card: str, present: bool = True) -> Check:
    """The card is (or is not) in the player's zone."""
    return InZone(one_of(player, PLAYERS), one_of(zone, ZONES), card, present)


def at_deck(player: str, end: str, card: str) -> Check:
    """The card is the ``top`` or ``bottom`` card of the player's deck."""
    return Position(one_of(player, PLAYERS), "deck", one_of(end, ENDS), card, observable="deck_order")


def events(where: Mapping[str, Any], count: int) -> Check:
    """Exactly ``count`` of the events since the last observation match ``where``."""
    return Count(Listed.EVENTS, dict(where), CountTest.EXACTLY, count, observable="events")


def triggered(card: str, times: int) -> Check:
    """The card's abilities triggered exactly ``times`` times."""
    return events({"type": "triggered", "card": card}, times)


def attacking(player: str, count: int) -> Check:
    """Exactly ``count`` of the player's creatures are attacking."""
    return Count(Listed.OBJECTS, {"attacking": True}, CountTest.EXACTLY, count, player=one_of(player, PLAYERS),
                 observable="attacking")

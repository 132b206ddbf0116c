"""Waiting abilities (待機中の能力): triggered abilities between triggering and resolving.

A triggered ability does not act when it triggers: it waits, remembering what it needs to resolve —
which card has it and who controls it, the card whose move triggered it (そのカード / そのクリーチャー)
and where that card went, and the last known states (過去の状態) of both if they left the battle zone.
"""

from __future__ import annotations

from dataclasses import dataclass

from reference_engine.abilities import Triggered
from reference_engine.events import LastKnown
from reference_engine.players import Player
from reference_engine.state import Card
from reference_engine.zones import Zone


@dataclass(frozen=True)
class Tracked:
    """A card an ability found in its new zone, and how many zone moves it had made by then."""

    card: Card
    zone: Zone
    moves: int
    last_known: LastKnown | None
    """Its state just before it left the battle zone, if the triggering move took it out of there."""

    def lost(self) -> bool:
        """Whether the ability has lost the card: it went to a hidden zone, or it moved again (seed 001)."""
        return self.zone.is_hidden or self.card.moves != self.moves


@dataclass(frozen=True)
class Pending:
    """One triggered ability waiting to resolve."""

    card: Card
    """The card that has the ability."""
    index: int
    """The ability's index in the card's structured abilities."""
    ability: Triggered
    controller: Player
    holder: Tracked
    """The ability's own card, found where it was after the triggering event."""
    that: Tracked | None = None
    """The card whose move triggered the ability, if a move did."""

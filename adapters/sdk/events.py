"""What happened since the last observation (イベント): an engine records events as they happen, the observation
reports them once (``observation.json#/$defs/event``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shinpan.adapters.contract import PlayerName
from shinpan.adapters.sdk.vocabulary import MoveCause, Zone


class EventRecorder:
    """The events of the game, in order; :meth:`drain` hands out those not yet observed."""

    def __init__(self) -> None:
        self._events: list[dict[str, Any]] = []
        self._seen = 0

    def moved(self, card: str, source: Zone, destination: Zone, player: PlayerName,
              cause: MoveCause | None = None) -> None:
        """``card`` went from ``source`` to ``destination`` (a zone of ``player``), and why."""
        event: dict[str, Any] = {"type": "moved", "card": card, "from": source, "to": destination, "player": player}
        if cause is not None:
            event["cause"] = cause
        self._events.append(event)

    def triggered(self, card: str, ability: int | None = None) -> None:
        """An ability of ``card`` (its index among the card's structured abilities) triggered and waits."""
        self._events.append({"type": "triggered", "card": card, **({"ability": ability} if ability is not None
                                                                    else {})})

    def replaced(self, card: str, affected: str, ability: int | None = None) -> None:
        """A replacement effect of ``card`` changed what happened to ``affected``."""
        self._events.append({"type": "replaced", "card": card, "affected": affected,
                             **({"ability": ability} if ability is not None else {})})

    def reconstructed(self, cards: Sequence[str], player: PlayerName) -> None:
        """再構築 (801.4): these cards stayed as one object (they did not enter the battle zone)."""
        self._events.append({"type": "reconstructed", "cards": list(cards), "player": player})

    def mana_tapped(self, card: str, mana: int) -> None:
        """A mana card was tapped and produced ``mana``."""
        self._events.append({"type": "mana_tapped", "card": card, "mana": mana})

    def mark(self) -> int:
        """Where the record stands now (to go back to, with :meth:`rewind`)."""
        return len(self._events)

    def rewind(self, mark: int) -> None:
        """Forget the events recorded since ``mark`` (a move that was undone)."""
        del self._events[mark:]
        self._seen = min(self._seen, mark)

    def drain(self) -> list[dict[str, Any]]:
        """The events since the last call, in order."""
        new = self._events[self._seen:]
        self._seen = len(self._events)
        return new

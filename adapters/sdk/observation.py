"""Building an observation (観測) that is valid by construction, or an ``error`` that says why not.

:class:`ObservationBuilder` collects what the engine reports — zones, battle-zone objects, waiting abilities,
events, who lost — keeps only the fields the adapter declared among its observables (a field it did not declare
is left out, never guessed), and :meth:`~ObservationBuilder.build` checks the result against
``observation.json`` and that no card is in two places: a problem is a
:class:`~shinpan.adapters.sdk.answers.BadRequest` (answered ``error``, with the problems).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import Any

from shinpan.adapters import schemas
from shinpan.adapters.contract import Observable, Observation, PlayerName
from shinpan.adapters.sdk.answers import BadRequest
from shinpan.adapters.sdk.state import Turn
from shinpan.adapters.sdk.vocabulary import CARD_ZONES, PLAYERS, CardZone

OBJECT_FIELDS: frozenset[str] = frozenset({"tapped", "power", "summoning_sick", "can_attack", "attacking", "effects",
                                           "equipment", "seals", "linked", "face"})
"""The observable fields of a battle-zone object."""


class ObservationBuilder:
    """One observation, filled by the engine and checked when built."""

    def __init__(self, observables: Collection[Observable], *, schema_checked: bool = True) -> None:
        self.observables = frozenset(observables)
        self.schema_checked = schema_checked
        """Whether :meth:`build` checks the observation against ``observation.json`` (every engine's is, but the
        kit's own reference engine's: :attr:`~shinpan.adapters.sdk.adapter.EngineAdapter.VALID_OBSERVATIONS`)."""
        self._players: dict[PlayerName, dict[str, Any]] = {
            p: {**{zone: [] for zone in CARD_ZONES}, "battle": []} for p in PLAYERS}
        self._waiting: list[dict[str, Any]] = []
        self._events: list[dict[str, Any]] = []

    def zone(self, player: PlayerName, zone: CardZone, labels: Sequence[str]) -> None:
        """The cards in ``player``'s ``zone`` (the deck top first)."""
        self._players[player][zone] = list(labels)

    def tapped_mana(self, player: PlayerName, labels: Sequence[str]) -> None:
        """Which of ``player``'s mana cards are tapped."""
        self._add(self._players[player], "tapped_mana", list(labels))

    def lost(self, player: PlayerName, lost: bool) -> None:
        """Whether ``player`` has lost the game."""
        self._add(self._players[player], "lost", lost)

    def battle_object(self, player: PlayerName, cards: Sequence[str], **fields: Any) -> None:
        """An object of ``player``'s battle zone, its cards top first, with the fields the engine knows
        (``tapped``, ``power``, ``summoning_sick``, ``can_attack``, ``attacking``, ``effects``, ``equipment``,
        ``seals``, ``linked``, ``face``); those the adapter did not declare are left out."""
        if not OBJECT_FIELDS.issuperset(fields):
            unknown = set(fields) - OBJECT_FIELDS
            raise BadRequest(f"observation: a battle-zone object has no field {', '.join(sorted(unknown))}")
        observables = self.observables
        obj: dict[str, Any] = {"cards": list(cards)}
        obj.update([(name, value) for name, value in fields.items() if name in observables])
        self._players[player]["battle"].append(obj)

    def waiting(self, card: str, ability: int | None = None) -> None:
        """An ability of ``card`` waits to resolve (in the order they would resolve)."""
        if "waiting" in self.observables:
            self._waiting.append({"card": card, **({"ability": ability} if ability is not None else {})})

    def events(self, events: Sequence[dict[str, Any]]) -> None:
        """What happened since the previous observation (e.g. :meth:`EventRecorder.drain`)."""
        if "events" in self.observables:
            self._events.extend(events)

    def build(self, turn: Turn) -> Observation:
        """The observation at ``turn``; :class:`BadRequest` if it breaks the schema or shows a card in two places."""
        observation: Observation = {"turn": {"number": turn.number, "active": turn.active, "step": turn.step},
                                    "players": self._players}
        if "waiting" in self.observables:
            observation["waiting"] = self._waiting
        if "events" in self.observables:
            observation["events"] = self._events
        problems = schemas.problems("observation.json", observation) if self.schema_checked else []
        shown = _labels(observation)
        twice = [label for label, n in Counter(shown).items() if n > 1] if len(set(shown)) < len(shown) else []
        if twice:
            problems.append(f"cards shown in two places: {', '.join(sorted(twice))}")
        if problems:
            raise BadRequest("the adapter built an invalid observation: " + "; ".join(problems))
        return observation

    def _add(self, target: dict[str, Any], field: str, value: Any) -> None:
        if field in self.observables:
            target[field] = value


def _labels(observation: Observation) -> list[str]:
    """Every card the observation places: zones, objects' cards and seals."""
    found: list[str] = []
    for view in observation["players"].values():
        for zone in CARD_ZONES:
            found.extend(view[zone])
        for obj in view["battle"]:
            found.extend(obj["cards"])
            found.extend(obj.get("seals", []))
    return found

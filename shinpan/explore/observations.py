"""Comparing two engines' observations (観測の比較): the facts each shows, and the ones that differ.

An observation is read as a set of *facts*, each keyed by what it is about: where each card is, the pile of each
battle-zone object (top to bottom), each object's flags, power and effects, the deck's order, tapped mana, who
has lost, whose turn it is, what happened since the previous observation (per card) and which abilities wait.
Two observations agree when every fact both engines can report (their common observables) is equal; the facts
that differ are listed most fundamental first (a card in the wrong place before its flags, its flags before the
events), so that a difference is named by its cause and not by its knock-on effects.

What the contract leaves open is not compared: the order of cards in a zone other than the deck, the order of a
run of events of one kind that happened at once, and the order of waiting abilities within one player's.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from shinpan.adapters.sdk.vocabulary import CARD_ZONES, EVENT_TYPES

Key = tuple[str, ...]
"""What a fact is about: its kind (``place``, ``tapped``, ``events.triggered``, …) then its subject."""

OBJECT_FIELDS = ("tapped", "power", "summoning_sick", "can_attack", "attacking", "effects", "equipment", "seals",
                 "linked", "face")
"""The fields of a battle-zone object, each compared where both engines observe it."""
UNORDERED_FIELDS = frozenset({"effects", "equipment", "seals"})
EVENT_KINDS = EVENT_TYPES

ORDER = ("turn", "place", "pile", *OBJECT_FIELDS, "deck", "tapped_mana", "lost",
         *(f"events.{kind}" for kind in EVENT_KINDS), "waiting", "waiting.order", "events.order")
"""Kinds of facts, most fundamental first."""


@dataclass(frozen=True)
class Difference:
    """One fact two engines disagree on: its key, the reference's value and the other engine's."""

    key: Key
    expected: Any
    actual: Any

    @property
    def kind(self) -> str:
        """What kind of fact differs (``place``, ``tapped``, ``events.triggered``, …)."""
        return self.key[0]

    @property
    def subject(self) -> str | None:
        """The card (or player) the fact is about, if any."""
        return self.key[1] if len(self.key) > 1 else None

    def describe(self) -> str:
        """One line: the fact, what the reference engine shows and what the other engine shows."""
        subject = f" of {self.subject}" if self.subject else ""
        return f"{self.kind}{subject}: expected {_shown(self.expected)}, got {_shown(self.actual)}"


def facts(observation: Mapping[str, Any], observables: Collection[str],
          owners: Mapping[str, str]) -> dict[Key, Any]:
    """Every fact the observation shows among ``observables`` (``owners``: each card's owner, for the order of
    waiting abilities by player)."""
    found: dict[Key, Any] = {("turn",): _turn(observation["turn"])}
    for player, view in sorted(observation["players"].items()):
        found.update(_zones(player, view, observables))
        for obj in view["battle"]:
            found.update(_object(player, obj, observables))
    if "events" in observables:
        found.update(_events(observation.get("events", [])))
    if "waiting" in observables:
        found.update(_waiting(observation.get("waiting", []), owners))
    return found


def differences(expected: Mapping[Key, Any], actual: Mapping[Key, Any]) -> list[Difference]:
    """The facts that differ, most fundamental first (see :data:`ORDER`), each once."""
    keys = sorted(set(expected) | set(actual), key=_rank)
    return [Difference(key, expected.get(key), actual.get(key)) for key in keys
            if expected.get(key) != actual.get(key)]


_RANK = {kind: rank for rank, kind in enumerate(ORDER)}


def _rank(key: Key) -> tuple[int, Key]:
    return _RANK[key[0]], key[1:]


def _turn(turn: Mapping[str, Any]) -> tuple[Any, ...]:
    return turn["number"], turn["active"], turn.get("step", "main")


def _zones(player: str, view: Mapping[str, Any], observables: Collection[str]) -> dict[Key, Any]:
    found: dict[Key, Any] = {}
    for zone in CARD_ZONES:
        for card in view.get(zone, []):
            found[("place", card)] = f"{player}:{zone}"
    for obj in view["battle"]:
        for card in obj["cards"]:
            found[("place", card)] = f"{player}:battle"
        for card in obj.get("seals", []) if "seals" in observables else []:
            found[("place", card)] = f"{player}:battle (seal)"
    if "deck_order" in observables:
        found[("deck", player)] = tuple(view.get("deck", []))
    if "tapped_mana" in observables:
        tapped = set(view.get("tapped_mana", []))
        found.update({("tapped_mana", card): card in tapped for card in view.get("mana", [])})
    if "lost" in observables:
        found[("lost", player)] = bool(view.get("lost", False))
    return found


def _object(player: str, obj: Mapping[str, Any], observables: Collection[str]) -> dict[Key, Any]:
    top = obj["cards"][0]
    found: dict[Key, Any] = {("pile", top): tuple(obj["cards"])}
    for field in OBJECT_FIELDS:
        if field in observables and field in obj:
            value = obj[field]
            if isinstance(value, list):
                value = tuple(sorted(map(_canonical, value))) if field in UNORDERED_FIELDS else tuple(value)
            found[(field, top)] = value
    return found


def _events(events: Iterable[Mapping[str, Any]]) -> dict[Key, Any]:
    per_card: dict[Key, Counter[str]] = {}
    for event in events:
        subject = event.get("card") or ",".join(event.get("cards", [])) or "?"
        rest = {k: v for k, v in event.items() if k not in ("type", "card")}
        per_card.setdefault((f"events.{event['type']}", subject), Counter())[_canonical(rest)] += 1
    found: dict[Key, Any] = {key: tuple(sorted(counts.elements())) for key, counts in per_card.items()}
    found[("events.order",)] = tuple(_in_runs(list(events)))
    return found


def _in_runs(events: list[Mapping[str, Any]]) -> list[str]:
    """The events in order, with each run of events of one kind (and, for moves, one way and cause) sorted:
    such a run is one simultaneous event whose order the contract leaves open."""
    shown: list[str] = []
    run: list[str] = []
    last: tuple[Any, ...] | None = None
    for event in events:
        key = (event["type"], event.get("from"), event.get("to"), event.get("cause"), event.get("player"))
        if key != last and run:
            shown.extend(sorted(run))
            run = []
        run.append(_canonical(event))
        last = key
    shown.extend(sorted(run))
    return shown


def _waiting(waiting: list[Mapping[str, Any]], owners: Mapping[str, str]) -> dict[Key, Any]:
    counts = Counter(_canonical(entry) for entry in waiting)
    found: dict[Key, Any] = {}
    for entry in waiting:
        found[("waiting", entry["card"])] = tuple(sorted(c for c in counts.elements()
                                                         if json.loads(c)["card"] == entry["card"]))
    players = [owners.get(entry["card"], "?") for entry in waiting]
    found[("waiting.order",)] = tuple(p for i, p in enumerate(players) if i == 0 or players[i - 1] != p)
    return found


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _shown(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, tuple):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)

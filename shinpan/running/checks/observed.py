"""What an observation shows (観測), read the way the checks read it: the items of its lists, the object a card is
part of, where a card is."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from shinpan.adapters.sdk.vocabulary import CARD_ZONES

Observation = Mapping[str, Any]


def matching(items: Sequence[Mapping[str, Any]], where_: Mapping[str, Any]) -> int:
    """How many of ``items`` match ``where_`` (each key equal, or a list holding the value), as a count check counts."""
    return sum(1 for item in items if all(_matches(item.get(k), v) for k, v in where_.items()))


def _matches(actual: object, wanted: object) -> bool:
    return actual == wanted or (isinstance(actual, list) and not isinstance(wanted, list) and wanted in actual)


def in_mana(observation: Observation, card: str) -> bool:
    """Whether ``card`` is in either player's mana zone."""
    return any(card in view["mana"] for view in observation["players"].values())


def items_of(observation: Observation, name: str, player: str | None = None) -> list[Mapping[str, Any]]:
    """The items of an observed list: ``events``, ``waiting`` or ``objects`` (battle-zone objects)."""
    if name == "objects":
        players = [player] if player else list(observation["players"])
        return [obj for side in players for obj in observation["players"][side]["battle"]]
    return list(observation.get(name, []))


def object_of(observation: Observation, card: str) -> Mapping[str, Any] | None:
    """The battle-zone object (either player's) that ``card`` is part of."""
    return next((obj for obj in items_of(observation, "objects") if card in obj["cards"]), None)


def where(observation: Observation, card: str) -> str:
    """Where the observation shows ``card``, for failure messages."""
    for player, view in observation["players"].items():
        for zone in CARD_ZONES:
            if card in view.get(zone, []):
                return f"it is in {player}'s {zone}"
        for obj in view["battle"]:
            if card in obj["cards"]:
                return f"it is in {player}'s battle zone as part of {obj['cards']}"
    return "it is nowhere in the observation"


def places(observation: Observation, card: str) -> list[str]:
    """Every place the observation shows ``card`` in: the lists of every zone, and the cards and seals of every
    battle-zone object."""
    found = [f"{player}'s {zone}" for player, view in observation["players"].items() for zone in CARD_ZONES
             for listed in view.get(zone, []) if listed == card]
    found += [f"{player}'s battle zone in {obj['cards']}" + (" (as a seal)" if part == "seals" else "")
              for player, view in observation["players"].items() for obj in view["battle"]
              for part in ("cards", "seals") for listed in obj.get(part, []) if listed == card]
    return found


_COUNTED: list[Any] = [None, Counter()]
"""The observation last counted by :func:`place_counts`, and its counts."""


def place_counts(observation: Observation) -> Mapping[str, int]:
    """In how many places the observation shows each card (as :func:`places` finds them), counted once per
    observation: the checks of every card of a board (one-place, after every step) read one count (an observation is
    never changed once made, so the last one counted is known by its identity)."""
    if _COUNTED[0] is not observation:
        counts: Counter[str] = Counter()
        for view in observation["players"].values():
            for zone in CARD_ZONES:
                counts.update(view.get(zone, ()))
            for obj in view["battle"]:
                counts.update(obj.get("cards", ()))
                counts.update(obj.get("seals", ()))
        _COUNTED[:] = [observation, counts]
    counted: Mapping[str, int] = _COUNTED[1]
    return counted

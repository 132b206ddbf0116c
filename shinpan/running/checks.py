"""What a ならば step checks, as data: a check is a JSON object judged against an observation.

Every Then step of the suite builds one of these and hands it to the scenario's game, which judges it
against the latest observation (``observe``) or, for ``rejected``, against the latest move. Because the
check is data, ``shinpan dump-cases --messages`` can write it next to the messages, and an author can
replay the suite in any language (``adapters/schema/cases.json`` is the format; docs/adapters.md §9).

The forms (``card`` is a label from the setup; ``player`` is ``me`` or ``opp``):

- ``{"check": "in_zone", "player", "zone", "card", "present": bool}`` — the card is (not) in that zone;
  in the battle zone, "in" means among the cards of one of the player's objects.
- ``{"check": "zone_count", "player", "zone", "count"}`` — cards in the zone (battle: over every object).
- ``{"check": "position", "player", "zone", "end", "card"}`` — the card is the ``top`` (first listed) or the
  ``bottom`` (last listed) card of the zone (the deck, with ``deck_order``).
- ``{"check": "object", "card", "field", "test", "value"}`` — a field of the battle-zone object the card
  is part of (either player's; failing if it is in none). ``test``: ``equals``; ``contains`` / ``lacks``
  (``value`` is / is not in the list); ``first`` (the list starts with ``value``); ``empty`` (whether the
  list is empty equals ``value``); ``power_total`` (the ``power`` effects are not empty and their amounts
  add up to ``value``).
- ``{"check": "count", "list", "where", "test", "value"}`` — how many items of a list match ``where``
  (every key equal, or, where the item's field is a list, containing the value). ``list``: ``events``,
  ``waiting`` (a missing list is empty) or ``objects`` (battle-zone objects; of ``player`` if given).
  ``test``: ``==`` or ``>=``.
- ``{"check": "mana_tapped", "card", "value": bool}`` — the card is in a mana zone, tapped or not.
- ``{"check": "tapped", "card", "value": bool}`` — the card's tap state (位相) where it is: a card in a mana zone is
  judged as ``mana_tapped`` (reading ``tapped_mana``), any other as its battle-zone object's ``tapped`` field
  (reading ``tapped``). Where the card is decides when the check is judged, so a step need not look at the game.
- ``{"check": "lost", "player", "value": bool}`` — whether the player has lost.
- ``{"check": "places", "card", "count"}`` — in how many places the observation shows the card: the lists of every
  zone and the cards and seals of every battle-zone object (a card is in exactly one place: ``count`` 1).
- ``{"check": "rejected", "value": bool}`` — whether the rules rejected the latest move (not the observation).
- ``{"check": "all", "of": [checks]}``, ``{"check": "any", "of": [checks]}`` and ``{"check": "not", "of": check}``.

Any check may carry ``"observable": FIELD``: an adapter that does not report that field cannot be judged
on it (UNOBSERVABLE), whatever the observation says. A ``tapped`` check's field depends on where the card is: it
is named once the observation is in (:func:`observables_read`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from shinpan.adapters.sdk.vocabulary import CARD_ZONES

Check = dict[str, Any]
Observation = Mapping[str, Any]


def judge(check: Mapping[str, Any], observation: Observation | None, rejection: str | None) -> str | None:
    """``None`` if the check holds; else what was expected and what was found, in one line."""
    kind = check["check"]
    if kind == "rejected":
        if check["value"]:
            return None if rejection is not None else "the move was allowed, but the rules forbid it"
        return None if rejection is None else f"the move was rejected: {rejection}"
    if kind == "all":
        return next((problem for part in check["of"] if (problem := judge(part, observation, rejection))), None)
    if kind == "any":
        problems = [judge(part, observation, rejection) for part in check["of"]]
        return None if any(p is None for p in problems) else "none of these holds: " + "; ".join(map(str, problems))
    if kind == "not":
        return f"expected this not to hold: {check['of']}" if judge(check["of"], observation, rejection) is None \
            else None
    if observation is None:
        return "nothing was observed"
    return _OBSERVATION_CHECKS[kind](check, observation)


def _in_zone(check: Mapping[str, Any], observation: Observation) -> str | None:
    view = observation["players"][check["player"]]
    card, zone = check["card"], check["zone"]
    found = any(card in obj["cards"] for obj in view["battle"]) if zone == "battle" else card in view[zone]
    if found == check["present"]:
        return None
    if check["present"]:
        return f"expected 《{card}》 in {check['player']}'s {zone}, but {where(observation, card)}"
    return f"expected 《{card}》 not to be in {check['player']}'s {zone}, but it is"


def _zone_count(check: Mapping[str, Any], observation: Observation) -> str | None:
    view = observation["players"][check["player"]]
    zone = check["zone"]
    actual = sum(len(o["cards"]) for o in view["battle"]) if zone == "battle" else len(view[zone])
    return None if actual == check["count"] else \
        f"{check['player']}'s {zone} has {actual} cards, expected {check['count']}"


def _position(check: Mapping[str, Any], observation: Observation) -> str | None:
    cards = observation["players"][check["player"]][check["zone"]]
    actual = (cards[0] if check["end"] == "top" else cards[-1]) if cards else None
    if actual == check["card"]:
        return None
    return f"{check['player']}'s {check['zone']} is {cards} (top first): its {check['end']} is {actual!r}, " \
           f"expected 《{check['card']}》"


def _object(check: Mapping[str, Any], observation: Observation) -> str | None:
    card, field, test, value = check["card"], check["field"], check["test"], check["value"]
    obj = object_of(observation, card)
    if obj is None:
        return f"《{card}》 is not in the battle zone; {where(observation, card)}"
    actual = obj.get(field)
    if test == "equals":
        ok = actual == value
    elif test == "contains":
        ok = value in (actual or [])
    elif test == "lacks":
        ok = value not in (actual or [])
    elif test == "first":
        ok = isinstance(actual, list) and bool(actual) and actual[0] == value
    elif test == "empty":
        ok = (not actual) == value
    elif test == "power_total":
        powers = [e["amount"] for e in actual or [] if e["kind"] == "power"]
        ok = bool(actual) and sum(powers) == value
    else:
        raise ValueError(f"unknown object test {test!r}")
    if ok:
        return None
    if test == "equals":
        return f"{field} is {actual}, expected {value}"
    return f"{field} of the object with 《{card}》 is {actual!r}; expected {test} {value!r}"


def matching(items: Sequence[Mapping[str, Any]], where_: Mapping[str, Any]) -> int:
    """How many of ``items`` match ``where_`` (each key equal, or a list holding the value), as a count check counts."""
    return sum(1 for item in items if all(_matches(item.get(k), v) for k, v in where_.items()))


def _count(check: Mapping[str, Any], observation: Observation) -> str | None:
    items = items_of(observation, check["list"], check.get("player"))
    where_ = check["where"]
    actual = matching(items, where_)
    ok = actual == check["value"] if check["test"] == "==" else actual >= check["value"]
    return None if ok else (f"{actual} of the {check['list']} match {where_}, expected {check['test']} "
                            f"{check['value']}; the {check['list']}: {items}")


def _mana_tapped(check: Mapping[str, Any], observation: Observation) -> str | None:
    card = check["card"]
    for view in observation["players"].values():
        if card in view["mana"]:
            actual = card in view.get("tapped_mana", [])
            return None if actual is check["value"] else \
                f"the mana card's tapped state is {actual}, expected {check['value']}"
    return f"《{card}》 is in no mana zone; {where(observation, card)}"


def _lost(check: Mapping[str, Any], observation: Observation) -> str | None:
    actual = bool(observation["players"][check["player"]].get("lost"))
    return None if actual is check["value"] else f"{check['player']} lost: {actual}, expected {check['value']}"


def _tapped(check: Mapping[str, Any], observation: Observation) -> str | None:
    if in_mana(observation, check["card"]):
        return _mana_tapped(check, observation)
    return _object({**check, "field": "tapped", "test": "equals"}, observation)


def _places(check: Mapping[str, Any], observation: Observation) -> str | None:
    card = check["card"]
    found = [f"{player}'s {zone}" for player, view in observation["players"].items() for zone in CARD_ZONES
             for listed in view.get(zone, []) if listed == card]
    found += [f"{player}'s battle zone in {obj['cards']}" + (" (as a seal)" if part == "seals" else "")
              for player, view in observation["players"].items() for obj in view["battle"]
              for part in ("cards", "seals") for listed in obj.get(part, []) if listed == card]
    if len(found) == check["count"]:
        return None
    return f"《{card}》 is in {len(found)} places ({'; '.join(found) or 'none'}), expected {check['count']}"


_OBSERVATION_CHECKS = {"in_zone": _in_zone, "zone_count": _zone_count, "position": _position, "object": _object,
                       "count": _count, "mana_tapped": _mana_tapped, "lost": _lost, "tapped": _tapped,
                       "places": _places}


def in_mana(observation: Observation, card: str) -> bool:
    """Whether ``card`` is in either player's mana zone."""
    return any(card in view["mana"] for view in observation["players"].values())


def observables_read(check: Mapping[str, Any], observation: Observation) -> list[str]:
    """The observables a check reads that depend on the observation (a ``tapped`` check: ``tapped_mana`` for a card
    in a mana zone, else ``tapped``), in order."""
    if check["check"] == "tapped":
        return ["tapped_mana" if in_mana(observation, check["card"]) else "tapped"]
    parts = check.get("of")
    return [read for part in (parts if isinstance(parts, list) else [parts] if isinstance(parts, Mapping) else [])
            for read in observables_read(part, observation)]


def _matches(actual: object, wanted: object) -> bool:
    return actual == wanted or (isinstance(actual, list) and not isinstance(wanted, list) and wanted in actual)


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

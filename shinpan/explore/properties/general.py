"""Properties over general play (一般のプレイでの性質): a rule stated once, checked wherever its premise occurs.

A property may state its rule over any step of play (:attr:`Property.general`): given the board before a step,
the move and the board after it, as the engine showed them (:class:`Step`), the checks the rule says hold after it —
none where its premise does not occur (no seal came off, the turn did not pass, no creature evolved…). The one-place
property's generated play (:mod:`.places`: swarm boards and moves, the board observed after every step) checks
every such property at every step, besides its own rule, at no cost but reading the observation it already made; a
property keeps its own script where it reaches premises general play rarely reaches. A rule is checked only where
its property holds (:attr:`.property.Context.general`: its window, its mechanics) and, for a clause with a narrower
window, where that clause's scenarios assert (the clause asks :func:`~.property.holds`).

This module reads the observations: the objects of a board, the object a card is part of, the seals, the objects a
step took away, whether an ignore effect may hold, the events before a step (an event check counts from the setup).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from shinpan.adapters.sdk.abilities import Static
from shinpan.explore.pool import Card
from shinpan.explore.properties.property import Context, Step

Object = Mapping[str, Any]


def objects(view: Mapping[str, Any]) -> Iterator[tuple[str, Object]]:
    """Every battle-zone object of a board, with its controller."""
    for player, side in view["players"].items():
        for obj in side.get("battle", ()):
            yield player, obj


def object_of(view: Mapping[str, Any], card: str) -> tuple[str, Object] | None:
    """The object ``card`` is one of the cards of (not a seal), with its controller; None if it is in no object."""
    return next(((player, obj) for player, obj in objects(view) if card in obj["cards"]), None)


def seals(view: Mapping[str, Any]) -> dict[str, str]:
    """Every seal of a board: its label, and the top card of the object it seals."""
    return {seal: obj["cards"][0] for _, obj in objects(view) for seal in obj.get("seals", ())}


def active(view: Mapping[str, Any]) -> str:
    """Whose turn it is."""
    return str(view["turn"]["active"])


def turn_passed(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> bool:
    """Whether a turn ended and another began in the step."""
    return before is not None and (before["turn"]["number"], active(before)) != (after["turn"]["number"],
                                                                                   active(after))


def card_of(step: Step, context: Context, label: str) -> Card | None:
    """The pool's card of ``label`` (None if the pool has no card of its name)."""
    return context.pool.by_name.get(step.names.get(label, ""))


def left(step: Step) -> dict[str, str]:
    """The battle-zone objects the step took away whole: the top card of each object of the board before none of
    whose cards is in the battle zone after, and the zone its top card was moved to (moved events from the battle
    zone to another zone). An object only part of which left (a top card whose sources stayed) is not among them
    (see :func:`partly_left`)."""
    moved = {card: to for card, to in _moved_from_battle(step).items() if to != "battle"}
    if not moved or step.before is None:
        return {}
    staying = _staying(step)
    return {obj["cards"][0]: moved[obj["cards"][0]] for _, obj in objects(step.before)
            if obj["cards"][0] in moved and not staying.intersection(obj["cards"])}


def partly_left(step: Step) -> bool:
    """Whether an object of the board before did not leave as one: it lost its top card but not all its cards
    (再構築, a top card moved away alone), or its cards went to different zones (what stayed of it left later, by
    a rule): whether and when a creature left there is not what the properties over general play decide."""
    if step.before is None:
        return False
    staying, moved = _staying(step), _moved_from_battle(step)
    for _, obj in objects(step.before):
        cards = obj["cards"]
        if cards[0] not in staying and (staying.intersection(cards) or len({moved.get(c) for c in cards}) > 1):
            return True
    return False


def _staying(step: Step) -> set[str]:
    """The cards in the battle zone after the step."""
    return {card for _, obj in objects(step.after) for card in obj["cards"]}


def _moved_from_battle(step: Step) -> dict[str, str]:
    """The cards the step's events moved from the battle zone, and the zone each was moved to."""
    return {e["card"]: e["to"] for e in step.after.get("events", ()) if e["type"] == "moved" and e["from"] == "battle"}


def may_ignore(step: Step, context: Context) -> bool:
    """Whether some object's abilities may be ignored (無視) at some moment of the step: an ignore effect was applied
    in the game so far (the object it named may hold it still — under an evolution creature, or as what stayed of it
    after its top card left, 801.4), or the pool has not a card of the battle zone or one has a static ignoring
    ability."""
    if any(e.get("kind") == "ignore_abilities" for e in step.effects):
        return True
    for view in (step.before, step.after):
        for _, obj in objects(view or {"players": {}}):
            card = card_of(step, context, obj["cards"][0])
            if card is None or any(isinstance(a, Static) and a.name == "ignore_abilities" for a in card.abilities):
                return True
    return False


def counted(step: Step, where: Mapping[str, Any]) -> int:
    """How many events before the step match ``where`` (each key equal)."""
    return sum(1 for event in step.earlier if all(event.get(k) == v for k, v in where.items()))

"""Properties over general play (一般のプレイでの性質): a rule stated once, checked wherever its premise occurs.

A property may state its rule over any step of play (:attr:`Property.general`): given the board before a step,
the move and the board after it, as the engine showed them (:class:`Step`), the checks the rule says hold after it —
none where its premise does not occur (no seal came off, the turn did not pass, no creature evolved…). The one-place
property's generated play (:mod:`.places`: swarm boards and moves, the board observed after every step) checks
every such property at every step, besides its own rule, at no cost but reading the observation it already made; a
property keeps its own script where it reaches premises general play rarely reaches. A rule is checked only where
its property holds (:func:`over`: its window, its mechanics) and, for a clause with a narrower window, where that
clause's scenarios assert (the clause asks :func:`~.property.holds`).

This module reads the observations: the objects of a board, the object a card is part of, the seals.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any

from shinpan.explore.properties.property import Context, Property, holds
from shinpan.suite.rulesets import RulesState

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


def over(properties: Sequence[Property], context: Context) -> tuple[Property, ...]:
    """The properties whose rule is checked over general play in ``context``: those stated over any step, that hold
    under its rules state (their window) and whose mechanics the engine plays."""
    return tuple(p for p in properties if p.general is not None and _holds(context.rules, p.since, p.until)
                 and context.plays(*p.mechanics))


@cache
def _holds(rules: RulesState, since: tuple[str, ...], until: tuple[str, ...]) -> bool:
    """:func:`holds`, asked once per example: its answer, once per rules state and window."""
    return holds(rules, since, until)

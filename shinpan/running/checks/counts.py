"""Counting checks (数): how many events, waiting abilities or battle-zone objects match."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from shinpan.adapters.contract import PlayerName
from shinpan.running.checks.form import Observed
from shinpan.running.checks.observed import Observation, items_of, matching


class CountTest(StrEnum):
    """How a :class:`Count` check compares the number of matching items with its value."""

    EXACTLY = "=="
    AT_LEAST = ">="


class Listed(StrEnum):
    """The observed list a :class:`Count` check counts in."""

    EVENTS = "events"
    """What happened since the previous observation (出来事; a missing list is empty)."""
    WAITING = "waiting"
    """The abilities waiting to resolve (待機中の能力; a missing list is empty)."""
    OBJECTS = "objects"
    """The battle-zone objects."""


@dataclass(frozen=True)
class Count(Observed, kind="count"):
    """How many items of an observed list match ``where`` (every key equal, or, where the item's field is a list,
    containing the value): ``==`` or ``>=`` ``value``. Of the objects, only the ``player``'s if given."""

    listed: Listed = field(metadata={"json": "list"})
    player: PlayerName | None = field(default=None, kw_only=True)
    where: Mapping[str, Any]
    test: CountTest
    value: int

    def seen(self, observation: Observation) -> str | None:
        items = items_of(observation, self.listed, self.player)
        actual = matching(items, self.where)
        ok = actual == self.value if self.test is CountTest.EXACTLY else actual >= self.value
        return None if ok else (f"{actual} of the {self.listed} match {dict(self.where)}, expected {self.test} "
                                f"{self.value}; the {self.listed}: {items}")

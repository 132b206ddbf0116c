"""Checks of battle-zone objects and tap states (クリーチャーと位相): a field of the object a card is part of, and
whether a card is tapped where it is. ``card`` is a label from the setup."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from shinpan.running.checks.form import Observed
from shinpan.running.checks.observed import Observation, in_mana, object_of, where


class ObjectTest(StrEnum):
    """How an :class:`ObjectField` check compares the field with its value."""

    EQUALS = "equals"
    CONTAINS = "contains"
    """The value is in the list."""
    LACKS = "lacks"
    """The value is not in the list."""
    FIRST = "first"
    """The list starts with the value."""
    EMPTY = "empty"
    """Whether the list is empty equals the value."""
    POWER_TOTAL = "power_total"
    """The ``power`` effects are not empty and their amounts add up to the value."""

    def holds(self, actual: Any, value: Any) -> bool:
        """Whether the field's ``actual`` value passes this test against ``value``."""
        if self is ObjectTest.EQUALS:
            return bool(actual == value)
        if self is ObjectTest.CONTAINS:
            return value in (actual or [])
        if self is ObjectTest.LACKS:
            return value not in (actual or [])
        if self is ObjectTest.FIRST:
            return isinstance(actual, list) and bool(actual) and actual[0] == value
        if self is ObjectTest.EMPTY:
            return bool((not actual) == value)
        powers = [e["amount"] for e in actual or [] if e["kind"] == "power"]
        return bool(actual) and sum(powers) == value


@dataclass(frozen=True)
class ObjectField(Observed, kind="object"):
    """A field of the battle-zone object (either player's) the card is part of, compared by ``test``; failing if the
    card is in none."""

    card: str
    field: str
    test: ObjectTest
    value: Any

    def seen(self, observation: Observation) -> str | None:
        card, name, test, value = self.card, self.field, self.test, self.value
        obj = object_of(observation, card)
        if obj is None:
            return f"《{card}》 is not in the battle zone; {where(observation, card)}"
        actual = obj.get(name)
        if test.holds(actual, value):
            return None
        if test is ObjectTest.EQUALS:
            return f"{name} is {actual}, expected {value}"
        return f"{name} of the object with 《{card}》 is {actual!r}; expected {test} {value!r}"


@dataclass(frozen=True)
class ManaTapped(Observed, kind="mana_tapped"):
    """The card is in a mana zone, and is (``value``) or is not among that player's tapped mana (マナのタップ)."""

    card: str
    value: bool

    def seen(self, observation: Observation) -> str | None:
        card = self.card
        for view in observation["players"].values():
            if card in view["mana"]:
                actual = card in view.get("tapped_mana", [])
                return None if actual is self.value else \
                    f"the mana card's tapped state is {actual}, expected {self.value}"
        return f"《{card}》 is in no mana zone; {where(observation, card)}"


@dataclass(frozen=True)
class Tapped(Observed, kind="tapped"):
    """The card's tap state (位相) where it is: a card in a mana zone is judged as :class:`ManaTapped` (reading
    ``tapped_mana``), any other by its battle-zone object's ``tapped`` field (reading ``tapped``). Where the card is
    decides when the check is judged, so a step need not look at the game."""

    card: str
    value: bool

    def seen(self, observation: Observation) -> str | None:
        if in_mana(observation, self.card):
            return ManaTapped(self.card, self.value).seen(observation)
        return ObjectField(self.card, "tapped", ObjectTest.EQUALS, self.value).seen(observation)

    def read_on(self, observation: Observation) -> Iterator[str]:
        yield "tapped_mana" if in_mana(observation, self.card) else "tapped"

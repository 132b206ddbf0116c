"""The dice (骰子) every generator throws: small draws from Hypothesis, with strategies built once.

Building a Hypothesis strategy costs far more than drawing from it, so generators never build one per draw: they
ask the dice for an index below ``n``, a coin, a count between two bounds or a few items of a list, and the dice
draw from strategies made once and kept. Every draw shrinks towards zero — the first item, no, the smallest count —
so a shrunk case names the first cards of the pool and the first kinds of move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

from hypothesis import strategies as st

T = TypeVar("T")
Draw = Callable[[st.SearchStrategy[Any]], Any]
"""What draws a value from a strategy: a ``@composite``'s ``draw``, or ``data.draw``."""


@cache
def _below(n: int) -> st.SearchStrategy[int]:
    return st.integers(0, n - 1)


@cache
def _between(low: int, high: int) -> st.SearchStrategy[int]:
    return st.integers(low, high)


_COIN = st.booleans()
_SEED = st.integers(0, 2**32 - 1)


class Dice:
    """Draws through ``draw``."""

    def __init__(self, draw: Draw) -> None:
        self.draw = draw

    def index(self, n: int) -> int:
        """A number from 0 to ``n - 1``."""
        if n <= 1:
            return 0
        value: int = self.draw(_below(n))
        return value

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """``items`` in an order drawn uniformly (from one seed Hypothesis draws: every order equally likely, which
        its small draws, weighted towards the first items, are not; it shrinks to a fixed order)."""
        chosen = list(items)
        self.random().shuffle(chosen)
        return chosen

    def random(self) -> random.Random:
        """A generator seeded by two of Hypothesis's draws: one draw alone is 0 in about one example in eight, and
        repeats, which would give one order most of the examples; two together are near uniform. Several fair
        choices made at once draw from one generator (two draws, not two per choice)."""
        return random.Random(self.draw(_SEED) | self.draw(_SEED) << 32)

    def fair(self, items: Sequence[T]) -> T:
        """One of ``items`` (not empty), each equally likely (:meth:`pick` favours the first, and Hypothesis's draws
        favour the bounds of a range and repeat: see :meth:`random`)."""
        return items[self.random().randrange(len(items))] if len(items) > 1 else items[0]

    def pick(self, items: Sequence[T]) -> T:
        """One of ``items`` (not empty)."""
        return items[self.index(len(items))]

    def coin(self) -> bool:
        """Yes or no (no first)."""
        value: bool = self.draw(_COIN)
        return value

    def count(self, low: int, high: int) -> int:
        """A number from ``low`` to ``high``."""
        if high <= low:
            return low
        value: int = self.draw(_between(low, high))
        return value

    def more(self, have: int, low: int, high: int) -> bool:
        """Whether a list of ``have`` items gets one more: always below ``low``, never at ``high``, else a coin.
        A coin before each item (rather than a count first) lets shrinking delete any one item."""
        return have < low or (have < high and self.coin())

    def some(self, items: Sequence[T], low: int = 0, high: int = 3) -> list[T]:
        """Between ``low`` and ``high`` items of ``items``, each at most once, in the order drawn."""
        left = list(items)
        chosen: list[T] = []
        while left and self.more(len(chosen), low, high):
            chosen.append(left.pop(self.index(len(left))))
        return chosen

    def several(self, items: Sequence[T], low: int = 0, high: int = 3) -> list[T]:
        """Between ``low`` and ``high`` draws of ``items`` (repeats allowed)."""
        chosen: list[T] = []
        while items and self.more(len(chosen), low, high):
            chosen.append(self.pick(items))
        return chosen

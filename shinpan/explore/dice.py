"""The dice (骰子) every generator throws: small draws from Hypothesis, with strategies built once.

Building a Hypothesis strategy costs far more than drawing from it, so generators never build one per draw: they
ask the dice for an index below ``n``, a coin, a count between two bounds or a few items of a list, and the dice
draw from strategies made once and kept. Every draw shrinks towards zero — the first item, no, the smallest count —
so a shrunk case names the first cards of the pool and the first kinds of move.

Each draw costs Hypothesis about as much as a small move of the engine, so the dice throw as few as they can: a
list's length is one draw with the law of a coin before each further item (:meth:`Dice.length`), its items one
draw when they are few (:meth:`Dice.indices`), several coins one draw (:meth:`Dice.flags`). Below :data:`FLAT`
Hypothesis generates a number from a flat law (past it, small numbers are likelier), so packing indices into one
draw of at most that many outcomes leaves each as likely as it was alone. A fair choice among kinds (of move, of
destination) still comes from :meth:`Dice.random`: in an exploration Hypothesis's small draws lean to 0 (its
simplest examples, its mutations), which a pick of the first kind would follow.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from math import prod
from typing import Any, TypeVar

from hypothesis import strategies as st

T = TypeVar("T")
Draw = Callable[[st.SearchStrategy[Any]], Any]
"""What draws a value from a strategy: a ``@composite``'s ``draw``, or ``data.draw``."""
FLAT = 256
"""The most outcomes one draw packs: Hypothesis generates an integer below 256 from a flat law."""
COINS = 8
"""The most coins one draw throws (``2 ** COINS`` outcomes: :data:`FLAT`)."""


@cache
def _below(n: int) -> st.SearchStrategy[int]:
    return st.integers(0, n - 1)


@cache
def _between(low: int, high: int) -> st.SearchStrategy[int]:
    return st.integers(low, high)


@cache
def _lengths(further: int) -> tuple[int, ...]:
    """How many of ``further`` coins come up yes before the first no, for each outcome of throwing them all (as
    many outcomes as the coins have, in increasing order: 0 first, so that the draw shrinks to the fewest)."""
    return tuple(sorted(next((i for i in range(further) if not outcome >> (further - 1 - i) & 1), further)
                        for outcome in range(2 ** further)))


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

    def flags(self, n: int) -> list[bool]:
        """``n`` coins, thrown together: one draw for up to :data:`COINS` of them (each yes or no with even chances,
        as :meth:`coin`; all no first)."""
        thrown: list[bool] = []
        while len(thrown) < n:
            some = min(COINS, n - len(thrown))
            outcome = self.index(2 ** some)
            thrown += [bool(outcome >> (some - 1 - i) & 1) for i in range(some)]
        return thrown

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

    def length(self, low: int, high: int) -> int:
        """How many items a list gets, from ``low`` to ``high``, with the law of :meth:`more` (each item past
        ``low`` with a coin, until the first no) in one draw, which shrinks to ``low`` (Hypothesis, lowering a
        length, deletes what the items after it drew)."""
        further = high - low
        if further <= 0:
            return low
        if further > COINS:
            have = low
            while self.more(have, low, high):
                have += 1
            return have
        return low + _lengths(further)[self.index(2 ** further)]

    def indices(self, sizes: Sequence[int]) -> list[int]:
        """An index below each of ``sizes``, one draw for each run of them that has at most :data:`FLAT` outcomes
        together (the first index of a run the most significant: a draw shrinks to all zeros, the first first)."""
        chosen: list[int] = []
        run: list[int] = []
        for size in [*sizes, FLAT + 1]:  # the last one closes the last run
            if prod(run) * size <= FLAT:
                run.append(size)
                continue
            drawn, start = self.index(prod(run)), len(chosen)
            for within in reversed(run):
                drawn, rest = divmod(drawn, within)
                chosen.insert(start, rest)
            run = [size]
        return chosen

    def some(self, items: Sequence[T], low: int = 0, high: int = 3) -> list[T]:
        """Between ``low`` and ``high`` items of ``items``, each at most once, in the order drawn."""
        left = list(items)
        many = self.length(min(low, len(left)), min(high, len(left)))
        return [left.pop(i) for i in self.indices(range(len(left), len(left) - many, -1))]

    def several(self, items: Sequence[T], low: int = 0, high: int = 3) -> list[T]:
        """Between ``low`` and ``high`` draws of ``items`` (repeats allowed)."""
        if not items:
            return []
        return [items[i] for i in self.indices([len(items)] * self.length(low, high))]

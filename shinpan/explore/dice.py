"""The dice (骰子) every generator throws: small draws, each one choice of Hypothesis's choice sequence.

Generators never build a Hypothesis strategy per draw, nor draw through one: they ask the dice for an index below
``n``, a coin, a count between two bounds or a few items of a list, and the dice take each as one integer or boolean
choice straight from the choice sequence behind the ``draw`` they were given (a ``@composite``'s or ``st.data()``'s).
Each is recorded, replayed and shrunk as any draw is; drawing it through ``st.integers`` costs more than twice as
much for the same choice (a span opened and closed around it, the strategy checked). Every draw shrinks towards
zero — the first item, no, the smallest count — so a shrunk case names the first cards of the pool and the first
kinds of move.

The choice sequence is Hypothesis's ``ConjectureData``, found behind the draw function; should an upgrade of
Hypothesis hide it, the dice refuse to draw, loudly, rather than draw otherwise (``tests/test_explore_dice.py``).
While the explorer's backend generates, the dice record each draw themselves, as Hypothesis would, for a third to
a half less (:class:`~shinpan.explore.backend.Recorded`); replayed and shrunk, they draw through Hypothesis's methods.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from hypothesis import strategies as st
from hypothesis.internal.conjecture.data import ConjectureData

from shinpan.explore.backend import Recorded

T = TypeVar("T")
Draw = Callable[[st.SearchStrategy[Any]], Any]
"""What draws a value from a strategy: a ``@composite``'s ``draw``, or ``data.draw``."""
SEED = 2**32 - 1
"""The largest half of a fair generator's seed (:meth:`Dice.random`)."""


def choices_behind(draw: Draw) -> ConjectureData:
    """The choice sequence ``draw`` draws from: a ``@composite``'s draw is the sequence's own method, and
    ``st.data()``'s that of an object holding the sequence."""
    owner = getattr(draw, "__self__", None)
    data = getattr(owner, "conjecture_data", owner)
    if not isinstance(data, ConjectureData):
        raise TypeError(f"the dice draw from Hypothesis's choice sequence, and none is behind {draw!r}")
    return data


class Dice:
    """Draws from the choice sequence behind ``draw``."""

    def __init__(self, draw: Draw) -> None:
        self.choices = choices_behind(draw)
        recorded = Recorded.of(self.choices)
        self._integer: Callable[[int, int], int] = (
            self.choices.draw_integer if recorded is None else recorded.integer)
        self._boolean: Callable[[], bool] = self.choices.draw_boolean if recorded is None else recorded.boolean
        self.direct = recorded is not None
        """Whether the dice record their draws themselves (:class:`~shinpan.explore.backend.Recorded`)."""

    def index(self, n: int) -> int:
        """A number from 0 to ``n - 1``."""
        if n <= 1:
            return 0
        return self._integer(0, n - 1)

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
        return random.Random(self._integer(0, SEED) | self._integer(0, SEED) << 32)

    def fair(self, items: Sequence[T]) -> T:
        """One of ``items`` (not empty), each equally likely (:meth:`pick` favours the first, and Hypothesis's draws
        favour the bounds of a range and repeat: see :meth:`random`)."""
        return items[self.random().randrange(len(items))] if len(items) > 1 else items[0]

    def pick(self, items: Sequence[T]) -> T:
        """One of ``items`` (not empty)."""
        n = len(items)
        return items[self._integer(0, n - 1)] if n > 1 else items[0]  # :meth:`index`, spelt out: the commonest draw

    def coin(self) -> bool:
        """Yes or no (no first)."""
        return self._boolean()

    def count(self, low: int, high: int) -> int:
        """A number from ``low`` to ``high``."""
        if high <= low:
            return low
        return self._integer(low, high)

    def more(self, have: int, low: int, high: int) -> bool:
        """Whether a list of ``have`` items gets one more: always below ``low``, never at ``high``, else a coin.
        A coin before each item (rather than a count first) lets shrinking delete any one item."""
        return have < low or (have < high and self._boolean())

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

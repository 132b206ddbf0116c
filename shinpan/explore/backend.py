"""The explorer's backend (生成の方式): Hypothesis's own draws, without the bookkeeping of its generation phase.

While it generates, Hypothesis's default backend does three things beside drawing: it records every choice sequence
it ran in a tree and extends only new prefixes (so that no example runs twice), it keeps each run's first examples
small (each extended by its simplest continuation first), and after each example it tries copies of it with one
part pasted over another of the same kind. For a test with a handful of draws these cost little; an explored
example makes dozens of small draws. With this backend and the dice's direct draws (:mod:`~shinpan.explore.dice`), a
default exploration of the reference engine takes a quarter less CPU, and the kit's planted bugs are found in fewer
examples (``benchmarks/planted_seeds.py``: every one under each of ten seeds, as before).

A backend registered under :data:`NAME` draws every choice exactly as Hypothesis's own provider does (it is that
provider: the same distributions, the same bias towards the bounds and a few constants; only the bounds of an
integer's range, in the distribution's terms, are worked out once per range), and Hypothesis, seeing an
alternative backend, runs each example as drawn. Everything else is Hypothesis's as before: the seed gives the
examples (the provider draws from the run's seeded generator), a failure is replayed on Hypothesis's own backend
before it counts, it is shrunk there, and the example database keeps and replays it.

While the backend generates, the dice record each choice themselves (:class:`Recorded`): what Hypothesis's own
``draw_integer`` and ``draw_boolean`` record, without what they do beside it for other callers (checking the
arguments, pooling the constraints, replaying a prefix, telling an observer that this backend does not have). An
integer costs a third less (3.0 µs, was 4.3), a coin half (1.4 µs, was 2.7), and the choice sequence, hence replay
and shrinking, stays the same (``tests/test_explore_dice.py`` compares the two, node by node and span by span).

Registering a backend is Hypothesis's documented way to add one (``AVAILABLE_PROVIDERS``), marked experimental;
should an upgrade change it, the import fails here, loudly (every test that explores imports it), rather than
letting the explorer's examples drift. Should an upgrade hide what :class:`Recorded` writes to, the dice draw
through Hypothesis's own methods again (the test above says so).
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis.internal.conjecture.choice import BooleanConstraints, ChoiceNode, IntegerConstraints, choice_size
from hypothesis.internal.conjecture.data import ConjectureData, DataObserver
from hypothesis.internal.conjecture.providers import AVAILABLE_PROVIDERS, INTEGERS_DISTRIBUTION, HypothesisProvider
from hypothesis.internal.floats import clamp

NAME = "shinpan"
"""The backend's name in Hypothesis's settings (``settings(backend=NAME)``)."""


class Draws(HypothesisProvider):
    """Hypothesis's own provider, one per example (its lifetime is the test case: it draws from that example's
    seeded generator), under a name of its own so that the generation phase takes the alternative backends' path."""

    lifetime = "test_case"

    def _draw_integer_from_distribution(self, min_value: int | None, max_value: int | None) -> int:
        """Hypothesis's draw of an integer from its distribution, with the bounds of a range in the distribution's
        terms worked out once per range rather than at every draw (the dice draw from a few ranges, over and over):
        the same generator's draws give the same integer (``tests/test_explore_dice.py``)."""
        if min_value is None or max_value is None or self._random is None:
            return super()._draw_integer_from_distribution(min_value, max_value)
        bounds = _BOUNDS.get((min_value, max_value))
        if bounds is None:
            bounds = _BOUNDS[min_value, max_value] = _bounds(min_value, max_value)
        if bounds is None:  # too narrow in the distribution's terms: Hypothesis draws uniformly
            return self._random.randint(min_value, max_value)
        low, high = bounds
        while (p := low + self._random.random() * (high - low)) in {0, 1}:
            pass  # pragma: no cover
        return clamp(min_value, round(INTEGERS_DISTRIBUTION.inverse_cdf(p)), max_value)


def _bounds(min_value: int, max_value: int) -> tuple[float, float] | None:
    """The bounds of ``min_value..max_value`` in the distribution's terms, as Hypothesis works them out, or ``None``
    where they are too close together (or too large) to draw between."""
    try:
        below, above = min_value - 0.5, max_value + 0.5
    except OverflowError:
        return None
    low, high = INTEGERS_DISTRIBUTION.cdf(below), INTEGERS_DISTRIBUTION.cdf(above)
    return None if high - low < 1e-13 else (low, high)


_BOUNDS: dict[tuple[int, int], tuple[float, float] | None] = {}


AVAILABLE_PROVIDERS[NAME] = Draws

COIN: BooleanConstraints = {"p": 0.5}
"""A coin's constraints, as ``draw_boolean()`` records them."""
_RANGES: dict[tuple[int, int], IntegerConstraints] = {}
"""Each range's constraints, as ``draw_integer(low, high)`` records them (made once, as Hypothesis pools them)."""


class Recorded:
    """The draws of one example the explorer's backend generates, each taken from its provider and recorded in the
    choice sequence as ``ConjectureData._draw`` records a draw that is not replayed, forced, or observed: the same
    overrun checks, the same choice node, the same span trail and length."""

    __slots__ = ("choice", "data", "nodes", "provider")

    def __init__(self, data: ConjectureData, nodes: list[ChoiceNode], choice: Callable[[], None]) -> None:
        self.data, self.provider, self.nodes, self.choice = data, data.provider, nodes, choice

    @classmethod
    def of(cls, data: ConjectureData) -> Recorded | None:
        """The direct draws of ``data``, if it is generated by this backend (no prefix to replay, no observer, a
        provider that realises its values) and its choice sequence is where this Hypothesis keeps it."""
        nodes = getattr(data, "_nodes", None)
        record = getattr(data, "_ConjectureData__span_record", None)
        if (type(data.provider) is not Draws or data.prefix or type(data.observer) is not DataObserver
                or data.provider.avoid_realization or not isinstance(nodes, list) or record is None
                or getattr(data, "_inverting", False) or not callable(getattr(record, "record_choice", None))):
            return None
        return cls(data, nodes, record.record_choice)

    def integer(self, low: int, high: int) -> int:
        """``data.draw_integer(low, high)``."""
        constraints = _RANGES.get((low, high))
        if constraints is None:
            constraints = _RANGES[low, high] = {"min_value": low, "max_value": high, "weights": None,
                                                "shrink_towards": 0}
        data, nodes = self.data, self.nodes
        if data.length == data.max_length or len(nodes) == data.max_choices:
            data.mark_overrun()
        value: int = self.provider.draw_integer(low, high)
        size = choice_size(value)
        if data.length + size > data.max_length:
            data.mark_overrun()
        nodes.append(ChoiceNode("integer", value, constraints, False, len(nodes)))
        self.choice()
        data.length += size
        return value

    def boolean(self) -> bool:
        """``data.draw_boolean()``."""
        data, nodes = self.data, self.nodes
        if data.length == data.max_length or len(nodes) == data.max_choices:
            data.mark_overrun()
        value: bool = self.provider.draw_boolean(0.5)
        if data.length + 1 > data.max_length:
            data.mark_overrun()
        nodes.append(ChoiceNode("boolean", value, COIN, False, len(nodes)))
        self.choice()
        data.length += 1
        return value

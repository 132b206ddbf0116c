"""The explorer's backend (生成の方式): Hypothesis's own draws, without the bookkeeping of its generation phase.

While it generates, Hypothesis's default backend does three things beside drawing: it records every choice sequence
it ran in a tree and extends only new prefixes (so that no example runs twice), it keeps each run's first examples
small (each extended by its simplest continuation first), and after each example it tries copies of it with one
part pasted over another of the same kind. For a test with a handful of draws these cost little; an explored
example makes dozens of small draws. With this backend and the dice's direct draws (:mod:`~shinpan.explore.dice`), a
default exploration of the reference engine takes a quarter less CPU, and the kit's planted bugs are found in fewer
examples (``benchmarks/planted_seeds.py``: every one under each of ten seeds, as before).

A backend registered under :data:`NAME` draws every choice exactly as Hypothesis's own provider does (it is that
provider: the same distributions, the same bias towards the bounds and a few constants), and Hypothesis, seeing an
alternative backend, runs each example as drawn. Everything else is Hypothesis's as before: the seed gives the
examples (the provider draws from the run's seeded generator), a failure is replayed on Hypothesis's own backend
before it counts, it is shrunk there, and the example database keeps and replays it.

Registering a backend is Hypothesis's documented way to add one (``AVAILABLE_PROVIDERS``), marked experimental;
should an upgrade change it, the import fails here, loudly (every test that explores imports it), rather than
letting the explorer's examples drift.
"""

from __future__ import annotations

from hypothesis.internal.conjecture.providers import AVAILABLE_PROVIDERS, HypothesisProvider

NAME = "shinpan"
"""The backend's name in Hypothesis's settings (``settings(backend=NAME)``)."""


class Draws(HypothesisProvider):
    """Hypothesis's own provider, one per example (its lifetime is the test case: it draws from that example's
    seeded generator), under a name of its own so that the generation phase takes the alternative backends' path."""

    lifetime = "test_case"


AVAILABLE_PROVIDERS[NAME] = Draws

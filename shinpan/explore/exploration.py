"""An exploration (探索): every oracle — the differential run and each rule property — under every rules state
asked for, on one adapter, with one seed and one budget.

For each rules state and each oracle the exploration decides first whether it can run: a property outside the
window of its changes (``since``/``until``) asserts nothing there (NOT_APPLICABLE, or UNRESOLVED where a change it
names is in doubt), and one that needs a mechanic the adapter does not declare is UNSUPPORTED. Each oracle that
runs is searched (:mod:`shinpan.explore.search`) within the budget: ``examples`` per oracle and state, and — if a
time budget is given — its share of it. With ``workers`` above 1 the searches, or their examples, are shared among
worker processes (:mod:`shinpan.explore.workers`); their results are merged.
"""

from __future__ import annotations

import contextlib
import gc
import os
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from shinpan.adapters import cards
from shinpan.adapters.registry import ENGINE_OUTPUT, stdout_to_stderr
from shinpan.explore.corpus import Corpus
from shinpan.explore.coverage import total
from shinpan.explore.differential import ID as DIFFERENTIAL
from shinpan.explore.differential import Differential
from shinpan.explore.engines import Engine
from shinpan.explore.findings import Finding, smallest
from shinpan.explore.moves import playable
from shinpan.explore.oracle import Game
from shinpan.explore.pool import Pool, pool
from shinpan.explore.properties import PROPERTIES, Context, Property, Testing
from shinpan.explore.search import INTERRUPTED, Budget, Outcome, Search
from shinpan.running.cases.timelimit import limits_kept
from shinpan.suite import rulesets
from shinpan.suite.rulesets import Changes, RulesState

EXAMPLES = 1000
"""The default budget: examples per oracle and rules state."""
REFERENCE = "reference"

Progress = Callable[[str, str, int], None]
"""Told, as examples run: the oracle, the rules state's label, and how many examples more."""


@dataclass(frozen=True)
class Settings:
    """What to explore and how hard."""

    adapter: str
    states: tuple[RulesState, ...]
    seed: int = 0
    examples: int = EXAMPLES
    """Examples per oracle and rules state."""
    time_budget: float | None = None
    """Seconds for the whole exploration (shared among the oracles and states), if limited."""
    database: Path | None = None
    """The Hypothesis example database (a plain folder), if any."""
    only: tuple[str, ...] = ()
    """The oracles to explore (``differential`` and property ids); all if empty."""
    workers: int = 1
    timeout: float = 5.0
    """Seconds the adapter may take to answer one request."""
    properties: tuple[Property, ...] = PROPERTIES
    """The rule properties that may be explored (the kit's; a judge trying a new one adds it here)."""
    expectations: Path | None = None
    """The adapter's expectations file: its scenarios expected not to pass are the known deviations."""
    until_found: bool = False
    """Stop each oracle's search at the end of the round in which it first finds something (:class:`Budget`)."""
    shrink: bool = True
    """Shrink each counterexample (:class:`Budget`); without, a finding keeps the example that first showed it."""

    @property
    def oracles(self) -> tuple[str, ...]:
        """The ids of the oracles explored, in order."""
        every = (DIFFERENTIAL, *(p.id for p in self.properties))
        return tuple(o for o in every if not self.only or o in self.only)


@dataclass(frozen=True)
class Result:
    """One oracle under one rules state: whether it ran, and what its search gave."""

    oracle: str
    state: str
    examples: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    repeats: int = 0
    findings: tuple[Finding, ...] = ()
    seconds: float = 0.0
    not_run: str | None = None
    """Why it did not run (``NOT_APPLICABLE: …``, ``UNRESOLVED: …``, ``UNSUPPORTED: …``), if it did not."""
    stopped: str | None = None
    """Why its search ended before its examples were run, if it did."""
    shrinks: int = 0
    """Runs that shrank its counterexamples (not examples)."""
    coverage: dict[str, int] = field(default_factory=dict)
    """The moves drawn by kind and by (kind, board feature) pair (the differential run's: :mod:`.coverage`)."""

    @property
    def verdict(self) -> str:
        """``held``, ``counterexamples`` or ``not run`` (also when every example was skipped: nothing was judged)."""
        if self.not_run is not None or (not self.findings and sum(self.skipped.values()) >= self.examples):
            return "not run"
        return "counterexamples" if self.findings else "held"


@dataclass(frozen=True)
class Exploration:
    """Every result of an exploration, with what it ran on."""

    settings: Settings
    engine: str
    """The engine's name and version, from the handshake."""
    results: tuple[Result, ...]
    seconds: float
    interrupted: bool = False
    """Whether the user stopped it (Ctrl-C, SIGTERM): the results are those reached, the last one cut short."""

    @property
    def findings(self) -> list[Finding]:
        """Every finding, grouped by cause (the smallest case of each), in the order of the results."""
        return [f for r in self.results for f in r.findings]

    @property
    def examples(self) -> int:
        """Examples run in all."""
        return sum(r.examples for r in self.results)


Unit = tuple[RulesState, str]
"""One rules state and one oracle: what one search explores."""


def planned(settings: Settings) -> list[Unit]:
    """Every rules state and oracle of the exploration, in the order of its report."""
    return [(state, oracle) for state in settings.states for oracle in settings.oracles]


def explore(settings: Settings, progress: Progress | None = None, *, share: tuple[int, int] = (0, 1),
            units: Iterable[Unit] | None = None) -> Exploration:
    """Explore in this process (``share``: this worker's index and the number of workers, for the seed and the
    examples each takes; or ``units``: the states and oracles this worker explores whole, each with the
    exploration's seed and budget, drawn as it goes from what the workers share).

    What an in-process engine prints goes to stderr (:func:`~shinpan.adapters.registry.stdout_to_stderr`) once for
    the whole exploration, not again at each of its requests; nothing the explorer writes meanwhile goes to stdout
    (its progress is on stderr). With ``--engine-output FILE`` each request sends it to the file, so that the
    progress display stays on the terminal."""
    started = time.monotonic()
    engine = Engine(settings.adapter, timeout=settings.timeout)
    reference = Engine(REFERENCE) if DIFFERENTIAL in settings.oracles else None
    changes = rulesets.load()
    cards_pool = pool(cards.load(), engine.capabilities["cards"])
    every = planned(settings)
    # the time budget is shared among the searches; explored whole by several workers, each runs a share of them
    shares = settings.workers if units is not None else 1
    seconds = settings.time_budget * shares / len(every) if settings.time_budget and every else None
    stack = contextlib.ExitStack()
    results: list[Result] = []
    interrupted = False
    try:
        stack.enter_context(private_hypothesis_home())
        stack.enter_context(long_lived_frozen())
        if (engine.in_process or reference is not None) and not os.environ.get(ENGINE_OUTPUT):
            stack.enter_context(stdout_to_stderr())  # once for all the requests (the docstring says why)
        with limits_kept():  # each request of an in-process engine has its time limit: only the timer is set
            for state, oracle in every if units is None else units:
                budget = Budget(_share(settings.examples, share), seconds, settings.until_found, settings.shrink)
                results.append(_one(settings, engine, reference, changes, cards_pool, state, oracle, budget, share,
                                    progress))
                if results[-1].stopped == INTERRUPTED:
                    interrupted = True
                    break
    except KeyboardInterrupt:  # between two searches: the results reached are kept
        interrupted = True
    finally:
        stack.close()
        engine.stop()
        if reference is not None:
            reference.stop()
    return Exploration(settings, engine.name, tuple(results), time.monotonic() - started, interrupted)


@contextlib.contextmanager
def long_lived_frozen() -> Iterator[None]:
    """While exploring, what the process held before (its modules, the card registry, the engines) is left out of
    the garbage collector's passes (:func:`gc.freeze`), and put back at the end: an exploration allocates much and
    keeps little, and each full pass otherwise walks everything again (measured: over a third of the collector's
    time, a twentieth of an exploration's CPU). The collector's thresholds are left as they are: collecting the
    youngest generation less often saved a little more CPU but changed what Hypothesis shrank a finding to (a fault
    shrunk to three destroyed creatures instead of two, ``tests/test_explore_faults.py``). Where the process froze
    objects of its own, nothing is changed."""
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@contextlib.contextmanager
def private_hypothesis_home() -> Iterator[None]:
    """Hypothesis keeps caches of its own (the constants of the modules it runs) in ``./.hypothesis``: an exploration
    gives it a private temporary folder instead, removed when it ends, so that nothing is written where the user did
    not ask (the example database is only ever ``--database DIR``)."""
    from hypothesis import configuration

    with tempfile.TemporaryDirectory(prefix="shinpan-hypothesis-") as home:
        configuration.set_hypothesis_home_dir(home)
        try:
            yield
        finally:
            configuration.set_hypothesis_home_dir(None)


def _share(examples: int, share: tuple[int, int]) -> int:
    index, workers = share
    return examples // workers + (1 if index < examples % workers else 0)


def _one(settings: Settings, engine: Engine, reference: Engine | None, changes: Changes, cards_pool: Pool,
         state: RulesState, oracle_id: str, budget: Budget, share: tuple[int, int],
         progress: Progress | None) -> Result:
    game = Game(state.as_sent(), settings.seed)
    if oracle_id == DIFFERENTIAL:
        assert reference is not None
        oracle: Differential | Testing = Differential(
            engine, reference, cards_pool, playable(engine.capabilities["mechanics"]), game,
            corpus=Corpus(state.as_sent(), cards_pool, engine.capabilities["mechanics"]))
    else:
        rule = next(p for p in settings.properties if p.id == oracle_id)
        why = not_run(rule, state, changes, engine.capabilities["mechanics"])
        if why is not None:
            return Result(oracle_id, state.label, not_run=why)
        context = Context(cards_pool, state, frozenset(engine.capabilities["mechanics"]),
                          frozenset(engine.capabilities["observables"]), settings.properties)
        oracle = Testing(rule, engine, context, game)
    tell = (lambda: progress(oracle_id, state.label, 1)) if progress is not None else None
    search = Search(oracle, worker_seed(settings.seed, share[0]), budget, settings.database, state.rules)
    result = _result(search.run(tell), state.label)
    return replace(result, coverage=dict(sorted(oracle.covered.items())))


def worker_seed(seed: int, index: int) -> int:
    """The seed of worker ``index`` (worker 0 keeps the exploration's seed)."""
    return seed if index == 0 else zlib.crc32(f"{seed}/{index}".encode())


def not_run(rule: Property, state: RulesState, changes: Changes, mechanics: Iterable[str]) -> str | None:
    """Why a property is not explored under ``state``: outside its window, or a mechanic the adapter lacks."""
    verdict = state.verdict(rule.since, rule.until, changes)
    if verdict.status is not None:
        return f"{verdict.status}: {verdict.reason}"
    lacking = [m for m in rule.mechanics if m not in set(mechanics)]
    return f"UNSUPPORTED: the adapter does not declare the mechanic {lacking[0]!r}" if lacking else None


def _result(outcome: Outcome, state: str) -> Result:
    return Result(outcome.oracle, state, outcome.examples, commonest_first(outcome.skipped), outcome.repeats,
                  outcome.findings, outcome.seconds, stopped=outcome.stopped, shrinks=outcome.shrinks)


def commonest_first(skipped: dict[str, int]) -> dict[str, int]:
    """Skip reasons, the commonest first (then by their words)."""
    return dict(sorted(skipped.items(), key=lambda reason: (-reason[1], reason[0])))


def merged(parts: Sequence[Exploration]) -> Exploration:
    """The explorations of the workers as one: examples, skips and repeats added up, findings grouped by cause
    (the smallest case of each), time the longest, in the order of the report. Interrupted, the workers may have
    reached different oracles: each oracle and state is merged from the workers that reached it."""
    first = parts[0]
    reached = {(r.oracle, r.state): r for part in parts for r in part.results}
    order = {(oracle, state.label): index for index, (state, oracle) in enumerate(planned(first.settings))}
    results: list[Result] = []
    for key, result in sorted(reached.items(), key=lambda item: order.get(item[0], len(order))):
        same = [r for part in parts for r in part.results if (r.oracle, r.state) == key]
        skipped: Counter[str] = Counter()
        for r in same:
            skipped.update(r.skipped)
        results.append(replace(result, examples=sum(r.examples for r in same), skipped=commonest_first(skipped),
                               repeats=sum(r.repeats for r in same), shrinks=sum(r.shrinks for r in same),
                               findings=tuple(smallest([f for r in same for f in r.findings])),
                               seconds=max(r.seconds for r in same), coverage=total(r.coverage for r in same),
                               stopped=next((r.stopped for r in same if r.stopped), None)))
    return Exploration(first.settings, first.engine, tuple(results), max(p.seconds for p in parts),
                       any(p.interrupted for p in parts))

"""The matrix (``--matrix``, ``shinpan matrix``): each scenario is one test, and running it plays the scenario under
every state of the rules in turn through the executor (:mod:`shinpan.running.cases`) — each state really played on the
adapter, one result per state, with no pytest item (and none of pytest-bdd's cost) per state.

The scenario is compiled once, with the step definitions pytest-bdd would run for it (those its feature file can
see, :mod:`shinpan.running.plugin.step_lookup`), and played under each state with that state's rules. Under each state,
as a run under that state does: a scenario that asserts nothing there is NOT_APPLICABLE or UNRESOLVED; the adapter is
started on first use (a failed handshake is every scenario's status, in its first step, where pytest-bdd's steps make
their duel); an in-process adapter gets ``--scenario-timeout`` per state; a crashed subprocess is restarted for the
next; the expectations entries that hold under the state judge it (XFAIL, XPASS); ``--trace`` keeps a transcript per
state. :mod:`shinpan.running.plugin.statuses` puts the results on the test's report.
"""

from __future__ import annotations

import contextlib
import gc
import time
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass

import pytest

from shinpan.adapters.errors import AdapterGaveUp
from shinpan.reports.outcomes import Status
from shinpan.running.cases import Case, Execution, Judged, Step, against_expectations, compile_case
from shinpan.running.cases.executor import plan_together
from shinpan.running.cases.timelimit import limits_kept
from shinpan.running.cases.verdicts import status_of_error
from shinpan.running.plugin.keys import CASE_KEY
from shinpan.running.plugin.run import RUN_KEY, RunContext
from shinpan.running.plugin.step_lookup import definitions_for
from shinpan.running.session import AdapterSession
from shinpan.running.trace import about
from shinpan.suite import scenarios as suite
from shinpan.suite.rulesets import RulesState

Properties = list[tuple[str, object]]


@dataclass(frozen=True)
class StateRun:
    """A scenario played under one state of the rules."""

    state: RulesState
    status: Status
    """The status it earned."""
    message: str
    step: Step | None
    """The step it ended in (None: it passed, or asserted nothing under the state)."""
    duration: float
    transcript: str | None
    judged: Judged | None = None
    """The status judged against the expectations file, where it has an entry under the state."""
    gave_up: bool = False
    """The adapter had been given up under the state (its restart cap reached): not played."""

    @property
    def final(self) -> Status:
        """The status reported: judged against the expectations, if they say anything of it."""
        return self.judged.status if self.judged else self.status

    @property
    def expectation(self) -> Properties:
        """What the report says of the expectations entry (nothing if there is none)."""
        if self.judged is None:
            return []
        return [("shinpan_actual", self.status.value), ("shinpan_expected", self.judged.expected.value),
                ("shinpan_issue", self.judged.issue or "")]


STATES_KEY = pytest.StashKey[list[StateRun]]()
"""A matrix test's results, one per state, in the states' order."""

TELLING = (Status.CRASH, Status.TIMEOUT, Status.ERROR, Status.SCRIPT_MISMATCH, Status.FAIL, Status.XPASS,
           Status.UNOBSERVABLE, Status.UNSUPPORTED, Status.PASS, Status.XFAIL, Status.UNRESOLVED,
           Status.NOT_APPLICABLE)
"""The statuses of a scenario's states, most telling first: the one the scenario's test shows (a letter per test)."""


def summary_status(statuses: Iterable[Status]) -> Status:
    """The most telling of a scenario's statuses (:data:`TELLING`)."""
    found = set(statuses)
    return next((status for status in TELLING if status in found), Status.NOT_APPLICABLE)


@pytest.hookimpl(wrapper=True)
def pytest_runtestloop(session: pytest.Session) -> Generator[None, object, object]:
    """The matrix plays thousands of games after collection: what the session holds by then (its items, the parsed
    features, the step definitions, the modules) is set aside from the garbage collector (:func:`gc.freeze`) until
    the session ends (:func:`pytest_configure`), not walked again at each full collection: the collector's CPU in a
    matrix of the suite 0.58 s -> 0.27 s."""
    context = session.config.stash.get(RUN_KEY, None)
    if context is not None and context.is_matrix:
        gc.freeze()
        session.config.stash[FROZEN_KEY] = True
        thresholds = gc.get_threshold()
        gc.set_threshold(YOUNGEST_COLLECTED_EVERY, *thresholds[1:])
        session.config.add_cleanup(lambda: gc.set_threshold(*thresholds))
    return (yield)


YOUNGEST_COLLECTED_EVERY = 20_000
"""While the matrix plays, the youngest generation is collected every 20,000 allocations instead of every 700: a
game's objects mostly die with it, before a collection sees them (the collector's CPU in a matrix of the suite
0.23 s -> 0.18 s); the thresholds are put back when the session ends."""


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """The objects set aside (:func:`pytest_runtestloop`) are given back to the collector by the session's first
    cleanup, which runs last: after pytest's own last collections (its unraisable-exception checks)."""
    config.add_cleanup(lambda: gc.unfreeze() if config.stash.get(FROZEN_KEY, False) else None)


FROZEN_KEY = pytest.StashKey[bool]()
"""Whether the matrix set the session's objects aside from the garbage collector (:func:`pytest_runtestloop`)."""


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    context = pyfuncitem.config.stash[RUN_KEY]
    scenario = pyfuncitem.stash.get(CASE_KEY, None)
    if not context.is_matrix or scenario is None:
        return None
    with Held() as held:
        pyfuncitem.stash[STATES_KEY] = list(play_states(pyfuncitem, scenario, context, held))
    return True


class Held(contextlib.ExitStack):
    """What every state's case would set up and undo around itself, set up once (on the first case played) for all
    of a scenario's states: an in-process engine's output sent away, and the time limit's signal handler (each
    state then only sets its timer)."""

    def __init__(self) -> None:
        super().__init__()
        self.kept = False

    def keep(self, session: AdapterSession, in_process: bool) -> bool:
        """Hold them for ``session`` from now on; True the first time."""
        if self.kept:
            return False
        self.kept = True
        self.enter_context(session.engine_output())
        if in_process:
            self.enter_context(limits_kept())
        return True


def play_states(item: pytest.Item, scenario: suite.Case, context: RunContext, held: Held) -> Iterator[StateRun]:
    """The scenario under each state of the run, in turn (what every case sets up around itself kept in ``held``).
    An adapter on the wire that takes batches gets every state's requests in one batch, at the first state played:
    one round trip for the scenario."""
    skips = [(state, context.applicability(scenario.values, state)) for state in context.states]
    playable = [state for state, skip in skips if skip is None]
    cases: list[Case] = []
    """The case under each playable state, in order, compiled at the first."""
    played = 0
    """How many playable states came before this one."""
    for state, skip in skips:
        key = context.transcript_key(scenario.id, state)
        if context.tracer is not None:
            context.tracer.begin(key, about(scenario))
        started = time.perf_counter()
        if skip is not None:
            status, message, step, error = skip.status, skip.reason, None, None
        else:
            if not cases:
                rules = [context.sent(each) for each in playable]
                compiled = compile_case(scenario, rules[0], context.seed, definitions_for(item))
                cases = [compiled.under(each) for each in rules]
            status, message, step, error = _play(cases[played:], context, held)
            played += 1
        entries = context.expectations_under(state)
        expected = entries.get(scenario.id) if entries is not None else None
        judged = against_expectations(expected, status, message) if expected is not None else None
        run = StateRun(state, status, judged.message if judged else message, step, time.perf_counter() - started,
                       context.transcript(key), judged, isinstance(error, AdapterGaveUp))
        if context.tracer is not None:
            context.tracer.end(run.final.value)
        yield run


def _play(cases: list[Case], context: RunContext, held: Held) -> tuple[Status, str, Step | None, BaseException | None]:
    """The first of ``cases`` (the scenario under the state played now, then under the later ones) on the run's
    adapter: how it ended, in which step, and the exception that ended it. The first state played plans them all
    (:func:`plan_together`); each case then plans nothing of its own."""
    case = cases[0]
    if not case.steps:
        return Status.PASS, "", None, None
    try:
        session = context.session()
    except Exception as error:  # the handshake failed: as under pytest-bdd, in the first step (it makes the duel)
        status, message = status_of_error(error)
        return status, message, case.steps[0], error
    if held.keep(session, context.lifecycle.in_process):
        plan_together(cases, session)
    tracer = context.tracer
    note = None if tracer is None else lambda step: tracer.note(
        {"kind": "step", "keyword": step.keyword, "text": step.text, "line": step.line})
    limit = context.options.timeout if context.lifecycle.in_process else None
    result = Execution(case, session, time_limit=limit, on_step=note, planned=True).run()
    return result.status, result.message, result.step, result.error

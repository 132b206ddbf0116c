"""The executor (実行): a compiled case played against an adapter session, with no pytest item per case.

``execute(case, session)`` plays the whole case and returns a :class:`CaseResult`. ``Execution(case, session)``
is the same, step by step: iterate it for each step's :class:`StepOutcome`, then read ``result`` (between two steps,
``execution.game.observation()`` is the board the last step left). Explore plays its generated cases move by move
with its own loop (:func:`shinpan.explore.oracle.play`), answering questions and drawing moves from the board; it
replays a finding with this executor. The first step begins by checking that the adapter implements the case's
mechanics and plays both sides of its changes (else UNSUPPORTED, as under pytest-bdd); each item is then played by
:class:`~shinpan.running.cases.game.Game`, the same code the pytest path's steps use, and the status is named by
:mod:`shinpan.running.cases.verdicts`, as there. Whether a case applies under a rules state, and the expectations file,
are the caller's (:mod:`shinpan.running.cases.verdicts`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from shinpan.reports.outcomes import ScenarioSkipped, Status
from shinpan.running.cases import verdicts
from shinpan.running.cases.game import Game, new_game
from shinpan.running.cases.model import Case, Fault, Move, Step
from shinpan.running.cases.timelimit import time_limit, timeout_message
from shinpan.running.session import AdapterSession


@dataclass(frozen=True)
class MoveOutcome:
    """A move as it went: the rules' rejection (None: it happened)."""

    move: Move
    rejection: str | None


@dataclass(frozen=True)
class StepOutcome:
    """A step as it went: its moves, and — if the case ended during it — the status and message it ended with."""

    step: Step
    moves: tuple[MoveOutcome, ...] = ()
    status: Status | None = None
    """None: the step went through; else the case ended in this step with this status."""
    message: str = ""
    error: BaseException | None = None
    """The exception that ended the case in this step, if one did (the adapter's, the rules', a check's)."""


@dataclass(frozen=True)
class CaseResult:
    """How a case ended: its status and message, the step during which it ended (None if it passed), and every
    step that was played."""

    status: Status
    message: str
    step: Step | None
    steps: tuple[StepOutcome, ...] = ()
    error: BaseException | None = None
    """The exception that ended the case, if one did (e.g. the adapter given up: ``AdapterGaveUp``)."""


class Execution:
    """A case being played on an adapter, step by step (iterate it; then read :attr:`result`)."""

    def __init__(self, case: Case, session: AdapterSession, *, time_limit: float | None = None,
                 on_step: Callable[[Step], None] | None = None, planned: bool = False) -> None:
        self.case = case
        self.planned = planned
        """Whether the caller planned the case's requests for a batch already (:func:`plan_together`)."""
        self.game = Game(session)
        self.time_limit = time_limit
        """Seconds the case may take, for an in-process adapter (None: no limit; a subprocess keeps its own)."""
        self.on_step = on_step
        """Told of each step as it begins (``--trace`` notes it)."""
        self.result: CaseResult | None = None
        self._done: list[StepOutcome] = []

    def __iter__(self) -> Iterator[StepOutcome]:
        """Each step's outcome, as it is played (the time limit applies to each step in turn)."""
        return self._steps_played(each_step=True)

    def run(self) -> CaseResult:
        """Play every step (under one time limit for the whole case); the result."""
        session = self.game.session
        with session.engine_output(), time_limit(self.time_limit, timeout_message(session.name,
                                                                                   self.time_limit or 0.0)):
            try:
                for _ in self._steps_played(each_step=False):
                    pass
            except (Exception, ScenarioSkipped) as error:  # the time ran out between two steps
                self._end(*verdicts.status_of_error(error), None, error)
        assert self.result is not None
        return self.result

    def _steps_played(self, *, each_step: bool) -> Iterator[StepOutcome]:
        budget = self.time_limit if each_step else None
        session = self.game.session
        if session.batches and not self.planned:
            session.expect(planned(self.case, session))
        for index, step in enumerate(self.case.steps):
            if budget is None:
                outcome = self._play(step, None, first=index == 0)
            else:
                started = time.monotonic()
                outcome = self._play(step, budget, first=index == 0)
                budget -= time.monotonic() - started
            self._done.append(outcome)
            yield outcome
            if outcome.status is not None:
                self._end(outcome.status, outcome.message, step, outcome.error)
                return
        self._end(Status.PASS, "", None)

    def _play(self, step: Step, budget: float | None, *, first: bool) -> StepOutcome:
        """One step's items, in order, until one ends the case. The first step begins with what the case needs of
        the adapter (as under pytest-bdd, whose first step makes the duel)."""
        if self.on_step is not None:
            self.on_step(step)
        if not step.items and not first:  # a step that only built the setup: nothing to play
            return StepOutcome(step)
        moves: list[MoveOutcome] = []
        game = self.game
        case = self.case
        skip = verdicts.lacking(game.session.capabilities, case.mechanics, case.since, case.until,
                                case.setup.rules["label"]) if first else None
        if skip is not None:
            return StepOutcome(step, (), skip.status, skip.reason)
        try:
            if budget is None:
                return self._items(step, moves)
            with time_limit(max(budget, 0.0), timeout_message(game.session.name, self.time_limit or 0.0)):
                return self._items(step, moves)
        except (Exception, ScenarioSkipped) as error:
            status, text = verdicts.status_of_error(error)
            return StepOutcome(step, tuple(moves), status, text, error)

    def _items(self, step: Step, moves: list[MoveOutcome]) -> StepOutcome:
        """The step's items, in order (a move's outcome is kept in ``moves`` as it is played)."""
        game = self.game
        for item in step.items:
            if isinstance(item, Fault):
                return StepOutcome(step, tuple(moves), item.status, item.message)
            game.play(item, self.case.setup)
            if isinstance(item, Move):
                moves.append(MoveOutcome(item, game.last_rejection))
        return StepOutcome(step, tuple(moves))

    def _end(self, status: Status, message: str, step: Step | None, error: BaseException | None = None) -> None:
        self.result = CaseResult(status, message, step, tuple(self._done), error)


def planned(case: Case, session: AdapterSession) -> list[dict[str, Any]]:
    """The requests playing ``case`` on ``session`` sends if every answer is ``ok`` (none if the adapter lacks what
    the case needs): what a batch carries (:meth:`AdapterSession.expect`)."""
    if not _can_start(case, session):
        return []
    return Game(session).requests((item for _, item in case.items()), case.setup)


def plan_together(cases: Iterable[Case], session: AdapterSession) -> None:
    """Cases about to be played in a row on ``session`` (the matrix: one scenario under each state): an adapter on the
    wire that takes batches gets all their requests in one batch, at the first (:meth:`AdapterSession.expect`);
    each case's own plan then changes nothing.

    The same scenario under another state (:meth:`Case.under`: the same steps and starting state, other rules)
    sends the same requests but its ``new_game``: its plan is the first one's with that request changed."""
    if not session.batches:
        return
    sent: list[dict[str, Any]] = []
    first: tuple[Case, list[dict[str, Any]]] | None = None
    for case in cases:
        if first is not None and case.steps is first[0].steps and case.setup.sent is first[0].setup.sent:
            if _can_start(case, session):
                sent += [new_game(case.setup) if request["cmd"] == "new_game" else request for request in first[1]]
            continue
        requests = planned(case, session)
        if requests:
            first = (case, requests)
        sent += requests
    session.expect(sent)


def _can_start(case: Case, session: AdapterSession) -> bool:
    """Whether the adapter has what ``case`` needs (:func:`verdicts.lacking`), so that it plays the case's steps."""
    return bool(case.steps) and verdicts.lacking(session.capabilities, case.mechanics, case.since, case.until,
                                                 case.setup.rules["label"]) is None


def execute(case: Case, session: AdapterSession, *, time_limit: float | None = None) -> CaseResult:
    """Play ``case`` on the adapter's ``session``: how it ended (see :class:`Execution`)."""
    return Execution(case, session, time_limit=time_limit).run()

"""An engine under exploration (探索される処理系): an adapter after its handshake, whose every answer is data.

Each setup, move and observation goes through the kit's own game (:class:`shinpan.running.cases.Game`, what the executor
and the suite's steps play a case with) and comes back as an :class:`Answer`: ``ok`` or ``rejected``, or what the
case would end with there — ``unsupported``, ``script_mismatch`` (``choice_needed`` when the engine asked a question
the script does not answer, with the question as data), or a fault: ``error`` (an ``error`` answer, a broken
message, an exception of an in-process adapter), ``crash`` (a subprocess exited) or ``timeout``. After a fault the
adapter is replaced — a subprocess adapter restarts itself; an in-process one is opened anew
(:meth:`AdapterSession.open`, the one way a session is opened) and greeted again — so a fault costs one example,
never the exploration. An adapter on the wire that takes batches gets each setup or move with the observation after
it in one round trip (:meth:`AdapterSession.expect`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from shinpan.adapters.contract import Capabilities
from shinpan.adapters.errors import ScriptMismatchError
from shinpan.adapters.registry import AdapterOptions, AdapterSpec
from shinpan.reports.outcomes import ScenarioSkipped, Status
from shinpan.running.cases import Game, Move, Setup, status_of_error, time_limit
from shinpan.running.cases.game import opening
from shinpan.running.session import AdapterSession


class AnswerStatus(StrEnum):
    """What an adapter answered to one request (応答): about the game, or a fault of the adapter."""

    OK = "ok"
    REJECTED = "rejected"
    """The rules reject the move (the game is as before it)."""
    UNSUPPORTED = "unsupported"
    SCRIPT_MISMATCH = "script_mismatch"
    CHOICE_NEEDED = "choice_needed"
    """The engine asks a question the script does not answer (:mod:`shinpan.explore.questions`)."""
    ERROR = "error"
    CRASH = "crash"
    TIMEOUT = "timeout"

    @property
    def fault(self) -> bool:
        """Whether the adapter failed (crashed, hung, or answered ``error`` or garbage)."""
        return self in FAULTS


FAULTS = frozenset({AnswerStatus.CRASH, AnswerStatus.TIMEOUT, AnswerStatus.ERROR})
"""Answers that are faults of the adapter rather than answers about the game."""
PLAYED = frozenset({AnswerStatus.OK, AnswerStatus.REJECTED})
"""Answers to a move after which the game goes on (the move made, or rejected by the rules)."""
OBSERVE = {"cmd": "observe"}
STATUSES = {Status.UNSUPPORTED: AnswerStatus.UNSUPPORTED, Status.UNOBSERVABLE: AnswerStatus.UNSUPPORTED,
            Status.SCRIPT_MISMATCH: AnswerStatus.SCRIPT_MISMATCH, Status.CRASH: AnswerStatus.CRASH,
            Status.TIMEOUT: AnswerStatus.TIMEOUT}
"""A case's status where a request ended it, as an answer (anything else is the adapter's ``error``)."""


@dataclass(frozen=True)
class Answer:
    """What the adapter answered to one request: its status, its message, the question it asked (``choice``, for
    ``choice_needed``) and, for ``observe``, the observation."""

    status: AnswerStatus
    message: str = ""
    observation: Mapping[str, Any] | None = None
    choice: Mapping[str, Any] | None = None

    @property
    def fault(self) -> bool:
        """Whether the adapter failed (crashed, hung, or answered ``error`` or garbage)."""
        return self.status.fault


OK = Answer(AnswerStatus.OK)
"""The answer ``ok`` (a frozen value: one serves every request answered so)."""


class Engine:
    """One adapter, by its ``--adapter`` spec, spoken to request by request."""

    def __init__(self, spec: str, *, timeout: float = 5.0) -> None:
        self.spec = spec
        self.timeout = timeout
        self.adapter = AdapterSpec.parse(spec)
        self.in_process = self.adapter.in_process
        self.options = AdapterOptions(timeout=timeout, max_restarts=1_000_000)
        self.session = AdapterSession.open(self.adapter, self.options)
        self.game = Game(self.session)
        self.restarts = 0
        self.late = f"adapter {spec!r} did not answer within {timeout:g} s; it was interrupted"
        """What a request that took longer than ``timeout`` ends with."""

    @property
    def capabilities(self) -> Capabilities:
        """What the adapter declared it plays and reports."""
        return self.session.capabilities

    @property
    def name(self) -> str:
        """The engine's name and version from the handshake."""
        return self.session.engine

    def start(self, setup: Setup, *, observed: bool = True) -> Answer:
        """A new game: ``new_game`` and ``setup`` (with an ``observe``, in one round trip, to an adapter that takes
        batches, unless the caller says it will not look at the board after the setup: ``observed``)."""
        self.game = Game(self.session)
        if self.session.batches:  # planned as the game sends them (read, not copied: the very requests it sends)
            self.session.expect([*opening(setup), OBSERVE] if observed else opening(setup))
        return self._answer(lambda: self.game.start(setup))

    def act(self, move: Move, *, observed: bool = True) -> Answer:
        """One move (only an attempt: the rules may reject it), with an ``observe`` planned after it unless the caller
        says it will not look (``observed``)."""
        if self.session.batches:
            self.session.expect([move.sent, OBSERVE] if observed else [move.sent])
        answer = self._answer(lambda: self.game.move(move))
        if answer.status is AnswerStatus.OK and self.game.last_rejection is not None:
            return Answer(AnswerStatus.REJECTED, self.game.last_rejection)
        return answer

    def observe(self) -> Answer:
        """The board now (``observation`` is set when the status is ``ok``)."""
        seen: list[Mapping[str, Any]] = []
        answer = self._answer(lambda: seen.append(self.game.observation()))
        return Answer(AnswerStatus.OK, observation=seen[0]) if answer.status is AnswerStatus.OK else answer

    def stop(self) -> None:
        """End the session (and the adapter's process, if it has one)."""
        try:
            self.session.stop()
        except Exception:  # an adapter that fails to stop has stopped
            return

    def _answer(self, request: Callable[[], None]) -> Answer:
        try:
            if self.in_process:
                with time_limit(self.timeout, self.late):
                    request()
            else:  # an adapter on the wire keeps its own time
                request()
        except ScriptMismatchError as error:
            _, message = status_of_error(error)
            if error.choice is not None:  # the engine asked a question: the explorer may answer it
                return Answer(AnswerStatus.CHOICE_NEEDED, message, choice=error.choice)
            return Answer(AnswerStatus.SCRIPT_MISMATCH, message)
        except (Exception, ScenarioSkipped) as error:
            status, message = status_of_error(error)
            answer = Answer(STATUSES.get(status, AnswerStatus.ERROR), message)
            if answer.fault and self.in_process:
                self._restart()
            return answer
        return OK

    def _restart(self) -> None:
        """Replace an in-process adapter after a fault (a subprocess adapter restarts itself)."""
        self.restarts += 1
        self.session = AdapterSession.open(self.adapter, self.options)
        self.game = Game(self.session)

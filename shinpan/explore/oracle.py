"""What every oracle (判定者) shares: the settings of an exploration, the skip, and the tally of examples.

An oracle runs one example with the dice (:mod:`shinpan.explore.dice`): it draws a board and moves, plays them, and
returns what it found — nothing (the example held) or a :class:`~shinpan.explore.findings.Finding` — or raises
:class:`Skip` (the example could not be judged: an adapter said ``unsupported``, or the reference engine could not
play it; counted by reason, never a finding) or :class:`Repeat` (it shows a finding already made).

Every oracle plays its case with the one move-by-move loop, :func:`play`: the setup, then the moves the case makes,
then moves drawn from the board, each step played and judged by the oracle's own ``begin`` and ``step`` (what it
plays on which engine, and what it makes of the answers), until one finds something. Known deviations
(:mod:`shinpan.explore.known`) play a suite scenario's case again with it too.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol, TypeVar

from shinpan.adapters.contract import Rules
from shinpan.explore import stopping
from shinpan.explore.case import owners
from shinpan.explore.dice import Dice
from shinpan.explore.engines import Answer, AnswerStatus, Engine
from shinpan.explore.findings import Cause, Finding
from shinpan.running.cases import Move, Setup


class Skip(Exception):
    """The example cannot be judged; ``reason`` says why (it is counted by reason)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Repeat(Skip):
    """The example shows a finding already made (and shrunk): it is counted, and the search goes on."""


@dataclass
class Tally:
    """What one oracle's exploration did: examples run, skipped by reason, repeats of findings already made."""

    examples: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    repeats: Counter[str] = field(default_factory=Counter)
    on_example: Callable[[], None] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)
    shrinks: int = 0
    """Runs in which Hypothesis replayed or shrank a counterexample (縮小): counted apart, not examples of the
    budget."""
    found: bool = False
    """Whether the current round has found something: from then on, a run Hypothesis makes on its own backend
    replays or shrinks what it found, while the examples the explorer's backend draws are still examples."""

    def ran(self, drawn: bool) -> bool:
        """One example more, or one shrinking run more (a run on Hypothesis's own backend, rather than ``drawn``
        by the explorer's, once the round has found something), unless a stop was asked for; whether it is an
        example. Before its first finding, a round's runs on Hypothesis's backend are examples too: the simplest
        example, with which Hypothesis begins to generate, and what it replays from the example database. What a
        shrinking run skips or repeats is not counted: ``skipped`` and ``repeats`` are examples'."""
        stopping.check()
        if self.found and not drawn:
            self.shrinks += 1
            return False
        self.examples += 1
        if self.on_example is not None:
            self.on_example()
        return True


class Oracle(Protocol):
    """An oracle: a differential run, or a rule property."""

    @property
    def id(self) -> str:
        """How reports and the site name it."""
        ...

    def example(self, dice: Dice, known: frozenset[Cause]) -> Finding | None:
        """Run one example: what it found, if anything; :class:`Skip` if it cannot be judged, :class:`Repeat` if it
        shows a finding whose cause is in ``known`` (already found and shrunk)."""
        ...


@dataclass
class Played:
    """A case being played: its setup, the moves made so far, the events since the setup and the latest board."""

    setup: Setup
    moves: list[Move] = field(default_factory=list)
    """Every move sent, each an attempt if the rules rejected it."""
    events: dict[str, list[Mapping[str, Any]]] = field(default_factory=lambda: {"reference": [], "engine": []})
    """Each engine's events since the setup: a printed scenario observes once, after its last move, and its event
    checks count what happened since the setup."""
    view: Mapping[str, Any] | None = None
    """The board the latest step left, as the oracle sees it (None: not observed), which further moves are drawn
    from."""

    @cached_property
    def owners(self) -> Mapping[str, str]:
        """The owner of each card (read from the setup when first asked: most examples never ask)."""
        return owners(self.setup.state)

    @property
    def step(self) -> str:
        """The kind of step played last: ``setup``, or the action type of the latest move."""
        return str(self.moves[-1].action["type"]) if self.moves else "setup"

    def since_setup(self, side: str, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """``view`` (the ``reference``'s or the ``engine``'s observation now) with its events added to those seen
        since the setup, and those in their place."""
        self.events[side].extend(view.get("events", ()))
        return {**view, "events": list(self.events[side])}

    @property
    def made(self) -> list[Move]:
        """The moves a finding's case keeps: those the rules allowed (one they rejected changed nothing), and the
        last, whatever became of it."""
        return [move for move in self.moves[:-1] if not move.attempt] + self.moves[-1:]


T = TypeVar("T")
Judged = tuple[Mapping[str, Any] | None, T | None]
"""A step judged: the board it left (None: not observed) and what the oracle found there (None: nothing; the case
goes on)."""


def play(played: Played, begin: Callable[[Played], Judged[T]], step: Callable[[Played, Move], Judged[T]],
         moves: Iterable[Move] = (), more: Callable[[Played], Move | None] | None = None) -> T | None:
    """The move-by-move loop: ``begin`` plays and judges the setup, ``step`` each move — first ``moves``, then each
    move ``more`` draws from the board the last step left (None: no more) — until a step finds something, which is
    returned (None if the case ran out of moves first)."""
    played.view, found = begin(played)
    for move in moves:
        if found is not None:
            return found
        played.view, found = step(played, move)
    while found is None and more is not None and played.view is not None:
        drawn = more(played)
        if drawn is None:
            break
        played.view, found = step(played, drawn)
    return found


def new(finding: Finding | None, known: frozenset[Cause]) -> Finding | None:
    """``finding``, unless its cause is ``known`` (a :class:`Repeat` is raised then)."""
    if finding is not None and finding.cause in known:
        raise Repeat(finding.cause.key)
    return finding


@dataclass(frozen=True)
class Game:
    """The rules and seed every example of an exploration plays under."""

    rules: Rules
    seed: int


REASON_LENGTH = 160
"""How much of an adapter's message a skip reason keeps (its first line)."""


def skip_reason(what: str, message: str) -> str:
    """A skip's reason: ``what`` was answered, then the adapter's own message (its first line, shortened), so that the
    reasons group by what the adapter said."""
    said = message.strip().splitlines()[0] if message.strip() else ""
    said = said if len(said) <= REASON_LENGTH else said[:REASON_LENGTH - 1] + "…"
    return f"{what}: {said}" if said else what


def started(engine: Engine, setup: Setup, who: str) -> None:
    """Start a game of ``setup`` on ``engine``; :class:`Skip` if it cannot be set up (``who`` names the engine)."""
    answer = engine.start(setup)
    if answer.status is not AnswerStatus.OK:
        raise Skip(skip_reason(f"{who} cannot set up this board ({answer.status})", answer.message))


def observed(engine: Engine) -> Mapping[str, Any] | Answer:
    """The engine's observation now, or its answer if it gave none."""
    answer = engine.observe()
    return answer.observation if answer.status is AnswerStatus.OK and answer.observation is not None else answer

"""The differential oracle (差分判定): each case on the engine under test and on the reference engine.

Both engines get the same board and the same moves; after the setup and after every move their answers and their
observations are compared (:mod:`shinpan.explore.observations`). The case stops at the first step where they
differ: that step, and the first fact that differs there, are the finding's cause; what comes after would be a
knock-on effect. An ``unsupported`` answer from the engine under test skips the example (counted by reason); so
does a board or move the reference engine cannot play. A crash, a hang or an ``error`` of the engine under test is
a finding of its own (a fault), shrunk like any other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from shinpan.explore import coverage, expected, questions, unresolved
from shinpan.explore.boards import board
from shinpan.explore.case import generated
from shinpan.explore.corpus import Corpus
from shinpan.explore.dice import Dice
from shinpan.explore.engines import PLAYED, Answer, AnswerStatus, Engine
from shinpan.explore.findings import Cause, FactKind, Finding, Wrong
from shinpan.explore.moves import KIND_OF, Board, Drawer, next_move
from shinpan.explore.observations import Difference, differences, facts
from shinpan.explore.oracle import Game, Played, Skip, new, observed, play, skip_reason, started
from shinpan.explore.pool import Pool
from shinpan.explore.swarm import swarm
from shinpan.running.cases import Move, Setup
from shinpan.running.checks import CheckForm, Rejected

MAX_MOVES = 5
"""The most moves a generated case makes, unless its swarm asks for a long play
(:data:`~shinpan.explore.swarm.LONGEST`)."""
ID = "differential"


@dataclass
class Differential:
    """The engine under test against the reference engine, on boards and moves drawn from ``pool``."""

    engine: Engine
    reference: Engine
    pool: Pool
    drawers: Sequence[Drawer]
    game: Game
    id: str = ID
    corpus: Corpus | None = None
    """The suite's boards, if examples may start from them (:mod:`shinpan.explore.corpus`)."""
    covered: Counter[str] = field(default_factory=Counter)
    """The moves drawn, by kind and by (kind, board feature) pair (:mod:`shinpan.explore.coverage`)."""
    _drawn_on: Board | None = field(default=None, init=False, repr=False)
    """The board the latest move was drawn on (its features are counted on it, not read again)."""

    @property
    def observables(self) -> frozenset[str]:
        """The fields both engines report."""
        return frozenset(self.engine.capabilities["observables"]) & frozenset(
            self.reference.capabilities["observables"])

    def example(self, dice: Dice, known: frozenset[Cause]) -> Finding | None:
        """One case: a board, then up to :data:`MAX_MOVES` moves, compared after each; the first difference."""
        mechanics = frozenset(self.engine.capabilities["mechanics"])
        drawn = swarm(dice, self.pool, [KIND_OF[d] for d in self.drawers], MAX_MOVES)
        seeded = self.corpus.seed(dice) if self.corpus is not None and drawn.from_suite else None
        state, moves = seeded if seeded is not None else (board(dice, self.pool, mechanics, drawn), ())
        if seeded is not None and self.corpus is not None:  # the rules its scenario cites: reached by this example
            self.covered.update(coverage.RULE + number for number in self.corpus.drawn)
        setup = Setup.drawn(self.game.rules, self.game.seed, state)
        started(self.reference, setup, "the reference engine")

        def more(played: Played) -> Move | None:
            if played.view is None or not dice.more(len(played.moves), drawn.least, drawn.moves + len(moves)):
                return None
            on = self._drawn_on = Board(played.view, setup.state["cards"], self.pool, drawn.destination)
            action = next_move(dice, on, self.drawers, self.engine.capabilities["mechanics"], drawn.kinds,
                               {str(m.action["type"]) for m in played.moves})
            return None if action is None else Move(action)

        ok = Answer(AnswerStatus.OK)  # the reference engine took the board (else the example is skipped)
        return new(play(Played(setup),
                        lambda played: self._step(played, self.engine.start(setup), ok),
                        lambda played, move: self._play(played, move, dice), moves, more), known)

    def _play(self, played: Played, move: Move, dice: Dice) -> tuple[Mapping[str, Any], Finding | None]:
        """Play a move on both engines (answering the reference engine's questions with draws) and compare."""
        if played.view is not None:  # counted on the board it is played on
            on = self._drawn_on
            if on is None or on.observation is not played.view:  # a move of the suite's scenario: not drawn here
                on = Board(played.view, played.setup.state["cards"], self.pool)
            self.covered.update(coverage.pairs(move.action, on))
        move, theirs, asked = questions.played(self.reference, Move(move.action, move.choices, True), dice)
        if theirs.status not in PLAYED:
            raise Skip(f"the reference engine cannot play {move.action['type']} here ({theirs.status})")
        played.moves.append(Move(move.action, move.choices, theirs.status is AnswerStatus.REJECTED))
        return self._step(played, self.engine.act(move), theirs, asked)

    def _step(self, played: Played, answer: Answer, reference: Answer,
              asked: tuple[Mapping[str, Any], ...] = ()) -> tuple[Mapping[str, Any], Finding | None]:
        """After a setup or a move: the reference engine's observation, and a finding if the engine under test
        answered otherwise or shows something else."""
        step = played.step
        if answer.status is AnswerStatus.UNSUPPORTED:
            raise Skip(skip_reason(f"unsupported: {step}", answer.message))
        theirs = observed(self.reference)
        if isinstance(theirs, Answer):
            raise Skip(f"the reference engine cannot observe ({theirs.status})")
        if answer.fault:
            return theirs, self._finding(played, Cause(self.id, step, Wrong.of(answer.status)), answer.message)

        def differs(finding: Finding, ours: Mapping[str, Any] | None = None) -> tuple[Mapping[str, Any], Finding]:
            """A difference, unless the board shows a creature at power 0 or less that the engine (``ours``, its
            board if observed) did not keep: no source says which engine is right there (the example is skipped,
            :mod:`~shinpan.explore.unresolved`)."""
            unresolved.judged((played.view, theirs), ours)
            return theirs, finding

        if answer.status is AnswerStatus.CHOICE_NEEDED and answer.choice is not None:
            message = (f"the engine asks a question the reference engine does not ({_asked(answer.choice)}); "
                       f"the reference engine asked: {'; '.join(map(_asked, asked)) or 'nothing'}")
            return differs(self._finding(played, Cause(self.id, step, Wrong.QUESTION), message))
        if answer.status != reference.status:
            message = f"the reference engine answered {reference.status}, the engine {answer.status}: {answer.message}"
            rejected = [Rejected(reference.status is AnswerStatus.REJECTED)]
            played.moves[-1] = replace(played.moves[-1], attempt=True)
            return differs(self._finding(played, Cause(self.id, step, Wrong.STATUS), message, rejected))
        ours = observed(self.engine)
        if isinstance(ours, Answer):
            cause = Cause(self.id, step, Wrong.of(ours.status))
            return theirs, self._finding(played, cause, f"observe: {ours.message}")
        theirs_so_far, ours_so_far = played.since_setup("reference", theirs), played.since_setup("engine", ours)
        if ours == theirs:  # the same observation shows the same facts: nothing to read
            return theirs, None
        found = differences(facts(theirs, self.observables, played.owners), facts(ours, self.observables,
                                                                                  played.owners))
        if not found:
            return theirs, None
        return differs(self._finding(played, Cause(self.id, step, FactKind(found[0].kind)), _message(found),
                                     _checks(found, theirs_so_far, ours_so_far),
                                     details=tuple(d.describe() for d in found)), ours)

    def _finding(self, played: Played, cause: Cause, message: str, checks: Sequence[CheckForm] = (), *,
                 details: tuple[str, ...] = ()) -> Finding:
        case = generated(played.setup, played.made, checks)
        return Finding(cause, case, message, tuple(checks), seed=self.game.seed, details=details)


def _asked(question: Mapping[str, Any]) -> str:
    return f"{question.get('player')} chooses {question.get('kind')} among {question.get('options')}"


def _message(found: Sequence[Difference]) -> str:
    shown = [d.describe() for d in found[:5]]
    more = f" (and {len(found) - 5} more)" if len(found) > 5 else ""
    return "; ".join(shown) + more


def _checks(found: Sequence[Difference], reference: Mapping[str, Any], ours: Mapping[str, Any]) -> list[CheckForm]:
    """The checks of the first kind of differing fact that a check can say and the engine fails (every difference
    of that kind), with the reference engine's values — its events counted since the setup, as the printed
    scenario, which observes once after its last move, counts them. The order of waiting abilities or of events,
    for one, has no check form, and a check may not reach the field that differs (an event's cause): what else
    differs with it is said instead — a scenario shows the difference only if the engine fails it."""
    for kind in dict.fromkeys(d.kind for d in found):
        made: list[CheckForm] = []
        for difference in found:
            if difference.kind == kind:
                made.extend(c for c in expected.checks(difference, reference)
                            if c not in made and c.judge(ours, None) is not None)
        if made:
            return made
    return []

"""The search (探索): Hypothesis runs an oracle's examples, shrinks each counterexample, and keeps it.

An oracle is explored in *rounds* of at most :data:`ROUND` examples, each a Hypothesis run with its own seed derived
from the exploration's seed, the oracle, the rules explored and the round, so that the same seed gives the same
examples and findings under the same rules, and a time budget can stop the search between rounds. In a round
Hypothesis keeps one counterexample per cause (each cause raises its own exception class), shrinks each, and reports
them all; a later round treats a cause already found as held, so it looks for new ones. With an example database (a
plain folder), the first round replays what failed in earlier runs before anything else.

Hypothesis draws each example with the explorer's backend (:mod:`~shinpan.explore.backend`: its own provider,
without the bookkeeping of its generation phase), replays a failure on its own and shrinks it there. A cause met
again while the round draws its examples is counted as a repeat, not raised: the first example of it is the one
replayed and shrunk (raised again, each would be replayed too, and a smaller one would take the first's place, to be
shrunk from there), and the round draws the same examples (a repeat neither passes nor fails, as a failure of a cause
Hypothesis holds neither counts among the examples that passed nor moves the end of its generation).

The round's seed is given with Hypothesis's public ``@seed``, applied under ``@settings``: ``@seed`` alone turns
the example database off, and the ``@settings`` applied over it puts the database back (``tests/test_explore.py``
shows both at work: the same seed, the same findings; a rerun replays what failed).
"""

from __future__ import annotations

import re
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from hypothesis import HealthCheck, Phase, Verbosity, given, reject, seed, settings
from hypothesis import strategies as st
from hypothesis.database import DirectoryBasedExampleDatabase, ExampleDatabase
from hypothesis.errors import Flaky, Unsatisfiable

from shinpan.explore import backend
from shinpan.explore.dice import Dice
from shinpan.explore.findings import Cause, Counterexample, Finding, counterexample, smallest
from shinpan.explore.oracle import Oracle, Repeat, Skip, Tally

ROUND = 200
"""The most examples of one Hypothesis run."""
INTERRUPTED = "interrupted (Ctrl-C or SIGTERM)"
FOUND = "stopped at its first finding (until_found)"
"""Why a search with :attr:`Budget.until_found` ended early."""
"""Why a search ended when the user stopped the exploration: what it had found is kept."""
UNREPEATABLE = "the engine's answers differ between runs of one case"
"""Why an example was not judged when replaying it gave another answer (and no finding came of it)."""
FLAKY = "flaky: it did not happen again when the case was replayed"
"""The note of a finding that did not repeat (a fault once: a crash, a hang, a huge answer): still a finding, of its
cause, and its case is the one that showed it (unshrunk: a case that passes when replayed cannot be shrunk)."""
NEW_CAUSES = 3
"""The most new causes one round shrinks: shrinking costs far more than finding, so a round that has found this many
lets the others pass (a later round finds them), and the budget, checked between rounds, bounds the work."""


@dataclass(frozen=True)
class Budget:
    """How long to search an oracle: ``examples`` at most, and at most ``seconds`` (if given) in all."""

    examples: int
    seconds: float | None = None
    until_found: bool = False
    """Stop after the round in which the search first finds something (the time to a first finding, as a test of a
    planted bug measures it), rather than spend the whole budget looking for further causes."""
    shrink: bool = True
    """Shrink each counterexample found. Without, a finding keeps the example that first showed it, as drawn, and
    a round ends at its first new cause (Hypothesis stops looking once it has one that it will not shrink): what
    asks only whether something is found spends no runs on shrinking, which cost many times the finding."""


@dataclass(frozen=True)
class Outcome:
    """What exploring one oracle gave."""

    oracle: str
    examples: int
    """Examples drawn by the explorer's backend (not the runs in which Hypothesis replayed or shrank a
    counterexample: :attr:`shrinks`), the budget's unit."""
    skipped: dict[str, int]
    """Examples that could not be judged, by reason."""
    repeats: int
    """Examples that showed a finding already made."""
    findings: tuple[Finding, ...]
    seconds: float
    stopped: str | None = None
    """Why the search ended before its examples were run (the time budget, no example could be judged), if it did."""
    shrinks: int = 0
    """Runs in which Hypothesis replayed or shrank the counterexamples found (on its own backend)."""


@dataclass
class Search:
    """The exploration of one oracle."""

    oracle: Oracle
    seed: int
    budget: Budget
    database: Path | None = None
    rules: str = ""
    """The rules explored (:attr:`RulesState.rules`, not the state's label): with the seed it gives the examples,
    and it keys the example database, so that tomorrow's run under the same rules replays today's."""
    tally: Tally = field(default_factory=Tally)
    found: list[Finding] = field(default_factory=list)

    def run(self, on_example: Callable[[], None] | None = None) -> Outcome:
        """Run rounds until the budget is spent (or the user stops it: what was found so far is kept)."""
        self.tally.on_example = on_example
        started = time.monotonic()
        try:
            stopped = self._rounds(started)
        except KeyboardInterrupt:
            stopped = INTERRUPTED
        found = tuple(smallest(self.found))
        return Outcome(self.oracle.id, self.tally.examples, dict(sorted(self.tally.skipped.items())),
                       sum(self.tally.repeats.values()), found, time.monotonic() - started, stopped,
                       self.tally.shrinks)

    def _rounds(self, started: float) -> str | None:
        for number in range(1_000_000):
            left = self.budget.examples - self.tally.examples
            if left <= 0:
                break
            if self.budget.seconds is not None and time.monotonic() - started >= self.budget.seconds:
                return f"time budget of {self.budget.seconds:g} s spent"
            before = self.tally.examples
            stopped = self._round(number, min(ROUND, left))
            if stopped or self.tally.examples == before:
                return stopped
            if self.budget.until_found and self.found:
                return FOUND
        return None

    def _round(self, number: int, examples: int) -> str | None:
        known = frozenset(f.cause for f in self.found)
        phases = (*((Phase.explicit, Phase.reuse) if number == 0 else ()), Phase.generate,
                  *((Phase.shrink,) if self.budget.shrink else ()))
        self.tally.found = False
        try:
            self._test(known, examples, phases, _round_seed(self.seed, self.oracle.id, self.rules, number))()
        except Unsatisfiable:
            return "no example could be judged (every one was skipped)"
        except Flaky as error:  # a failure that did not repeat when replayed: a fault once (a crash, a hang)
            flaky = [_flaky(finding) for finding in _every_finding(error)]
            self.found.extend(flaky)
            if not flaky:  # the engine answered one case two ways, neither of them a finding: the search goes on
                self.tally.skipped[UNREPEATABLE] += 1
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # a counterexample, several, or a bug in the kit
            findings = list(_findings(error))
            if not findings:
                raise
            self.found.extend(findings)
        return None

    def _test(self, known: frozenset[Cause], examples: int, phases: tuple[Phase, ...],
              round_seed: int) -> Callable[[], None]:
        tally, oracle = self.tally, self.oracle

        taken: list[Cause] = []

        @st.composite
        def examples_of(draw: st.DrawFn) -> Finding | None:
            """One example, run while it is drawn (each move is drawn from the board the previous one left)."""
            dice = Dice(draw)
            drawn = generating(dice)  # by the explorer's backend, or replayed or shrunk on Hypothesis's
            example = tally.ran(drawn)
            skipped, repeats = (tally.skipped, tally.repeats) if example else (Counter[str](), Counter[str]())
            try:
                finding = oracle.example(dice, known)
            except Repeat as repeat:
                repeats[repeat.reason] += 1
            except Skip as skip:
                skipped[skip.reason] += 1
                reject()
            else:
                if finding is not None and finding.cause in taken and drawn:
                    repeats[finding.cause.key] += 1  # found again: the first, replayed and shrunk, stands
                    reject()  # neither passed nor failed: the round draws the examples it drew when it was raised
                if finding is None or finding.cause in taken or len(taken) < NEW_CAUSES:
                    taken.extend([] if finding is None or finding.cause in taken else [finding.cause])
                    return finding
                repeats[f"deferred to a later round: {finding.cause.key}"] += 1
            return None

        def explore(finding: Finding | None) -> None:
            if finding is not None:
                tally.found = True  # Hypothesis replays and shrinks it on its own backend, and goes on drawing
                raise counterexample(finding)

        return given(examples_of())(settings(
            max_examples=examples, deadline=None, database=self._database(), derandomize=False,
            suppress_health_check=list(HealthCheck), phases=phases, verbosity=Verbosity.quiet,
            report_multiple_bugs=True, print_blob=False, backend=backend.NAME)(seed(round_seed)(explore)))

    def _database(self) -> ExampleDatabase | None:
        if self.database is None:
            return None
        folder = re.sub(r"[^\w.-]+", "_", f"{self.oracle.id}@{zlib.crc32(self.rules.encode()):08x}")
        return DirectoryBasedExampleDatabase(str(self.database / folder))


def generating(dice: Dice) -> bool:
    """Whether ``dice`` draw a new example (with the explorer's backend), rather than replay or shrink one (with
    Hypothesis's own)."""
    return isinstance(dice.choices.provider, backend.Draws)


def _round_seed(seed: int, oracle: str, rules: str, number: int) -> int:
    return zlib.crc32(f"{seed}:{oracle}:{rules}:{number}".encode())


def _every_finding(error: BaseException) -> Iterable[Finding]:
    """Every finding an exception carries, anywhere in its groups (beside Hypothesis's own complaints)."""
    if isinstance(error, Counterexample):
        yield error.finding
    elif isinstance(error, BaseExceptionGroup):
        for part in error.exceptions:
            yield from _every_finding(part)


def _flaky(finding: Finding) -> Finding:
    return replace(finding, message=f"({FLAKY}) {finding.message}", details=(*finding.details, FLAKY))


def _findings(error: BaseException) -> Iterable[Finding]:
    """The findings an exception carries: itself, or those of a group (several causes, or a flaky failure)."""
    if isinstance(error, Counterexample):
        yield error.finding
    elif isinstance(error, BaseExceptionGroup):
        parts = [list(_findings(part)) for part in error.exceptions]
        if all(parts):
            for part in parts:
                yield from part

"""The search's rounds: a cause found again while a round draws its examples is a repeat, not a failure raised
again (shinpan/explore/search.py): the first example of it is the one replayed and shrunk."""

from __future__ import annotations

from shinpan.adapters.contract import Rules
from shinpan.explore.dice import Dice
from shinpan.explore.findings import Cause, Finding, Wrong
from shinpan.explore.oracle import Skip, new
from shinpan.explore.search import ROUND, Budget, Search, generating
from shinpan.running.cases import Case, Setup

RULES: Rules = {"label": "numbers", "changes": []}
BIG = Cause("numbers", "setup", Wrong.BREAKS_THE_RULE)
LATE = 50
"""The examples drawn before the first one that shows the cause (a bug that shows late, as most do): the round then
draws as many again, and about nine in ten of them show it again."""


class Numbers:
    """An oracle of one number: a number of 10 or more is wrong (once :data:`LATE` examples were drawn)."""

    id = "numbers"

    def __init__(self) -> None:
        self.runs: list[tuple[bool, int]] = []
        """Every run that showed the cause: whether it drew a new example, and its number."""
        self.drawn = 0

    def example(self, dice: Dice, known: frozenset[Cause]) -> Finding | None:
        number, drawing = dice.count(0, 1000), generating(dice)
        self.drawn += drawing
        if number < 10 or (drawing and self.drawn <= LATE):
            return None
        self.runs.append((drawing, number))
        return new(Finding(BIG, Case("generated", Setup(RULES, 0, {"number": number}), ()), f"{number} is big"), known)


def test_a_cause_found_again_while_drawing_is_a_repeat_and_the_first_example_is_the_one_shrunk() -> None:
    oracle = Numbers()
    outcome = Search(oracle, seed=0, budget=Budget(examples=200)).run()
    (finding,) = outcome.findings
    assert finding.case.setup.state == {"number": 10}  # shrunk
    first, *again = [number for drawing, number in oracle.runs if drawing]
    assert len(again) >= 10 and outcome.repeats >= len(again)  # found again, counted as repeats
    replayed = [number for drawing, number in oracle.runs if not drawing]
    assert replayed[0] == first and all(number <= first for number in replayed)  # only the first and smaller cases


def test_without_shrinking_a_finding_keeps_the_example_that_first_showed_it() -> None:
    oracle = Numbers()
    outcome = Search(oracle, seed=0, budget=Budget(examples=200, shrink=False)).run()
    (finding,) = outcome.findings
    first = next(number for drawing, number in oracle.runs if drawing)
    assert finding.case.setup.state == {"number": first} != {"number": 10}  # as drawn, not shrunk
    assert outcome.shrinks <= 2  # replayed, to confirm and to report it, and no more


class Once:
    """An oracle of one number that finds the number drawn as the :data:`LATE`-th example wrong (and only it): the
    rest of that round's examples pass, as most of a round's examples do after it first finds something."""

    id = "once"

    def __init__(self) -> None:
        self.drawn = 0
        """The examples drawn by the explorer's backend."""
        self.runs = 0
        """Every run: those examples, each round's first (Hypothesis's simplest example, on its own backend), and
        the runs that replay and shrink the finding."""
        self.wrong: int | None = None

    def example(self, dice: Dice, known: frozenset[Cause]) -> Finding | None:
        number = dice.count(0, 1000)
        self.runs += 1
        if generating(dice):
            self.drawn += 1
            if self.drawn == LATE:
                self.wrong = number
        if number != self.wrong:
            return None
        return new(Finding(BIG, Case("generated", Setup(RULES, 0, {"number": number}), ()), f"{number} is wrong"), known)


def test_the_examples_drawn_after_a_round_first_finds_something_are_examples_of_the_budget() -> None:
    """A run is an example when the explorer's backend draws it, and a shrinking run when Hypothesis replays or
    shrinks a counterexample: the examples drawn after a round's first finding count against the budget, and the
    search draws no more than its budget."""
    oracle, progress = Once(), []
    outcome = Search(oracle, seed=0, budget=Budget(examples=500)).run(lambda: progress.append(1))
    assert len(outcome.findings) == 1
    assert outcome.examples == len(progress) <= 500
    rounds = 3  # 200, 200 and 100 examples, each round beginning with Hypothesis's simplest example
    assert oracle.drawn <= outcome.examples <= oracle.drawn + rounds  # every example drawn, and no more than 500
    assert oracle.drawn > 2 * ROUND  # the first round went on drawing after its finding, and two more followed
    assert outcome.shrinks == oracle.runs - outcome.examples > 0  # the rest replayed and shrank the finding


class Small:
    """An oracle of four numbers that cannot judge an example with a number under 100 among the last three (skipped)
    and finds a first number of 500 or more wrong: shrinking, which tries smaller numbers, meets many it cannot
    judge, as shrinking a board meets many an engine does not support."""

    id = "small"

    def __init__(self) -> None:
        self.skipped = 0
        """The examples drawn by the explorer's backend that were skipped."""

    def example(self, dice: Dice, known: frozenset[Cause]) -> Finding | None:
        number, others = dice.count(0, 1000), [dice.count(0, 1000) for _ in range(3)]
        if min(others) < 100:
            self.skipped += generating(dice)
            raise Skip("small")
        if number < 500:
            return None
        return new(Finding(BIG, Case("generated", Setup(RULES, 0, {"number": number}), ()), f"{number} is big"), known)


def test_what_a_shrinking_run_skips_is_not_counted_as_a_skipped_example() -> None:
    """``skipped`` counts examples: an engine that answers most shrinking runs ``unsupported`` must not make an
    exploration say that every example was skipped (the warning of ``shinpan explore``)."""
    oracle = Small()
    outcome = Search(oracle, seed=0, budget=Budget(examples=200)).run()
    assert len(outcome.findings) == 1 and outcome.shrinks > 0
    (skipped,) = outcome.skipped.values()
    rounds = 2  # each round's first example is Hypothesis's simplest, all zeros: an example, and skipped
    assert oracle.skipped <= skipped <= oracle.skipped + rounds < outcome.examples

"""The search's rounds: a cause found again while a round draws its examples is a repeat, not a failure raised
again (shinpan/explore/search.py): the first example of it is the one replayed and shrunk."""

from __future__ import annotations

from shinpan.adapters.contract import Rules
from shinpan.explore.dice import Dice
from shinpan.explore.findings import Cause, Finding, Wrong
from shinpan.explore.oracle import new
from shinpan.explore.search import Budget, Search, generating
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

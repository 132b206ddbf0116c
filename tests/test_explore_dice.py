"""The dice take each draw as one choice of Hypothesis's choice sequence (shinpan/explore/dice.py), and explore draws
its examples with its own backend, Hypothesis's provider under a name of its own (shinpan/explore/backend.py).

A draw taken straight from the choice sequence is still Hypothesis's: it is shrunk (a failing count shrinks to the
smallest that fails), and it is replayed (the example database gives the failure back). A draw function with no choice
sequence behind it is refused in one line. And explore's examples are drawn by the backend: its provider is asked
for every choice of a generated example, and the same seed gives the same examples.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.database import InMemoryExampleDatabase

from shinpan.explore import Settings, explore
from shinpan.explore.backend import NAME, Draws
from shinpan.explore.dice import Dice
from shinpan.suite import rulesets

TODAY = rulesets.load().today()


@st.composite
def counts(draw: st.DrawFn) -> tuple[int, bool, list[str]]:
    dice = Dice(draw)
    return dice.count(3, 40), dice.coin(), dice.some("abcdef", 0, 4)


@pytest.mark.parametrize("backend", ["hypothesis", NAME])
def test_a_draw_of_the_dice_is_shrunk_to_the_smallest_that_fails(backend: str) -> None:
    seen: list[tuple[int, bool, list[str]]] = []

    @settings(max_examples=300, database=None, deadline=None, backend=backend, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(counts())
    def test(drawn: tuple[int, bool, list[str]]) -> None:
        seen.append(drawn)
        assert drawn[0] < 17 or not drawn[1]

    with pytest.raises(AssertionError):
        test()
    assert seen[-1] == (17, True, [])  # the last run replays the shrunk counterexample


def test_a_failure_found_by_the_dice_is_kept_and_replayed_from_the_database() -> None:
    database = InMemoryExampleDatabase()
    runs: list[int] = []

    def run(phases: tuple[Phase, ...]) -> None:
        @settings(max_examples=200, database=database, deadline=None, backend=NAME, phases=phases,
                  suppress_health_check=list(HealthCheck))
        @given(st.data())
        def test(data: st.DataObject) -> None:
            drawn = Dice(data.draw).index(1000)
            runs.append(drawn)
            assert drawn < 900

        with pytest.raises(AssertionError):
            test()

    run((Phase.generate, Phase.shrink))
    runs.clear()
    run((Phase.reuse,))  # nothing generated: the database alone gives the failure back
    assert runs[0] == 900


def test_a_draw_function_with_no_choice_sequence_behind_it_is_refused() -> None:
    with pytest.raises(TypeError, match="choice sequence"):
        Dice(lambda strategy: 0)


def test_explore_draws_its_examples_with_its_backend_and_a_seed_means_the_same_examples(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    asked: list[int] = []
    integer = Draws.draw_integer

    def counted(self: Draws, *args: object, **kwargs: object) -> int:
        asked.append(1)
        return integer(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Draws, "draw_integer", counted)
    settings_ = Settings("reference", (TODAY,), seed=3, examples=30, only=("differential", "one-place"))
    first = explore(settings_)
    assert first.examples >= 60 and len(asked) > 10 * first.examples
    again = explore(settings_)
    assert [(o.oracle, o.examples, o.skipped, o.repeats) for o in first.results] == [
        (o.oracle, o.examples, o.skipped, o.repeats) for o in again.results]

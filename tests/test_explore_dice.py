"""The dice take each draw as one choice of Hypothesis's choice sequence (shinpan/explore/dice.py), and explore draws
its examples with its own backend, Hypothesis's provider under a name of its own (shinpan/explore/backend.py).

A draw taken straight from the choice sequence is still Hypothesis's: it is shrunk (a failing count shrinks to the
smallest that fails), and it is replayed (the example database gives the failure back). A draw function with no choice
sequence behind it is refused in one line. And explore's examples are drawn by the backend: its provider is asked
for every choice of a generated example, and the same seed gives the same examples.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.database import InMemoryExampleDatabase
from hypothesis.internal.conjecture.data import ConjectureData
from hypothesis.internal.conjecture.providers import HypothesisProvider

from shinpan.explore import Settings, explore
from shinpan.explore.backend import NAME, Draws
from shinpan.explore.dice import SEED, Dice
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


def _generating(seed: int) -> ConjectureData:
    """A choice sequence as the explorer's backend generates it (no prefix, its provider, its own generator)."""
    return ConjectureData(random=random.Random(seed), provider=Draws, prefix=())


def test_a_draw_the_dice_record_themselves_is_recorded_as_hypothesis_records_it() -> None:
    """While the backend generates, the dice record each draw themselves: the same values, choice nodes, spans and
    length as drawing through ConjectureData's own methods (fails if an upgrade of Hypothesis records a draw
    otherwise; the dice would then have to draw through its methods again)."""
    script = [("index", 0, 7), ("coin", 0, 0), ("count", 2, 6), ("index", 0, 1), ("random", 0, 0),
              ("count", 0, 2**40), ("coin", 0, 0), ("index", 0, 300)] * 40

    def spans(data: ConjectureData) -> list[tuple[int, int, int, int]]:
        return [(span.start, span.end, span.depth, span.label) for span in data.spans]

    for seed in range(5):
        own, recorded = _generating(seed), _generating(seed)
        dice = Dice(recorded.draw)  # a @composite's draw is the data's own
        assert dice.direct
        drawn: list[tuple[float, float]] = []
        for kind, low, high in script:
            if kind == "index":
                drawn.append((dice.index(high), own.draw_integer(0, high - 1) if high > 1 else 0))
            elif kind == "coin":
                drawn.append((dice.coin(), own.draw_boolean()))
            elif kind == "count":
                drawn.append((dice.count(low, high), own.draw_integer(low, high)))
            else:
                ours = dice.random().random()
                theirs = random.Random(own.draw_integer(0, SEED) | own.draw_integer(0, SEED) << 32).random()
                drawn.append((ours, theirs))
        assert all(mine == theirs for mine, theirs in drawn)
        own.freeze()
        recorded.freeze()
        assert recorded.nodes == own.nodes and recorded.choices == own.choices
        assert recorded.length == own.length and spans(recorded) == spans(own)


def test_replayed_or_on_hypothesis_s_own_backend_the_dice_draw_through_its_methods() -> None:
    replayed = ConjectureData(random=random.Random(0), provider=Draws, prefix=(3, True))
    own = ConjectureData(random=random.Random(0), prefix=())
    assert not Dice(replayed.draw).direct and not Dice(own.draw).direct
    assert Dice(replayed.draw).count(0, 5) == 3


def test_the_backend_draws_each_integer_as_hypothesis_s_own_provider_draws_it() -> None:
    """The backend works out a range's bounds once (backend.Draws): from the same generator, the same integers as
    Hypothesis's provider, over narrow, wide, negative, huge and one-value ranges, constants included."""
    ranges = [(0, 1), (0, 6), (2, 6), (-3, 3), (0, 299), (0, SEED), (0, 2**40), (7, 7), (0, 2**200), (-(2**70), 5)]
    for seed in range(20):
        ours = ConjectureData(random=random.Random(seed), provider=Draws, prefix=()).provider
        theirs = ConjectureData(random=random.Random(seed), provider=HypothesisProvider, prefix=()).provider
        for _ in range(30):
            assert [ours.draw_integer(low, high) for low, high in ranges] == [
                theirs.draw_integer(low, high) for low, high in ranges]

"""The replacement property (shinpan/explore/properties/replacement.py) when one player has several replacement
effects for one event and no pick of theirs is scripted: 609.8 (101.5b) says one of theirs applies (the turn
player's first), not which, so the property asserts that much and no more.

An engine that applies one of them without asking keeps the rule and is not flagged (seen failing under both
states below: the property expected none to apply and flagged it, as it flagged DMSIM, which asks the affected
creature's owner, when the turn player had two). An engine that applies none of them
without asking breaks the rule and is found (seen missed: the property expected none). Neither variant is one of
tests/planted_bugs.py's: a case with no pick scripted cannot replay on the reference engine, which asks for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from shinpan.explore import Settings, explore
from shinpan.explore.exploration import Exploration
from shinpan.explore.printing import scenario
from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.pipeline import replacements
from shinpan.suite import rulesets
from tests.planted_bugs import Planted

CHANGES = rulesets.load()
STATES = {"today": CHANGES.today(), "before:2018-09-05": CHANGES.named("before:2018-09-05")}
"""Today, and the oldest state the suite names: the property has no window, and 609.8 no history in the material."""
SEEDS = (0, 1, 2)
BUDGET = 100
CHOSEN: list[str] = []
"""The cards whose replacement :func:`replacement_chosen_without_asking` applied among several (the premise)."""


def _unasked(pick: Callable[[list[replacements.Candidate]], replacements.Candidate | None]) -> Planted:
    """The reference engine, except that among one player's several (not optional) replacements for one event it
    asks nobody and applies ``pick(theirs)``."""

    def chosen(original: Any) -> Any:
        def decide(theirs: list[replacements.Candidate], choices: ChoiceScript) -> Any:
            if len(theirs) > 1 and not any(c.ability.optional for c in theirs):
                CHOSEN.append(theirs[0].source.name)
                return pick(theirs)
            return original(theirs, choices)
        return decide

    return Planted([(replacements, "_decide", chosen)])


def replacement_chosen_without_asking() -> Planted:
    """Applies the first of the player's several (as an engine with a choosing policy of its own may): one of
    theirs, as 609.8 says."""
    return _unasked(lambda theirs: theirs[0])


def replacement_none_of_several() -> Planted:
    """Applies none of the player's several (the other player's may apply instead): against 609.8."""
    return _unasked(lambda theirs: None)


def _explored(variant: Callable[[], Planted], state: str, seed: int) -> Exploration:
    return explore(Settings(f"py:{__name__}:{variant.__name__}", (STATES[state],), seed=seed, examples=BUDGET,
                            only=("replacement",)))


@pytest.mark.parametrize("state", list(STATES))
def test_one_of_the_players_replacements_applied_without_a_scripted_pick_is_not_flagged(state: str) -> None:
    CHOSEN.clear()
    for seed in SEEDS:
        exploration = _explored(replacement_chosen_without_asking, state, seed)
        assert exploration.findings == [], [f.message for f in exploration.findings]
    assert CHOSEN, "no example drew a player with several replacements for one event"


@pytest.mark.parametrize("seed", SEEDS)
def test_none_of_the_players_replacements_applied_is_found(seed: int) -> None:
    """Under every seed, today; the finding says one replacement should have applied to the creature, whichever,
    and prints so (seen failing: no phrase said it, and the finding printed no scenario)."""
    exploration = _explored(replacement_none_of_several, "today", seed)
    assert exploration.findings, f"not found in {exploration.examples} examples under seed {seed}"
    finding = exploration.findings[0]
    assert "'type': 'replaced', 'affected'" in finding.message, finding.message
    assert re.search(r"\n    (ならば|かつ) 置換効果が《[^》]+》(\([^)]*\))?に1回適用された\n", scenario(finding, STATES["today"]))

"""Properties over general play: each property that states its rule over any step is checked by the one-place play
wherever its premise occurs, and only there. The reference engine holds every such rule over that play; each rule
with its first expectation turned false is found there, as that property's finding (its id, rules and sources); a
clause asks nothing where its premise does not occur."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from shinpan.explore import PROPERTIES, Property, Settings, explore
from shinpan.explore.properties.general import turn_passed
from shinpan.explore.properties.places import ONE_PLACE
from shinpan.explore.properties.property import Check, Context, Step
from shinpan.running.checks import Not
from shinpan.suite import rulesets

TODAY = rulesets.load().today()
GENERAL = [p for p in PROPERTIES if p.general is not None]
EXAMPLES = {"links": 1500}
"""Examples of the one-place play per property (a G・リンク of two partner gods is a rare step of general play)."""


def _turned(rule: Property) -> Property:
    """The property with the first check of each step it states turned false."""
    assert rule.general is not None
    general = rule.general

    def turned(step: Step, context: Context) -> Sequence[Check]:
        found = list(general(step, context))
        return [Not(found[0]), *found[1:]] if found else found
    return replace(rule, general=turned)


def test_some_properties_are_stated_over_general_play() -> None:
    assert {p.id for p in GENERAL} >= {"seals", "turns", "links", "swaps", "carry-over-sickness", "look-back", "replacement"}


@pytest.mark.parametrize("rule", GENERAL, ids=[p.id for p in GENERAL])
def test_a_rule_over_general_play_turned_false_is_found_there(rule: Property) -> None:
    wrong = _turned(rule)
    exploration = explore(Settings("reference", (TODAY,), seed=0, examples=EXAMPLES.get(rule.id, 400),
                                   only=(ONE_PLACE.id,), properties=(ONE_PLACE, wrong), until_found=True))
    (result,) = exploration.results
    assert result.findings, f"{rule.id}: a wrong statement of it held over {result.examples} examples of general play"
    assert {f.cause.oracle for f in result.findings} == {rule.id}, [f.cause.key for f in result.findings]
    assert {(f.rules, f.sources) for f in result.findings} == {(rule.rules, rule.sources)}


def test_the_reference_engine_holds_every_rule_over_general_play() -> None:
    exploration = explore(Settings("reference", (TODAY,), seed=1, examples=300, only=(ONE_PLACE.id,)))
    assert exploration.findings == [], [f.message for f in exploration.findings]


def test_a_step_where_no_premise_occurs_asks_nothing() -> None:
    board = {"turn": {"number": 3, "active": "me"}, "players": {"me": {"battle": [{"cards": ["A"]}]}, "opp": {}}}
    step = Step(board, {"type": "tap", "card": "A"}, False, board, {"A": "テスト用クリーチャーA"}, {"A": "me"})
    assert not turn_passed(board, board)
    for rule in GENERAL:
        assert rule.general is not None
        assert list(rule.general(step, _context())) == [], rule.id


def _context() -> Context:
    from shinpan.adapters import cards
    from shinpan.explore.pool import pool

    registry = cards.load()
    return Context(pool(registry, {entry.name for entry in registry}), TODAY, frozenset(), frozenset())

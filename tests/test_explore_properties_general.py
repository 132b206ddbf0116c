"""Properties over general play: each property that states its rule over any step is checked by the one-place play
wherever its premise occurs, and only there. The reference engine holds every such rule over that play; each rule
with its first expectation turned false is found there, as that property's finding (its id, rules and sources); a
clause asks nothing where its premise does not occur."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

import pytest

from shinpan.explore import PROPERTIES, Property, Settings, coverage, explore
from shinpan.explore.properties.general import turn_passed
from shinpan.explore.properties.places import ONE_PLACE
from shinpan.explore.properties.property import Check, Context, Step
from shinpan.running.checks import Count, CountTest, InZone, Listed, Not
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
    wrong = _turned(rule)  # found, not shrunk: shrinking look-back's findings took 2,500 runs for 75 examples
    exploration = explore(Settings("reference", (TODAY,), seed=0, examples=EXAMPLES.get(rule.id, 400),
                                   only=(ONE_PLACE.id,), properties=(ONE_PLACE, wrong), until_found=True,
                                   shrink=False))
    (result,) = exploration.results
    assert result.findings, f"{rule.id}: a wrong statement of it held over {result.examples} examples of general play"
    assert {f.cause.oracle for f in result.findings} == {rule.id}, [f.cause.key for f in result.findings]
    assert {(f.rules, f.sources) for f in result.findings} == {(rule.rules, rule.sources)}


def test_the_reference_engine_holds_every_rule_over_general_play() -> None:
    """…and the run counts, per rule those properties cite, the examples whose general play reached its premise,
    though only one-place ran (the coverage report's "rules reached")."""
    exploration = explore(Settings("reference", (TODAY,), seed=1, examples=300, only=(ONE_PLACE.id,)))
    assert exploration.findings == [], [f.message for f in exploration.findings]
    reached = coverage.premises(exploration.results, PROPERTIES)
    for rule in GENERAL:
        if rule.id in {"seals", "turns", "look-back", "replacement"}:  # premises general play meets often
            assert any(reached.get(number, 0) > 0 for number in rule.rules), (rule.id, reached)
    examples = exploration.results[0].examples
    assert all(count <= examples for count in reached.values()), reached  # an example counts once per rule


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


def _board(me: list[list[str]], opp: list[list[str]], events: Sequence[dict[str, object]] = ()) -> dict[str, object]:
    return {"turn": {"number": 3, "active": "me"}, "events": list(events),
            "players": {"me": {"battle": [{"cards": c} for c in me]}, "opp": {"battle": [{"cards": c} for c in opp]}}}


NAMES = {"W": "テスト用離脱追跡", "A": "テスト用クリーチャーA", "B": "テスト用クリーチャーA",
         "R": "テスト用破壊置換マナ", "S": "テスト用相手破壊置換"}


def _rule(rule_id: str) -> Property:
    return next(p for p in GENERAL if p.id == rule_id)


def test_look_back_over_general_play_counts_every_creature_a_watcher_sees_leave() -> None:
    """Two creatures leave in a step no script plays (an ability resolved): a 「他のクリーチャーが離れた時」 watcher
    that stays triggers once for each, counted on from the triggers before the step; after an ignore effect (the object
    it named, or what stays of it, may hold it) nothing is judged."""
    before = _board([["W"], ["A"]], [["B"]])
    after = _board([["W"]], [], [{"type": "moved", "card": c, "from": "battle", "to": z, "player": p}
                                 for c, z, p in (("A", "mana", "me"), ("B", "graveyard", "opp"))])
    earlier = [{"type": "triggered", "card": "W"}]
    step = Step(before, {"type": "resolve"}, False, after, NAMES, {"W": "me", "A": "me", "B": "opp"}, earlier)
    look_back = _rule("look-back")
    assert look_back.general is not None
    assert [c.to_json() for c in look_back.general(step, _context())] == [
        Count(Listed.EVENTS, {"type": "triggered", "card": "W"}, CountTest.EXACTLY, 3, observable="events").to_json()]
    ignored = replace(step, effects=[{"kind": "ignore_abilities", "target": "B"}])
    assert list(look_back.general(ignored, _context())) == []


def test_replacement_over_general_play_applies_the_turn_players_first() -> None:
    """My creature is destroyed with my 「自分のクリーチャーが破壊される時」 and my opponent's 「相手のクリーチャーが
    破壊される時」 on the board: exactly one replacement, mine (609.8), and the card where it says; none of theirs."""
    before = _board([["R"], ["A"]], [["S"]])
    after = _board([["R"]], [["S"]])
    step = Step(before, {"type": "destroy", "cards": ["A"]}, False, after, NAMES, {"R": "me", "A": "me", "S": "opp"})
    replacement = _rule("replacement")
    assert replacement.general is not None
    checks = {json.dumps(c.to_json(), ensure_ascii=False) for c in replacement.general(step, _context())}
    replaced = {"type": "replaced", "affected": "A"}
    assert checks == {json.dumps(c.to_json(), ensure_ascii=False) for c in (
        Count(Listed.EVENTS, replaced, CountTest.EXACTLY, 1, observable="events"),
        Count(Listed.EVENTS, {**replaced, "card": "S"}, CountTest.EXACTLY, 0, observable="events"),
        InZone("me", "mana", "A", True))}

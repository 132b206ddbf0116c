"""Each rule property holds on the reference engine under the rules states it applies to, and checks something: the
property with one of its expectations turned false fails there, and the counterexample shows the expectation broken
(printed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from shinpan.adapters.contract import Rules
from shinpan.explore import PROPERTIES, Property, Settings, explore
from shinpan.explore.dice import Dice
from shinpan.explore.exploration import Exploration
from shinpan.explore.properties import expect, look_back
from shinpan.explore.properties.layout import Layout
from shinpan.explore.properties.property import Check, Context, Plan
from shinpan.running.cases import Case, Move, Setup, Step
from shinpan.running.cases import Check as CheckItem
from shinpan.running.checks import Not
from shinpan.suite import rulesets, step_library

CHANGES = rulesets.load()
STATES = {"today": CHANGES.today(), "before:2021-03-16": CHANGES.named("before:2021-03-16"),
          "before:2018-09-05": CHANGES.named("before:2018-09-05")}
BUDGET = 100
"""Examples per property and state here (a CI-sized budget; the note gives the big run's numbers)."""


def _explored(rule: Property, state: str, *, adapter: str = "reference", shrink: bool = True) -> Exploration:
    return explore(Settings(adapter, (STATES[state],), examples=BUDGET, only=(rule.id,), properties=(rule,),
                            shrink=shrink))


@pytest.mark.parametrize("rule", PROPERTIES, ids=[p.id for p in PROPERTIES])
@pytest.mark.parametrize("state", list(STATES))
def test_the_reference_engine_holds_every_property(rule: Property, state: str) -> None:
    (result,) = _explored(rule, state).results
    assert result.findings == (), [f.message for f in result.findings]
    assert result.not_run is not None or result.examples >= BUDGET


def _turned(check: Check) -> Check:
    """An expectation turned false: the check that it does not hold."""
    return Not(check)


def _wrong(rule: Property) -> Property:
    """The property with the first of its expectations turned false."""
    def plan(dice: Dice, context: Context) -> Plan:
        made = rule.planner(dice, context)
        if made.after:
            return replace(made, after=[_turned(made.after[0]), *made.after[1:]])
        each = made.each
        if each is None:
            return made

        def turned(moves: Sequence[Move]) -> Sequence[Check]:
            found = list(each(moves))
            return [_turned(found[0]), *found[1:]] if found else found
        return replace(made, each=turned)
    return replace(rule, planner=plan)


@pytest.mark.parametrize("rule", PROPERTIES, ids=[p.id for p in PROPERTIES])
def test_a_property_turned_false_fails_on_the_reference_engine(rule: Property) -> None:
    state = "before:2021-03-16" if rule.until else "today"
    exploration = _explored(_wrong(rule), state, shrink=False)  # whether it is found, not how small
    assert exploration.findings, f"{rule.id}: a wrong statement of it held on {exploration.examples} examples"


def test_a_wrong_statement_prints_a_scenario_showing_why() -> None:
    """look-back stated with the Ver.1.9 answer under today's rules (a creature destroyed together with others sees
    them all) fails, and its scenario says how many triggers the wrong statement expected."""
    from shinpan.explore.printing import scenario

    wrong = replace(look_back.LOOK_BACK, id="look-back", planner=_old_answer)
    exploration = _explored(wrong, "today")
    assert exploration.findings
    finding = exploration.findings[0]
    text = scenario(finding, STATES["today"])
    assert "誘発した" in text and "@rule:603.5c" in text


def _old_answer(dice: Dice, context: Context) -> Plan:
    return look_back.plan(dice, replace(context, rules=CHANGES.named("before:2018-09-05")))


def _recording(rule: Property, said: list[tuple[Mapping[str, Any], list[Check]]]) -> Property:
    """The property, keeping every starting state it draws with each list of checks it states there."""
    def plan(dice: Dice, context: Context) -> Plan:
        made = rule.planner(dice, context)
        said.append((made.state, list(made.after)))
        each = made.each
        if each is None:
            return made

        def stated(moves: Sequence[Move]) -> Sequence[Check]:
            found = list(each(moves))
            said.append((made.state, found))
            return found
        return replace(made, each=stated)
    return replace(rule, planner=plan)


@pytest.mark.parametrize("rule", PROPERTIES, ids=[p.id for p in PROPERTIES])
def test_every_expectation_of_a_property_is_said_by_a_phrase(rule: Property) -> None:
    """A counterexample prints the checks its property states: every check a property states, on every board it
    draws, has a phrase of the step library (seen failing: the replacement property's "this replacement did not
    apply to that creature" had none, and its findings could not be printed)."""
    printer = step_library.printer()
    said: list[tuple[Mapping[str, Any], list[Check]]] = []
    state = "before:2021-03-16" if rule.until else "today"
    explore(Settings("reference", (STATES[state],), examples=BUDGET, only=(rule.id,),
                     properties=(_recording(rule, said),)))
    assert said, f"{rule.id}: no example was drawn"
    rules = Rules(label=state, changes=list(STATES[state].in_force))
    for board, checks in said:
        if checks:
            case = Case("c", Setup(rules, 0, board), (Step("", "", 0, tuple(CheckItem(c) for c in checks)),))
            printer.steps(case)


def _two_moves(dice: Dice, context: Context) -> Plan:
    """Two cards of the hand put into the mana zone, one after the other; after each, the first moved once."""
    layout = Layout("me")
    first, second = (layout.put("me", "hand", context.pool.vanilla[0]) for _ in range(2))

    def each(moves: Sequence[Move]) -> Sequence[Check]:
        return [expect.events({"type": "moved", "card": first}, 1)] if moves else []
    return Plan(layout.state, [{"type": "move", "card": first, "to": "mana"},
                               {"type": "move", "card": second, "to": "mana"}], each=each)


def test_a_property_counts_events_since_the_setup_as_its_printed_scenario_does() -> None:
    """A check made after every move counts the events since the setup (the printed scenario observes once, at the
    end): after the second move the first card has still moved once (seen failing when each step's observation
    alone was counted)."""
    rule = Property(id="one-place", statement="テスト", rules=("400.5",), sources=("dm-rule-1.48",),
                    planner=_two_moves)
    exploration = explore(Settings("reference", (STATES["today"],), examples=5, only=(rule.id,), properties=(rule,)))
    assert exploration.examples >= 5 and not exploration.findings, [f.message for f in exploration.findings]

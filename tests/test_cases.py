"""The compiled case (shinpan.running.cases): scenarios compile to cases with no engine and no pytest item, a case built in
Python plays like one compiled, and the executor ends each the way the rules and the adapter say."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from shinpan.adapters.registry import make_adapter
from shinpan.adapters.schemas import problems
from shinpan.reports.outcomes import Status
from shinpan.running.cases import (
    Case,
    Check,
    Execution,
    Fault,
    Move,
    NeedsCard,
    Setup,
    Step,
    as_record,
    compile_case,
    execute,
)
from shinpan.running.checks import CheckForm, InZone, ObjectField, ObjectTest, Tapped
from shinpan.running.session import AdapterSession
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite

RULES = rulesets.load().select(None, None).as_sent()
A = "テスト用クリーチャーA"


def scenario(case_id: str) -> suite.Case:
    return next(case for case in suite.cases() if case.id == case_id)


@pytest.fixture
def session() -> Iterator[AdapterSession]:
    opened = AdapterSession(make_adapter("reference"), "reference")
    yield opened
    opened.stop()


def summoned(check: CheckForm) -> Case:
    """A case written in Python: 自分が《A》を召喚する, then ``check``."""
    state = {"cards": {"a": A}, "turn": {"number": 3, "active": "me", "step": "main"},
             "players": {"me": {"battle": [], "hand": ["a"]}, "opp": {"battle": []}}}
    return Case("py-summon", Setup(RULES, 0, state), (
        Step("前提", "自分の手札に《テスト用クリーチャーA》がある", 1, (NeedsCard(A),)),
        Step("もし", "自分が《テスト用クリーチャーA》を召喚する", 2, (Move({"type": "summon", "card": "a"}),)),
        Step("ならば", "…", 3, (Check(check),)),
    ))


def test_a_scenario_compiles_to_its_setup_moves_and_checks_without_an_engine() -> None:
    case = compile_case(scenario("basics-sick-001"), RULES)
    assert [(step.keyword, step.line) for step in case.steps] == [("前提", 10), ("かつ", 11), ("もし", 12),
                                                                  ("ならば", 13), ("かつ", 14)]
    assert case.steps[1].items == (NeedsCard(A),)
    assert case.steps[2].items == (Move({"type": "summon", "card": A}),)
    assert case.steps[3].items == (Check(ObjectField(A, "summoning_sick", ObjectTest.EQUALS, True,
                                                     observable="summoning_sick")),)
    assert case.setup.rules == RULES
    assert case.setup.state["players"]["me"]["hand"] == [A]
    assert case.needs.cards == (A,) and case.needs.observables == ("summoning_sick", "can_attack")


def test_the_steps_that_read_the_game_compile_without_one() -> None:
    # 次の自分のターンになる: two turns end, by the scenario's own count of whose turn it is
    case = compile_case(scenario("basics-sick-004"), RULES)
    assert [item.action["type"] for _, item in case.items() if isinstance(item, Move)] == ["summon", "end_turn",
                                                                                           "end_turn"]
    # …はアンタップされている: where the card is is decided when the check is judged
    case = compile_case(scenario("basics-sick-002"), RULES)
    assert Check(Tapped(A, False)) in [item for _, item in case.items()]


def test_a_step_that_cannot_compile_ends_the_case_there_as_an_error(session: AdapterSession) -> None:
    broken = scenario("basics-sick-001")
    steps = list(broken.steps)
    steps.insert(3, suite.Step("前提", "Context", "自分の手札に《テスト用クリーチャーB》がある", 99))  # after the move
    case = compile_case(dataclasses.replace(broken, steps=tuple(steps)), RULES)
    assert len(case.steps) == 4 and isinstance(case.steps[-1].items[-1], Fault)
    result = execute(case, session)
    assert (result.status, result.step) == (Status.ERROR, case.steps[-1])
    assert "after the game has started" in result.message


def test_a_step_no_definition_matches_is_the_error_pytest_bdd_gives() -> None:
    broken = scenario("basics-sick-001")
    case = compile_case(dataclasses.replace(broken, steps=(suite.Step("前提", "Context", "月が出ている", 5),)), RULES)
    fault = case.steps[0].items[0]
    assert isinstance(fault, Fault) and fault.status == Status.ERROR
    assert fault.message.startswith('StepDefinitionNotFoundError: Step definition is not found: Given "月が出ている". '
                                    "Line 5 in scenario")


def test_a_case_built_in_python_plays_and_fails_at_its_step(session: AdapterSession) -> None:
    present = InZone("me", "battle", "a", True)
    assert execute(summoned(present), session).status == Status.PASS
    failing = summoned(dataclasses.replace(present, zone="graveyard"))
    result = execute(failing, session)
    assert (result.status, result.step) == (Status.FAIL, failing.steps[2])
    assert "expected 《a》 in me's graveyard" in result.message
    assert [outcome.status for outcome in result.steps] == [None, None, Status.FAIL]


def test_the_board_after_each_step_can_be_read_step_by_step(session: AdapterSession) -> None:
    case = summoned(InZone("me", "battle", "a", True))
    execution = Execution(case, session)
    boards = {outcome.step.line: [card for obj in execution.game.observation()["players"]["me"]["battle"]
                                  for card in obj["cards"]] for outcome in execution if outcome.moves}
    assert boards == {2: ["a"]}  # after the move of line 2, the board it left
    assert execution.result is not None and execution.result.status == Status.PASS


def test_what_an_adapter_lacks_ends_the_case_as_the_pytest_path_says(session: AdapterSession) -> None:
    case = summoned(ObjectField("a", "power", ObjectTest.EQUALS, 1000, observable="power"))
    session.hello["capabilities"]["observables"].remove("power")
    result = execute(case, session)
    assert (result.status, result.message, result.step) == (Status.UNOBSERVABLE,
                                                            "the adapter does not report 'power'", case.steps[2])
    session.hello["capabilities"]["cards"].remove(A)
    assert execute(case, session).status == Status.UNSUPPORTED
    lacking = Case("py-mechanic", case.setup, case.steps, mechanics=("no-such-mechanic",))
    result = execute(lacking, session)  # in its first step, as under pytest-bdd (where that step makes the duel)
    assert (result.status, result.step, len(result.steps)) == (Status.UNSUPPORTED, case.steps[0], 1)
    assert result.message == "mechanic 'no-such-mechanic' is not implemented by the adapter"


@pytest.mark.parametrize("stepwise", [False, True], ids=["whole", "step-by-step"])
def test_an_engine_that_loops_is_stopped_by_the_time_limit(stepwise: bool) -> None:
    from tests.fake_adapters import LoopsOnEveryMove

    looping = AdapterSession(LoopsOnEveryMove(), "fake-loops")
    case = summoned(InZone("me", "battle", "a", True))
    execution = Execution(case, looping, time_limit=0.2)
    result = execution.run() if not stepwise else [*execution][-1] and execution.result
    assert result is not None and (result.status, result.step) == (Status.TIMEOUT, case.steps[1])
    assert "did not finish the scenario in time (0.2 s per scenario)" in result.message


def test_a_case_is_written_in_the_replayable_form() -> None:
    record = as_record(compile_case(scenario("basics-sick-002"), RULES))
    sent = [item["send"]["cmd"] for item in record["messages"] if "send" in item]
    assert sent == ["new_game", "setup", "act", "observe"]
    assert next(item for item in record["messages"] if "send" in item and item["send"]["cmd"] == "act")["expect"] \
        == ["ok", "rejected"]
    full = {"feature": "f", "line": 1, "name": "n", "topic": "t", "ruleset": "r", "applies": True, "tags": [],
            "rules": [], "sources": [], "steps": [], **record}
    assert problems("cases.json", full) == []

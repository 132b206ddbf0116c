"""Batches on the wire: an adapter whose handshake says ``capabilities.batch`` gets a case's requests on one line and
answers them line by line; one that does not (a protocol-3 adapter as it was) gets them one at a time. Both give
every case the status and message the in-process adapter gives, a fault in a batch is charged to the request it
answers, and the batch costs one round trip per case."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from shinpan.adapters.contract import (
    PROTOCOL_VERSION,
    ActRequest,
    HelloRequest,
    NewGameRequest,
    ObserveRequest,
    Response,
    SetupRequest,
)
from shinpan.adapters.errors import AdapterCrash, AdapterTimeout
from shinpan.adapters.reference import ReferenceSimulator
from shinpan.adapters.registry import make_adapter
from shinpan.adapters.server import answers
from shinpan.adapters.subprocess_adapter import SubprocessSimulator
from shinpan.running.cases import Case, applicability, compile_case, execute
from shinpan.running.session import AdapterSession
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite

FAKE = [sys.executable, "-m", "tests.fake_subprocess"]
HELLO: HelloRequest = {"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": "test", "changes": []}
NEW_GAME: NewGameRequest = {"cmd": "new_game", "rules": {"label": "2026-01-01", "changes": []}, "seed": 0}
EMPTY: SetupRequest = {"cmd": "setup", "state": {"turn": {"number": 1, "active": "me"}, "cards": {},
                                                 "players": {"me": {}, "opp": {}}}}
END_TURN: ActRequest = {"cmd": "act", "action": {"type": "end_turn"}, "choices": []}
OBSERVE: ObserveRequest = {"cmd": "observe"}


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    """Every scenario of the suite that applies today, compiled under today's rules."""
    changes = rulesets.load()
    today = changes.today()
    return [compile_case(scenario, today.as_sent()) for scenario in suite.cases()
            if applicability(scenario.values, today, changes) is None]


@pytest.fixture
def sessions() -> Iterator[list[AdapterSession]]:
    opened: list[AdapterSession] = []
    yield opened
    for session in opened:
        session.stop()


def played(session: AdapterSession, cases: list[Case]) -> dict[str, tuple[str, str]]:
    return {case.id: ((result := execute(case, session)).status.value, result.message) for case in cases}


def wire(sessions: list[AdapterSession], *argv: str, timeout: float = 5.0) -> tuple[AdapterSession,
                                                                                    SubprocessSimulator]:
    simulator = SubprocessSimulator([*FAKE, *argv], timeout=timeout)
    sessions.append(AdapterSession(simulator, " ".join(argv)))
    return sessions[-1], simulator


@pytest.mark.parametrize("engine", ["reference", "fake-always-wrong", "fake-supports-nothing"])
def test_an_adapter_with_and_without_batches_gives_every_case_the_in_process_verdict(
        engine: str, cases: list[Case], sessions: list[AdapterSession]) -> None:
    from tests import fake_adapters  # noqa: F401 - registers the in-process fakes

    in_process = played(AdapterSession(make_adapter(engine), engine), cases)
    old, one_by_one = wire(sessions, "serve", engine)
    new, batched = wire(sessions, "serve", engine, "--batch")
    assert not old.batches and new.batches
    assert played(old, cases) == in_process
    assert played(new, cases) == in_process
    statuses = {status for status, _ in in_process.values()}
    assert {"reference": statuses == {"PASS"}, "fake-always-wrong": "FAIL" in statuses,
            "fake-supports-nothing": statuses == {"UNSUPPORTED"}}[engine], statuses
    if engine == "reference":  # every case plays: one line each, where one at a time costs several
        assert batched.round_trips <= len(cases) + sum(
            1 for case in cases for _, item in case.items() if getattr(item, "attempt", False)) + 1
        assert one_by_one.round_trips > 3 * len(cases)


@pytest.mark.parametrize(("mode", "status", "said"), [
    ("crash-on-act", "CRASH", "exited (code 139) while the kit waited for its answer to act"),
    ("hang-on-act", "TIMEOUT", "did not answer act in time"),
    ("garbage", "ERROR", "answered observe with a line that is not JSON"),
])
def test_a_fault_in_a_batch_costs_the_case_as_it_would_one_at_a_time(
        mode: str, status: str, said: str, cases: list[Case], sessions: list[AdapterSession],
        tmp_path: Path) -> None:
    basics = [case for case in cases if case.id.startswith("basics-")]
    verdicts = []
    for batch in ((), ("--batch",)):
        once = tmp_path / f"once{len(batch)}"
        session, simulator = wire(sessions, mode, "--once", str(once), *batch, timeout=1.0)
        results = played(session, basics)
        verdicts.append(results)
        assert simulator.restarts == 1
    assert verdicts[0] == verdicts[1]
    bad = [(status_, message) for status_, message in verdicts[1].values() if status_ != "PASS"]
    assert len(bad) == 1 and bad[0][0] == status and said in bad[0][1], bad


def test_answers_in_a_batch_are_handed_out_request_by_request(sessions: list[AdapterSession]) -> None:
    simulator = SubprocessSimulator([*FAKE, "crash-on-act", "--batch"])
    sessions.append(AdapterSession(simulator, "crash-on-act"))
    simulator.plan_batch([NEW_GAME, EMPTY, END_TURN, OBSERVE])
    trips = simulator.round_trips
    assert simulator.new_game(NEW_GAME)["status"] == "ok"
    assert simulator.setup(EMPTY)["status"] == "ok"
    assert simulator.round_trips == trips + 1  # the batch brought both answers, and the crash met at the act
    with pytest.raises(AdapterCrash, match=r"exited .* while the kit waited for its answer to act"):
        simulator.act(END_TURN)
    simulator.plan_batch([NEW_GAME, EMPTY, OBSERVE])
    assert simulator.new_game(NEW_GAME)["status"] == "ok"  # a fresh child, greeted again, then the batch
    assert simulator.restarts == 1 and simulator.round_trips == trips + 3
    assert simulator.setup(EMPTY)["status"] == "ok"
    assert simulator.observe(OBSERVE)["observation"]["turn"]["active"] == "me"
    assert simulator.observe(OBSERVE)["status"] == "ok"  # past the plan: sent alone
    assert simulator.round_trips == trips + 4


def test_the_kit_goes_on_with_a_case_while_the_child_plays_the_rest_of_its_batch(
        sessions: list[AdapterSession], tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    simulator = SubprocessSimulator([*FAKE, "hang-on-act", "--batch", "--pids", str(pids)], timeout=1.0)
    sessions.append(AdapterSession(simulator, "hang-on-act"))
    simulator.plan_batch([NEW_GAME, EMPTY, END_TURN, OBSERVE])
    assert simulator.new_game(NEW_GAME)["status"] == "ok"
    assert simulator.setup(EMPTY)["status"] == "ok"
    (pid,) = (int(p) for p in pids.read_text(encoding="utf-8").split())
    os.kill(pid, 0)  # still playing: the hang at the act is not met until the act's answer is asked for
    with pytest.raises(AdapterTimeout, match="did not answer act in time"):
        simulator.act(END_TURN)
    assert simulator.restarts == 0
    simulator.plan_batch([NEW_GAME, EMPTY, OBSERVE])  # the next game on a fresh child
    assert simulator.new_game(NEW_GAME)["status"] == "ok" and simulator.restarts == 1


def test_answers_of_a_batch_nobody_asks_for_are_dropped_and_the_game_goes_on(sessions: list[AdapterSession]) -> None:
    simulator = SubprocessSimulator([*FAKE, "serve", "reference", "--batch"])
    sessions.append(AdapterSession(simulator, "reference"))
    simulator.plan_batch([NEW_GAME, EMPTY, OBSERVE])
    trips = simulator.round_trips
    assert simulator.new_game(NEW_GAME)["status"] == "ok"
    assert simulator.setup(EMPTY)["status"] == "ok"
    assert simulator.act(END_TURN)["status"] == "ok"  # not the observe planned: its answer is read and dropped
    assert simulator.observe(OBSERVE)["observation"]["turn"]["active"] == "opp"  # after the move, not before it
    assert simulator.round_trips == trips + 3 and simulator.restarts == 0


def game_under(label: str) -> list[Mapping[str, Any]]:
    """A game's requests under the rules ``label``: it starts, one move, one observation."""
    return [{**NEW_GAME, "rules": {"label": label, "changes": []}}, EMPTY, END_TURN, OBSERVE]


def test_games_planned_together_cost_one_round_trip_and_one_ended_early_drops_only_its_own_rest(
        sessions: list[AdapterSession]) -> None:
    simulator = SubprocessSimulator([*FAKE, "serve", "reference", "--batch"])
    sessions.append(AdapterSession(simulator, "reference"))
    first, second = game_under("2026-01-01"), game_under("2026-01-02")
    simulator.plan_batch([*first, *second])  # the matrix: a scenario under each state, planned at the first
    trips = simulator.round_trips
    simulator.plan_batch(first)  # the first game's own plan begins what is planned: nothing changes
    assert simulator.new_game(first[0])["status"] == "ok"  # type: ignore[arg-type]
    assert simulator.setup(EMPTY)["status"] == "ok"  # the game ends here, as when a check fails: no act, no observe
    simulator.plan_batch(second)
    assert simulator.new_game(second[0])["status"] == "ok"  # type: ignore[arg-type]
    assert simulator.setup(EMPTY)["status"] == "ok"
    assert simulator.act(END_TURN)["status"] == "ok"
    assert simulator.observe(OBSERVE)["observation"]["turn"]["active"] == "opp"  # its own answer, not the first's
    assert simulator.round_trips == trips + 1


def test_a_crash_in_one_of_games_planned_together_costs_that_game_and_counts_under_its_rules(
        sessions: list[AdapterSession]) -> None:
    simulator = SubprocessSimulator([*FAKE, "crash-under", "bad", "--batch"])
    sessions.append(AdapterSession(simulator, "crash-under bad"))
    games = [game_under("good"), game_under("bad"), game_under("good-again")]
    simulator.plan_batch([request for game in games for request in game])
    trips = simulator.round_trips
    for index, game in enumerate(games):
        new_game, setup, act, observe = game
        assert simulator.new_game(new_game)["status"] == "ok"  # type: ignore[arg-type]
        assert simulator.setup(setup)["status"] == "ok"  # type: ignore[arg-type]
        if index == 1:
            with pytest.raises(AdapterCrash, match="while the kit waited for its answer to act"):
                simulator.act(act)  # type: ignore[arg-type]
            continue
        assert simulator.act(act)["status"] == "ok"  # type: ignore[arg-type]
        assert simulator.observe(observe)["status"] == "ok"  # type: ignore[arg-type]
    assert simulator.restarts_under == {"bad": 1}  # not the state the batch began with
    assert simulator.round_trips == trips + 3  # the batch; then a fresh child's handshake, and the rest in one


class RejectsEveryMove(ReferenceSimulator):
    def act(self, request: ActRequest) -> Response:
        return {"status": "rejected", "message": "not now"}


def test_the_server_plays_a_batch_until_an_answer_neither_ok_nor_rejected() -> None:
    simulator = RejectsEveryMove()
    (hello,) = answers(simulator, json.dumps(HELLO))
    assert hello["capabilities"]["batch"] is True
    batch = {"cmd": "batch", "requests": [NEW_GAME, EMPTY, END_TURN, OBSERVE, END_TURN, OBSERVE]}
    assert [a["status"] for a in answers(simulator, json.dumps(batch))] == ["ok", "ok", "rejected", "ok",
                                                                            "rejected", "ok"]
    batch = {"cmd": "batch", "requests": [NEW_GAME, OBSERVE, EMPTY]}  # observed before the setup: an error ends it
    assert [a["status"] for a in answers(simulator, json.dumps(batch))] == ["ok", "error"]
    for wrong in ('{"cmd": "batch", "requests": [{"cmd": "hello"}]}', '{"cmd": "batch", "requests": []}'):
        assert [a["status"] for a in answers(simulator, wrong)] == ["error"]


def test_an_exploration_through_either_form_runs_the_same_examples() -> None:
    from shinpan.explore import Settings, explore

    today = rulesets.load().today()
    runs = [explore(Settings(f"cmd:{' '.join(FAKE)} serve reference{form}", (today,), examples=60,
                             only=("differential", "one-place"))) for form in ("", " --batch")]
    assert [(r.oracle, r.examples, r.skipped, r.findings) for r in runs[0].results] == [
        (r.oracle, r.examples, r.skipped, r.findings) for r in runs[1].results]
    assert runs[0].examples >= 120 and not runs[0].findings


def test_the_self_test_plays_a_batch_where_the_adapter_declares_it() -> None:
    from shinpan.running import smoke

    served, _ = smoke.run(f"cmd:{sys.executable} -m shinpan serve-reference")
    assert (served[-1].name, served[-1].verdict) == ("batch", "ok") and "in 1 round trip" in served[-1].detail
    old, diagnosis = smoke.run(f"cmd:{' '.join(FAKE)} serve reference")
    assert (old[-1].name, old[-1].verdict) == ("batch", "ok") and "not declared" in old[-1].detail
    assert diagnosis.startswith("ADAPTER OK: handshake")

"""Protocol 3: a choice the script lacks is answered as data (choice_needed), the game left as it was; the
handshake names an old protocol first; the contract's four settled points."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from shinpan.adapters import schemas
from shinpan.adapters.contract import PROTOCOL_VERSION, Choice, HelloRequest, HelloResponse, Response
from shinpan.adapters.errors import AdapterError, ScriptMismatchError
from shinpan.adapters.reference import ReferenceSimulator
from shinpan.adapters.subprocess_adapter import SubprocessSimulator
from shinpan.running.session import AdapterSession

AFTER_403_4A = {"label": "2021-03-16", "changes": ["2021-03-16"]}
"""From 2021-03-16 the order of cards put under is the player's choice (403.4a)."""

UNDER: dict[str, Any] = {
    "cards": {"A": "テスト用クリーチャーA", "B": "テスト用クリーチャーB", "C": "テスト用クリーチャーA"},
    "turn": {"number": 3, "active": "me"},
    "players": {"me": {"hand": ["B", "C"], "battle": [{"cards": ["A"]}]}, "opp": {}},
}
PUT_UNDER = {"type": "put_under", "target": "A", "cards": ["B", "C"]}

TWO_WATCHERS: dict[str, Any] = {
    "cards": {"X": "テスト用他破壊時ドロー", "Y": "テスト用パワー参照", "Z": "テスト用クリーチャーB",
              "D": "テスト用クリーチャーA", "O1": "テスト用クリーチャーA", "O2": "テスト用クリーチャーA"},
    "turn": {"number": 3, "active": "me"},
    "players": {"me": {"deck": ["D"], "battle": [{"cards": ["X"]}, {"cards": ["Y"]}, {"cards": ["Z"]}]},
                "opp": {"battle": [{"cards": ["O1"]}, {"cards": ["O2"]}]}},
}
"""Z's destruction makes X (draw) and Y (destroy an opponent's creature, choice ``target``) wait."""


def _game(state: dict[str, Any], rules: dict[str, Any] | None = None) -> ReferenceSimulator:
    sim = ReferenceSimulator()
    sim.hello({"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": "test", "changes": []})
    sim.new_game({"cmd": "new_game", "rules": rules or {"label": "today", "changes": []}, "seed": 7})  # type: ignore[typeddict-item]
    assert sim.setup({"cmd": "setup", "state": state}) == {"status": "ok"}
    return sim


def _board(sim: ReferenceSimulator) -> dict[str, Any]:
    observation = sim.observe({"cmd": "observe"})["observation"]
    return {key: value for key, value in observation.items() if key != "events"}


def test_a_missing_choice_is_asked_as_data_and_answering_it_does_the_move() -> None:
    sim = _game(UNDER, AFTER_403_4A)
    before = _board(sim)
    asked = sim.act({"cmd": "act", "action": PUT_UNDER, "choices": []})
    assert asked["status"] == "choice_needed"
    assert asked["choice"] == {"kind": "order_under", "player": "me", "options": ["B", "C"], "fewest": 0, "most": 2,
                               "ordered": True}
    assert schemas.problems("response", asked) == []
    assert _board(sim) == before
    answer: list[Choice] = [{"player": "me", "kind": "order_under", "picks": ["C", "B"]}]
    assert sim.act({"cmd": "act", "action": PUT_UNDER, "choices": answer}) == {"status": "ok"}
    assert _board(sim)["players"]["me"]["battle"][0]["cards"] == ["A", "C", "B"]


def test_a_move_that_asks_half_way_leaves_the_game_as_it_was_before_it() -> None:
    sim = _game(TWO_WATCHERS)
    assert sim.act({"cmd": "act", "action": {"type": "destroy", "cards": ["Z"]}, "choices": []})["status"] == "ok"
    before = _board(sim)
    order: list[Choice] = [{"player": "me", "kind": "order", "picks": ["X"]}]
    asked = sim.act({"cmd": "act", "action": {"type": "resolve"}, "choices": order})
    # X resolved (a draw) before Y asked its target: the draw is undone with the rest of the move
    assert asked["status"] == "choice_needed" and asked["choice"]["kind"] == "target"
    assert asked["choice"]["options"] == ["O1", "O2"]
    assert _board(sim) == before and before["players"]["me"]["deck"] == ["D"]
    events = sim.observe({"cmd": "observe"})["observation"]["events"]
    assert events == []  # the destroy's events were observed once, and nothing new happened


def test_the_session_scores_a_question_as_a_script_mismatch_that_says_what_was_asked() -> None:
    sim = ReferenceSimulator()
    session = AdapterSession(sim, "reference", validate=True)
    session.new_game(AFTER_403_4A, 1)  # type: ignore[arg-type]
    session.setup(UNDER)
    with pytest.raises(ScriptMismatchError, match=r"act put_under: the engine asks me for a choice of kind "
                                                  r"'order_under' among \[B, C\], which the scenario does not script"):
        session.act(PUT_UNDER, [])
    with pytest.raises(ScriptMismatchError) as raised:
        session.act(PUT_UNDER, [])
    assert raised.value.choice is not None and raised.value.choice["options"] == ["B", "C"]  # the question as data


def test_a_question_crosses_the_wire_and_validates() -> None:
    sim = SubprocessSimulator([sys.executable, "-m", "shinpan", "serve-reference"], validate=True)
    try:
        session = AdapterSession(sim, "serve", validate=True)
        session.new_game(AFTER_403_4A, 1)  # type: ignore[arg-type]
        session.setup(UNDER)
        with pytest.raises(ScriptMismatchError, match="order_under"):
            session.act(PUT_UNDER, [])
        assert session.act(PUT_UNDER, [{"player": "me", "kind": "order_under", "picks": ["B", "C"]}]) is None
    finally:
        sim.stop({"cmd": "stop"})


class ProtocolOne(ReferenceSimulator):
    """An adapter of protocol 1, whose hello had no ``capabilities.observables`` yet."""

    def hello(self, request: HelloRequest) -> HelloResponse:
        response = super().hello(request)
        response["protocol"] = 1
        del response["capabilities"]["observables"]  # type: ignore[misc]
        return response


def test_an_adapter_of_an_older_protocol_is_told_so_first() -> None:
    with pytest.raises(AdapterError) as raised:
        AdapterSession(ProtocolOne(), "old")
    assert str(raised.value).startswith(f"adapter 'old' speaks protocol 1, the kit speaks {PROTOCOL_VERSION}: ")
    assert "observables" not in str(raised.value)


# ------------------------------------------------------------------ the contract's settled points
def _act(sim: ReferenceSimulator, action: dict[str, Any]) -> Response:
    return sim.act({"cmd": "act", "action": action, "choices": []})


def test_ending_the_turn_while_abilities_wait_is_rejected_and_changes_nothing() -> None:
    sim = _game(TWO_WATCHERS)
    _act(sim, {"type": "destroy", "cards": ["Z"]})
    before = _board(sim)
    assert before["waiting"]
    assert _act(sim, {"type": "end_turn"})["status"] == "rejected"
    assert _board(sim) == before


def test_a_second_attack_while_one_is_under_way_is_rejected() -> None:
    state = {"cards": {"A": "テスト用クリーチャーA", "B": "テスト用クリーチャーB"}, "turn": {"number": 3, "active": "me"},
             "players": {"me": {"battle": [{"cards": ["A"]}, {"cards": ["B"]}]}, "opp": {}}}
    sim = _game(state)
    assert _act(sim, {"type": "attack", "attacker": "A", "target": {"player": "opp"}})["status"] == "ok"
    before = _board(sim)
    assert _act(sim, {"type": "attack", "attacker": "B", "target": {"player": "opp"}})["status"] == "rejected"
    assert _board(sim) == before


@pytest.mark.parametrize(("zone", "position"), [("hand", "top"), ("graveyard", "top"), ("deck", "bottom")])
def test_a_move_into_the_zone_the_card_is_in_is_rejected_with_no_event(zone: str, position: str) -> None:
    state = {"cards": {"A": "テスト用クリーチャーA", "B": "テスト用クリーチャーB"}, "turn": {"number": 3, "active": "me"},
             "players": {"me": {zone: ["A", "B"]}, "opp": {}}}
    sim = _game(state)
    before = _board(sim)
    answer = _act(sim, {"type": "move", "card": "A", "to": zone, "position": position})
    assert answer["status"] == "rejected" and "already in" in answer.get("message", "")
    assert _board(sim) == before
    assert sim.observe({"cmd": "observe"})["observation"]["events"] == []


def test_summoning_sickness_is_reported_for_the_turn_players_objects_only() -> None:
    state = {"cards": {"A": "テスト用クリーチャーA", "B": "テスト用クリーチャーB"}, "turn": {"number": 3, "active": "me"},
             "players": {"me": {"battle": [{"cards": ["A"], "arrived_this_turn": ["A"]}]},
                         "opp": {"battle": [{"cards": ["B"], "arrived_this_turn": ["B"]}]}}}
    players = _board(_game(state))["players"]
    assert players["me"]["battle"][0]["summoning_sick"] is True
    assert "summoning_sick" not in players["opp"]["battle"][0]
    assert players["opp"]["battle"][0]["can_attack"] is False


# ------------------------------------------------------------------ setup: abilities already waiting (protocol 3)
def _waiting(card: str, ability: int = 0) -> dict[str, Any]:
    return {"cards": {"W": card, "D": "テスト用クリーチャーA"}, "turn": {"number": 3, "active": "me"},
            "players": {"me": {"deck": ["D"], "battle": [{"cards": ["W"]}]}, "opp": {}},
            "waiting": [{"card": "W", "ability": ability}]}


def test_a_setup_may_start_with_an_ability_waiting_and_it_resolves() -> None:
    sim = _game(_waiting("テスト用破壊時ドロー"))  # 「…破壊された時、カードを1枚引く」, waiting with no trigger
    assert _board(sim)["waiting"] == [{"card": "W", "ability": 0}]
    assert _act(sim, {"type": "resolve"})["status"] == "ok"
    board = _board(sim)
    assert board["waiting"] == [] and board["players"]["me"]["hand"] == ["D"]


def test_a_waiting_ability_that_reads_its_trigger_or_is_none_cannot_be_set_up() -> None:
    sim = ReferenceSimulator()
    sim.hello({"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": "test", "changes": []})
    sim.new_game({"cmd": "new_game", "rules": {"label": "today", "changes": []}, "seed": 7})
    tracker = sim.setup({"cmd": "setup", "state": _waiting("テスト用離脱追跡")})  # 「そのカードを…」: reads its trigger
    assert tracker["status"] == "unsupported" and "reads the card that triggered it" in tracker.get("message", "")
    vanilla = sim.setup({"cmd": "setup", "state": _waiting("テスト用クリーチャーA")})
    assert vanilla["status"] == "error" and "not a triggered ability" in vanilla.get("message", "")
    assert schemas.problems("setup_request", {"cmd": "setup", "state": _waiting("テスト用破壊時ドロー", 1)}) == []

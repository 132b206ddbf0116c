"""A hypothesis state machine over the contract: random setups and moves through the adapter.

Whatever the engine, these must hold after every move: every card is in exactly one place, piles
are well formed, and each observation validates against the schema.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from shinpan.adapters import schemas
from shinpan.adapters.contract import Simulator
from shinpan.adapters.registry import make_adapter

CREATURES = ["テスト用クリーチャーA", "テスト用クリーチャーB", "テスト用スピードアタッカー"]
ZONES = ["deck", "hand", "mana", "shields", "graveyard", "hyperspatial"]


@st.composite
def setups(draw: st.DrawFn) -> dict[str, Any]:
    cards: dict[str, str] = {}
    players: dict[str, dict[str, Any]] = {"me": {"battle": []}, "opp": {"battle": []}}
    for index in range(draw(st.integers(min_value=1, max_value=10))):
        label = f"c{index}"
        name = draw(st.sampled_from([*CREATURES, "テスト用呪文"]))
        cards[label] = name
        side = draw(st.sampled_from(["me", "opp"]))
        zone = draw(st.sampled_from(ZONES + (["battle"] if name != "テスト用呪文" else [])))
        if zone == "battle":
            players[side]["battle"].append({"cards": [label], "tapped": draw(st.booleans()),
                                            "arrived_this_turn": [label] if draw(st.booleans()) else []})
        else:
            players[side].setdefault(zone, []).append(label)
    turn = {"number": draw(st.integers(min_value=1, max_value=8)), "active": draw(st.sampled_from(["me", "opp"]))}
    return {"cards": cards, "turn": turn, "players": players}


class ContractMachine(RuleBasedStateMachine):
    """Random moves through the adapter named by the test (the reference adapter by default)."""

    adapter_name = "reference"

    def __init__(self) -> None:
        super().__init__()
        self.adapter: Simulator = make_adapter(self.adapter_name)
        self.adapter.hello({"cmd": "hello", "protocol": 3, "kit_version": "test", "changes": []})
        self.labels: list[str] = []

    @initialize(state=setups(), seed=st.integers(min_value=0, max_value=2**16))
    def start(self, state: dict[str, Any], seed: int) -> None:
        assert self.adapter.new_game({"cmd": "new_game", "rules": {"label": "2026-01-01", "changes": []}, "seed": seed})["status"] == "ok"
        answer = self.adapter.setup({"cmd": "setup", "state": state})
        assert answer["status"] == "ok", answer
        self.labels = sorted(state["cards"])

    def act(self, action: dict[str, Any]) -> None:
        request = {"cmd": "act", "action": action, "choices": []}
        assert schemas.problems("act_request", request) == []
        answer = self.adapter.act(request)  # type: ignore[arg-type]
        assert answer["status"] in ("ok", "rejected"), (action, answer)

    @rule(data=st.data())
    def summon(self, data: st.DataObject) -> None:
        self.act({"type": "summon", "card": data.draw(st.sampled_from(self.labels))})

    @rule(data=st.data())
    def destroy(self, data: st.DataObject) -> None:
        battle = self.battle_labels()
        if battle:
            picked = data.draw(st.lists(st.sampled_from(battle), min_size=1, max_size=3, unique=True))
            self.act({"type": "destroy", "cards": picked})

    @rule(data=st.data(), zone=st.sampled_from(ZONES))
    def move(self, data: st.DataObject, zone: str) -> None:
        self.act({"type": "move", "card": data.draw(st.sampled_from(self.labels)), "to": zone})

    @rule(data=st.data())
    def put_into_battle(self, data: st.DataObject) -> None:
        self.act({"type": "put_into_battle", "card": data.draw(st.sampled_from(self.labels))})

    @rule(data=st.data(), verb=st.sampled_from(["tap", "untap"]))
    def tap(self, data: st.DataObject, verb: str) -> None:
        self.act({"type": verb, "card": data.draw(st.sampled_from(self.labels))})

    @rule(data=st.data(), aim=st.sampled_from(["me", "opp"]))
    def attack(self, data: st.DataObject, aim: str) -> None:
        self.act({"type": "attack", "attacker": data.draw(st.sampled_from(self.labels)), "target": {"player": aim}})

    @rule()
    def end_turn(self) -> None:
        self.act({"type": "end_turn"})

    @rule(player=st.sampled_from(["me", "opp"]), count=st.integers(min_value=1, max_value=3))
    def draw_cards(self, player: str, count: int) -> None:
        self.act({"type": "draw", "player": player, "count": count})

    @rule(data=st.data())
    def charge(self, data: st.DataObject) -> None:
        self.act({"type": "charge_mana", "card": data.draw(st.sampled_from(self.labels))})

    def observation(self) -> dict[str, Any]:
        answer = self.adapter.observe({"cmd": "observe"})
        assert schemas.problems("observe_response", answer) == [], answer
        observation: dict[str, Any] = answer["observation"]
        return observation

    def battle_labels(self) -> list[str]:
        return [label for view in self.observation()["players"].values() for obj in view["battle"]
                for label in obj["cards"]]

    @invariant()
    def every_card_is_in_exactly_one_place(self) -> None:
        if not self.labels:
            return
        places: Counter[str] = Counter()
        for view in self.observation()["players"].values():
            for zone in ZONES:
                places.update(view[zone])
            for obj in view["battle"]:
                assert obj["cards"], "an object with no cards"
                assert len(set(obj["cards"])) == len(obj["cards"]), "a card twice in one pile"
                places.update(obj["cards"])
            assert set(view.get("tapped_mana", [])) <= set(view["mana"])
        assert sorted(places.elements()) == self.labels


def test_contract_invariants_hold_for_the_selected_adapter(pytestconfig: pytest.Config) -> None:
    """Runs against ``--adapter`` (the reference adapter by default)."""

    class Machine(ContractMachine):
        adapter_name = pytestconfig.getoption("adapter")

    run_state_machine_as_test(Machine)

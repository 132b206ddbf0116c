"""Generated cases (生成された事例): the kit's compiled case (:mod:`shinpan.running.cases`), built from a board and
moves.

A generated case is made move by move while it runs (each move is drawn from the board the previous one left); once
found, it is a :class:`shinpan.running.cases.Case` like any compiled scenario — a setup, then one step per move, then a
step with the checks its scenario makes — so the executor can play it again and the printer can print it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from shinpan.running.cases import Case, Check, Move, Setup, Step, as_record
from shinpan.running.checks import CheckForm

GENERATED = "generated"
"""The id of a generated case (a printed one gets its own, from its digest)."""


def generated(setup: Setup, moves: Sequence[Move], checks: Sequence[CheckForm] = ()) -> Case:
    """The case of ``setup`` and ``moves``, each its own step, and a last step making ``checks``."""
    steps = [Step("もし", "", 0, (move,)) for move in moves]
    if checks:
        steps.append(Step("ならば", "", 0, tuple(Check(check) for check in checks)))
    return Case(GENERATED, setup, tuple(steps))


def moves_of(case: Case) -> tuple[Move, ...]:
    """The moves of a case, in order."""
    return tuple(item for _, item in case.items() if isinstance(item, Move))


def checks_of(case: Case) -> tuple[CheckForm, ...]:
    """The checks of a case, in order."""
    return tuple(item.check for _, item in case.items() if isinstance(item, Check))


def names(case: Case) -> Mapping[str, str]:
    """Each card label of a case and its card's name."""
    found: Mapping[str, str] = case.setup.state["cards"]
    return found


def owners(state: Mapping[str, Any]) -> dict[str, str]:
    """Each card of a starting state and its owner (the player in whose zones the setup puts it)."""
    found: dict[str, str] = {}
    for player, view in state["players"].items():
        for zone, cards in view.items():
            if zone == "battle":
                for entry in cards:
                    for card in entry["cards"]:
                        found[card] = player
            elif zone != "tapped_mana":
                for card in cards:
                    found[card] = player
    return found


def as_json(case: Case) -> dict[str, Any]:
    """A generated case as JSON: its rules and seed, its starting state, its moves and checks, and the messages the
    executor sends (``adapters/schema/cases.json``)."""
    return {"rules": dict(case.setup.rules), "seed": case.setup.seed, "setup": case.setup.state,
            "moves": [{"action": dict(m.action), "choices": [dict(c) for c in m.choices]} for m in moves_of(case)],
            "checks": [c.to_json() for c in checks_of(case)], "messages": as_record(case)["messages"]}

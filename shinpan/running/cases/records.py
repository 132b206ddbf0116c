"""A case in the replayable form of ``adapters/schema/cases.json`` (``shinpan dump-cases --messages``): the contract
messages it sends, in order, with the checks to judge, so that an author can replay the suite in any language.

The messages are what the executor sends: per step a ``{"step", "line"}`` marker; ``new_game`` and ``setup``
before the first move or check of an observation; each move's ``act`` with the answers it may get (``["ok"]``, or
``["ok", "rejected"]`` for an attempt); an ``observe`` before the first check after a move that needs an
observation; each check. ``capabilities`` is what the adapter's ``hello`` must declare for the case.
"""

from __future__ import annotations

from typing import Any

from shinpan.adapters.contract import PROTOCOL_VERSION
from shinpan.running.cases.model import Case, Check, Move, Setup

Message = dict[str, Any]


def messages(case: Case) -> list[Message]:
    """The case's messages and checks, in the order the executor sends and judges them."""
    found: list[Message] = []
    started = observed = False

    def start(setup: Setup) -> None:
        nonlocal started
        if not started:
            started = True
            found.append({"send": {"cmd": "new_game", "rules": setup.rules, "seed": setup.seed}, "expect": ["ok"]})
            found.append({"send": setup.request(), "expect": ["ok"]})

    for step in case.steps:
        found.append({"step": step.describe(), "line": step.line})
        for item in step.items:
            if isinstance(item, Move):
                start(case.setup)
                found.append({"send": item.request(), "expect": ["ok", "rejected"] if item.attempt else ["ok"]})
                observed = False
            elif isinstance(item, Check):
                if item.needs_observation:
                    start(case.setup)
                    if not observed:
                        found.append({"send": {"cmd": "observe"}, "expect": ["ok"]})
                        observed = True
                found.append({"check": item.check.to_json()})
    return found


def as_record(case: Case) -> dict[str, Any]:
    """The case's part of a ``cases.json`` record: its id, the protocol, the capabilities it needs and its messages
    (the scenario's own fields — feature, line, tags… — are the suite's: ``shinpan dump-cases`` adds them)."""
    needs = case.needs
    return {"id": case.id, "protocol": PROTOCOL_VERSION,
            "capabilities": {"cards": sorted(needs.cards), "mechanics": list(needs.mechanics),
                             "observables": sorted(needs.observables), "changes": list(needs.changes)},
            "messages": messages(case)}

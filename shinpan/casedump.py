"""Replayable cases (``shinpan dump-cases --messages``): each scenario as the contract messages it sends and
the checks it makes, so that an author can replay the suite in any language, without our runner.

The messages are recorded from a run of the suite on the reference engine (the kit's steps build them), one
JSON object per scenario; ``adapters/schema/cases.json`` is the format and docs/adapters.md §8 the walk-through.
A case's ``messages`` are, in order:

- ``{"step": "もし 自分が《A》を召喚する", "line": 12}`` — the Gherkin step the messages after it come from;
- ``{"send": REQUEST, "expect": ["ok"]}`` — send the request; the answer's status must be one of ``expect``
  (``["ok", "rejected"]`` for a move the scenario only tries: a later ``rejected`` check decides);
  ``unsupported`` makes the case UNSUPPORTED, ``script_mismatch`` and ``choice_needed`` SCRIPT_MISMATCH, anything
  else FAIL;
- ``{"check": CHECK}`` — judge the check (:mod:`shinpan.checks`) against the latest observation (the answer to
  the latest ``observe``) or, for ``rejected``, against the latest move.

``capabilities`` lists what the adapter must declare in its handshake for the case to apply (cards, mechanics,
observables, as in ``hello``'s capabilities); a case whose ``ruleset``, card or mechanic the adapter lacks is
UNSUPPORTED, one whose observable it lacks UNOBSERVABLE.
A step that reads the game to decide what to send (次の…のターンになる ends turns until that player's turn)
is recorded as it went on the reference engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

Line = Mapping[str, Any]


def case_record(lines: Iterable[Line]) -> dict[str, Any]:
    """A scenario's transcript (see :mod:`shinpan.trace`) as its replayable messages and requirements."""
    messages: list[dict[str, Any]] = []
    cards: set[str] = set()
    observables: set[str] = set()
    attempt = False
    status = "ERROR"
    for line in lines:
        kind = line["kind"]
        if kind == "step":
            messages.append({"step": f"{line['keyword']} {line['text']}", "line": line["line"]})
        elif kind == "act":
            attempt = bool(line["attempt"])
        elif kind == "check":
            messages.append({"check": line["check"]})
            observables.update(_observables(line["check"]))
        elif kind == "end":
            status = str(line["status"])
        elif kind == "exchange" and line["request"]["cmd"] not in ("hello", "stop"):
            request = line["request"]
            if request["cmd"] == "setup":
                cards.update(request["state"]["cards"].values())
            expect = ["ok", "rejected"] if request["cmd"] == "act" and attempt else ["ok"]
            messages.append({"send": request, "expect": expect})
    return {"reference_status": status, "capabilities": {"cards": sorted(cards), "observables": sorted(observables)},
            "messages": messages}


def _observables(check: Mapping[str, Any]) -> set[str]:
    found = {check["observable"]} if "observable" in check else set()
    parts = check.get("of")
    for part in parts if isinstance(parts, list) else [parts] if isinstance(parts, dict) else []:
        found |= _observables(part)
    return found

"""A script: what a scenario sends an adapter and what it checks — the starting state, then moves (each with its
scripted choices) and checks in order. It is the part of a compiled case the printer prints; it is read from the
cases.json form (``shinpan dump-cases --messages``: ``send`` and ``check`` items) or built directly.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from shinpan.errors import RenderError
from shinpan.steps.printer import canonical

Check = Mapping[str, Any]


@dataclass(frozen=True)
class Move:
    """A move (an ``act`` request's ``action``) with the choices scripted for it; ``attempt``: the rules may reject
    it (the scenario only tries it, 〜しようとする, and a later check says whether it was rejected)."""

    action: Mapping[str, Any]
    choices: tuple[Mapping[str, Any], ...] = ()
    attempt: bool = False


Step = Move | Check
"""A move, or a check (a dict of :mod:`shinpan.checks`)."""


@dataclass(frozen=True)
class Script:
    """The starting state (``setup``'s ``state``) and the moves and checks after it, in order."""

    setup: Mapping[str, Any]
    steps: tuple[Step, ...]

    @classmethod
    def from_messages(cls, messages: Iterable[Mapping[str, Any]]) -> Script:
        """The script of a case's ``messages`` in the cases.json form: its ``setup`` request, its ``act`` requests
        (``expect`` holding ``rejected`` marks an attempt) and its checks; ``new_game``, ``observe`` and step
        headings are not part of it."""
        setup: Mapping[str, Any] | None = None
        steps: list[Step] = []
        for item in messages:
            request = item.get("send")
            if request is not None and request["cmd"] == "setup":
                setup = request["state"]
            elif request is not None and request["cmd"] == "act":
                steps.append(Move(request["action"], tuple(request.get("choices", [])),
                                  "rejected" in item.get("expect", [])))
            elif "check" in item:
                steps.append(item["check"])
        if setup is None:
            raise RenderError("the case sends no setup: there is no starting state to print")
        return cls(setup, tuple(steps))

    def canonical(self) -> dict[str, Any]:
        """The script as plain JSON data in the canonical form (:mod:`shinpan.steps.printer.canonical`): two
        scripts that say the same to an adapter have equal canonical forms."""
        return {"setup": canonical.setup(self.setup), "steps": [_canonical_step(step) for step in self.steps]}

    def digest(self) -> str:
        """A hex digest of the canonical form: the same for the same script, whatever the order of keys."""
        text = json.dumps(self.canonical(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _canonical_step(step: Step) -> dict[str, Any]:
    if isinstance(step, Move):
        return {"move": canonical.action(step.action), "choices": [dict(c) for c in step.choices],
                "attempt": step.attempt}
    return {"check": dict(step)}

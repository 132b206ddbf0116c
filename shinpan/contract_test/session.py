"""One conversation with the adapter under test (検査の対話): every request and answer, checked as they come.

A probe talks through :class:`Session`: ``game`` starts a game and builds a board, ``act`` makes a move,
``observe`` looks. Each answer is checked against the schemas on the way (an invalid one breaks C-8.1 whatever
the probe), the last exchange is kept for the report, and ``expect`` ends the probe with the rule it checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from shinpan.adapters import schemas
from shinpan.adapters.contract import Simulator
from shinpan.suite import rulesets

ANSWERS = {"hello": "hello_response", "new_game": "response", "setup": "response", "act": "response",
           "observe": "observe_response", "stop": "response"}
"""The schema definition each request's answer must be valid by."""


class Broken(Exception):
    """A rule the adapter broke: which, and what the rule wants."""

    def __init__(self, rule: str, wants: str) -> None:
        super().__init__(wants)
        self.rule = rule
        self.wants = wants


class Skip(Exception):
    """The adapter declared it lacks what the probe needs (it answered ``unsupported``): nothing to judge."""


@dataclass
class Session:
    """The adapter under test, the rules its probes play, and the last exchange."""

    simulator: Simulator
    changes: rulesets.Changes
    rules: rulesets.RulesState
    hello: dict[str, Any] = field(default_factory=dict)
    rule: str = "C-8.1"
    """The rule the running probe checks: what :meth:`expect` breaks."""
    last: tuple[dict[str, Any], Any] | None = None

    @property
    def caps(self) -> Mapping[str, Any]:
        """The capabilities the handshake declared."""
        capabilities: Mapping[str, Any] = self.hello.get("capabilities", {})
        return capabilities

    def declares(self, what: str, names: Iterable[str]) -> bool:
        """Whether every one of ``names`` is among the declared ``what`` (cards, mechanics, observables)."""
        return set(names) <= set(self.caps.get(what, ()))

    def observes(self, name: str) -> bool:
        """Whether the adapter declares the observation field ``name``."""
        return name in self.caps.get("observables", ())

    def send(self, request: dict[str, Any]) -> dict[str, Any]:
        """One exchange; an answer that is not a valid answer to the request breaks C-8.1."""
        cmd = request["cmd"]
        call: Callable[[Any], Any] = getattr(self.simulator, cmd)
        self.last = (request, None)
        try:
            answer = call(request)
        except Exception as error:  # a crash, a hang, garbage: the exchange broke
            self.last = (request, f"{type(error).__name__}: {error}")
            raise Broken("C-8.1", "one answer, a JSON object valid as the answer to this request") from None
        self.last = (request, answer)
        if not isinstance(answer, Mapping):
            raise Broken("C-8.1", "an answer that is a JSON object")
        definition = "response" if cmd == "hello" and answer.get("status") == "error" else ANSWERS[cmd]
        problems = schemas.problems(definition, answer)
        if problems and cmd == "hello" and all(p.startswith("capabilities/mechanics/") for p in problems):
            raise Broken("C-1.4", "mechanics of the vocabulary (`shinpan vocabulary`): " + "; ".join(problems))
        if problems:
            raise Broken("C-8.1", f"an answer valid by messages.json#/$defs/{definition}: " + "; ".join(problems))
        return dict(answer)

    def expect(self, holds: bool, wants: str) -> None:
        """End the probe, breaking its rule, unless ``holds``."""
        if not holds:
            raise Broken(self.rule, wants)

    def new_game(self, rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """``new_game`` under the session's rules (or ``rules``)."""
        return self.send({"cmd": "new_game", "rules": dict(rules or self.rules.as_sent()), "seed": 0})

    def game(self, cards: Mapping[str, str], me: Mapping[str, Any] | None = None,
             opp: Mapping[str, Any] | None = None, **more: Any) -> None:
        """A new game set up with ``cards`` placed as ``me`` and ``opp`` say, on turn 3 of 'me' (``more``: other
        fields of the setup, such as ``turn`` or ``waiting``). A refused game breaks C-2.3; a setup the adapter
        cannot build skips the probe; one it answers otherwise than ok breaks C-3.1."""
        started = self.new_game()
        if started["status"] != "ok":
            raise Broken("C-2.3", f"ok to new_game under {self.rules.label}, a state the adapter declares it plays")
        state = {"cards": dict(cards), "turn": {"number": 3, "active": "me", "step": "main"},
                 "players": {"me": dict(me or {}), "opp": dict(opp or {})}, **more}
        built = self.send({"cmd": "setup", "state": state})
        if built["status"] == "unsupported":
            raise Skip(f"setup: unsupported: {built.get('message', '')}")
        if built["status"] != "ok":
            raise Broken("C-3.1", "ok to a valid setup (or unsupported, with a message)")

    def act(self, action: Mapping[str, Any], choices: Iterable[Mapping[str, Any]] = (), *,
            unsupported_skips: bool = True) -> dict[str, Any]:
        """One move; an ``unsupported`` answer skips the probe unless ``unsupported_skips`` is false."""
        answer = self.send({"cmd": "act", "action": dict(action), "choices": [dict(c) for c in choices]})
        if unsupported_skips and answer["status"] == "unsupported":
            raise Skip(f"{action['type']}: unsupported: {answer.get('message', '')}")
        return answer

    def observe(self) -> dict[str, Any]:
        """The observation; anything but ``ok`` with one breaks C-5.1."""
        answer = self.send({"cmd": "observe"})
        if answer["status"] != "ok":
            raise Broken("C-5.1", "ok to observe, with the observation")
        observation: dict[str, Any] = answer["observation"]
        return observation


def place(observation: Mapping[str, Any], label: str) -> list[str]:
    """Every place ``label`` is listed in (``me:hand``, ``opp:battle``, …)."""
    found = []
    for player, view in observation["players"].items():
        for zone, content in view.items():
            if zone == "battle":
                found += [f"{player}:battle" for obj in content if label in obj["cards"]]
            elif isinstance(content, list) and zone != "tapped_mana" and label in content:
                found.append(f"{player}:{zone}")
    return found


def battle_object(observation: Mapping[str, Any], label: str) -> dict[str, Any]:
    """The battle-zone object ``label`` is part of (an empty dict if none)."""
    for view in observation["players"].values():
        for obj in view["battle"]:
            if label in obj["cards"]:
                return dict(obj)
    return {}


def moved(observation: Mapping[str, Any], label: str) -> list[dict[str, Any]]:
    """The ``moved`` events of ``label`` in the observation."""
    return [e for e in observation.get("events", []) if e["type"] == "moved" and e.get("card") == label]

"""``shinpan smoke --adapter X``: a handful of trivial exchanges that tell a broken adapter from a
non-conforming engine.

Each check sends plain messages and validates every answer against the schemas. A check fails on
the *adapter* side when the exchange itself goes wrong (the program does not start, crashes, hangs,
writes something that is not a valid message, answers ``error``); it fails on the *engine* side when
the messages are fine but say the wrong thing (an empty state that is not empty, a card that is not
where it was put). The diagnosis says which, in plain words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from shinpan import __version__
from shinpan.adapters import schemas
from shinpan.adapters.contract import PROTOCOL_VERSION, Rules, Simulator
from shinpan.adapters.errors import AdapterError
from shinpan.adapters.registry import AdapterOptions, make_adapter
from shinpan.running.session import handshake_changes
from shinpan.running.states_played import default_state
from shinpan.suite import rulesets

PLAIN_CREATURE = "テスト用クリーチャーA"


class _Ended(Exception):
    """Not an error of the kit: how a check ended before its last line. ``verdict`` says who is at fault:
    ``adapter`` (the exchange broke), ``engine`` (the content was wrong) or ``skipped`` (the adapter declared
    it lacks what the check needs)."""

    def __init__(self, verdict: str, detail: str) -> None:
        super().__init__(detail)
        self.verdict = verdict


@dataclass(frozen=True)
class Check:
    """One check's outcome: ``verdict`` is ``ok``, ``adapter`` (the exchange broke), ``engine`` (the content was
    wrong) or ``skipped``; ``detail`` says what was seen."""

    name: str
    verdict: str
    detail: str


def _exchange(call: Callable[[Any], Any], request: dict[str, Any], definition: str) -> dict[str, Any]:
    try:
        answer = call(request)
    except AdapterError as error:
        raise _Ended("adapter", str(error)) from None
    except Exception as error:  # an in-process adapter that raises is broken too
        raise _Ended("adapter", f"{type(error).__name__}: {error}") from None
    if not isinstance(answer, Mapping):
        raise _Ended("adapter", f"answered {request['cmd']} with {answer!r}, not an object")
    if answer.get("status") == "unsupported":
        raise _Ended("skipped", f"{request['cmd']}: unsupported: {answer.get('message', '')}")
    if answer.get("status") not in ("ok", "rejected"):
        raise _Ended("adapter", f"answered {request['cmd']} with status {answer.get('status')!r}: "
                                f"{answer.get('message', '')}")
    problems = schemas.problems(definition, answer)
    if problems:
        raise _Ended("adapter", f"its {definition} breaks the schema: " + "; ".join(problems))
    return dict(answer)


def _expect(holds: bool, detail: str) -> None:
    """The engine answered with valid messages; if what they say is wrong, the check ends on the engine side."""
    if not holds:
        raise _Ended("engine", detail)


@dataclass
class _Smoke:
    """The checks against one adapter, in order; each returns what it saw, or ends with an :class:`_Ended`."""

    simulator: Simulator
    changes: rulesets.Changes
    caps: dict[str, Any] = field(default_factory=dict)
    """What the handshake declared."""
    rules: Rules | None = None
    """The rules of the game the ``new game`` check started; the later checks need one."""

    def observe(self) -> dict[str, Any]:
        observation: dict[str, Any] = _exchange(self.simulator.observe, {"cmd": "observe"},
                                                "observe_response")["observation"]
        return observation

    def started(self) -> Rules:
        if self.rules is None:
            raise _Ended("skipped", "no game was started")
        return self.rules

    def set_up(self, cards: dict[str, str] | None = None, hand: list[str] | None = None) -> None:
        """Set up turn 3 of 'me', main step, with ``cards`` declared and ``hand`` in my hand (else nothing)."""
        _exchange(self.simulator.setup, {"cmd": "setup", "state": _turn_3(cards, hand)}, "response")

    def restart(self, cards: dict[str, str] | None = None, hand: list[str] | None = None) -> None:
        """A new game under the started rules, set up as :meth:`set_up` says."""
        _exchange(self.simulator.new_game, {"cmd": "new_game", "rules": self.started(), "seed": 0}, "response")
        self.set_up(cards, hand)

    def handshake(self) -> str:
        hello = _exchange(self.simulator.hello, {"cmd": "hello", "protocol": PROTOCOL_VERSION,
                                                 "kit_version": __version__,
                                                 "changes": handshake_changes(self.changes)}, "hello_response")
        if hello["protocol"] != PROTOCOL_VERSION:
            raise _Ended("adapter", f"it speaks protocol {hello['protocol']}, the kit {PROTOCOL_VERSION}")
        self.caps = caps = hello["capabilities"]
        engine = hello["engine"]
        observes = ", ".join(caps["observables"]) or "nothing"
        return (f"{engine['name']} {engine['version']}: {len(caps['changes'])} change(s), {len(caps['cards'])} "
                f"card(s), {len(caps['mechanics'])} mechanic(s), observes {observes}")

    def new_game(self) -> str:
        state, note = default_state(self.changes, self.caps.get("rules"))  # the latest state it declares
        rules = state.as_sent()
        _exchange(self.simulator.new_game, {"cmd": "new_game", "rules": rules, "seed": 0}, "response")
        self.rules = rules
        return note or f"the rules as of {state.label} ({len(state.engine_changes)} change(s) in force)"

    def empty_state(self) -> str:
        self.started()
        self.set_up()
        seen = self.observe()
        _expect(seen["turn"]["number"] == 3 and seen["turn"]["active"] == "me",
                f"set up turn 3 of 'me', observed {seen['turn']}")
        cards = [c for view in seen["players"].values() for zone, cs in view.items()
                 if isinstance(cs, list) for c in cs]
        _expect(not cards, f"set up no cards, observed {cards}")
        return "set up and observed an empty game"

    def one_card(self) -> str:
        self.started()
        if PLAIN_CREATURE not in self.caps["cards"]:
            raise _Ended("skipped", f"it does not declare 《{PLAIN_CREATURE}》")
        self.restart({"c1": PLAIN_CREATURE}, hand=["c1"])
        hand = self.observe()["players"]["me"]["hand"]
        _expect(hand == ["c1"], f"put label c1 into my hand, observed hand {hand}")
        answer = _exchange(self.simulator.act, {"cmd": "act", "action": {"type": "summon", "card": "c1"},
                                                "choices": []}, "response")
        _expect(answer["status"] != "rejected",
                f"summoning a plain creature from the hand was rejected: {answer.get('message')}")
        battle = self.observe()["players"]["me"]["battle"]
        _expect(any("c1" in obj["cards"] for obj in battle), "summoned c1, but it is not in my battle zone")
        return f"《{PLAIN_CREATURE}》 set up in the hand and summoned"

    def end_turn(self) -> str:
        self.restart()
        _exchange(self.simulator.act, {"cmd": "act", "action": {"type": "end_turn"}, "choices": []}, "response")
        turn = self.observe()["turn"]
        _expect((turn["number"], turn["active"]) == (4, "opp"), f"ended turn 3 of 'me', observed {turn}")
        return "ended a turn: turn 4 is the opponent's"

    def batch(self) -> str:
        """A declared batch answers as its requests alone do, in one round trip (an adapter on the wire only; batches
        are optional, so one that declares none passes)."""
        rules = self.started()
        plan = getattr(self.simulator, "plan_batch", None)
        if self.caps.get("batch") is not True:  # optional: nothing is missing
            return "not declared (optional): the kit sends it one request at a time"
        if plan is None:
            return "in-process, a request costs no round trip: the kit sends no batch"
        requests: list[dict[str, Any]] = [
            {"cmd": "new_game", "rules": rules, "seed": 0}, {"cmd": "setup", "state": _turn_3()},
            {"cmd": "act", "action": {"type": "end_turn"}, "choices": []}, {"cmd": "observe"}]
        alone = [_exchange(getattr(self.simulator, r["cmd"]), r, _ANSWER.get(r["cmd"], "response")) for r in requests]
        plan(requests)
        trips = getattr(self.simulator, "round_trips", 0)
        batched = [_exchange(getattr(self.simulator, r["cmd"]), r, _ANSWER.get(r["cmd"], "response")) for r in requests]
        if batched != alone:
            raise _Ended("adapter", f"a batch was answered otherwise than its requests sent alone: {batched} "
                                    f"instead of {alone}")
        return (f"a batch of {len(requests)} requests answered as they are alone, in "
                f"{getattr(self.simulator, 'round_trips', 0) - trips} round trip(s)")


_ANSWER = {"observe": "observe_response"}
"""The schema definition of a request's answer, where it is not a plain ``response``."""


def _turn_3(cards: dict[str, str] | None = None, hand: list[str] | None = None) -> dict[str, Any]:
    """The state of turn 3 of 'me', main step, with ``cards`` declared and ``hand`` in my hand (else nothing)."""
    me: dict[str, Any] = {"battle": []} if hand is None else {"hand": hand, "battle": []}
    return {"cards": cards or {}, "turn": {"number": 3, "active": "me", "step": "main"},
            "players": {"me": me, "opp": {"battle": []}}}


CHECKS: tuple[tuple[str, Callable[[_Smoke], str]], ...] = (
    ("handshake", _Smoke.handshake), ("new game", _Smoke.new_game), ("empty state", _Smoke.empty_state),
    ("a plain creature", _Smoke.one_card), ("end of turn", _Smoke.end_turn), ("batch", _Smoke.batch))
"""The checks in the order they run; an adapter that fails the handshake gets no further check."""


def run(spec: str, *, timeout: float = 5.0) -> tuple[list[Check], str]:
    """The checks in order, and a plain diagnosis. A ``spec`` that names no adapter is bad input, as for every
    command: :class:`~shinpan.adapters.errors.AdapterSpecError` (exit status 4), before any check."""
    options = AdapterOptions(timeout=timeout, startup_timeout=max(timeout, 30.0), validate=True, max_restarts=3)
    simulator: Simulator = make_adapter(spec, options)
    smoke = _Smoke(simulator, rulesets.load())
    checks: list[Check] = []
    for name, check in CHECKS:
        try:
            checks.append(Check(name, "ok", check(smoke)))
        except _Ended as ended:
            checks.append(Check(name, ended.verdict, str(ended)))
            if ended.verdict == "adapter" and name == "handshake":
                break
    try:
        simulator.stop({"cmd": "stop"})
    except Exception as error:  # a failing stop is worth a line, not a traceback
        checks.append(Check("stop", "adapter", f"{type(error).__name__}: {error}"))
    return checks, diagnose(checks)


def diagnose(checks: list[Check]) -> str:
    """One plain paragraph: what to fix first."""
    adapter = [c for c in checks if c.verdict == "adapter"]
    engine = [c for c in checks if c.verdict == "engine"]
    if adapter:
        first = adapter[0]
        return (f"BROKEN ADAPTER: the exchange itself failed at '{first.name}' ({first.detail.splitlines()[0]}). "
                "Fix the adapter before running the suite: its results would say nothing about the engine.")
    if engine:
        return (f"ADAPTER OK, ENGINE DISAGREES: the messages are valid, but {len(engine)} trivial check(s) "
                f"got a wrong answer (first: '{engine[0].name}'). Run the suite to see the rulings involved.")
    if any(c.verdict == "skipped" for c in checks):
        return ("ADAPTER OK: the protocol works; some checks were skipped because the adapter declares it lacks "
                "what they need. Run the suite: what it lacks will be UNSUPPORTED.")
    return "ADAPTER OK: handshake, setup, moves and observation all work. Run the suite."

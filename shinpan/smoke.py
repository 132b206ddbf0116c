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
from dataclasses import dataclass
from typing import Any

from shinpan import __version__, rulesets
from shinpan.adapters import schemas
from shinpan.adapters.contract import PROTOCOL_VERSION, Simulator
from shinpan.adapters.registry import AdapterOptions, AdapterSpecError, make_adapter
from shinpan.outcomes import AdapterError
from shinpan.session import handshake_changes

PLAIN_CREATURE = "テスト用クリーチャーA"


class AdapterSide(Exception):
    """The exchange broke: the adapter is at fault."""


class EngineSide(Exception):
    """The exchange was fine, the content was wrong: the engine is at fault."""


class Skipped(Exception):
    """The adapter declared it lacks what the check needs."""


@dataclass
class Check:
    name: str
    verdict: str  # "ok", "adapter", "engine", "skipped"
    detail: str


def _exchange(call: Callable[[Any], Any], request: dict[str, Any], definition: str) -> dict[str, Any]:
    try:
        answer = call(request)
    except AdapterError as error:
        raise AdapterSide(str(error)) from None
    except Exception as error:  # an in-process adapter that raises is broken too
        raise AdapterSide(f"{type(error).__name__}: {error}") from None
    if not isinstance(answer, Mapping):
        raise AdapterSide(f"answered {request['cmd']} with {answer!r}, not an object")
    if answer.get("status") == "unsupported":
        raise Skipped(f"{request['cmd']}: unsupported: {answer.get('message', '')}")
    if answer.get("status") not in ("ok", "rejected"):
        raise AdapterSide(f"answered {request['cmd']} with status {answer.get('status')!r}: "
                          f"{answer.get('message', '')}")
    problems = schemas.problems(definition, answer)
    if problems:
        raise AdapterSide(f"its {definition} breaks the schema: " + "; ".join(problems))
    return dict(answer)


def run(spec: str, *, timeout: float = 5.0) -> tuple[list[Check], str]:
    """The checks in order, and a plain diagnosis."""
    checks: list[Check] = []
    options = AdapterOptions(timeout=timeout, startup_timeout=max(timeout, 30.0), validate=True, max_restarts=3)
    try:
        simulator: Simulator = make_adapter(spec, options)
    except AdapterSpecError as error:
        return [Check("adapter spec", "adapter", str(error))], f"No such adapter: {error}"
    changes = rulesets.load()
    today = changes.today()
    rules = {"label": today.label, "changes": list(today.engine_changes)}
    state: dict[str, Any] = {}

    def handshake() -> str:
        hello = _exchange(simulator.hello, {"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": __version__,
                                            "changes": handshake_changes(changes)},
                          "hello_response")
        if hello["protocol"] != PROTOCOL_VERSION:
            raise AdapterSide(f"it speaks protocol {hello['protocol']}, the kit {PROTOCOL_VERSION}")
        state["caps"] = hello["capabilities"]
        engine = hello["engine"]
        caps = hello["capabilities"]
        observes = ", ".join(caps["observables"]) or "nothing"
        return (f"{engine['name']} {engine['version']}: {len(caps['changes'])} change(s), {len(caps['cards'])} "
                f"card(s), {len(caps['mechanics'])} mechanic(s), observes {observes}")

    def new_game() -> str:
        _exchange(simulator.new_game, {"cmd": "new_game", "rules": rules, "seed": 0}, "response")
        state["ruleset"] = rules
        return f"the rules as of {today.label} ({len(today.engine_changes)} change(s) in force)"

    def empty_state() -> str:
        if "ruleset" not in state:
            raise Skipped("no game was started")
        setup = {"cards": {}, "turn": {"number": 3, "active": "me", "step": "main"},
                 "players": {"me": {"battle": []}, "opp": {"battle": []}}}
        _exchange(simulator.setup, {"cmd": "setup", "state": setup}, "response")
        seen = _exchange(simulator.observe, {"cmd": "observe"}, "observe_response")["observation"]
        if seen["turn"]["number"] != 3 or seen["turn"]["active"] != "me":
            raise EngineSide(f"set up turn 3 of 'me', observed {seen['turn']}")
        cards = [c for view in seen["players"].values() for zone, cs in view.items()
                 if isinstance(cs, list) for c in cs]
        if cards:
            raise EngineSide(f"set up no cards, observed {cards}")
        return "set up and observed an empty game"

    def one_card() -> str:
        if "ruleset" not in state:
            raise Skipped("no game was started")
        if PLAIN_CREATURE not in state["caps"]["cards"]:
            raise Skipped(f"it does not declare 《{PLAIN_CREATURE}》")
        _exchange(simulator.new_game, {"cmd": "new_game", "rules": state["ruleset"], "seed": 0}, "response")
        setup = {"cards": {"c1": PLAIN_CREATURE}, "turn": {"number": 3, "active": "me", "step": "main"},
                 "players": {"me": {"hand": ["c1"], "battle": []}, "opp": {"battle": []}}}
        _exchange(simulator.setup, {"cmd": "setup", "state": setup}, "response")
        seen = _exchange(simulator.observe, {"cmd": "observe"}, "observe_response")["observation"]
        if seen["players"]["me"]["hand"] != ["c1"]:
            raise EngineSide(f"put label c1 into my hand, observed hand {seen['players']['me']['hand']}")
        answer = _exchange(simulator.act, {"cmd": "act", "action": {"type": "summon", "card": "c1"}, "choices": []},
                           "response")
        if answer["status"] == "rejected":
            raise EngineSide(f"summoning a plain creature from the hand was rejected: {answer.get('message')}")
        seen = _exchange(simulator.observe, {"cmd": "observe"}, "observe_response")["observation"]
        if not any("c1" in obj["cards"] for obj in seen["players"]["me"]["battle"]):
            raise EngineSide("summoned c1, but it is not in my battle zone")
        return f"《{PLAIN_CREATURE}》 set up in the hand and summoned"

    def end_turn() -> str:
        if "ruleset" not in state:
            raise Skipped("no game was started")
        _exchange(simulator.new_game, {"cmd": "new_game", "rules": state["ruleset"], "seed": 0}, "response")
        setup = {"cards": {}, "turn": {"number": 3, "active": "me", "step": "main"},
                 "players": {"me": {"battle": []}, "opp": {"battle": []}}}
        _exchange(simulator.setup, {"cmd": "setup", "state": setup}, "response")
        _exchange(simulator.act, {"cmd": "act", "action": {"type": "end_turn"}, "choices": []}, "response")
        turn = _exchange(simulator.observe, {"cmd": "observe"}, "observe_response")["observation"]["turn"]
        if (turn["number"], turn["active"]) != (4, "opp"):
            raise EngineSide(f"ended turn 3 of 'me', observed {turn}")
        return "ended a turn: turn 4 is the opponent's"

    for name, check in (("handshake", handshake), ("new game", new_game), ("empty state", empty_state),
                        ("a plain creature", one_card), ("end of turn", end_turn)):
        try:
            checks.append(Check(name, "ok", check()))
        except AdapterSide as error:
            checks.append(Check(name, "adapter", str(error)))
            if name == "handshake":
                break
        except EngineSide as error:
            checks.append(Check(name, "engine", str(error)))
        except Skipped as error:
            checks.append(Check(name, "skipped", str(error)))
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

"""A replayer of `shinpan dump-cases --messages`, written from docs/adapters.md §9 and
adapters/schema/cases.json alone, as an author in another language would: it imports nothing of the kit.

    python tests/replayer.py cases.jsonl -- <adapter command line>

prints one line per case: its id and status (PASS, FAIL, UNSUPPORTED, UNOBSERVABLE, SCRIPT_MISMATCH).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any


class Replay:
    """One adapter process, spoken to in JSON lines."""

    def __init__(self, command: list[str], protocol: int, changes: list[str]) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        encoding="utf-8")
        known = [{"id": change, "title": change} for change in changes]
        hello = self.send({"cmd": "hello", "protocol": protocol, "kit_version": "replayer", "changes": known})
        self.capabilities: dict[str, list[str]] = hello["capabilities"]

    def send(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        return answer

    def close(self) -> None:
        self.send({"cmd": "stop"})
        self.process.wait(timeout=10)

    def lacks(self, needs: dict[str, list[str]]) -> str | None:
        """UNSUPPORTED or UNOBSERVABLE if the adapter does not declare what the case needs."""
        for kind in ("cards", "mechanics", "changes"):
            if not set(needs[kind]) <= set(self.capabilities[kind]):
                return "UNSUPPORTED"
        if not set(needs["observables"]) <= set(self.capabilities["observables"]):
            return "UNOBSERVABLE"
        return None

    def play(self, case: dict[str, Any]) -> str:
        """The status the case earns on this adapter."""
        lacking = self.lacks(case["capabilities"])
        if lacking is not None:
            return lacking
        observation: dict[str, Any] | None = None
        rejected = False
        for item in case["messages"]:
            if "send" in item:
                answer = self.send(item["send"])
                status = answer["status"]
                if status not in item["expect"]:
                    return {"unsupported": "UNSUPPORTED", "script_mismatch": "SCRIPT_MISMATCH",
                            "choice_needed": "SCRIPT_MISMATCH"}.get(status, "FAIL")
                if item["send"]["cmd"] == "observe":
                    observation = answer["observation"]
                elif item["send"]["cmd"] == "act":
                    rejected = status == "rejected"
            elif "check" in item:
                verdict = self.judge(item["check"], observation, rejected)
                if verdict != "PASS":
                    return verdict
        return "PASS"

    def judge(self, check: dict[str, Any], observation: dict[str, Any] | None, rejected: bool) -> str:
        """PASS, FAIL, or UNOBSERVABLE when the check reads (where its card is) a field the adapter does not report."""
        if observation is not None and not set(reads(check, observation)) <= set(self.capabilities["observables"]):
            return "UNOBSERVABLE"
        return "PASS" if holds(check, observation, rejected) else "FAIL"


Check = dict[str, Any]
Observation = dict[str, Any]


def holds(check: Check, seen: Observation | None, rejected: bool) -> bool:
    """Whether the check holds, by the forms of adapters/schema/cases.json."""
    kind = check["check"]
    if kind == "rejected":
        return bool(rejected == check["value"])
    if kind in ("all", "any"):
        combine = all if kind == "all" else any
        return combine(holds(part, seen, rejected) for part in check["of"])
    if kind == "not":
        return not holds(check["of"], seen, rejected)
    assert seen is not None
    if kind not in OBSERVED:
        raise ValueError(f"unknown check {kind!r}")
    return bool(OBSERVED[kind](check, seen))


def _in_zone(check: Check, seen: Observation) -> bool:
    view = seen["players"][check["player"]]
    if check["zone"] == "battle":
        present = any(check["card"] in obj["cards"] for obj in view["battle"])
    else:
        present = check["card"] in view[check["zone"]]
    return bool(present == check["present"])


def _zone_count(check: Check, seen: Observation) -> bool:
    view = seen["players"][check["player"]]
    cards = [c for obj in view["battle"] for c in obj["cards"]] if check["zone"] == "battle" else view[check["zone"]]
    return bool(len(cards) == check["count"])


def _position(check: Check, seen: Observation) -> bool:
    cards = seen["players"][check["player"]][check["zone"]]
    return bool(cards) and bool(cards[0 if check["end"] == "top" else -1] == check["card"])


OBJECT_TESTS: dict[str, Callable[[Any, Any], bool]] = {
    "equals": lambda value, wanted: value == wanted,
    "contains": lambda value, wanted: wanted in (value or []),
    "lacks": lambda value, wanted: wanted not in (value or []),
    "first": lambda value, wanted: bool(value) and value[0] == wanted,
    "empty": lambda value, wanted: (len(value or []) == 0) == wanted,
    "power_total": lambda value, wanted: bool(value) and sum(e["amount"] for e in value if e["kind"] == "power")
    == wanted,
}


def _object(check: Check, seen: Observation) -> bool:
    players = seen["players"]
    holder = [obj for side in players for obj in players[side]["battle"] if check["card"] in obj["cards"]]
    if not holder:
        return False
    if check["test"] not in OBJECT_TESTS:
        raise ValueError(f"unknown test {check['test']!r}")
    return bool(OBJECT_TESTS[check["test"]](holder[0].get(check["field"]), check["value"]))


def _count(check: Check, seen: Observation) -> bool:
    players = seen["players"]
    if check["list"] == "objects":
        items = [obj for side in ([check["player"]] if "player" in check else players)
                 for obj in players[side]["battle"]]
    else:
        items = seen.get(check["list"], [])
    matching = [i for i in items if all(i.get(k) == v or (isinstance(i.get(k), list) and v in i[k])
                                        for k, v in check["where"].items())]
    return bool(len(matching) == check["value"] if check["test"] == "==" else len(matching) >= check["value"])


def _places(check: Check, seen: Observation) -> bool:
    found = 0
    for view in seen["players"].values():
        found += sum(zone.count(check["card"]) for name, zone in view.items() if name not in ("battle", "tapped_mana",
                                                                                               "lost"))
        found += sum(obj["cards"].count(check["card"]) + obj.get("seals", []).count(check["card"])
                     for obj in view["battle"])
    return bool(found == check["count"])


def _mana_tapped(check: Check, seen: Observation) -> bool:
    for view in seen["players"].values():
        if check["card"] in view["mana"]:
            return bool((check["card"] in view.get("tapped_mana", [])) == check["value"])
    return False


def _in_mana(card: str, seen: Observation) -> bool:
    return any(card in view["mana"] for view in seen["players"].values())


def _tapped(check: Check, seen: Observation) -> bool:
    if _in_mana(check["card"], seen):
        return _mana_tapped(check, seen)
    return _object({**check, "field": "tapped", "test": "equals"}, seen)


def reads(check: Check, seen: Observation) -> list[str]:
    """The observables a tapped check reads where its card is (the others' are in the case's capabilities)."""
    if check["check"] == "tapped":
        return ["tapped_mana" if _in_mana(check["card"], seen) else "tapped"]
    parts = check.get("of")
    return [read for part in (parts if isinstance(parts, list) else [parts] if parts else []) for read in reads(part, seen)]


OBSERVED: dict[str, Callable[[Check, Observation], bool]] = {
    "in_zone": _in_zone, "zone_count": _zone_count, "position": _position, "object": _object, "count": _count,
    "mana_tapped": _mana_tapped, "tapped": _tapped, "places": _places,
    "lost": lambda check, seen: bool(seen["players"][check["player"]].get("lost")) == check["value"],
}
"""The checks on an observation, by their ``check`` name."""


def replay(cases: list[dict[str, Any]], command: list[str]) -> dict[str, str]:
    """Every case that applies, played on a fresh adapter process: id -> status."""
    changes = sorted({change for case in cases for change in case["capabilities"]["changes"]})
    session = Replay(command, int(cases[0]["protocol"]), changes)
    try:
        return {case["id"]: session.play(case) for case in cases if case["applies"]}
    finally:
        session.close()


if __name__ == "__main__":
    path, _, *adapter = sys.argv[1:]
    with open(path, encoding="utf-8") as file:
        for case_id, status in replay([json.loads(line) for line in file], adapter).items():
            print(case_id, status)

"""Every element of the contract's vocabulary has a phrase: each action type with each of its fields and values, each
field of the starting state, each choice kind the reference engine asks, and each check form (every object field
compared for equality, every object test, every list counted, every event type) prints as a phrase of the step
library and compiles back to the same message. The elements are read from the schemas (and the choice kinds from
the engine's questions), so an element added there without a phrase fails here, naming it."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from shinpan.adapters import schemas
from shinpan.paths import PROJECT_ROOT
from shinpan.running.cases import Case, Check, Move, Setup, Step
from shinpan.running.checks import parse
from tests.script_strategy import RULES
from tests.test_printer import assert_round_trip

CARDS = {"C": "テスト用クリーチャーA", "U": "テスト用クリーチャーB", "E": "テスト用進化クリーチャー", "H": "テスト用クリーチャーA",
         "M": "テスト用呪文", "S": "テスト用クリーチャーB", "G": "テスト用クリーチャーA", "P": "テスト用クリーチャーB",
         "D1": "テスト用クリーチャーA", "D2": "テスト用クリーチャーB", "O": "テスト用クリーチャーA", "OD": "テスト用クリーチャーB"}
"""A board with a card in every zone: 自分's battle zone holds 《E》 on 《U》 and 《C》, 相手's 《O》."""


def state(**changes: Any) -> dict[str, Any]:
    me = {"hand": ["H"], "mana": ["M"], "shields": ["S"], "graveyard": ["G"], "hyperspatial": ["P"],
          "deck": ["D1", "D2"], "battle": [{"cards": ["E", "U"]}, {"cards": ["C"]}]}
    found = {"turn": {"number": 3, "active": "me", "step": "main"},
             "players": {"me": me, "opp": {"deck": ["OD"], "battle": [{"cards": ["O"]}]}}, **changes}
    placed = [label for view in found["players"].values() for zone, cards in view.items() if zone != "tapped_mana"
              for label in ([c for obj in cards for c in obj["cards"]] if zone == "battle" else cards)]
    return {"cards": {label: CARDS[label] for label in placed}, **found}


def case(*items: Move | Check, setup: Mapping[str, Any] | None = None) -> Case:
    return Case("vocabulary", Setup(RULES, 0, setup or state()), (Step("", "", 0, items),))


# ------------------------------------------------------------------ values the schemas allow

def _resolve(ref: str, here: str) -> tuple[dict[str, Any], str]:
    name, _, pointer = ref.partition("#")
    name = name or here
    node: Any = schemas.load(name)
    for part in filter(None, pointer.split("/")):
        node = node[part]
    return node, name


def samples(spec: Mapping[str, Any], here: str) -> list[Any]:
    """Values of a property of a message, one of each kind the schema allows (labels from the board)."""
    if "$ref" in spec:
        ref = spec["$ref"]
        if ref.endswith("/label"):
            return ["C"]
        if ref.endswith("/labels") or ref.endswith("/sources"):
            return [["C", "U"]]
        target, name = _resolve(ref, here)
        return samples(target, name)
    if "const" in spec:
        return [spec["const"]]
    if "enum" in spec:
        return list(spec["enum"])
    if "oneOf" in spec:
        return [value for branch in spec["oneOf"] for value in samples(branch, here)]
    kind = spec.get("type")
    if kind == "object":
        return list(instances(spec, here))
    return {"boolean": [True, False], "integer": [spec.get("minimum", 1)]}[str(kind)]


def instances(spec: Mapping[str, Any], here: str) -> Iterator[dict[str, Any]]:
    """Messages of an object schema: the required fields at their first value, then each field at each value."""
    properties = spec.get("properties", {})
    base = {name: samples(properties[name], here)[0] for name in spec.get("required", [])}
    if spec.get("if", {}).get("properties", {}).get("kind", {}).get("const") == "power":  # an effect's amount
        base.setdefault("amount", 2000)
    yield base
    for name, property_ in properties.items():
        for value in samples(property_, here):
            found = {**base, name: value}
            if found.get("kind") == "power" or "kind" not in found:
                yield found
            elif name != "amount":
                yield {key: item for key, item in found.items() if key != "amount"}


ACTIONS = schemas.load("action.json")
ACTION_TYPES = [entry["$ref"].rsplit("/", 1)[1] for entry in ACTIONS["oneOf"]]


def action_examples() -> Iterator[tuple[str, dict[str, Any], bool]]:
    seen: list[dict[str, Any]] = []
    for action_type in ACTION_TYPES:
        for action in instances(ACTIONS["$defs"][action_type], "action.json"):
            if action.get("position", "top") != "top" and action.get("to") != "deck":
                continue  # a place in the deck is said of a move into the deck
            if ("with" in action and "sources" in action) or action in seen:
                continue
            seen.append(action)
            for attempt in (False, True):
                yield f"{action_type} {sorted(action.items())}{' (tried)' if attempt else ''}", action, attempt


@pytest.mark.parametrize(("action", "attempt"), [(a, t) for _, a, t in action_examples()],
                         ids=[name for name, _, _ in action_examples()])
def test_every_action_type_and_field_has_a_phrase(action: dict[str, Any], attempt: bool) -> None:
    assert_round_trip(case(Move(action, attempt=attempt)))


def test_the_actions_enumerated_are_every_action_of_the_schema() -> None:
    assert {kind for _, action, _ in action_examples() for kind in [action["type"]]} == set(ACTION_TYPES)
    assert len(ACTION_TYPES) >= 30


# ------------------------------------------------------------------ the starting state

SETUP = schemas.load("setup.json")
OBJECT = SETUP["$defs"]["battle_object"]["properties"]


def setup_examples() -> Iterator[tuple[str, dict[str, Any]]]:
    turn = schemas.load("common.json")["$defs"]["turn"]["properties"]
    for name, values in (("number", [1, 5]), ("active", samples(turn["active"], "common.json")),
                         ("step", samples(turn["step"], "common.json"))):
        for value in values:
            yield f"turn {name}={value}", state(turn={"number": 3, "active": "me", "step": "main", name: value})
    for zone in SETUP["$defs"]["player_state"]["properties"]:
        if zone not in ("battle", "tapped_mana"):
            yield f"opp's {zone}", state(players={"me": {"battle": []}, "opp": {zone: ["O", "OD"], "battle": []}})
    yield "tapped_mana", state(players={"me": {"mana": ["M", "H", "G"], "tapped_mana": ["H"], "battle": []},
                                        "opp": {"battle": []}})
    for flag, spec in OBJECT.items():
        for value in samples(spec, "setup.json") if flag != "cards" else []:
            for pile in (["C"], ["E", "U"]):
                obj = {"cards": pile, flag: value if flag != "arrived_this_turn" else pile[-1:]}
                if flag == "equipped_to":
                    obj[flag] = "O"
                yield f"object {pile} {flag}={obj[flag]}", state(players={
                    "me": {"battle": [obj]}, "opp": {"battle": [{"cards": ["O"]}]}})
    for effect in instances(schemas.load("common.json")["$defs"]["effect"], "common.json"):
        yield f"effect {sorted(effect.items())}", state(effects=[effect])


@pytest.mark.parametrize("setup", [s for _, s in setup_examples()], ids=[name for name, _ in setup_examples()])
def test_every_field_of_the_starting_state_has_a_phrase(setup: dict[str, Any]) -> None:
    assert_round_trip(case(setup=setup))


# ------------------------------------------------------------------ choices

ENGINE = PROJECT_ROOT / "reference_engine"
QUESTION = re.compile(r"(?:take|one_of|forced|_chosen|_cards)\(\s*(?:[\w.\[\]]+,\s*)?\"([a-z_]+)\"")
CHOICE_KINDS = schemas.load("common.json")["$defs"]["choice_kind"]["enum"]


def test_the_choice_kinds_are_every_question_the_engine_asks() -> None:
    """The contract's choice kinds include every kind the reference engine asks (ChoiceScript.take / one_of /
    forced and their helpers): a new question is a new kind, with its phrase."""
    asked = {kind for path in ENGINE.rglob("*.py") for kind in QUESTION.findall(Path(path).read_text("utf-8"))}
    assert len(asked) >= 9
    assert asked <= set(CHOICE_KINDS), asked - set(CHOICE_KINDS)


@pytest.mark.parametrize("kind", CHOICE_KINDS)
def test_every_choice_kind_has_a_phrase(kind: str) -> None:
    for player in ("me", "opp"):
        choice: Any = {"player": player, "kind": kind, "picks": ["C"]}
        assert_round_trip(case(Move({"type": "resolve"}, (choice,))))


# ------------------------------------------------------------------ checks

CASES = schemas.load("cases.json")["$defs"]["check"]
CHECK_KINDS = [form["properties"]["check"]["const"] for form in CASES["oneOf"]]
OBJECT_TESTS = next(form for form in CASES["oneOf"] if form["properties"]["check"]["const"] == "object")[
    "properties"]["test"]["enum"]
OBSERVED = schemas.load("observation.json")["$defs"]
OBSERVABLES = schemas.load("messages.json")["$defs"]["capabilities"]["properties"]["observables"]["items"]["enum"]
LISTS = next(form for form in CASES["oneOf"] if form["properties"]["check"]["const"] == "count")[
    "properties"]["list"]["enum"]


def _object(field: str, test: str, value: Any, card: str = "C") -> dict[str, Any]:
    check = {"check": "object", "card": card, "field": field, "test": test, "value": value}
    return {**check, "observable": field} if field in OBSERVABLES else check


def field_values(field: str) -> list[Any]:
    """Values an object's field may be observed with (its type in observation.json)."""
    spec = OBSERVED["object_view"]["properties"][field]
    if field == "cards":
        return [["C"], ["E", "U"], ["E", "C"]]
    if field == "effects":
        return [[], [{"kind": "power", "amount": 2000}, {"kind": "power", "amount": -1000}]]
    if field == "face":
        return ["テスト用クリーチャーA"]
    if "$ref" in spec:
        return [[], ["U"]]
    kinds = spec["type"] if isinstance(spec["type"], list) else [spec["type"]]
    values: dict[str, list[Any]] = {"boolean": [True, False], "integer": [5000], "null": [None]}
    return [value for kind in kinds for value in values[kind]]


def object_checks() -> Iterator[list[dict[str, Any]]]:
    for field in OBSERVED["object_view"]["properties"]:
        for value in field_values(field):
            yield [_object(field, "equals", value, "U" if field == "cards" and value[0] == "E" else "C")]
    yield [_object("equipment", "contains", "U")]
    yield [_object("equipment", "lacks", "U")]
    yield [_object("cards", "first", "C")]
    yield [_object("cards", "first", "E", "E"), _object("cards", "contains", "U", "E")]
    yield [_object("cards", "contains", "U", "E")]
    yield [_object("cards", "lacks", "C", "E")]
    yield [_object("seals", "empty", True)]
    yield [_object("seals", "empty", False)]
    yield [_object("effects", "power_total", 3000)]


def _count(listed: str, where: dict[str, Any], test: str = "==", value: int = 1, **more: Any) -> dict[str, Any]:
    return {"check": "count", "list": listed, "where": where, "test": test, "value": value, **more}


EVENT_WHERE = {"moved": [{"card": "C"}, {"card": "C", "from": "hand", "to": "battle"}], "triggered": [{"card": "C"}],
               "replaced": [{"card": "C"}, {"card": "C", "affected": "U"}], "reconstructed": [{"cards": "C"}],
               "mana_tapped": [{"card": "M"}]}
"""The shapes of ``where`` a phrase counts events by, for each event type."""


def count_checks() -> Iterator[list[dict[str, Any]]]:
    for event in OBSERVED["event"]["properties"]["type"]["enum"]:
        for where in EVENT_WHERE[event]:
            for test, value in ((">=", 1), ("==", 0), ("==", 2)):
                if (event, test, value) == ("mana_tapped", ">=", 1):
                    continue  # said as exact counts only
                yield [_count("events", {"type": event, **where}, test, value, observable="events")]
    yield [_count("events", {"type": "mana_tapped", "card": "M"}, observable="events"),
           _count("events", {"type": "mana_tapped", "card": "M", "mana": 2}, observable="events")]
    yield [_count("events", {"type": "moved", "card": "C", "to": "battle"}, "==", 0, observable="events")]
    yield [_count("events", {"type": "replaced"}, "==", 0, observable="events")]
    for test, value in ((">=", 1), ("==", 0), ("==", 2)):
        yield [_count("waiting", {"card": "C"}, test, value, observable="waiting")]
    yield [_count("waiting", {}, "==", 0, observable="waiting")]
    wheres: list[tuple[dict[str, Any], str | None]] = [({}, None), ({"attacking": True}, "attacking")]
    for where, observable in wheres:
        yield [_count("objects", where, "==", 2, player="me", **({"observable": observable} if observable else {}))]
    yield [_count("objects", {"equipment": "U"}, "==", 0, observable="equipment")]


def linked(together: bool) -> dict[str, Any]:
    parts = [{"check": "object", "card": card, "field": "linked", "test": "contains", "value": other}
             for card in ("C", "O") for other in ("C", "O")]
    both = {"check": "all", "of": parts}
    return {**(both if together else {"check": "not", "of": both}), "observable": "linked"}


def check_examples() -> Iterator[list[dict[str, Any]]]:
    for player in ("me", "opp"):
        for zone in schemas.load("common.json")["$defs"]["zone"]["enum"]:
            yield [{"check": "in_zone", "player": player, "zone": zone, "card": "C", "present": True}]
        yield [{"check": "in_zone", "player": player, "zone": "hand", "card": "C", "present": False}]
        yield [{"check": "zone_count", "player": player, "zone": "graveyard", "count": 2}]
        for end in ("top", "bottom"):
            yield [{"check": "position", "player": player, "zone": "deck", "end": end, "card": "D1",
                    "observable": "deck_order"}]
        yield [{"check": "lost", "player": player, "value": True, "observable": "lost"}]
    yield [{"check": "mana_tapped", "card": "M", "value": True, "observable": "tapped_mana"}]
    yield [{"check": "tapped", "card": "M", "value": False}]
    yield [{"check": "rejected", "value": True}]
    yield [{"check": "places", "card": "C", "count": 1}]
    yield [{"check": "any", "of": [{"check": "in_zone", "player": "me", "zone": zone, "card": "C", "present": True}
                                   for zone in ("hand", "graveyard")]}]
    yield [linked(True)]
    yield [linked(False)]
    yield from object_checks()
    yield from count_checks()


def _name(checks: list[dict[str, Any]]) -> str:
    first = checks[0]
    return " ".join(f"{k}={v}" for k, v in first.items() if k not in ("observable", "of")) + \
        (f" (+{len(checks) - 1})" if len(checks) > 1 else "")


@pytest.mark.parametrize("checks", list(check_examples()), ids=[_name(c) for c in check_examples()])
def test_every_check_form_has_a_phrase(checks: list[dict[str, Any]]) -> None:
    assert_round_trip(case(*(Check(parse(check)) for check in checks)))


def test_the_check_forms_enumerated_cover_the_schema() -> None:
    examples = [check for checks in check_examples() for check in checks]
    assert {check["check"] for check in examples} == set(CHECK_KINDS)
    assert {check["test"] for check in examples if check["check"] == "object"} == set(OBJECT_TESTS)
    assert {check["list"] for check in examples if check["check"] == "count"} == set(LISTS)
    assert {check["where"].get("type") for check in examples if check["check"] == "count"} >= \
        set(OBSERVED["event"]["properties"]["type"]["enum"])

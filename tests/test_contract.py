"""The contract's two forms agree: JSON Schemas (the source of truth) and the Python types."""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from shinpan.adapters import schemas
from shinpan.adapters.contract import BATCH, PROTOCOL_VERSION, REQUEST_TYPES, RESPONSE_TYPES, Observable, Simulator
from shinpan.adapters.reference import ReferenceSimulator
from shinpan.adapters.subprocess_adapter import SubprocessSimulator


def _definition(name: str) -> dict[str, Any]:
    definition: dict[str, Any] = schemas.load("messages.json")["$defs"][name]
    return definition


@pytest.mark.parametrize("name", schemas.SCHEMA_FILES)
def test_every_schema_file_is_a_valid_schema(name: str) -> None:
    Draft202012Validator.check_schema(schemas.load(name))


def test_every_request_of_the_schema_has_a_typed_dict_and_a_method() -> None:
    requests = [ref["$ref"].rsplit("/", 1)[1] for ref in _definition("request")["oneOf"]]
    assert sorted(requests) == sorted(REQUEST_TYPES)
    commands = {_definition(name)["properties"]["cmd"]["const"] for name in requests}
    methods = {name for name in dir(Simulator) if not name.startswith("_")}
    assert commands == methods | {BATCH}  # a batch is a form of the wire, played by the methods of its requests


@pytest.mark.parametrize("name", sorted({**REQUEST_TYPES, **RESPONSE_TYPES}))
def test_typed_dicts_have_the_schemas_fields(name: str) -> None:
    schema = _definition(name)
    typed = {**REQUEST_TYPES, **RESPONSE_TYPES}[name]
    assert set(typed.__annotations__) == set(schema["properties"])
    assert set(typed.__required_keys__) == set(schema.get("required", []))  # type: ignore[attr-defined]


def test_observable_literal_matches_the_capabilities_enum() -> None:
    enum = _definition("capabilities")["properties"]["observables"]["items"]["enum"]
    assert sorted(get_args(Observable)) == sorted(enum)


def test_protocol_version_comes_from_the_schema() -> None:
    from shinpan.adapters.contract import PROTOCOL_VERSION

    assert PROTOCOL_VERSION == schemas.load("messages.json")["protocol"] == 3


def test_the_adapters_implement_the_protocol() -> None:
    """The assignments are the check: mypy (tox env ``type``) rejects an adapter whose methods do not match
    :class:`Simulator`; at run time every request's method must exist."""
    adapters: list[Simulator] = [ReferenceSimulator(), SubprocessSimulator(["unused"])]
    commands = [name for name in dir(Simulator) if not name.startswith("_")]
    for adapter in adapters:
        assert all(callable(getattr(adapter, command)) for command in commands)


def test_reference_answers_validate_against_the_schemas() -> None:
    adapter = ReferenceSimulator()
    hello = adapter.hello({"cmd": "hello", "protocol": 3, "kit_version": "test", "changes": []})
    assert schemas.problems("hello_response", hello) == []
    assert schemas.problems("response", adapter.new_game({"cmd": "new_game", "rules": {"label": "2026-01-01", "changes": []}, "seed": 1})) == []
    state = {"cards": {"A": "テスト用クリーチャーA"}, "turn": {"number": 2, "active": "me"},
             "players": {"me": {"hand": ["A"]}, "opp": {}}}
    assert schemas.problems("setup_request", {"cmd": "setup", "state": state}) == []
    assert adapter.setup({"cmd": "setup", "state": state}) == {"status": "ok"}
    assert adapter.act({"cmd": "act", "action": {"type": "summon", "card": "A"}, "choices": []}) == {"status": "ok"}
    observed = adapter.observe({"cmd": "observe"})
    assert schemas.problems("observe_response", observed) == []


def test_schema_problems_name_the_field() -> None:
    problems = schemas.problems("setup_request", {"cmd": "setup", "state": {
        "cards": {}, "turn": {"number": 0, "active": "me"}, "players": {"me": {"battle": [{"cards": []}]}, "opp": {}}}})
    assert "state/turn/number: 0 is less than the minimum of 1" in problems
    assert any(p.startswith("state/players/me/battle/0/cards") for p in problems)


# -------------------------------------------- the two validators agree
def _valid_messages() -> list[tuple[str, Any]]:
    """A few real messages of each kind, from the reference adapter."""
    adapter = ReferenceSimulator()
    hello = adapter.hello({"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": "test",
                           "changes": [{"id": "2021-03-16", "title": "t", "date": "2021-03-16"}]})
    new_game = {"cmd": "new_game", "rules": {"label": "2021-03-16", "changes": hello["capabilities"]["changes"]},
                "seed": 1}
    adapter.new_game(new_game)  # type: ignore[arg-type]
    state = {"cards": {"A": "テスト用クリーチャーA", "B": "テスト用クリーチャーB"}, "turn": {"number": 2, "active": "me"},
             "players": {"me": {"hand": ["A"], "battle": [{"cards": ["B"], "tapped": True}]}, "opp": {"mana": []}}}
    setup = {"cmd": "setup", "state": state}
    adapter.setup(setup)  # type: ignore[arg-type]
    acts: list[dict[str, Any]] = [{"cmd": "act", "action": action, "choices": []} for action in (
        {"type": "summon", "card": "A"}, {"type": "destroy", "cards": ["B"]}, {"type": "end_turn"},
        {"type": "move", "card": "A", "to": "mana"}, {"type": "attack", "attacker": "B", "target": {"player": "opp"}})]
    observed = adapter.observe({"cmd": "observe"})
    return [("hello_response", hello), ("new_game_request", new_game), ("setup_request", setup),
            *[("act_request", act) for act in acts], ("observe_response", observed)]


VALID = _valid_messages()
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["", "A", "me", "x"]),
                           lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.sampled_from(
                               ["cards", "type", "card", "status", "x"]), inner, max_size=2), max_leaves=4)


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, Any]:
    """A real message with one part replaced, removed or added: valid or not, both validators must say the same."""
    definition, message = draw(st.sampled_from(VALID))
    message = json.loads(json.dumps(message))
    node = message
    for _ in range(draw(st.integers(0, 4))):
        children = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        containers = [(k, v) for k, v in children if isinstance(v, dict | list) and v]
        if not containers:
            break
        node = draw(st.sampled_from(containers))[1]
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    action = draw(st.sampled_from(["replace", "remove", "add"]))
    if action == "add" or not keys:
        if isinstance(node, dict):
            node[draw(st.sampled_from(["extra", "type", "card", "tapped", "status"]))] = draw(JSON_VALUES)
        else:
            node.append(draw(JSON_VALUES))
    elif action == "remove":
        del node[draw(st.sampled_from(keys))]
    else:
        node[draw(st.sampled_from(keys))] = draw(JSON_VALUES)
    return definition, message


@settings(max_examples=300)
@given(mutated())
def test_the_fast_validator_agrees_with_jsonschema(case: tuple[str, Any]) -> None:
    """``jsonschema-rs`` (says whether a message is valid) and ``jsonschema`` (says what is wrong) read the same
    schemas: on real messages and on every mutation of them they must agree."""
    definition, message = case
    fast = schemas.fast_validator(definition).is_valid(message)
    full = not any(True for _ in schemas.validator(definition).iter_errors(message))
    assert fast == full, (definition, message)


def test_the_real_messages_are_valid_for_both() -> None:
    for definition, message in VALID:
        assert schemas.fast_validator(definition).is_valid(message), definition
        assert schemas.problems(definition, message) == [], definition

"""The contract's vocabulary as typed data (adapters/sdk) agrees with the schemas, the suite and the engine."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any, get_args

import pytest

from shinpan.adapters import schemas
from shinpan.adapters.sdk import actions, vocabulary
from shinpan.adapters.sdk.abilities import FORM_MECHANICS
from shinpan.adapters.sdk.actions import ACTION_TYPES, ActionError, action_from_message
from shinpan.adapters.sdk.state import Setup
from shinpan.reference_engine.game import MECHANICS as ENGINE_MECHANICS

ROOT = Path(__file__).resolve().parent.parent


def _common(name: str) -> dict[str, Any]:
    found: dict[str, Any] = schemas.load("common.json")["$defs"][name]
    return found


def _actions() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = schemas.load("action.json")["$defs"]
    return found


def _event_enum(name: str) -> list[str]:
    moved = schemas.load("observation.json")["$defs"]["event"]["oneOf"][0]
    return list(moved["properties"][name]["enum"])


LITERALS = [
    (vocabulary.Zone, _common("zone")["enum"]),
    (vocabulary.CardZone, _common("card_zone")["enum"]),
    (vocabulary.TurnStep, _common("step")["enum"]),
    (vocabulary.ChoiceKind, _common("choice_kind")["enum"]),
    (vocabulary.EffectKind, _common("effect")["properties"]["kind"]["enum"]),
    (vocabulary.Duration, _common("effect")["properties"]["duration"]["enum"]),
    (vocabulary.EventType, schemas.load("observation.json")["$defs"]["event"]["properties"]["type"]["enum"]),
    (vocabulary.MoveCause, _event_enum("cause")),
    (vocabulary.DeckPosition, _actions()["move"]["properties"]["position"]["enum"]),
    (vocabulary.FlipWay, _actions()["flip"]["properties"]["by"]["enum"]),
    (vocabulary.SwapWay, _actions()["swap"]["properties"]["via"]["enum"]),
]


@pytest.mark.parametrize(("literal", "enum"), LITERALS, ids=[str(enum) for _, enum in LITERALS])
def test_each_literal_is_the_schemas_enum(literal: Any, enum: list[str]) -> None:
    assert list(get_args(literal)) == enum


def test_every_action_type_of_the_schema_has_its_class_and_no_other() -> None:
    listed = [ref["$ref"].rsplit("/", 1)[1] for ref in schemas.load("action.json")["oneOf"]]
    assert sorted(ACTION_TYPES) == sorted(listed)
    assert all(_actions()[name]["properties"]["type"]["const"] == name for name in listed)


@pytest.mark.parametrize("name", sorted(ACTION_TYPES))
def test_each_action_class_has_the_schemas_fields(name: str) -> None:
    schema = _actions()[name]
    cls = ACTION_TYPES[name]
    fields = {f.metadata.get("key", f.name): f for f in dataclasses.fields(cls)}
    assert set(fields) | {"type"} == set(schema["properties"])
    required = {key for key, f in fields.items()
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    assert required | {"type"} == set(schema["required"])
    hints = typing.get_type_hints(cls)
    for key, f in fields.items():
        prop = schema["properties"][key]
        if "enum" in prop:
            assert _literal_values(hints[f.name]) == prop["enum"], key
        if "default" in prop:
            assert f.default == prop["default"], key


def _literal_values(hint: Any) -> list[object]:
    """The values of a ``Literal`` hint, or of the ``Literal`` in ``Literal[...] | None``."""
    if typing.get_origin(hint) is not typing.Literal:
        hint = next(a for a in get_args(hint) if a is not type(None))
    return list(get_args(hint))


def test_every_mechanic_named_anywhere_is_in_the_vocabulary() -> None:
    required = {tag.removeprefix("@requires:") for path in (ROOT / "features").rglob("*.feature")
                for tag in path.read_text(encoding="utf-8").split() if tag.startswith("@requires:")}
    assert required and required <= set(vocabulary.MECHANICS), required - set(vocabulary.MECHANICS)
    assert set(ENGINE_MECHANICS) <= set(vocabulary.MECHANICS)
    assert set(actions.playable(set(ENGINE_MECHANICS))) == set(ACTION_TYPES.values())  # it plays every move
    named = {m for cls in ACTION_TYPES.values() for m in cls.mechanics} | set(actions.EFFECT_MECHANICS.values()) \
        | {m for ms in actions.FLIP_MECHANICS.values() for m in ms} | set(FORM_MECHANICS.values())
    assert named <= set(vocabulary.MECHANICS), named - set(vocabulary.MECHANICS)


def test_every_choice_kind_has_its_term_and_every_action_asks_known_kinds() -> None:
    assert list(vocabulary.CHOICES) == list(vocabulary.CHOICE_KINDS)
    assert all(term.name == kind for kind, term in vocabulary.CHOICES.items())
    asked = {kind for cls in ACTION_TYPES.values() for kind in cls.asks}
    assert asked == set(vocabulary.CHOICE_KINDS)  # every kind is asked by some move


def test_the_engine_asks_only_kinds_of_the_vocabulary() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "reference_engine").rglob("*.py"))
    steps = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "steps").rglob("*.py"))
    for kind in vocabulary.CHOICE_KINDS:
        assert f'"{kind}"' in source, kind  # the engine asks for it
        assert f'"{kind}"' in steps, kind  # a step scripts it


@pytest.fixture(scope="module")
def suite_cases(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    done = subprocess.run([sys.executable, "-m", "shinpan", "dump-cases", "--messages"], capture_output=True,
                          text=True, check=True, cwd=tmp_path_factory.mktemp("dump"), timeout=600)
    return [json.loads(line) for line in done.stdout.splitlines()]


def _with_defaults(message: dict[str, Any]) -> dict[str, Any]:
    schema = _actions()[message["type"]]["properties"]
    return {**{k: p["default"] for k, p in schema.items() if "default" in p}, **message}


def test_every_move_and_setup_of_the_suite_reads_and_writes_back_the_same(suite_cases: list[dict[str, Any]]) -> None:
    sent = [item["send"] for case in suite_cases for item in case["messages"] if "send" in item]
    moves = [m["action"] for m in sent if m["cmd"] == "act"]
    setups = [m["state"] for m in sent if m["cmd"] == "setup"]
    assert len({m["type"] for m in moves}) >= 25 and len(setups) >= 200
    for move in moves:
        typed = action_from_message(move)
        assert isinstance(typed, ACTION_TYPES[move["type"]])
        assert _with_defaults(typed.to_message()) == _with_defaults(move)
        assert schemas.problems("act_request", {"cmd": "act", "action": typed.to_message(), "choices": []}) == []
    for state in setups:
        typed_setup = Setup.from_message(state)
        assert Setup.from_message(typed_setup.to_message()) == typed_setup
        assert schemas.problems("setup_request", {"cmd": "setup", "state": typed_setup.to_message()}) == []


def test_a_move_knows_the_mechanics_it_needs() -> None:
    assert action_from_message({"type": "summon", "card": "a"}).needs() == {"summon"}
    assert action_from_message({"type": "summon", "card": "a", "sources": ["b"]}).needs() == {"summon", "evolution"}
    assert action_from_message({"type": "flip", "card": "a", "by": "awaken"}).needs() == {"flip", "awaken"}
    effect = {"type": "apply_effect", "effect": {"kind": "ignore_abilities", "target": "a"}}
    assert action_from_message(effect).needs() == {"ignore_abilities"}
    fields = {f.key: f for f in actions.fields_of(actions.PutIntoBattle)}
    assert fields["card"].required and not fields["with"].required and fields["with"].name == "with_"
    assert fields["sources"].mechanic == "evolution" and fields["tapped"].default is False
    summon_only = actions.playable({"summon", "zones"})
    assert actions.Summon in summon_only and actions.Attack not in summon_only and actions.Move in summon_only


@pytest.mark.parametrize("message", [
    {"type": "teleport", "card": "a"},
    {"type": "summon"},
    {"type": "move", "card": "a", "to": "moon"},
    {"type": "flip", "card": "a", "by": "magic"},
])
def test_a_message_that_is_no_action_is_refused(message: dict[str, Any]) -> None:
    with pytest.raises(ActionError):
        action_from_message(message)


def test_actions_are_values() -> None:
    move = actions.Move(card="a", to="hand")
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.card = "b"  # type: ignore[misc]
    assert move == actions.Move(card="a", to="hand") and move.to_message() == {"type": "move", "card": "a",
                                                                                 "to": "hand"}

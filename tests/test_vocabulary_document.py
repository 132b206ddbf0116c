"""The vocabulary as one language-neutral document (adapters/vocabulary.json, issue 34.2): it validates, and the
schemas, the Python SDK, the explorer's drawers, the docs and the templates agree with it."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any, get_args

import pytest
from click.testing import CliRunner

from shinpan.adapters import schemas
from shinpan.adapters.contract import Observable, PlayerName
from shinpan.adapters.sdk import vocabulary
from shinpan.adapters.sdk.actions import ACTION_TYPES, EFFECT_MECHANICS
from shinpan.cli import main
from shinpan.explore import moves
from shinpan.paths import PROJECT_ROOT

DOCUMENT = vocabulary.document()


def test_the_document_is_valid_by_its_schema() -> None:
    assert schemas.problems("vocabulary.json", DOCUMENT) == []


def test_capabilities_mechanics_is_an_enum_of_the_documents_mechanics() -> None:
    capabilities = schemas.load("messages.json")["$defs"]["capabilities"]["properties"]
    assert capabilities["mechanics"]["items"]["enum"] == list(DOCUMENT["mechanics"])
    assert capabilities["observables"]["items"]["enum"] == DOCUMENT["observables"]


@pytest.mark.parametrize(("words", "literal"), [
    ("observables", Observable), ("event_types", vocabulary.EventType),
    ("move_causes", vocabulary.MoveCause), ("card_zones", vocabulary.CardZone), ("steps", vocabulary.TurnStep),
    ("deck_positions", vocabulary.DeckPosition), ("zones", vocabulary.Zone), ("players", PlayerName),
    ("choice_kinds", vocabulary.ChoiceKind), ("effect_kinds", vocabulary.EffectKind)])
def test_each_list_of_words_is_the_sdks_literal(words: str, literal: Any) -> None:
    assert list(DOCUMENT[words]) == list(get_args(literal))  # the literals are the schemas' enums (test_sdk_vocabulary)


def test_the_sdks_mechanics_and_choice_kinds_are_read_from_the_document() -> None:
    assert list(vocabulary.MECHANICS) == list(DOCUMENT["mechanics"])
    for name, term in DOCUMENT["choice_kinds"].items():
        assert dataclasses.asdict(vocabulary.CHOICES[name]) == {"name": name, **term}


def test_every_action_type_needs_and_asks_what_the_document_says() -> None:
    assert list(DOCUMENT["actions"]) == list(ACTION_TYPES)
    for kind, cls in ACTION_TYPES.items():
        entry = DOCUMENT["actions"][kind]
        assert list(cls.mechanics) == entry["mechanics"] and list(cls.asks) == entry["asks"], kind
        fields = {f.metadata.get("key", f.name): f.metadata["mechanic"] for f in dataclasses.fields(cls)
                  if "mechanic" in f.metadata}
        assert fields == entry.get("field_mechanics", {}), kind
    assert {kind: {"mechanic": m} for kind, m in EFFECT_MECHANICS.items()} == DOCUMENT["effect_kinds"]
    named = {m for entry in DOCUMENT["actions"].values() for m in [*entry["mechanics"],
                                                                     *entry.get("field_mechanics", {}).values()]}
    named |= {m for feature in DOCUMENT["setup_features"].values() for m in feature["mechanics"]}
    assert named <= set(DOCUMENT["mechanics"])


@pytest.mark.parametrize("declared", [(), ("zones",), ("zones", "summon", "turns"), ("triggers", "attack"),
                                      tuple(DOCUMENT["mechanics"])])
def test_the_explorer_draws_exactly_the_moves_the_document_allows(declared: tuple[str, ...]) -> None:
    assert set(moves.DRAWERS) <= set(DOCUMENT["actions"])
    drawn = {kind for kind, drawer in moves.DRAWERS.items() if drawer in moves.playable(declared)}
    wanted = {kind for kind in moves.DRAWERS if set(DOCUMENT["actions"][kind]["mechanics"]) <= set(declared)}
    assert drawn == wanted


def test_the_setup_walker_names_only_the_documents_setup_mechanics() -> None:
    walker = (PROJECT_ROOT / "adapters" / "sdk" / "board.py").read_text(encoding="utf-8")
    named = set(re.findall(r'mechanic="(\w+)"', walker))
    assert named and named <= {m for f in DOCUMENT["setup_features"].values() for m in f["mechanics"]}


def test_the_docs_name_only_mechanics_of_the_document() -> None:
    """The contract and the guide quote mechanics as `"name"` or in backquotes after 'mechanic'; each is one."""
    for doc in ("contract.md", "adapters.md"):
        text = (PROJECT_ROOT / "docs" / doc).read_text(encoding="utf-8")
        quoted = set(re.findall(r"MECHANICS = \(([^)]*)\)", text))
        names = {name for group in quoted for name in re.findall(r'"(\w+)"', group)}
        assert names <= set(DOCUMENT["mechanics"]), doc
    from shinpan.contract_test import rules

    words = set(re.findall(r"`([a-z_]+)`", rules()["C-1.6"].text))  # the rule quotes mechanics and action types
    assert words and words <= set(DOCUMENT["mechanics"]) | set(DOCUMENT["actions"]), words


def _node_template() -> dict[str, list[str]]:
    source = (PROJECT_ROOT / "adapters" / "examples" / "node" / "adapter.js").read_text(encoding="utf-8")
    lists = {key: json.loads(value) for key, value in re.findall(r"^  (mechanics|observables): (\[.*\]),$", source,
                                                                  re.MULTILINE)}
    return lists


def test_the_templates_declare_only_words_of_the_document() -> None:
    from shinpan.adapters.examples.python.adapter import ExampleAdapter

    node = _node_template()
    for mechanics, observables in ((node["mechanics"], node["observables"]),
                                   (list(ExampleAdapter.MECHANICS), list(ExampleAdapter.OBSERVABLES))):
        assert set(mechanics) <= set(DOCUMENT["mechanics"]) and set(observables) <= set(DOCUMENT["observables"])
        assert {"zones", "summon", "turns"} <= set(mechanics)  # the moves they play (C-1.6, checked by contract-test)


def test_the_vocabulary_command_prints_the_document() -> None:
    result = CliRunner().invoke(main, ["vocabulary", "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.output) == DOCUMENT
    pretty = CliRunner().invoke(main, ["vocabulary"])
    assert pretty.exit_code == 0 and "summoning_sickness" in pretty.output and "enter_order" in pretty.output

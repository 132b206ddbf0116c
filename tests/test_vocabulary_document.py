"""The vocabulary as one language-neutral document (adapters/vocabulary.json, issue 34.2): it validates, and the
schemas, the Python SDK, the explorer's drawers, the docs and the templates agree with it."""

from __future__ import annotations

import ast
import dataclasses
import json
import re
from typing import Any, cast, get_args

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
    # what a choice's picks name, which an adapter must know to answer an engine's question (issue 36: DMSIM)
    assert "use                        使うかどうか: picks the card, to use an optional ability; none to decline (0–1)" \
        in pretty.output


# ------------------------------------------------- one vocabulary (issue 31.2)
def test_each_word_has_one_term_in_the_typed_vocabulary() -> None:
    tables: list[tuple[dict[Any, vocabulary.Term], list[str]]] = [
        (vocabulary.PLAYER_TERMS, list(DOCUMENT["players"])), (vocabulary.ZONE_TERMS, list(DOCUMENT["zones"])),
        (vocabulary.TURN_STEP_TERMS, DOCUMENT["steps"]), (vocabulary.DECK_POSITION_TERMS, DOCUMENT["deck_positions"]),
        (vocabulary.DURATION_TERMS, list(vocabulary.DURATIONS))]
    for terms, words in tables:
        assert list(terms) == words
        assert all(term.name == name for name, term in terms.items())
        assert len({term.japanese for term in terms.values()}) == len(terms)  # a Japanese word reads back one way


def test_the_reference_engine_speaks_the_documents_words() -> None:
    """The engine may import nothing of the kit (tests/test_layers.py): its own enums are checked against the data."""
    from shinpan.reference_engine.core.effects import Duration
    from shinpan.reference_engine.core.turns import Step
    from shinpan.reference_engine.core.zones import CARD_ZONES, DeckPosition, Zone

    assert [zone.value for zone in Zone] == list(DOCUMENT["zones"])
    assert [zone.value for zone in CARD_ZONES] == DOCUMENT["card_zones"]
    assert [position.value for position in DeckPosition] == DOCUMENT["deck_positions"]
    assert [step.value for step in Step] == DOCUMENT["steps"]
    assert [duration.value for duration in Duration] == list(vocabulary.DURATIONS)


def test_the_steps_read_their_words_from_the_typed_vocabulary() -> None:
    from shinpan.steps import vocabulary as words
    from shinpan.steps.printer import setup

    assert words.PLAYERS == {"自分": "me", "相手": "opp"}
    assert list(words.ZONES.values()) == list(DOCUMENT["zones"]) and words.ZONES["バトルゾーン"] == "battle"
    assert words.TURN_STEPS["メインステップ"] == "main" and list(words.TURN_STEPS.values()) == DOCUMENT["steps"]
    assert words.DECK_POSITIONS == {"一番上": "top", "一番下": "bottom"}
    assert words.DURATIONS == {"このターンの終わりまで": "end_of_turn", "期限なく": "permanent"}
    assert sorted(setup.CARD_ZONES) == sorted(DOCUMENT["card_zones"]) and setup.CARD_ZONES[-1] == "deck"


LISTS = {name: frozenset(words) for name, words in DOCUMENT.items()
         if isinstance(words, list | dict) and len(words) >= 2 and all(isinstance(w, str) for w in words)}
SOURCE_FOLDERS = ("shinpan", "steps", "adapters", "reference_engine")
HOME = "adapters/sdk/vocabulary.py"


def spelled_again(path: str, source: str) -> list[str]:
    """Each tuple, list or set of string literals in ``source`` that is one of the document's lists of words (a
    ``Literal[...]``'s words excepted: the typed vocabulary is made of those)."""
    tree = ast.parse(source)
    typed = {id(node.slice) for node in ast.walk(tree) if isinstance(node, ast.Subscript)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple | ast.List | ast.Set) and id(node) not in typed and len(node.elts) >= 2 and \
                all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
            words = frozenset(cast(ast.Constant, e).value for e in node.elts)
            found += [f"{path}:{node.lineno}: the {name} again" for name, known in LISTS.items() if words == known]
    return found


def test_no_module_spells_a_list_of_the_vocabulary_again() -> None:
    found = []
    for folder in SOURCE_FOLDERS:
        for path in sorted((PROJECT_ROOT / folder).rglob("*.py")):
            relative = path.relative_to(PROJECT_ROOT).as_posix()
            if folder == "shinpan" and relative.split("/")[1] in (*SOURCE_FOLDERS, "features", "docs"):
                continue  # (a link to a top-level folder, read there)
            if relative != HOME and "examples" not in relative:
                found += spelled_again(relative, path.read_text(encoding="utf-8"))
    declared = {"adapters/reference.py": "the observables the reference engine declares (all, by choice)",
                "reference_engine/game.py": "the mechanics the engine declares (all); the engine imports nothing of ours",
                "shinpan/explore/moves.py": "each player paired with the other, (me, opp) and (opp, me)"}
    assert [line for line in found if line.split(":")[0] not in declared] == []


def test_the_scan_finds_a_list_spelled_again() -> None:
    assert spelled_again("x.py", 'ZONES = ("hand", "mana", "shields", "graveyard", "hyperspatial", "deck")\n') == [
        "x.py:1: the card_zones again"]
    assert spelled_again("x.py", 'Side = Literal["me", "opp"]\nPLAYERS = ["opp", "me"]\n') == ["x.py:2: the players again"]

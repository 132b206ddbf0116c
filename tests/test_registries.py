"""The registries' JSON Schemas (issue 25.7): shipped, named on each file's first line for editors, and what the
kit checks every registry with — each problem with the file and the line of the value at fault; a replacement
into the deck that does not say where in the deck is one of them (issue 23.5)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from shinpan.adapters import cards, registries
from shinpan.adapters.errors import SuiteError
from shinpan.cli import main
from shinpan.paths import PROJECT_ROOT
from shinpan.reference_engine.core import abilities
from shinpan.reference_engine.core.zones import DeckPosition, Zone
from shinpan.suite.lint import lint
from tests import user_suite
from tests.installed_kit import Installed

FEATURES = PROJECT_ROOT / "features"
MODELINE = re.compile(r"^# yaml-language-server: \$schema=(?P<path>\S+)$")


@pytest.mark.parametrize("name", registries.NAMES)
def test_each_registry_names_its_schema_on_its_first_line_and_meets_it(name: str) -> None:
    registry = FEATURES / f"{name}.yaml"
    first = registry.read_text(encoding="utf-8").splitlines()[0]
    match = MODELINE.match(first)
    assert match, first
    named = (registry.parent / match["path"]).resolve()
    assert json.loads(named.read_text(encoding="utf-8")) == registries.schema(name)  # the very file the kit uses
    Draft202012Validator.check_schema(registries.schema(name))
    assert registries.problems(registry, name) == []


def _enum(*path: str) -> set[str]:
    node = registries.schema("cards")["$defs"]
    for part in path:
        node = node[part]
    return set(node["enum"])


def test_the_card_schema_names_what_the_reference_engine_reads() -> None:
    """The names the schema allows are the structured forms the reference engine implements: a form the schema
    accepts and the engine does not know would be a silent UNSUPPORTED, and one the engine knows and the schema
    refuses could never be written."""
    effects = set(registries.schema("cards")["$defs"]["effect"]["propertyNames"]["enum"])
    assert effects == set(abilities.EFFECTS)
    assert _enum("keyword", "properties", "keyword") == set(abilities.KEYWORDS)
    assert _enum("static", "properties", "static") == {*abilities.STATICS, "ignore_abilities"}
    assert _enum("dormant", "properties", "dormant") == set(abilities.DORMANT)
    assert _enum("trigger", "properties", "condition") == set(abilities.CONDITIONS)
    assert _enum("trigger", "properties", "trigger") == {event.value for event in abilities.TriggerEvent}
    assert _enum("who") == {who.value for who in abilities.Who}
    assert _enum("replacement", "properties", "replacement") == set(abilities.REPLACEMENT_EVENTS)
    assert _enum("replacement", "properties", "of") == set().union(*abilities.REPLACEMENT_EVENTS.values())
    assert _enum("zone") == {zone.value for zone in Zone}
    assert _enum("replacement", "properties", "position") == {position.value for position in DeckPosition}


CARD = """\
cards:
  - name: テスト用置換クリーチャー
    kind: test
    type: クリーチャー
    text: [このクリーチャーが破壊される時、かわりに山札に戻す。]
    abilities:
      - replacement: destroyed
        of: this
        instead: deck
"""


def test_a_replacement_into_the_deck_must_say_where_in_the_deck(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(CARD, encoding="utf-8")
    with pytest.raises(SuiteError) as error:
        cards.load(path)
    assert error.value.line == 7  # the ability's line, not the card's
    said = registries.schema("cards")["$defs"]["replacement"]["allOf"][0]["then"]["errorMessage"]
    assert str(error.value) == (f"{path}:7: card 《テスト用置換クリーチャー》, abilities[0]: 'position' is a required "
                                f"property: {said}")
    path.write_text(CARD + "        position: bottom\n", encoding="utf-8")
    assert cards.load(path).get("テスト用置換クリーチャー").data["abilities"][0]["position"] == "bottom"


def test_lint_reports_it_with_file_and_line(suite_copy: Path) -> None:
    path = suite_copy / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    marker = "  - {replacement: destroyed, of: this, instead: deck, position: bottom}"
    assert marker in text
    line = text.splitlines().index(marker) + 1
    path.write_text(text.replace(marker, "  - {replacement: destroyed, of: this, instead: deck}"), encoding="utf-8")
    found = [(p.line, p.message) for p in lint(suite_copy)]
    assert len(found) == 1 and found[0][0] == line and "instead: deck must say where in the deck" in found[0][1]


def test_every_problem_of_every_registry_is_reported_at_its_line(suite_copy: Path) -> None:
    for name, old, new in [("sources.yaml", "  - id: seed000\n    title: 引き継ぎ\n", "  - id: seed000\n    titel: 引き継ぎ\n"),
                           ("rules.yaml", '  - number: "301.5"', "  - number: 301.5"),
                           ("rules.yaml", '  - number: "400.5"', '  - number: "400.5"\n    note: x')]:
        path = suite_copy / name
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")
    found = [f"{Path(p.path).name}:{p.line}: {p.message}" for p in lint(suite_copy)]
    sources = (suite_copy / "sources.yaml").read_text(encoding="utf-8").splitlines()
    rules = (suite_copy / "rules.yaml").read_text(encoding="utf-8").splitlines()
    assert found == [
        f"rules.yaml:{rules.index('  - number: 301.5') + 1}: rule 301.5, number: expected a rule number like "
        '"801.4" or "801.4a", quoted',
        f"rules.yaml:{rules.index('    note: x') + 1}: rule 400.5: Additional properties are not allowed ('note' was "
        "unexpected): each rule is a mapping with a 'number' (like \"801.4a\", quoted), a 'title' and 'versions'",
        f"sources.yaml:{sources.index('  - id: seed000') + 1}: source seed000: 'title' is a required property: each "
        "source is a mapping with an 'id' and a 'title' (and publisher, date or range, page_title, url, versions, "
        "note)",
        f"sources.yaml:{sources.index('    titel: 引き継ぎ') + 1}: source seed000: Additional properties are not "
        "allowed ('titel' was unexpected): each source is a mapping with an 'id' and a 'title' (and publisher, date "
        "or range, page_title, url, versions, note)",
    ]


def test_cards_json_exports_the_registry_valid_by_its_schema() -> None:
    result = CliRunner().invoke(main, ["cards", "--format", "json"])
    assert result.exit_code == 0, result.output
    exported = json.loads(result.output)
    assert list(Draft202012Validator(registries.schema("cards")).iter_errors(exported)) == []
    registry = cards.load()
    assert [card["name"] for card in exported["cards"]] == [card.name for card in registry]
    speedy = next(card for card in exported["cards"] if card["name"] == "テスト用スピードアタッカー")
    assert speedy["abilities"] == [{"keyword": "speed_attacker"}] and speedy["kind"] == "test"

    tests_only = json.loads(CliRunner().invoke(main, ["cards", "--format", "json", "--kind", "test"]).output)
    assert [card["name"] for card in tests_only["cards"]] == [card.name for card in registry if card.kind == "test"]


def test_cards_json_of_a_user_suite_has_its_own_cards(tmp_path: Path) -> None:
    folder = user_suite.write(tmp_path / "my-suite")
    result = CliRunner().invoke(main, ["cards", "--format", "json", "--kind", "test", "--suite", str(folder)],
                                env={"SHINPAN_SUITE": ""})
    assert result.exit_code == 0, result.output
    names = [card["name"] for card in json.loads(result.output)["cards"]]
    assert names[-1] == user_suite.CARD and "テスト用クリーチャーA" in names


def test_the_installed_registries_name_schemas_that_ship_beside_them(installed: Installed) -> None:
    package = Path(installed.run("python", "-c", "import shinpan; print(shinpan.__file__)").stdout.strip()).parent
    for name in registries.NAMES:
        registry = package / "features" / f"{name}.yaml"
        match = MODELINE.match(registry.read_text(encoding="utf-8").splitlines()[0])
        assert match, registry
        assert json.loads((registry.parent / match["path"]).read_text(encoding="utf-8")) == registries.schema(name)


def test_the_sdks_ability_model_takes_the_effect_options_the_schema_allows() -> None:
    from shinpan.adapters.sdk import abilities as model

    allowed = registries.schema("cards")["$defs"]["effect_options"]["properties"]
    assert set(model.EFFECT_OPTIONS) == set(allowed)

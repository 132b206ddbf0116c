"""``shinpan steps`` (issue 23.4): every phrase of the step library with its parameters, an example taken from the
suite, and the contract messages that example sends — compiled by the step library itself, no engine."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from shinpan import catalogue
from shinpan.catalogue.phrases import named_groups
from shinpan.catalogue.uses import examples
from shinpan.cli import main
from shinpan.paths import PROJECT_ROOT
from shinpan.suite import scenarios as suite
from shinpan.suite.step_library import library


@pytest.fixture(scope="module")
def phrases() -> list[dict[str, object]]:
    result = CliRunner().invoke(main, ["steps", "--format", "json"])
    assert result.exit_code == 0, result.output
    found: list[dict[str, object]] = json.loads(result.output)
    return found


def test_every_step_definition_is_listed_once_with_its_kind(phrases: list[dict[str, object]]) -> None:
    definitions = [f"{c.step_func.__module__}.{c.step_func.__name__}" for c in library().contexts]
    assert [p["definition"] for p in phrases] == definitions
    assert {(p["type"], p["keyword"]) for p in phrases} == {("given", "前提"), ("when", "もし"), ("then", "ならば")}
    assert all(p["doc"] for p in phrases), [p["definition"] for p in phrases if not p["doc"]]


def test_each_example_is_a_step_of_the_suite_that_the_phrase_matches(phrases: list[dict[str, object]]) -> None:
    lines: dict[str, list[str]] = {}
    used = [phrase for phrase in phrases if phrase["example"] is not None]
    # a phrase no scenario of the suite uses yet (one the scenario printer needs, steps/printer) has no example
    assert len(used) >= 90, [phrase["definition"] for phrase in phrases if phrase["example"] is None]
    for phrase in used:
        example = phrase["example"]
        assert isinstance(example, dict), f"{phrase['definition']}: no scenario uses it"
        path, line = str(example["place"]).rsplit(":", 1)
        text = lines.setdefault(path, (PROJECT_ROOT / path).read_text(encoding="utf-8").splitlines())[int(line) - 1]
        keyword, _, step = str(example["step"]).partition(" ")
        if "<" not in text:  # an outline's row substitutes its values into the step it shows
            assert text.strip() == f"{keyword} {step}", phrase["definition"]
        pattern = str(phrase["pattern"])
        match = re.fullmatch(pattern, step) if "(?P<" in pattern or "\\" in pattern else None
        assert match is not None or step == pattern, (pattern, step)
        for parameter in phrase["parameters"]:  # type: ignore[attr-defined]
            assert match is not None and parameter["example"] == match[parameter["name"]]


def test_the_example_is_the_use_with_the_fewest_steps_before_it(phrases: list[dict[str, object]]) -> None:
    book = library()
    fewest: dict[str, int] = {}
    for case in suite.cases():
        for index, step in enumerate(case.steps):
            for context in book.matching(step.type, step.text):
                name = f"{context.step_func.__module__}.{context.step_func.__name__}"
                fewest[name] = min(fewest.get(name, index), index)
    by_place = {(paths_line(case.path, step.line)): index for case in suite.cases()
                for index, step in enumerate(case.steps)}
    for phrase in phrases:
        example = phrase["example"]
        assert (example is None) == (str(phrase["definition"]) not in fewest), phrase["definition"]
        if isinstance(example, dict):
            assert by_place[str(example["place"])] == fewest[str(phrase["definition"])], phrase["definition"]


def paths_line(path: Path, line: int) -> str:
    return f"{path.resolve().relative_to(PROJECT_ROOT).as_posix()}:{line}"


def _phrase(phrases: list[dict[str, object]], function: str) -> dict[str, object]:
    return next(p for p in phrases if p["definition"] == f"shinpan.steps.{function}")


def test_what_an_example_sends_is_what_its_step_makes(phrases: list[dict[str, object]]) -> None:
    summon = _phrase(phrases, "when.summon")
    card = str(summon["example"]["step"]).split("《")[1].split("》")[0]  # type: ignore[index]
    assert summon["phrase"] == "{player}が{card}を召喚する"
    assert summon["sends"] == {"how": "sends", "messages": [
        {"send": {"cmd": "act", "action": {"type": "summon", "card": card}, "choices": []}, "expect": ["ok"]}]}

    turn = _phrase(phrases, "given.whose_turn")
    [setup] = turn["sends"]["messages"]  # type: ignore[index]
    assert turn["sends"]["how"] == "setup" and setup["cmd"] == "setup"  # type: ignore[index]
    [player] = [p["example"] for p in turn["parameters"] if p["name"] == "player"]  # type: ignore[attr-defined]
    assert setup["state"]["turn"]["active"] == {"自分": "me", "相手": "opp"}[player]

    sick = _phrase(phrases, "then.summoning_sick")
    sent = sick["sends"]["messages"]  # type: ignore[index]
    assert sick["sends"]["how"] == "sends" and sent[-1]["check"]["check"]  # type: ignore[index]
    assert all("check" in m or m["send"]["cmd"] == "observe" for m in sent)

    kept = _phrase(phrases, "evolution.choose_kept")  # a choice: it travels with the next move
    [move] = kept["sends"]["messages"]  # type: ignore[index]
    assert kept["sends"]["how"] == "choices" and move["cmd"] == "act"  # type: ignore[index]
    assert any(choice["kind"] == "keep_after_reconstruction" for choice in move["choices"])


def test_a_phrase_no_scenario_uses_has_no_example() -> None:
    basics = [case for case in suite.cases() if case.topic == "basics"]
    found = examples(library(), basics)
    unused = [c for c in library().contexts if id(c) not in found]
    assert unused and len(found) + len(unused) == len(library().contexts)
    assert all(example.case.topic == "basics" for example in found.values())


def test_named_groups_find_each_outer_group_past_escapes_and_classes() -> None:
    pattern = r"(?P<a>x(?:\(y\))?[()])の(?P<b>[^)]+)(c)"
    assert [(name, pattern[start:end]) for name, start, end in named_groups(pattern)] == [
        ("a", r"(?P<a>x(?:\(y\))?[()])"), ("b", "(?P<b>[^)]+)")]


def test_the_pretty_listing_has_a_block_per_phrase() -> None:
    result = CliRunner().invoke(main, ["steps"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-1] == f"{len(library().contexts)} phrase(s)"
    assert "もし {player}が{card}を召喚する    (shinpan.steps.when.summon)" in lines
    block = lines[lines.index("もし {player}が{card}を召喚する    (shinpan.steps.when.summon)"):][:8]
    assert any(line.startswith("    e.g. ") for line in block) and any('"type": "summon"' in line for line in block)
    assert catalogue.KEYWORDS == {"given": "前提", "when": "もし", "then": "ならば"}

"""``shinpan diff A B``: the scenarios whose standing differs between two states, by the change responsible."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from shinpan.cli import main
from shinpan.reports.diff import diff
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite


def _json(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["diff", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert isinstance(document, dict)
    return document


def test_the_reconstruction_revision_moves_its_scenarios_and_nothing_else() -> None:
    document = _json("2021-03-15", "2021-03-16")
    moves = document["moves"]
    assert isinstance(moves, list) and moves
    assert document["changed"] == ["2021-03-16"]
    assert all(m["changes"] == ["2021-03-16"] for m in moves)
    # each cites a rule of the revision, or no rule at all (reconstruction-attack-002 rests on seed 000's table)
    assert all(not m["rules"] or any(r.startswith(("801.", "403.")) for r in m["rules"]) for m in moves), moves
    moved = {m["id"] for m in moves}
    windowed = {case.id for case in suite.cases() if "2021-03-16" in (*case.values.since, *case.values.until)}
    assert moved == windowed
    assert {m["id"] for m in moves if m["id"].startswith("reconstruction-")} >= {
        "reconstruction-top-002", "reconstruction-top-003", "reconstruction-under-001", "reconstruction-old-001"}
    starts = {m["id"] for m in moves if m["from"] == "NOT_APPLICABLE" and m["to"] == "applies"}
    assert "reconstruction-top-002" in starts and "reconstruction-top-003" not in starts


def test_two_days_with_no_change_between_them_change_nothing() -> None:
    result = CliRunner().invoke(main, ["diff", "2021-03-17", "2021-05-01"])
    assert result.exit_code == 0
    assert "Nothing changes" in result.output
    assert _json("2021-03-17", "2021-05-01")["moves"] == []


def test_the_order_of_the_states_reverses_each_move() -> None:
    forward = {m["id"]: (m["from"], m["to"]) for m in _json("2021-03-15", "2021-03-16")["moves"]}
    backward = {m["id"]: (m["to"], m["from"]) for m in _json("2021-03-16", "2021-03-15")["moves"]}
    assert forward and forward == backward


def test_a_change_in_doubt_makes_its_scenarios_unresolved_and_is_named() -> None:
    changes = rulesets.load()
    pig = changes.get("pig-reversal")
    assert pig.after is not None and pig.by is not None
    inside = changes.on(pig.after.fromordinal(pig.after.toordinal() + 30))
    settled = changes.on(pig.by)
    result = diff(changes, inside, settled, suite.cases())
    assert "pig-reversal" in result.changed and "pig-reversal" in result.in_doubt
    pig_moves = result.by_change()["pig-reversal"]
    assert pig_moves and all(m.before == "UNRESOLVED" for m in pig_moves)


def test_markdown_has_a_table_per_change() -> None:
    result = CliRunner().invoke(main, ["diff", "before:2021-03-16", "2021-03-16", "--format", "markdown"])
    assert result.exit_code == 0
    assert result.output.startswith("## shinpan diff before:2021-03-16 → 2021-03-16")
    assert "| scenario | rules | from | to |" in result.output and "`reconstruction-top-002`" in result.output


def test_an_unknown_state_is_one_line_of_bad_input() -> None:
    result = CliRunner().invoke(main, ["diff", "2021-03-15", "nope"])
    assert result.exit_code == 4, result.output
    assert "unknown ruleset 'nope'" in result.output and "Traceback" not in result.output


def test_an_open_question_is_unresolved_inside_its_window_never_applies() -> None:
    """tacon-003 (@status:unresolved @until:2021-12-16) asserts nothing before 2021-12-16: the diff says so."""
    moves = {m["id"]: (m["from"], m["to"]) for m in _json("2021-12-15", "2021-12-16")["moves"]}
    assert moves["replacement_effects-tacon-003"] == ("UNRESOLVED", "NOT_APPLICABLE")
    assert moves["replacement_effects-tacon-002"] == ("NOT_APPLICABLE", "applies")
    questions = {case.id for case in suite.cases() if case.values.unresolved}
    assert all("applies" not in move for id_, move in moves.items() if id_ in questions)

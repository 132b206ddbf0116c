"""The check forms (shinpan.running.checks): each holds and fails where it should, and the test replayer, written
from the schema alone, judges every one the same way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from shinpan.running.cases import as_record, compile_case
from shinpan.running.checks import CheckFormError, Observation, parse
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite
from tests.replayer import holds, reads


def judge(check: dict[str, Any], observation: Observation | None, rejection: str | None) -> str | None:
    """Judge a check written as JSON, as a compiled case's file holds it."""
    return parse(check).judge(observation, rejection)


def observables_read(check: dict[str, Any], observation: Observation) -> list[str]:
    return list(parse(check).read_on(observation))

OBSERVATION: dict[str, Any] = {
    "turn": {"number": 3, "active": "me", "step": "main"},
    "players": {
        "me": {"deck": ["D1", "D2"], "hand": ["H"], "mana": ["M1", "M2"], "tapped_mana": ["M1"], "shields": [],
               "graveyard": ["G"], "hyperspatial": [],
               "battle": [{"cards": ["E", "S"], "power": 5000, "tapped": True, "equipment": ["X"], "linked": [], "seals": [],
                           "effects": [{"kind": "power", "amount": 2000}, {"kind": "power", "amount": -1000}]},
                          {"cards": ["A"], "power": 1000, "tapped": False, "equipment": [], "effects": [],
                           "seals": ["Q"]}]},
        "opp": {"deck": [], "hand": [], "mana": [], "tapped_mana": [], "shields": ["O"], "graveyard": [],
                "hyperspatial": [], "battle": [], "lost": True},
    },
    "events": [{"type": "moved", "card": "A", "from": "hand", "to": "battle"},
               {"type": "reconstructed", "cards": ["E", "S"]}, {"type": "triggered", "card": "E"},
               {"type": "triggered", "card": "E"}],
    "waiting": [{"card": "E"}],
}

CASES: list[tuple[dict[str, Any], bool]] = [
    ({"check": "in_zone", "player": "me", "zone": "hand", "card": "H", "present": True}, True),
    ({"check": "in_zone", "player": "me", "zone": "hand", "card": "G", "present": True}, False),
    ({"check": "in_zone", "player": "me", "zone": "battle", "card": "S", "present": True}, True),
    ({"check": "in_zone", "player": "opp", "zone": "battle", "card": "S", "present": False}, True),
    ({"check": "in_zone", "player": "me", "zone": "graveyard", "card": "G", "present": False}, False),
    ({"check": "zone_count", "player": "me", "zone": "battle", "count": 3}, True),
    ({"check": "zone_count", "player": "me", "zone": "mana", "count": 1}, False),
    ({"check": "position", "player": "me", "zone": "deck", "end": "top", "card": "D1"}, True),
    ({"check": "position", "player": "me", "zone": "deck", "end": "bottom", "card": "D1"}, False),
    ({"check": "position", "player": "opp", "zone": "deck", "end": "top", "card": "D1"}, False),
    ({"check": "object", "card": "S", "field": "power", "test": "equals", "value": 5000}, True),
    ({"check": "object", "card": "A", "field": "power", "test": "equals", "value": 5000}, False),
    ({"check": "object", "card": "H", "field": "power", "test": "equals", "value": 5000}, False),
    ({"check": "object", "card": "E", "field": "equipment", "test": "contains", "value": "X"}, True),
    ({"check": "object", "card": "A", "field": "equipment", "test": "contains", "value": "X"}, False),
    ({"check": "object", "card": "A", "field": "equipment", "test": "lacks", "value": "X"}, True),
    ({"check": "object", "card": "S", "field": "cards", "test": "first", "value": "E"}, True),
    ({"check": "object", "card": "S", "field": "cards", "test": "first", "value": "S"}, False),
    ({"check": "object", "card": "A", "field": "seals", "test": "empty", "value": False}, True),
    ({"check": "object", "card": "E", "field": "seals", "test": "empty", "value": False}, False),
    ({"check": "object", "card": "E", "field": "effects", "test": "power_total", "value": 1000}, True),
    ({"check": "object", "card": "E", "field": "effects", "test": "power_total", "value": 2000}, False),
    ({"check": "object", "card": "A", "field": "effects", "test": "power_total", "value": 0}, False),
    ({"check": "count", "list": "events", "where": {"type": "triggered", "card": "E"}, "test": "==", "value": 2},
     True),
    ({"check": "count", "list": "events", "where": {"type": "triggered", "card": "E"}, "test": "==", "value": 1},
     False),
    ({"check": "count", "list": "events", "where": {"type": "reconstructed", "cards": "S"}, "test": ">=", "value": 1},
     True),
    ({"check": "count", "list": "events", "where": {"type": "moved", "card": "A", "to": "hand"}, "test": ">=",
      "value": 1}, False),
    ({"check": "count", "list": "waiting", "where": {}, "test": "==", "value": 0}, False),
    ({"check": "count", "list": "objects", "player": "me", "where": {}, "test": "==", "value": 2}, True),
    ({"check": "count", "list": "objects", "where": {"equipment": "X"}, "test": "==", "value": 0}, False),
    ({"check": "mana_tapped", "card": "M1", "value": True}, True),
    ({"check": "mana_tapped", "card": "M2", "value": True}, False),
    ({"check": "mana_tapped", "card": "H", "value": False}, False),
    ({"check": "tapped", "card": "M1", "value": True}, True),  # a mana card: by tapped_mana
    ({"check": "tapped", "card": "M2", "value": True}, False),
    ({"check": "tapped", "card": "M2", "value": False}, True),
    ({"check": "tapped", "card": "S", "value": True}, True),  # any other: by its battle-zone object
    ({"check": "tapped", "card": "A", "value": True}, False),
    ({"check": "tapped", "card": "H", "value": False}, False),  # in the hand: neither
    ({"check": "lost", "player": "opp", "value": True}, True),
    ({"check": "places", "card": "H", "count": 1}, True),  # in a zone
    ({"check": "places", "card": "S", "count": 1}, True),  # under a card in the battle zone
    ({"check": "places", "card": "Q", "count": 1}, True),  # a seal
    ({"check": "places", "card": "Z", "count": 1}, False),  # nowhere
    ({"check": "places", "card": "Z", "count": 0}, True),
    ({"check": "places", "card": "O", "count": 2}, False),
    ({"check": "lost", "player": "me", "value": True}, False),
    ({"check": "all", "of": [{"check": "lost", "player": "opp", "value": True},
                             {"check": "lost", "player": "me", "value": False}]}, True),
    ({"check": "all", "of": [{"check": "lost", "player": "opp", "value": True},
                             {"check": "lost", "player": "me", "value": True}]}, False),
    ({"check": "any", "of": [{"check": "lost", "player": "opp", "value": False},
                             {"check": "lost", "player": "me", "value": False}]}, True),
    ({"check": "any", "of": [{"check": "lost", "player": "opp", "value": False},
                             {"check": "lost", "player": "me", "value": True}]}, False),
    ({"check": "not", "of": {"check": "lost", "player": "me", "value": True}}, True),
    ({"check": "not", "of": {"check": "lost", "player": "opp", "value": True}}, False),
]


@pytest.mark.parametrize(("check", "expected"), CASES, ids=[f"{c['check']}-{i}" for i, (c, _) in enumerate(CASES)])
def test_each_form_holds_or_fails_as_it_says(check: dict[str, Any], expected: bool) -> None:
    problem = judge(check, OBSERVATION, None)
    assert (problem is None) is expected, problem
    assert holds(check, OBSERVATION, False) is expected  # the replayer reads the forms the same way
    if not expected:
        assert problem  # a failure says what was found


def test_rejected_reads_the_latest_move_not_the_observation() -> None:
    assert judge({"check": "rejected", "value": True}, None, "summoning sickness") is None
    assert judge({"check": "rejected", "value": True}, None, None) == "the move was allowed, but the rules forbid it"
    assert judge({"check": "rejected", "value": False}, None, "no") == "the move was rejected: no"
    assert holds({"check": "rejected", "value": True}, None, True) and not holds({"check": "rejected", "value": True},
                                                                             None, False)


def test_a_tapped_check_reads_the_observable_of_where_its_card_is() -> None:
    assert observables_read({"check": "tapped", "card": "M2", "value": False}, OBSERVATION) == ["tapped_mana"]
    assert observables_read({"check": "tapped", "card": "S", "value": True}, OBSERVATION) == ["tapped"]
    both = {"check": "all", "of": [{"check": "tapped", "card": "S", "value": True},
                                   {"check": "not", "of": {"check": "tapped", "card": "M1", "value": False}}]}
    assert observables_read(both, OBSERVATION) == ["tapped", "tapped_mana"]
    assert observables_read({"check": "lost", "player": "me", "value": False, "observable": "lost"}, OBSERVATION) == []
    assert reads(both, OBSERVATION) == ["tapped", "tapped_mana"]  # the replayer reads them the same way


def test_a_check_on_the_observation_needs_one() -> None:
    assert judge({"check": "lost", "player": "me", "value": False}, None, None) == "nothing was observed"


def test_every_check_of_the_suite_round_trips_through_its_form() -> None:
    """JSON → form → JSON gives back every check of every compiled case, to the byte (keys in the same order)."""
    state = rulesets.load().today()
    messages = [message for scenario in suite.cases()
                for message in as_record(compile_case(scenario, state.as_sent()))["messages"] if "check" in message]
    assert len(messages) >= 600
    for message in messages:
        written = json.dumps(message["check"], ensure_ascii=False)
        form = parse(json.loads(written))
        assert json.dumps(form.to_json(), ensure_ascii=False) == written
        assert parse(form.to_json()) == form


def test_a_check_of_no_known_form_is_one_line_naming_where_it_is(tmp_path: Path) -> None:
    cases = tmp_path / "cases.jsonl"
    cases.write_text(json.dumps({"messages": [{"check": {"check": "hovering", "card": "a"}}]}) + "\n",
                     encoding="utf-8")
    for number, line in enumerate(cases.read_text(encoding="utf-8").splitlines(), 1):
        with pytest.raises(CheckFormError) as raised:
            parse(json.loads(line)["messages"][0]["check"], f"{cases}:{number}")
        assert str(raised.value).splitlines() == [f"{cases}:1: unknown check form 'hovering' (expected one of "
                                                  "all, any, count, in_zone, lost, mana_tapped, not, "
                                                  "object, places, position, rejected, tapped, zone_count)"]
    with pytest.raises(CheckFormError) as raised:
        parse({"check": "all", "of": [{"check": "lost", "value": True}]})
    assert str(raised.value) == "a check: not a check of the form 'all': of/0: 'player' is a required property"
    with pytest.raises(CheckFormError) as raised:
        parse(["in_zone"])
    assert str(raised.value).startswith("a check: unknown check form None (expected one of all, any")

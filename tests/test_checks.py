"""The check forms (shinpan.running.checks): each holds and fails where it should, and the test replayer, written
from the schema alone, judges every one the same way."""

from __future__ import annotations

from typing import Any

import pytest

from shinpan.running.checks import judge, observables_read
from tests.replayer import holds, reads

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

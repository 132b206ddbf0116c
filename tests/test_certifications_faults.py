"""The adapter faults the certifications' explorations found (certifications/*/README.md), each replayed on the case
that showed it, over the wire: the adapter now answers as the reference engine does, or says `unsupported` for what
its engine cannot hold — never an error, never another event order.

Skipped, with the reason, where the engines' snapshots (``../shared/engines``, or ``$SHINPAN_ENGINES``) or the
shobu binary (``certifications/shobu/build.sh``) are absent.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from shinpan.adapters.reference import ReferenceSimulator
from shinpan.adapters.subprocess_adapter import SubprocessSimulator
from shinpan.paths import PROJECT_ROOT
from shinpan.suite import rulesets

HERE = PROJECT_ROOT / "certifications"


def _engines() -> Path:
    return Path(os.environ.get("SHINPAN_ENGINES") or PROJECT_ROOT.parent / "shared" / "engines")


@pytest.fixture
def dmsim() -> Iterator[SubprocessSimulator]:
    source = _engines() / "dmsim"
    if not (source / "core" / "game_controller.py").is_file():
        pytest.skip(f"no DMSIM snapshot at {source} (a checkout without ../shared/engines; SHINPAN_ENGINES names one)")
    engine = SubprocessSimulator(["env", f"DMSIM_SOURCE={source}", f"PYTHONPATH={HERE / 'dmsim'}{os.pathsep}"
                                  f"{PROJECT_ROOT}", sys.executable, "-m", "dmsim_adapter"], timeout=30)
    yield engine
    engine.close()


@pytest.fixture
def shobu() -> Iterator[SubprocessSimulator]:
    binary = HERE / "shobu" / "build" / "shobu-adapter"
    if not binary.is_file():
        pytest.skip(f"no shobu adapter at {binary} (run certifications/shobu/build.sh)")
    engine = SubprocessSimulator([str(binary)], timeout=30)
    yield engine
    engine.close()


def _started(engine: Any, rules: Mapping[str, Any], state: Mapping[str, Any]) -> dict[str, Any]:
    """The answer to the setup of a new game."""
    engine.hello({"cmd": "hello", "protocol": 3})
    engine.new_game({"cmd": "new_game", "rules": rules, "seed": 1})
    return dict(engine.setup({"cmd": "setup", "state": state}))


def _played(engine: Any, rules: Mapping[str, Any], state: Mapping[str, Any],
            moves: Sequence[Mapping[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The answers to the setup and each move, and the events of the observation after them."""
    answers = [_started(engine, rules, state)]
    for action in moves:
        answers.append(engine.act({"cmd": "act", "action": action, "choices": []}))
    observed = engine.observe({"cmd": "observe"})
    return [{"status": a["status"]} for a in answers], list(observed.get("observation", {}).get("events", []))


def _both(engine: Any, rules: Mapping[str, Any], state: Mapping[str, Any],
          moves: Sequence[Mapping[str, Any]]) -> tuple[Any, Any]:
    return _played(engine, rules, state, moves), _played(ReferenceSimulator(), rules, state, moves)


def _board(me: Mapping[str, Any], opp: Mapping[str, Any], **more: Any) -> dict[str, Any]:
    cards = {label: name for view in (me, opp) for label, name in view.get("cards", {}).items()}
    players = {who: {k: v for k, v in view.items() if k != "cards"} for who, view in (("me", me), ("opp", opp))}
    return {"cards": cards, "turn": {"number": 2, "active": "me"}, "players": players, **more}


TODAY = rulesets.load().today().as_sent()


def test_dmsim_reports_charger_as_the_replacement_it_is(dmsim: SubprocessSimulator) -> None:
    """609.1, C-6.7: the spell's チャージャー replaces its move to the graveyard; DMSIM plays it as a spell effect."""
    state = _board({"cards": {"S": "テスト用チャージャー呪文", "X": "テスト用クリーチャーA"}, "hand": ["S"], "deck": ["X"]},
                   {"cards": {"Y": "テスト用クリーチャーA"}, "battle": [{"cards": ["Y"]}]})
    ours, reference = _both(dmsim, TODAY, state, [{"type": "cast", "card": "S"}])
    assert ours == reference
    assert [event["type"] for event in ours[1]] == ["replaced", "moved"]


def test_dmsim_reports_a_destructions_triggers_after_its_moves(dmsim: SubprocessSimulator) -> None:
    """C-6.7: DMSIM announces a destruction (its abilities queue) before it moves the cards."""
    state = _board({"cards": {"E": "テスト用出た時ドロー", "W": "テスト用破壊時ドロー", "X": "テスト用クリーチャーA"},
                    "battle": [{"cards": ["E"]}, {"cards": ["W"]}], "deck": ["X"]},
                   {"cards": {"Y": "テスト用クリーチャーA"}, "battle": [{"cards": ["Y"]}]})
    ours, reference = _both(dmsim, TODAY, state, [{"type": "destroy", "cards": ["E"]}])
    assert ours == reference
    assert [event["type"] for event in ours[1]] == ["moved", "triggered"]


def test_dmsim_says_unsupported_for_a_card_under_a_spell(dmsim: SubprocessSimulator) -> None:
    """C-8.1, C-8.2: DMSIM's spells hold no cards under them; the pile is unsupported, naming what is lacking."""
    state = _board({"cards": {"T": "テスト用進化クリーチャー", "C": "薫風妖精コートニー", "S": "テスト用ナイト呪文",
                              "A": "テスト用ナイト呪文"}, "battle": [{"cards": ["T", "C", "S", "A"]}]}, {})
    answer = _started(dmsim, TODAY, state)
    assert answer["status"] == "unsupported" and "cards_under" in answer["message"], answer


def test_shobu_judges_a_move_by_the_engines_move_not_by_its_handlers(shobu: SubprocessSimulator) -> None:
    """C-4.1: the opponent's 「ほかのクリーチャーが離れた時…マナゾーンに置く」 runs inside shobu's move and takes the card
    on; the move itself was played (ok, as the reference engine answers), and the handler's move is its own event."""
    rules = rulesets.load().select("2006-12-31").as_sent()
    state = _board({"cards": {"L": "テスト用離脱追跡"}, "battle": [{"cards": ["L"]}]},
                   {"cards": {"M": "テスト用離脱追跡"}, "battle": [{"cards": ["M"]}]})
    (statuses, events), (reference_statuses, reference_events) = _both(
        shobu, rules, state, [{"type": "move", "card": "L", "to": "graveyard"}])
    assert statuses == reference_statuses == [{"status": "ok"}, {"status": "ok"}]
    moved = [(e["from"], e["to"]) for e in events if e["type"] == "moved" and e["card"] == "L"]
    assert moved[0] == next((e["from"], e["to"]) for e in reference_events if e["type"] == "moved")
    assert moved == [("battle", "graveyard"), ("graveyard", "mana")]  # the known deviation: no waiting in shobu

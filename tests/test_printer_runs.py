"""A printed scenario is a scenario of the suite: it lints clean as printed, and, saved into a feature file of a suite
in a scratch folder, it runs under ``shinpan run`` — passing on the reference engine when its checks are what the
reference engine observed.

The cases printed are the moves of the suite's own scenarios (every one that passes today), each move followed by
checks built from the reference engine's observation after it: where every card is, each battle-zone object's
cards and fields, the abilities waiting, what triggered and moved, and whether a move only tried was rejected — as a
differential finding would print the reference engine's view.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from shinpan.adapters import cards
from shinpan.adapters.registry import make_adapter
from shinpan.paths import PROJECT_ROOT
from shinpan.reports.outcomes import Status
from shinpan.running.cases import Case, Check, Execution, Move, Step, compile_case
from shinpan.running.checks import Rejected, parse
from shinpan.running.session import AdapterSession
from shinpan.steps.printer import Heading, generated_id, print_feature, print_scenario
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite
from shinpan.suite.lint import lint
from tests.conftest import SuiteRunner

ZONES = ("deck", "hand", "mana", "shields", "graveyard", "hyperspatial")
FIELDS = ("tapped", "power", "summoning_sick", "can_attack", "attacking", "effects", "equipment", "seals", "linked")


def observed_checks(observation: Mapping[str, Any], names: Mapping[str, str]) -> Iterator[dict[str, Any]]:
    """Checks that hold on this observation of the reference engine."""
    for player, view in observation["players"].items():
        for zone in ZONES:
            for card in view[zone]:
                yield {"check": "in_zone", "player": player, "zone": zone, "card": card, "present": True}
            yield {"check": "zone_count", "player": player, "zone": zone, "count": len(view[zone])}
        for obj in view["battle"]:
            yield from _object_checks(obj, names)
    yield from _event_checks(observation)


def _object_checks(obj: Mapping[str, Any], names: Mapping[str, str]) -> Iterator[dict[str, Any]]:
    top = obj["cards"][0]
    yield {"check": "object", "card": top, "field": "cards", "test": "equals", "value": obj["cards"]}
    for field in FIELDS:
        if field in obj:
            yield {"check": "object", "card": top, "field": field, "test": "equals", "value": obj[field],
                   "observable": field}
    if obj.get("face") in names.values():
        yield {"check": "object", "card": top, "field": "face", "test": "equals", "value": obj["face"],
               "observable": "face"}


def _event_checks(observation: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    waiting = [item["card"] for item in observation.get("waiting", [])]
    for card in dict.fromkeys(waiting):
        yield {"check": "count", "list": "waiting", "where": {"card": card}, "test": "==",
               "value": waiting.count(card), "observable": "waiting"}
    events = observation.get("events", [])
    triggered = [e["card"] for e in events if e["type"] == "triggered"]
    for card in dict.fromkeys(triggered):
        yield {"check": "count", "list": "events", "where": {"type": "triggered", "card": card}, "test": "==",
               "value": triggered.count(card), "observable": "events"}
    for event in events:
        if event["type"] == "moved":
            where = {key: event[key] for key in ("type", "card", "from", "to")}
            yield {"check": "count", "list": "events", "where": where, "test": ">=", "value": 1,
                   "observable": "events"}


def with_observed_checks(case: Case, session: AdapterSession, *, tried: bool = False) -> Case | None:
    """The case's moves (only tried, if ``tried``: the rules may reject them, as explore plays its moves), each
    followed by the checks that hold after it on the reference engine (None if the case does not pass there)."""
    moves_only = Case(case.id, case.setup, tuple(  # one step per move, to read the board after each
        Step(s.keyword, s.text, s.line, (Move(item.action, item.choices, item.attempt or tried),))
        for s in case.steps for item in s.items if isinstance(item, Move)), case.mechanics, case.since, case.until)
    execution = Execution(moves_only, session)
    items: list[Move | Check] = []
    for outcome in execution:
        if outcome.status is not None:
            break
        for played in outcome.moves:
            items.append(played.move)
            if played.move.attempt:
                items.append(Check(Rejected(played.rejection is not None)))
            items.extend(Check(parse(check)) for check in observed_checks(execution.game.observation(),
                                                                   case.setup.state["cards"]))
    assert execution.result is not None
    if execution.result.status is not Status.PASS or not any(isinstance(item, Move) for item in items):
        return None
    return Case(case.id, case.setup, (Step("", "", 0, tuple(items)),), case.mechanics, case.since, case.until)


@pytest.fixture
def printed_suite(tmp_path: Path) -> tuple[Path, list[str]]:
    """A scratch suite (the real registries) whose one feature file holds the printed scenarios; and their ids."""
    root = tmp_path / "features"
    (root / "explore").mkdir(parents=True)
    for name in ("cards.yaml", "rulesets.yaml", "sources.yaml", "rules.yaml"):
        shutil.copy(PROJECT_ROOT / "features" / name, root / name)
    state = rulesets.load().today()
    session = AdapterSession(make_adapter("reference"), "reference")
    scenarios: list[str] = []
    ids: list[str] = []
    try:
        for scenario in suite.cases():
            if state.verdict(scenario.values.since, scenario.values.until, rulesets.load()).status is not None \
                    or scenario.values.unresolved or scenario.values.not_applicable:
                continue
            # one case in three with every move only tried (「…」ことを試みる where its phrase has no form of its own)
            case = with_observed_checks(compile_case(scenario, state.as_sent()), session, tried=len(ids) % 3 == 0)
            if case is None or generated_id(case) in ids:  # two scenarios may make the same moves: one case
                continue
            values = scenario.values
            heading = Heading(f"{scenario.id} の盤面を参照エンジンで観察した結果", seed=2026, rules=values.rule,
                              sources=values.source, notes=(f"元のシナリオ: {scenario.id}",))
            scenarios.append(print_scenario(case, heading, cards.load()))
            ids.append(generated_id(case))
    finally:
        session.stop()
    text = print_feature(scenarios, topic="explore", title="参照エンジンの観察から印字したシナリオ",
                         description=["スイートの各シナリオの手を、参照エンジンが観察した結果で確かめる。"])
    (root / "explore" / "観察.feature").write_text(text, encoding="utf-8")
    return root, ids


def test_printed_scenarios_lint_clean_and_pass_on_the_reference_engine(
        printed_suite: tuple[Path, list[str]], run_suite: SuiteRunner, tmp_path: Path) -> None:
    root, ids = printed_suite
    assert len(ids) >= 200
    assert [str(problem) for problem in lint(root)] == []
    assert (root / "explore" / "観察.feature").read_text(encoding="utf-8").count("ことを試みる\n") >= 50
    result = run_suite(features=root, tmp=tmp_path)
    statuses = result.statuses()
    assert sorted(statuses) == sorted(set(ids)), result.output[-2000:]
    assert set(statuses.values()) == {"PASS"}, {i: s for i, s in statuses.items() if s != "PASS"}
    assert result.returncode == 0


def test_a_printed_scenario_that_checks_what_did_not_happen_fails(
        printed_suite: tuple[Path, list[str]], run_suite: SuiteRunner, tmp_path: Path) -> None:
    root, _ = printed_suite
    path = root / "explore" / "観察.feature"
    text = path.read_text(encoding="utf-8")
    count = re.search(r"のカードは(\d+)枚である", text)
    assert count is not None
    changed = text[:count.start(1)] + str(int(count[1]) + 1) + text[count.end(1):]
    path.write_text(changed, encoding="utf-8")
    statuses = run_suite(features=root, tmp=tmp_path).statuses()
    assert sorted(status for status in statuses.values() if status != "PASS") == ["FAIL"]

"""A finding prints as a scenario of the suite: it lints clean as printed and, saved into a feature file of a scratch
suite, it does not pass on the engine that showed it (FAIL, or the status of its fault) and passes on the reference
engine."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from shinpan.adapters.reference import ReferenceSimulator
from shinpan.explore import Settings, explore
from shinpan.paths import PROJECT_ROOT
from shinpan.suite import rulesets
from tests.conftest import SuiteRunner

pytestmark = pytest.mark.slow

PLANTED = {  # a bug and the oracles that show it: a difference, a property, a fault
    "untap_both_players": ("differential",),
    "battle_to_graveyard_not_destroyed": ("look-back",),
    "swap_keeps_effects": ("swaps", "differential"),
}


@pytest.mark.parametrize("bug", sorted(PLANTED))
def test_a_printed_finding_lints_clean_fails_on_its_engine_and_passes_on_the_reference(
        bug: str, run_suite: SuiteRunner, tmp_path: Path) -> None:
    from shinpan.explore.printing import feature, scenario
    from shinpan.suite.lint import lint

    adapter = f"py:tests.planted_bugs:{bug}"
    today = rulesets.load().today()
    exploration = explore(Settings(adapter, (today,), examples=1000, only=PLANTED[bug],  # untap: 7 of 8 seeds at 300
                                   until_found=True))
    assert exploration.findings
    root = tmp_path / "features"
    (root / "explore").mkdir(parents=True)
    for name in ("cards.yaml", "rulesets.yaml", "sources.yaml", "rules.yaml"):
        shutil.copy(PROJECT_ROOT / "features" / name, root / name)
    printed = [scenario(finding, today) for finding in exploration.findings]
    (root / "explore" / "explore.feature").write_text(feature(printed, exploration.engine), encoding="utf-8")
    assert [str(problem) for problem in lint(root)] == []
    on_bug = run_suite(f"--adapter={adapter}", features=root, tmp=tmp_path).statuses()
    on_reference = run_suite(features=root, tmp=tmp_path).statuses()
    assert len(on_bug) == len(printed) and set(on_reference.values()) == {"PASS"}, on_reference
    assert "PASS" not in on_bug.values(), on_bug


def test_a_difference_no_phrase_can_show_is_reported_without_a_scenario() -> None:
    """Engines that differ only in the order of events of different kinds (one creature destroyed at a time, its
    watcher's trigger between the moves) have no check to print: a scenario of it would pass on both engines, so
    none is printed (seen failing: it printed a scenario with no ならば step)."""
    from dataclasses import replace

    from shinpan.errors import RenderError
    from shinpan.explore.findings import Cause, FactKind
    from shinpan.explore.printing import scenario

    today = rulesets.load().today()
    exploration = explore(Settings("py:tests.planted_bugs:destroy_one_at_a_time", (today,), examples=1000,
                                   only=("differential",), until_found=True))  # its first round finds both kinds
    found = next(finding for finding in exploration.findings if finding.checks)  # one a phrase can show
    assert scenario(found, today)
    in_order_only = replace(found, cause=Cause("differential", found.cause.step, FactKind("events.order")), checks=())
    with pytest.raises(RenderError, match="no phrase of the suite checks"):
        scenario(in_order_only, today)


class _SaysRuleForPut(ReferenceSimulator):
    """The reference engine, reporting a card an effect moved as moved by a rule (a wrong event cause)."""

    def observe(self, request: Any) -> Any:
        answer = super().observe(request)
        for event in answer.get("observation", {}).get("events", []):
            if event.get("cause") == "put":
                event["cause"] = "rule"
        return answer


def says_rule_for_put() -> ReferenceSimulator:
    return _SaysRuleForPut()


def test_a_difference_the_phrases_do_not_reach_prints_no_scenario_that_passes() -> None:
    """An event's cause is compared but no phrase checks it: the finding is reported, and its scenario is printed
    only with checks the engine fails (seen failing: it printed "moved from the shields to the graveyard once",
    which the engine passes)."""
    from shinpan.errors import RenderError
    from shinpan.explore.printing import scenario
    from shinpan.explore.replay import replay
    from shinpan.reports.outcomes import Status

    adapter = "py:tests.test_explore_printed:says_rule_for_put"
    today = rulesets.load().today()
    # to the end of the round of the first finding: three steps' findings (a break's among them, the shields to the
    # graveyard), each printed or refused as the nine of the whole budget are, at a fourteenth of the time
    exploration = explore(Settings(adapter, (today,), examples=300, only=("differential",), until_found=True))
    assert any(f.cause.what == "events.moved" for f in exploration.findings), exploration.findings
    for finding in exploration.findings:
        try:
            scenario(finding, today)
        except RenderError:
            assert not finding.checks
            continue
        assert replay(finding.case, adapter).status != Status.PASS, finding.cause.key

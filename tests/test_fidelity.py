"""Fidelity to the sources (issue 37): what the scenarios assert, on which days, and what they cite.

Each test reads the suite as a user does (``shinpan list`` on named days, the scenarios' tags and steps), so it
fails when a scenario claims more, or less, than its sources."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import pytest
from click.testing import CliRunner

from shinpan.adapters import cards
from shinpan.cli import main
from shinpan.running.cases import compile_case
from shinpan.steps.printer import Heading, print_scenario
from shinpan.suite import rulesets, sources
from shinpan.suite import scenarios as suite

HEADING = Heading("印字の検査", seed=7, rules=("801.4",), sources=("seed003",), notes=())


@cache
def listed(when: str) -> dict[str, dict[str, Any]]:
    """``shinpan list --json`` under the rules of ``when`` (a day, or a change id as --ruleset takes it), by id."""
    option = "--rules-as-of" if re.fullmatch(r"\d{4}-\d\d-\d\d", when) else "--ruleset"
    result = CliRunner().invoke(main, ["list", "--json", option, when])
    assert result.exit_code == 0, result.output
    return {row["id"]: row for row in map(json.loads, result.output.splitlines())}


def standing(case_id: str, when: str) -> str:
    """``applies``, ``in doubt`` or ``not applicable``: how ``shinpan list`` shows the scenario on ``when``."""
    row = listed(when)[case_id]
    return "applies" if row["applies"] else "in doubt" if row["in_doubt"] or row["unresolved"] else "not applicable"


def case(case_id: str) -> suite.Case:
    return next(c for c in suite.cases() if c.id == case_id)


# ---------------------------------------------------------------- 37.1 who chooses the god that leaves

def test_a_chooser_the_sources_do_not_name_is_cited_as_the_kits_convention() -> None:
    """The G・リンク reminder text says one god is chosen, not by whom: every scenario that scripts which linked god
    leaves cites the kit's convention (kit-chooser), and no title states a chooser as a ruling."""
    scripted = [c for c in suite.cases() if any("リンクしたゴッドのうち" in step.text for step in c.steps)]
    assert {c.id for c in scripted} >= {"carry-god-leaves-005", "carry-god-leaves-006"}
    assert [c.id for c in scripted if "kit-chooser" not in c.values.source] == []
    assert [c.id for c in scripted if "コントローラーが選ぶ" in c.name] == []
    assert "kit-chooser" in sources.load()


# ---------------------------------------------------------------- 37.2 a watcher already in the battle zone

@pytest.mark.parametrize("when", ["2018-08-09", "2020-09-18", "2023-06-01", "2025-12-16"])
@pytest.mark.parametrize("case_id", ["zone_change_triggers-enter-006", "zone_change_triggers-enter-009"])
def test_a_watcher_already_present_is_asserted_on_every_day_before_ver_1_48(case_id: str, when: str) -> None:
    """Its count is the same whether the cards enter as one event or one at a time (409.1f), so the scenario is
    asserted on every day before 2025-12-17, not UNRESOLVED for want of 409.1f's date."""
    assert standing(case_id, when) == "applies"
    assert listed(when)[case_id]["on_a_calendar_day"] is True


@pytest.mark.parametrize(("old", "new"), [("zone_change_triggers-enter-006", "zone_change_triggers-enter-012"),
                                          ("zone_change_triggers-enter-009", "zone_change_triggers-enter-013")])
def test_from_ver_1_48_the_order_is_scripted_by_the_409_1f_twin(old: str, new: str) -> None:
    assert standing(old, "2025-12-17") == "not applicable" and standing(new, "2025-12-17") == "applies"
    assert standing(old, "enter-one-at-a-time") == "in doubt"  # 409.1f in force, Ver.1.48 perhaps not yet


def test_the_one_event_reading_of_a_card_entering_with_others_stays_unresolved() -> None:
    """enter-007's count does depend on the reading: it stays on no calendar day."""
    assert standing("zone_change_triggers-enter-007", "2023-06-01") == "in doubt"
    assert listed("2023-06-01")["zone_change_triggers-enter-007"]["on_a_calendar_day"] is False


# ---------------------------------------------------------------- 37.3 old 801.4d

@pytest.mark.parametrize(("case_id", "number", "before", "after"), [
    ("reconstruction-stay-005", "801.4d", "applies", "not applicable"),
    ("reconstruction-stay-006", "801.4d", "applies", "not applicable"),
    ("reconstruction-stay-001", "801.4c", "not applicable", "applies"),
    ("reconstruction-stay-004", "801.4c", "not applicable", "applies"),
])
def test_reconstructed_creatures_cite_old_801_4d_before_2021_03_16_and_801_4c_from_it(
        case_id: str, number: str, before: str, after: str) -> None:
    assert case(case_id).values.rule == (number,) or number in case(case_id).values.rule
    assert standing(case_id, "2019-09-26") == "not applicable"
    assert standing(case_id, "2020-01-01") == before
    assert standing(case_id, "2021-03-16") == after


@pytest.mark.parametrize("case_id", ["carry-table-devolve-pump", "carry-table-devolve-waiting"])
def test_the_devolution_cells_still_hold_from_2019_09_27(case_id: str) -> None:
    assert standing(case_id, "2019-09-26") == "not applicable"
    assert standing(case_id, "2020-01-01") == standing(case_id, "2025-12-17") == "applies"
    assert "801.4c" not in case(case_id).values.rule and "rulechange-2019-09-27" in case(case_id).values.source


# ---------------------------------------------------------------- 37.4 603.5d and the look-back readings

def test_no_scenario_cites_603_5d_on_a_day_it_may_be_the_shield_force_rule() -> None:
    citing = [c.id for c in suite.cases() if "603.5d" in c.values.rule]
    assert [i for i in citing if standing(i, "2023-06-01") == "applies"] == []


def test_a_case_2_reading_cites_no_trigger_rule_and_the_deck_positions_no_seed() -> None:
    """603.5c decides whether a leave ability triggers (case 1); reading a card that left (case 2) is not it.
    Seed 004 says nothing of where in the deck a card goes."""
    case2 = [c for c in suite.cases() if c.id.startswith("look_back-case2-") or c.id == "carry-swap-lookback-001"]
    assert case2 and [c.id for c in case2 if "603.5c" in c.values.rule] == []
    deck = [case(f"replacement_effects-deck-00{n}") for n in (1, 2, 3)]
    assert [c.id for c in deck if "seed004" in c.values.source] == []


# ---------------------------------------------------------------- 37.5 the agreed case of devolve sickness

@pytest.mark.parametrize("when", ["2010-01-01", "2014-01-15", "2014-02-01", "2019-09-27", "2021-03-16",
                                  "2025-12-17"])
def test_a_card_under_since_the_start_of_the_turn_is_not_sick_after_devolving_on_every_day(when: str) -> None:
    """Every source agrees (seed 003's old 801.4d / 801.4c, seed 000's per-card memory, timeline #2 before and
    after its change): asserted on every day, unlike the conflict's scenarios."""
    assert standing("reconstruction-stay-007", when) == "applies"
    assert standing("reconstruction-stay-002", when) != "applies"
    steps = [step.text for step in case("reconstruction-stay-007").steps]
    assert "《テスト用クリーチャーA》は召喚酔いしていない" in steps and not any("このターンに" in s for s in steps)


@pytest.mark.parametrize(("when", "shown"), [("2013-06-01", "applies"), ("2014-01-15", "in doubt"),
                                             ("2014-02-01", "not applicable"), ("2025-12-17", "not applicable")])
def test_before_the_january_2014_change_a_devolved_card_is_not_sick_even_if_it_entered_this_turn(
        when: str, shown: str) -> None:
    """Timeline #2's old side, which the reference engine now plays (devolve-sickness joins its modelled changes)."""
    assert standing("reconstruction-stay-008", when) == shown
    assert standing("reconstruction-stay-003", when) == {"applies": "not applicable",
                                                         "not applicable": "applies"}.get(shown, shown)


# ---------------------------------------------------------------- 37.6 one card under a card

ONE_CARD_IN_ORDER = re.compile(r"の下には上から《[^《》]+》(?:\([^()\s]+\))?がある$", re.MULTILINE)


def test_one_card_under_a_card_is_not_said_as_a_list() -> None:
    found = [f"{c.id}: {step.text}" for c in suite.cases() for step in c.steps if ONE_CARD_IN_ORDER.search(step.text)]
    assert found == []


@pytest.mark.parametrize(("case_id", "one", "several"), [
    ("reconstruction-forced-001", "《テスト用進化クリーチャー》(下)の下には《テスト用クリーチャーA》がある", None),
    ("reconstruction-top-002", None, "の下には上から《"),
])
def test_the_printer_says_one_card_under_as_one_card(case_id: str, one: str | None, several: str | None) -> None:
    """A counterexample printed by shinpan explore reads as the suite does: one card, no order; several, 上から."""
    state = rulesets.load().named("2020-09-18" if case_id.endswith("forced-001") else "2025-12-17")
    text = print_scenario(compile_case(case(case_id), state.as_sent()), HEADING, cards.load())
    assert one is None or one in text, text
    assert several is None or several in text, text
    assert not ONE_CARD_IN_ORDER.search("\n".join(line.strip() for line in text.splitlines())), text


# ---------------------------------------------------------------- 37.8 what a property cites resolves

def test_lint_reports_a_property_citing_a_number_or_source_the_registries_lack(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from shinpan.explore import properties
    from shinpan.explore.properties.citations import citations
    from shinpan.suite.lint import lint

    wrong = replace(properties.PROPERTIES[0], id="wrong", rules=("400.5", "999.9z"), sources=("nowhere",))
    monkeypatch.setattr(properties, "PROPERTIES", (*properties.PROPERTIES, wrong))
    found = [p for p in lint(citations=citations()) if "property" in p.message]
    assert [p.message for p in found] == ["property wrong: rule 999.9z is not in features/rules.yaml",
                                          "property wrong: source 'nowhere' is not in features/sources.yaml"]
    assert found[0].path.endswith("shinpan/explore/properties/places.py") and found[0].line > 1


def test_every_property_has_a_japanese_title() -> None:
    from shinpan.explore import PROPERTIES

    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    assert [p.id for p in PROPERTIES if not japanese.search(p.title_ja)] == []
    assert len({p.title_ja for p in PROPERTIES}) == len(PROPERTIES)

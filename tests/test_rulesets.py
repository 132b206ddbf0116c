"""Rules as dated changes: the rules on a day, just before/after a change, doubt, and scenario windows."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from shinpan.adapters.errors import SuiteError
from shinpan.errors import RulesetError
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite
from shinpan.suite.rulesets import Standing

DATED = ["2018-08-09", "2018-09-05", "2019-09-27", "2019-12-12", "2020-06-26", "2020-09-18", "2020-11-19",
         "2021-03-16", "2021-12-16", "2023-04-10", "2025-10-01", "2025-12-17"]


def day(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


def test_the_suite_lists_dated_and_ranged_changes() -> None:
    changes = rulesets.load()
    assert sorted(c.id for c in changes.items if c.date is not None) == DATED
    ranged = {c.id: c for c in changes.items if c.date is None}
    assert set(ranged) == {"devolve-sickness", "devolve-sickness-own-turn", "pig-reversal", "mugetsu-ruling",
                           "enter-one-at-a-time"}
    assert (ranged["pig-reversal"].after, ranged["pig-reversal"].by) == (day("2019-08-02"), day("2021-01-03"))
    assert ranged["mugetsu-ruling"].after is None and ranged["mugetsu-ruling"].by == day("2025-12-17")
    assert ranged["pig-reversal"].describe().startswith("pig-reversal (undated, after 2019-08-02 and by 2021-01-03): ")


@pytest.mark.parametrize(("when", "standing"), [
    ("2019-08-02", Standing.NOT_IN_FORCE), ("2019-08-03", Standing.IN_DOUBT), ("2021-01-02", Standing.IN_DOUBT),
    ("2021-01-03", Standing.IN_FORCE),
])
def test_a_ranged_change_is_in_doubt_strictly_inside_its_range(when: str, standing: Standing) -> None:
    assert rulesets.load().on(day(when)).standing("pig-reversal") == standing


def test_a_dated_change_is_in_force_from_its_day() -> None:
    changes = rulesets.load()
    assert changes.on(day("2021-03-15")).standing("2021-03-16") == Standing.NOT_IN_FORCE
    assert changes.on(day("2021-03-16")).standing("2021-03-16") == Standing.IN_FORCE


def test_just_after_and_just_before_a_change() -> None:
    changes = rulesets.load()
    after, before = changes.after("pig-reversal"), changes.before("pig-reversal")
    assert after.standing("pig-reversal") == Standing.IN_FORCE and before.standing("pig-reversal") == Standing.NOT_IN_FORCE
    # relative to the pig reversal's range: 2018-09-05 was before it, 2021-03-16 after, 2020-09-18 inside it
    assert after.standing("2018-09-05") == Standing.IN_FORCE
    assert after.standing("2021-03-16") == Standing.NOT_IN_FORCE
    assert after.standing("2020-09-18") == Standing.IN_DOUBT
    dated = changes.after("2021-03-16")
    assert dated.in_force == changes.on(day("2021-03-16")).in_force
    assert changes.before("2021-03-16").standing("2021-03-16") == Standing.NOT_IN_FORCE


def test_just_before_a_dated_change_is_the_day_before_it() -> None:
    """before:ID of a dated change is the rules of the day before its date: a ranged change whose range ends on
    that date (mugetsu-ruling, by 2025-12-17) is in doubt there, not in force."""
    changes = rulesets.load()
    for change in changes.items:
        if change.date is None:
            continue
        before = changes.before(change.id)
        eve = changes.on(change.date - dt.timedelta(days=1))
        assert before.standings == eve.standings, change.id
        assert before.day == eve.day and before.label == f"before:{change.id}"
    assert changes.before("2025-12-17").standing("mugetsu-ruling") == Standing.IN_DOUBT
    assert changes.after("2025-12-17").standing("mugetsu-ruling") == Standing.IN_FORCE


def test_select_by_change_by_day_and_default() -> None:
    changes = rulesets.load()
    assert changes.select().day == dt.date.today()
    assert changes.select("latest").day == dt.date.today()
    assert changes.select("2021-03-16").label == "2021-03-16"
    assert changes.select("before:pig-reversal").label == "before:pig-reversal"
    assert changes.select(as_of="2018-09-04").label == "2018-09-04"


@pytest.mark.parametrize("bad", [{"ruleset": "no-such-change"}, {"as_of": "yesterday"},
                                 {"ruleset": "before:nothing"}, {"ruleset": "2021-03-16", "as_of": "2022-01-01"}])
def test_bad_selections_say_what_was_expected(bad: dict[str, str]) -> None:
    with pytest.raises(RulesetError) as error:
        rulesets.load().select(bad.get("ruleset"), bad.get("as_of"))
    assert "\n" not in str(error.value)


def test_verdict_reads_since_and_until_and_names_the_change_in_doubt() -> None:
    changes = rulesets.load()
    old, new = changes.on(day("2020-01-01")), changes.on(day("2021-03-16"))
    assert new.verdict(["2021-03-16"], [], changes).status is None
    assert "@since:2021-03-16" in str(old.verdict(["2021-03-16"], [], changes).reason)
    assert old.verdict([], ["2021-03-16"], changes).status is None
    assert new.verdict([], ["2021-03-16"], changes).status == "NOT_APPLICABLE"
    doubtful = old.verdict([], ["pig-reversal"], changes)
    assert doubtful.status == "UNRESOLVED" and doubtful.doubts == ("pig-reversal",)
    assert "pig-reversal (undated, after 2019-08-02 and by 2021-01-03)" in str(doubtful.reason)
    # a settled "no" wins over a doubt: the scenario does not apply whatever the doubt
    assert old.verdict(["2021-03-16"], ["pig-reversal"], changes).status == "NOT_APPLICABLE"
    with pytest.raises(RulesetError, match="unknown change"):
        old.verdict(["2099-01-01"], [], changes)


def test_windows_that_cannot_hold_are_named() -> None:
    changes = rulesets.load()
    assert changes.window_problem(["2018-09-05"], ["2021-03-16"]) is None
    assert "empty" in str(changes.window_problem(["2021-03-16"], ["2018-09-05"]))
    assert "empty" in str(changes.window_problem(["2021-03-16"], ["2021-03-16"]))
    assert "unknown change" in str(changes.window_problem(["2021-03-17"], []))
    assert changes.window_problem(["2018-09-05"], ["pig-reversal"]) is None


def test_a_window_is_empty_exactly_when_the_state_just_after_its_start_excludes_it() -> None:
    """Lint's empty window and the states agree: @until:X @since:Y is empty when X is certainly in force just after
    Y takes effect (the scenario is NOT_APPLICABLE there); when that is in doubt, so is the window."""
    closing = rulesets.Change("closes", "closes", ("x",), ("s",), after=day("2019-12-31"), by=day("2020-01-02"))
    opening = rulesets.Change("2020-01-02", "opens", ("x",), ("s",), date=day("2020-01-02"))
    ranged = rulesets.Change("ranged", "opens", ("x",), ("s",), after=day("2020-01-01"), by=day("2020-03-01"))
    changes = rulesets.Changes((closing, opening, ranged), Path("rulesets.yaml"))
    assert "the window is empty" in str(changes.window_problem(["2020-01-02"], ["closes"]))
    assert changes.after("2020-01-02").verdict(["2020-01-02"], ["closes"], changes).status == "NOT_APPLICABLE"
    assert changes.window_problem(["ranged"], ["closes"]) is None
    assert changes.after("ranged").verdict(["ranged"], ["closes"], changes).status == "UNRESOLVED"
    assert not changes.ends_before("2020-01-02", "closes")


def boundary_days() -> list[dt.date]:
    """Every change's boundary days (the day before and the first day in force) and one day inside each range."""
    days: set[dt.date] = set()
    for change in rulesets.load().items:
        for bound in (change.earliest, change.latest):
            if bound is not None:
                days |= {bound, bound + dt.timedelta(days=1), bound - dt.timedelta(days=1)}
        if change.date is None and change.after and change.by:
            days.add(change.after + (change.by - change.after) / 2)
    return sorted(days)


def test_every_day_answers_for_every_scenario() -> None:
    """No day is refused: every scenario applies, does not apply, or is UNRESOLVED naming the change in doubt."""
    changes = rulesets.load()
    cases = suite.cases()
    seen: set[str | None] = set()
    for when in boundary_days():
        state = changes.on(when)
        for case in cases:
            verdict = state.verdict(case.values.since, case.values.until, changes)
            seen.add(verdict.status)
            if verdict.status == "UNRESOLVED":
                assert verdict.doubts and all(c in state.in_doubt for c in verdict.doubts)
                assert all(c in str(verdict.reason) for c in verdict.doubts)
    assert seen == {None, "NOT_APPLICABLE", "UNRESOLVED"}  # the days reach every answer, the doubtful one included


def status_on(case_id: str, when: str) -> str | None:
    changes = rulesets.load()
    case = next(c for c in suite.cases() if c.id == case_id)
    return changes.named(when).verdict(case.values.since, case.values.until, changes).status


@pytest.mark.parametrize(("case_id", "when", "status"), [
    # Ver.1.18's 603.5c example triggers for the card itself: ネロ not triggering is not asserted from then on
    ("zone_change_triggers-pig-002", "2020-06-26", "NOT_APPLICABLE"),
    ("zone_change_triggers-pig-002", "2020-09-18", "NOT_APPLICABLE"),
    ("zone_change_triggers-pig-002", "2019-12-12", "UNRESOLVED"),
    ("zone_change_triggers-pig-002", "2019-01-01", None),
    # the 無月の門 change has no known date: the old ruling is asserted on no day before Ver.1.48
    ("carry-table-mugetsu-sources-old", "2025-10-01", "UNRESOLVED"),
    ("carry-table-mugetsu-sources-old", "2021-03-16", "UNRESOLVED"),
    ("carry-table-mugetsu-sources-old", "before:mugetsu-ruling", None),
    ("carry-table-mugetsu-sources-old", "2025-12-17", "NOT_APPLICABLE"),
    # before 2014-01 the sources left by devolving were not summoning-sick
    ("carry-table-devolve-sickness", "2010-01-01", "NOT_APPLICABLE"),
    ("reconstruction-stay-003", "2013-06-01", "NOT_APPLICABLE"),
    ("reconstruction-seed000-001", "2014-01-15", "UNRESOLVED"),
    ("reconstruction-seed000-001", "2014-02-01", None),
    # the tap state is kept only in the 2021 text of 801.4
    ("carry-table-devolve-tap", "2021-03-15", "NOT_APPLICABLE"),
    ("carry-table-devolve-tap", "2021-03-16", None),
])
def test_the_four_windows_that_used_to_be_wrong(case_id: str, when: str, status: str | None) -> None:
    assert status_on(case_id, when) == status


CONFLICT = ("carry-table-devolve-sickness-earlier", "reconstruction-stay-002")


@pytest.mark.parametrize("case_id", CONFLICT)
@pytest.mark.parametrize("when", ["2014-02-01", "2019-09-27", "2020-06-01", "2021-03-16", "2025-12-17", "2026-11-25"])
def test_devolving_in_the_turn_the_evolution_entered_is_unresolved_while_the_sources_disagree(case_id: str,
                                                                                              when: str) -> None:
    """Issue 26.1: seed 000's table against timeline #2 and the rule text (old 801.4d, 801.4c): UNRESOLVED on
    every day from February 2014 on, the conflict named in the reason; before it, not asserted."""
    changes = rulesets.load()
    case = next(c for c in suite.cases() if c.id == case_id)
    verdict = changes.on(day(when)).verdict(case.values.since, case.values.until, changes)
    assert verdict.status == "UNRESOLVED" and verdict.doubts == ("devolve-sickness-own-turn",)
    assert "the sources disagree: timeline #2" in str(verdict.reason) and "seed 000" in str(verdict.reason)
    assert changes.on(day("2014-01-31")).verdict(case.values.since, case.values.until, changes).status == \
        "NOT_APPLICABLE"


def test_a_change_without_a_conflict_gives_its_range_only() -> None:
    changes = rulesets.load()
    assert changes.get("pig-reversal").doubt() == "pig-reversal (undated, after 2019-08-02 and by 2021-01-03)"
    assert changes.get("devolve-sickness-own-turn").doubt().startswith(
        "devolve-sickness-own-turn (undated, after 2014-01-31); the sources disagree: ")


def test_the_calendar_states_stand_for_every_day() -> None:
    """Every day between the first and the last turning day (and around them) has the standings of a calendar
    state, so a scenario that holds on none of them holds on no day."""
    changes = rulesets.load()
    kinds = {state.standings for state in changes.calendar_states()}
    first = min(state.day for state in changes.calendar_states() if state.day is not None)
    for offset in range(0, (dt.date(2027, 1, 1) - first).days, 7):
        assert changes.on(first + dt.timedelta(days=offset)).standings in kinds
    assert not changes.on_some_day([], ["mugetsu-ruling"]) and changes.on_some_day(["mugetsu-ruling"], [])


def test_the_matrix_states_cover_both_sides_of_every_change() -> None:
    changes = rulesets.load()
    groups = changes.same_states()
    labels = [s.label for group in groups for s in group]
    for change in changes.items:
        assert f"before:{change.id}" in labels and change.id in labels
    assert len(labels) == len(set(labels)) == 2 * len(changes.items) + 1
    assert all(len({s.standings for s in group}) == 1 for group in groups)
    assert [s.label for s in changes.states()] == [group[0].label for group in groups]
    assert len({s.standings for s in changes.states()}) == len(changes.states())


def test_the_matrix_table_gives_each_state_its_counts_doubts_and_equals() -> None:
    from shinpan.reports import matrix

    changes = rulesets.load()
    groups = [group for group in changes.same_states() if len(group) > 1]
    state = groups[0][0]
    rows = matrix.annotate(matrix.rows([state.label], [(state.label, "PASS")] * 3 + [(state.label, "FAIL")]),
                           changes)
    lines = matrix.render(rows)
    heading = next(line for line in lines if "rules" in line)
    assert [cell.strip() for cell in heading.strip("┃ ").split("┃")][:4] == ["rules", "pass", "fail", "in doubt"]
    at = next(i for i, line in enumerate(lines) if f" {state.label} " in line)
    table = [[cell.strip() for cell in line.strip()[1:-1].split("│")] for line in lines[at:]]
    wrapped = [table[0]]
    for more in table[1:]:  # a long list of doubts wraps onto lines whose first cell is empty
        if len(more) != len(table[0]) or more[0]:
            break
        wrapped.append(more)
    cells = table[0]
    doubts = " ".join(row[-1] for row in wrapped)
    assert cells[:3] == [state.label, "3", "1"] and doubts == (", ".join(state.in_doubt) or "-")
    assert any(f"= {same.label}" in line for line in lines for same in groups[0][1:])


@pytest.mark.parametrize(("text", "message"), [
    ("changes: []\n", "changes: expected a non-empty list of changes"),
    ("changes:\n  - id: x\n    date: 2020-01-01\n    title: t\n    what: [w]\n    sources: [s]\n", "id must be its date"),
    ("changes:\n  - id: a\n    after: 2020-01-02\n    by: 2020-01-01\n    title: t\n    what: [w]\n    sources: [s]\n",
     "'by' .* must come after 'after'"),
    ("changes:\n  - id: a\n    date: 2020-01-01\n    by: 2020-01-02\n    title: t\n    what: [w]\n    sources: [s]\n",
     "not both"),
    ("changes:\n  - id: a\n    title: t\n    what: []\n    sources: [s]\n", "change a, what: expected a non-empty list of strings"),
    ("changes:\n  - id: 2020-spring\n    title: t\n    what: [w]\n    sources: [s]\n", "needs a name, not a date"),
    ("changes:\n  - id: a\n    after: soon\n    title: t\n    what: [w]\n    sources: [s]\n", "change a, after: expected a date \\(YYYY-MM-DD\\)"),
    ("changes: [\n", "not valid YAML"),
    ("changes:\n  - id: 2020-01-01\n    date: 2020-01-01\n    title: t\n    what: [w]\n    sources: [s]\n    conflict: c\n",
     "'conflict' needs a range"),
    ("changes:\n  - id: a\n    after: 2020-01-01\n    title: t\n    what: [w]\n    sources: [s]\n    conflict: [c]\n",
     "'conflict' must be a text"),
])
def test_a_malformed_rulesets_file_names_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "rulesets.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SuiteError, match=message) as error:
        rulesets.load(path)
    assert str(error.value).startswith(f"{path}:")

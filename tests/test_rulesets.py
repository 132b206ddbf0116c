"""Rules revisions: selection by id or date, undated ranges, and which scenarios apply."""

from __future__ import annotations

from pathlib import Path

import pytest

from shinpan import rulesets
from shinpan.errors import RulesetError, SuiteError

REQUIRED = ["2018-08-09", "2018-09-05", "2019-12-12", "2020-06-26", "2020-09-18", "2021-03-16", "2021-12-16",
            "2023-04-10",
            "2025-10-01", "2025-12-17"]


def test_the_suite_lists_the_dated_and_undated_revisions_in_order() -> None:
    revisions = rulesets.load()
    dated = [r.id for r in revisions.items if r.dated]
    assert dated == REQUIRED
    assert revisions.latest.id == "2025-12-17"
    undated = {r.id: r for r in revisions.items if not r.dated}
    assert set(undated) == {"dm04-qa", "pig-reversal", "mugetsu-ruling"}
    assert all(r.by is not None for r in undated.values())
    assert [r.id for r in undated.values() if r.after is None] == ["dm04-qa"]
    assert revisions.items[0].id == "dm04-qa"


def test_an_undated_revision_without_a_lower_bound_is_described_without_one() -> None:
    revisions = rulesets.load()
    assert revisions.get("dm04-qa").describe().startswith("dm04-qa (undated, by 2018-08-08): ")
    assert revisions.get("pig-reversal").describe().startswith("pig-reversal (undated, after 2019-08-02 and by ")


def test_select_by_id_by_date_and_default() -> None:
    revisions = rulesets.load()
    assert revisions.select().id == "2025-12-17"
    assert revisions.select("latest").id == "2025-12-17"
    assert revisions.select("2021-03-16").id == "2021-03-16"
    assert revisions.select(as_of="2018-09-04").id == "2018-08-09"
    assert revisions.select(as_of="2019-06-01").id == "2018-09-05"
    assert revisions.select(as_of="2030-01-01").id == "2025-12-17"


@pytest.mark.parametrize(("day", "undated"), [("2020-01-01", "pig-reversal"), ("2022-05-05", "mugetsu-ruling")])
def test_a_day_inside_an_undated_range_is_an_error(day: str, undated: str) -> None:
    with pytest.raises(RulesetError, match=f"inside the date range of the undated revision {undated}"):
        rulesets.load().select(as_of=day)


@pytest.mark.parametrize("bad", [{"ruleset": "2099-01-01"}, {"as_of": "yesterday"}, {"as_of": "2010-01-01"},
                                 {"ruleset": "2021-03-16", "as_of": "2022-01-01"}])
def test_bad_selections_say_what_was_expected(bad: dict[str, str]) -> None:
    with pytest.raises(RulesetError) as error:
        rulesets.load().select(bad.get("ruleset"), bad.get("as_of"))
    assert "\n" not in str(error.value)


def test_applies_reads_since_and_until() -> None:
    revisions = rulesets.load()
    old, new = revisions.get("2020-09-18"), revisions.get("2021-03-16")
    assert revisions.applies(new, ["2021-03-16"], []) is None
    assert "@since:2021-03-16" in str(revisions.applies(old, ["2021-03-16"], []))
    assert revisions.applies(old, [], ["2021-03-15"]) is None
    assert "@until:2021-03-15" in str(revisions.applies(new, [], ["2021-03-15"]))
    assert revisions.applies(revisions.get("2020-09-18"), [], ["pig-reversal"]) is None
    assert revisions.applies(revisions.get("pig-reversal"), [], ["pig-reversal"]) is not None
    with pytest.raises(RulesetError, match="day before a dated revision"):
        revisions.ending_revision("2021-03-14")


@pytest.mark.parametrize(("text", "message"), [
    ("revisions: []\n", "non-empty list 'revisions'"),
    ("revisions:\n  - id: a\n    title: t\n    changes: []\n", "exactly one of 'date' or 'range'"),
    ("revisions:\n  - id: x\n    date: 2020-01-01\n    title: t\n    changes: []\n", "id must be its date"),
    ("revisions:\n  - id: \"2020-01-02\"\n    date: 2020-01-02\n    title: t\n    changes: []\n"
     "  - id: \"2020-01-01\"\n    date: 2020-01-01\n    title: t\n    changes: []\n", "out of date order"),
    ("revisions: [\n", "not valid YAML"),
])
def test_a_malformed_rulesets_file_names_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "rulesets.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SuiteError, match=message) as error:
        rulesets.load(path)
    assert str(error.value).startswith(f"{path}:")

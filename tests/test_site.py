"""shinpan site: the data layer, the pages' content, and bad input (reports of another suite, unreadable)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from shinpan.cli import main
from shinpan.outputs.folder import MANIFEST
from shinpan.reports.report import suite_hash
from shinpan.running import table
from shinpan.site import agreement, build, history, model, reports
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite
from tests.site_support import TRANSCRIPT, carry_over_fails, case_ids, write_report


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, model.Site]:
    folder = tmp_path_factory.mktemp("site")
    good = write_report(folder / "good.jsonl", "good-engine", lambda _: "PASS")
    bad = write_report(folder / "bad.jsonl", "bad-engine", carry_over_fails)
    out = folder / "out"
    return out, build(out, [good, bad])


def test_every_scenario_of_the_suite_has_its_page(built: tuple[Path, model.Site]) -> None:
    out, site = built
    ids = {case_id.split("#")[0] for case_id in case_ids()}
    assert set(site.scenarios) == ids
    for scenario_id in ids:
        page = out / "scenarios" / f"{scenario_id}.html"
        assert f'data-scenario="{scenario_id}"' in page.read_text(encoding="utf-8")


def test_pages_are_japanese_and_load_nothing_from_the_network(built: tuple[Path, model.Site]) -> None:
    out, _ = built
    pages = sorted(out.rglob("*.html"))
    assert len(pages) > 50, pages  # a page per scenario and the shared pages
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert '<html lang="ja">' in html, page
        assert 'name="viewport"' in html, page
        assert not re.search(r'<(script|link|img)[^>]+(src|href)="(https?:)?//', html), page


def test_a_scenario_page_shows_steps_rules_sources_window_and_every_engine(built: tuple[Path, model.Site]) -> None:
    out, _ = built
    html = (out / "scenarios" / "carry-table-evolve-tap.html").read_text(encoding="utf-8")
    assert '<span class="kw" title="前提">前提</span>' in html
    assert 'href="../cards.html#card-%E3%83%86%E3%82%B9%E3%83%88' in html  # 《テスト用…》 links to its card
    assert 'href="../sources.html#src-seed000-table"' in html
    assert "good-engine 1.0" in html and "bad-engine 1.0" in html
    assert "bad-engine: FAIL for carry-table-evolve-tap" in html  # the message, behind the status
    assert 'class="part holds"' in html


def test_a_scenario_that_holds_on_no_calendar_day_says_so(built: tuple[Path, model.Site]) -> None:
    """Issue 26.8: the old 無月の門 ruling's change has no lower bound, so it runs only in the matrix's abstract
    states; its page says so, and a scenario that holds on some day does not."""
    out, site = built
    assert not site.scenarios["carry-table-mugetsu-sources-old"].on_a_calendar_day
    old = (out / "scenarios" / "carry-table-mugetsu-sources-old.html").read_text(encoding="utf-8")
    assert 'class="note no-calendar-day"' in old and "暦の上のどの日にも成り立ちません" in old
    new = (out / "scenarios" / "carry-table-mugetsu-sources.html").read_text(encoding="utf-8")
    assert site.scenarios["carry-table-mugetsu-sources"].on_a_calendar_day and "no-calendar-day" not in new


def test_a_ranged_change_is_shaded_as_doubt_on_the_timeline() -> None:
    changes = history.changes()
    ranged = next(c for c in changes if c.date is None and c.after is not None)
    import datetime as dt

    drawn = history.timeline(changes, [ranged.id], [], dt.date(2026, 1, 1))
    doubt = [part for part in drawn.window if part.kind == "doubt"]
    holds = [part for part in drawn.window if part.kind == "holds"]
    assert len(doubt) == 1 and doubt[0].width > 0
    assert holds[0].left == pytest.approx(doubt[0].left + doubt[0].width, abs=0.01)
    assert holds[0].left + holds[0].width == pytest.approx(100)
    dated = next(c for c in changes if c.date is not None)
    plain = history.timeline(changes, [dated.id], [], dt.date(2026, 1, 1))
    assert [part.kind for part in plain.window] == ["holds"]


def test_a_window_ends_at_the_first_change_that_surely_ended_it() -> None:
    import datetime as dt

    day = rulesets.Change("d", "dated", (), (), dt.date(2020, 6, 26), None, None)
    ranged = rulesets.Change("r", "ranged", (), (), None, dt.date(2019, 8, 2), dt.date(2021, 1, 3))
    opening = rulesets.Change("o", "opening", (), (), dt.date(2018, 9, 5), None, None)
    drawn = history.timeline([opening, ranged, day], ["o"], ["r", "d"], dt.date(2026, 1, 1))
    holds, doubt = drawn.window
    assert (holds.kind, doubt.kind) == ("holds", "doubt")
    marks = {m.title.split(":")[0].split(" ")[0]: m for m in drawn.changes}
    assert holds.left == pytest.approx(marks["o"].left)
    assert doubt.left == pytest.approx(marks["r"].left)  # in doubt from the ranged change's first day…
    assert doubt.left + doubt.width == pytest.approx(marks["d"].left)  # …until the dated change surely ended it


def test_grid_cells_take_the_worst_status_of_their_scenarios(built: tuple[Path, model.Site]) -> None:
    _, site = built
    good, bad = site.engines
    rows = dict(site.grid)
    evolve = {cell.attribute: cell for cell in rows[dict(table.ROWS)["evolve"]]}
    assert evolve["tap"].statuses == {good.key: "PASS", bad.key: "FAIL"}
    assert evolve["pump"].statuses == {good.key: "PASS", bad.key: "UNSUPPORTED"}
    assert len(rows) == 12 and all(sum(c.span for c in cells) == 7 for cells in rows.values())


def test_the_grid_page_has_a_coloured_cell_per_engine_and_links_to_scenarios(built: tuple[Path, model.Site]) -> None:
    out, _ = built
    html = (out / "carry-over.html").read_text(encoding="utf-8")
    cell = re.search(r'<td class="cell"[^>]*data-cell="evolve-tap"[^>]*>', html)
    assert cell is not None
    assert 'data-s-e0="PASS"' in cell.group(0) and 'data-s-e1="FAIL"' in cell.group(0)
    assert 'href="scenarios/carry-table-evolve-tap.html"' in html


def test_engines_matrix_marks_where_engines_disagree(built: tuple[Path, model.Site]) -> None:
    out, _ = built
    html = (out / "engines.html").read_text(encoding="utf-8")
    rows = re.findall(r'<tr data-agree="(\d)" data-kind="(\w+)"><td[^>]*><a href="scenarios/([^"]+)\.html"', html)
    agree = {scenario: (flag, kind) for flag, kind, scenario in rows}
    assert agree["carry-table-evolve-tap"] == ("0", "real")  # PASS against FAIL
    assert agree["carry-table-evolve-pump"] == ("0", "gap")  # PASS against UNSUPPORTED: coverage, not a ruling
    assert agree["basics-zone-001"] == ("1", "agree")


def test_a_rebuild_leaves_no_page_of_a_scenario_that_no_longer_exists(tmp_path: Path) -> None:
    """The page of a scenario an earlier build wrote (its manifest lists it) goes; the user's own files stay."""
    build(tmp_path, [])
    manifest = tmp_path / MANIFEST
    written = json.loads(manifest.read_text(encoding="utf-8"))["files"]
    assert "scenarios/basics-zone-001.html" in written and "index.html" in written
    stale = tmp_path / "scenarios" / "renamed-001.html"  # as if the earlier build had a scenario since renamed
    stale.write_text("<html></html>", encoding="utf-8")
    manifest.write_text(json.dumps({"files": [*written, "scenarios/renamed-001.html"]}), encoding="utf-8")
    mine = [tmp_path / "scenarios" / "mine.html", tmp_path / "notes.txt", tmp_path / "topics" / "extra.html"]
    for path in mine:
        path.write_text("the user's own", encoding="utf-8")
    build(tmp_path, [])
    assert not stale.exists()
    assert (tmp_path / "scenarios" / "basics-zone-001.html").exists()
    assert all(path.read_text(encoding="utf-8") == "the user's own" for path in mine)
    assert sorted(json.loads(manifest.read_text(encoding="utf-8"))["files"]) == sorted(written)


def test_a_report_of_another_suite_is_shown_with_a_warning(tmp_path: Path) -> None:
    other = write_report(tmp_path / "old.jsonl", "old-engine", lambda _: "PASS", suite_hash="sha256:" + "0" * 64)
    result = CliRunner().invoke(main, ["site", "--out", str(tmp_path / "out"), "--report", str(other)])
    assert result.exit_code == 0, result.output
    assert "another version of the suite" in result.output
    home = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "別の版のスイート" in home
    engine = reports.load(other, "e0", suite_hash())
    assert engine.warning is not None
    assert reports.load(write_report(tmp_path / "same.jsonl", "x", lambda _: "PASS"), "e0", suite_hash()).warning is None


@pytest.mark.parametrize(("content", "line", "expected"), [
    ('{"type": "header"', 1, "not a line of a shinpan report"),
    ("[1, 2]", 1, "not a line of a shinpan report"),
    ("", None, "empty"),
    (None, 3, "not a line of a shinpan report"),
    (None, 2, "status"),
    ('{"type": "case", "id": "x", "status": "PASS", "message": ""}', 1, "header line first"),
    ('{"type": "header", "suite_hash": "sha256:' + '0' * 64 + '"}', 1, "missing adapter"),
])
def test_an_unreadable_report_names_file_and_line(tmp_path: Path, content: str | None, line: int | None,
                                                  expected: str) -> None:
    path = tmp_path / "broken.jsonl"
    if content is None:
        lines = write_report(tmp_path / "ok.jsonl", "x", lambda _: "PASS").read_text(encoding="utf-8").splitlines()
        if expected == "status":
            lines[1] = lines[1].replace('"PASS"', '"GREEN"')
        else:
            lines[2] = lines[2][:-3]
        content = "\n".join(lines)
    path.write_text(content, encoding="utf-8")
    result = CliRunner().invoke(main, ["site", "--out", str(tmp_path / "out"), "--report", str(path)])
    assert result.exit_code == 4  # bad input, as for every command
    output = result.output.strip()
    assert len(output.splitlines()) == 1, output
    assert (f"{path}:{line}: " if line else f"{path}: ") in output and expected in output
    assert "Traceback" not in output


def test_a_missing_report_is_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["site", "--out", str(tmp_path / "out"), "--report", str(tmp_path / "no.jsonl")])
    assert result.exit_code == 4
    assert "no.jsonl: cannot read a report" in result.output


def test_search_index_lists_every_scenario_with_rules_cards_and_statuses(built: tuple[Path, model.Site]) -> None:
    import json

    out, site = built
    text = (out / "search-index.js").read_text(encoding="utf-8")
    entries = json.loads(text.removeprefix("window.SHINPAN_INDEX = ").rstrip().removesuffix(";"))
    assert {e["id"] for e in entries} == set(site.scenarios)
    tap = next(e for e in entries if e["id"] == "carry-table-evolve-tap")
    assert tap["statuses"] == {"good-engine 1.0": "PASS", "bad-engine 1.0": "FAIL"}
    assert any("テスト用" in card for card in tap["cards"])


def test_the_made_up_reports_match_the_report_schema(tmp_path: Path) -> None:
    from shinpan.adapters.schemas import problems
    from shinpan.reports.report import read

    for line in read(write_report(tmp_path / "r.jsonl", "x", carry_over_fails)):
        assert problems(f"report.json#/$defs/{line['type']}", line) == []


def test_a_report_of_an_older_kit_loads_with_its_ruleset_and_a_warning(tmp_path: Path) -> None:
    import json

    path = write_report(tmp_path / "old.jsonl", "old", lambda _: "PASS", suite_hash="sha256:" + "1" * 64)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    del lines[0]["rules"]
    lines[0]["ruleset"] = {"id": "2021-03-16", "description": "2021-03-16: …"}
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    engine = reports.load(path, "e0", suite_hash())
    assert engine.ruleset == "2021-03-16" and engine.warning is not None


def test_a_report_line_may_lack_fields_the_site_does_not_read(tmp_path: Path) -> None:
    import json

    path = write_report(tmp_path / "r.jsonl", "x", lambda _: "PASS")
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines[1:-1]:  # the case lines
        del line["rules"], line["duration"]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert reports.load(path, "e0", suite_hash()).results["basics-zone-001"].status == "PASS"


def test_an_engine_is_scored_as_its_run_scored_it(tmp_path: Path) -> None:
    # an adapter that never got through its handshake: every scenario is an ERROR and none was supported, so the
    # run's coverage is 0 and it has no conformance; worked out from the statuses alone, it would look covered
    broken = write_report(tmp_path / "broken.jsonl", "broken", lambda _: "ERROR", started=False)
    engine = reports.load(broken, "e0", suite_hash())
    assert (engine.conformance, engine.coverage) == (None, 0.0)
    result = CliRunner().invoke(main, ["site", "--out", str(tmp_path / "out"), "--report", str(broken)])
    assert result.exit_code == 0, result.output
    home = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "broken 1.0" in home and ">0.0%</td>" in home and ">—</td>" in home
    mixed = reports.load(write_report(tmp_path / "mixed.jsonl", "mixed", carry_over_fails), "e1", suite_hash())
    assert mixed.conformance is not None and 0 < mixed.conformance < 1 and mixed.coverage is not None
    assert 0 < mixed.coverage < 1


def test_worst_orders_statuses_from_failure_to_quiet() -> None:
    assert model.worst(["PASS", "FAIL", "UNSUPPORTED"]) == "FAIL"
    assert model.worst(["PASS", "UNSUPPORTED"]) == "UNSUPPORTED"
    assert model.worst(["NOT_APPLICABLE", "PASS"]) == "PASS"
    assert model.worst([]) == "NO_RESULT"


# ------------------------------------------------------------ where it failed, known deviations, disagreements
FAILING = "carry-table-evolve-tap"
EXPECTED = """adapter = "fake:failing-engine"

[expect."carry-table-evolve-tap"]
status = "FAIL"
reason = "taps are carried over only for evolution in 2.0"
issue = "https://example.invalid/engine/issues/7"
"""


@pytest.fixture(scope="module")
def failures(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, model.Site]:
    folder = tmp_path_factory.mktemp("failures")
    good = write_report(folder / "good.jsonl", "good-engine", lambda _: "PASS")
    bad = write_report(folder / "bad.jsonl", "failing-engine", carry_over_fails, transcripts=folder / "trace")
    expectations = folder / "failing.toml"
    expectations.write_text(EXPECTED, encoding="utf-8")
    out = folder / "out"
    return out, build(out, [good, bad], [expectations])


def test_a_scenario_page_says_where_each_engine_failed(failures: tuple[Path, model.Site]) -> None:
    out, site = failures
    step = next(s for s in next(c for c in suite.cases() if c.id == FAILING).steps if s.kind == "Outcome")
    html = (out / "scenarios" / f"{FAILING}.html").read_text(encoding="utf-8")
    marked = re.search(rf'<li class="step k-Outcome failed" id="steps-line-{step.line}"[^>]*>.*?</li>', html, re.S)
    assert marked is not None and "✗ failing-engine 1.0" in marked.group(0)  # the step, and who failed there
    assert html.count('class="step k-') - html.count(" failed\"") == len(site.scenarios[FAILING].cases[0].steps) - 1
    assert f'<a href="#steps-line-{step.line}">{step.line} 行目の手順</a>で失敗' in html
    assert f"期待と実際:</span> <code>failing-engine: FAIL for {FAILING}</code>" in html
    transcript = out / "transcripts" / "e1" / f"{FAILING}.jsonl"
    assert transcript.read_text(encoding="utf-8") == TRANSCRIPT.format(id=FAILING)
    assert f'<a href="../transcripts/e1/{FAILING}.jsonl">やり取りの記録</a>' in html
    assert "taps are carried over only for evolution in 2.0" in html  # the expectation entry, with its reason
    assert 'href="../engines.html#known-e1"' in html and 'href="https://example.invalid/engine/issues/7"' in html
    passing = (out / "scenarios" / "basics-zone-001.html").read_text(encoding="utf-8")
    assert " failed" not in passing and "やり取りの記録" not in passing


def test_the_engines_page_lists_known_deviations_and_separates_disagreements_from_gaps(
        failures: tuple[Path, model.Site]) -> None:
    out, site = failures
    html = (out / "engines.html").read_text(encoding="utf-8")
    assert 'id="known-e1"' in html and "taps are carried over only for evolution in 2.0" in html
    ids = case_ids()
    real = {i.split("#")[0] for i in ids if carry_over_fails(i) == "FAIL"}
    gaps = {i.split("#")[0] for i in ids if carry_over_fails(i) == "UNSUPPORTED"} - real
    counted = agreement.agreement(site)
    assert (counted.real, counted.gaps) == (len(real), len(gaps))
    assert counted.every_engine_passes == len(site.scenarios) - len(real | gaps)
    assert re.search(rf'id="count-real">[^<]*<strong>{len(real)}</strong>', html)
    assert re.search(rf'id="count-gaps">[^<]*<strong>{len(gaps)}</strong>', html)
    rows = re.findall(r'data-kind="(\w+)"><td[^>]*><a href="scenarios/([^"]+)\.html"', html)
    assert {scenario for kind, scenario in rows if kind == "real"} == real
    assert {scenario for kind, scenario in rows if kind == "gap"} == gaps


def test_coverage_is_given_per_required_mechanic(failures: tuple[Path, model.Site]) -> None:
    _, site = failures
    good, bad = site.engines
    found = {row.mechanic: row for row in agreement.mechanics(site)}
    assert found and set(found) == {m for s in site.scenarios.values() for m in s.requires}
    for mechanic, row in found.items():
        requiring = [s for s in site.scenarios.values() if mechanic in s.requires]
        assert row.scenarios == len(requiring)
        assert row.played[good.key] == sum(site.status(good, s) not in ("NOT_APPLICABLE", "UNRESOLVED")
                                           for s in requiring)
        assert row.played[bad.key] == sum(site.status(bad, s) in ("PASS", "FAIL") for s in requiring)


def test_a_report_whose_footer_disagrees_with_its_lines_is_flagged_and_scored_again(tmp_path: Path) -> None:
    path = write_report(tmp_path / "r.jsonl", "x", carry_over_fails)
    lines = path.read_text(encoding="utf-8").splitlines()
    footer = json.loads(lines[-1])
    honest = reports.load(path, "e0", suite_hash())
    assert not honest.footer_disagrees and honest.conformance == footer["conformance"]
    footer.update(totals={"PASS": footer["scenarios"]}, conformance=1.0)  # a footer claiming every scenario passed
    path.write_text("\n".join([*lines[:-1], json.dumps(footer)]) + "\n", encoding="utf-8")
    flagged = reports.load(path, "e0", suite_hash())
    assert flagged.footer_disagrees and flagged.warning and "本文と一致しません" in flagged.warning
    assert flagged.conformance == honest.conformance != 1.0
    result = CliRunner().invoke(main, ["site", "--out", str(tmp_path / "out"), "--report", str(path)])
    assert "its footer disagrees with its case lines" in result.output


def test_an_expectations_file_of_no_engine_given_is_bad_input(tmp_path: Path) -> None:
    report = write_report(tmp_path / "r.jsonl", "x", lambda _: "PASS")
    stray = tmp_path / "stray.toml"
    stray.write_text(EXPECTED, encoding="utf-8")
    result = CliRunner().invoke(main, ["site", "--out", str(tmp_path / "out"), "--report", str(report),
                                       "--expectations", str(stray)])
    assert result.exit_code == 4
    assert "its adapter line names 'fake:failing-engine', which no --report ran" in result.output


def test_a_timeline_shades_only_the_doubt_of_the_changes_the_scenario_depends_on() -> None:
    import datetime as dt

    changes = history.changes()
    ranged = [c for c in changes if c.date is None]
    assert len(ranged) > 1
    dated = next(c for c in changes if c.date is not None)
    plain = history.timeline(changes, [dated.id], [], dt.date(2026, 1, 1))
    assert [m for m in plain.changes if m.kind == "doubt"] == []  # depends on no ranged change: nothing shaded
    assert len([m for m in plain.changes if m.kind == "range"]) == len(ranged)
    one = history.timeline(changes, [ranged[0].id], [], dt.date(2026, 1, 1))
    (doubt,) = [m for m in one.changes if m.kind == "doubt"]
    assert doubt.title.startswith(ranged[0].id)

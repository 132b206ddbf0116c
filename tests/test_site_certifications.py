"""``shinpan site --certifications``: the certified engines read from their recorded reports (the layout of
``certifications/README.md``), recorded here by the kit's own commands from the fake and planted engines of
``tests/``; a certification whose recorded file is missing or garbled is bad input — one line naming the file and
what was expected, exit status 4."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from click.testing import CliRunner

from shinpan.adapters.errors import BAD_INPUT
from shinpan.cli import main
from shinpan.site import build, certified
from tests.certification_support import TRIAGE, TRIAGED


@pytest.fixture
def recorded(recorded_certifications: Path) -> Path:
    return recorded_certifications


def _copy(recorded: Path, tmp_path: Path) -> Path:
    root = tmp_path / "certifications"
    shutil.copytree(recorded, root)
    return root


def test_each_certified_engine_is_read_from_its_recorded_reports(recorded: Path, tmp_path: Path) -> None:
    site = build(tmp_path / "out", [], certifications=recorded)
    labels = {engine.spec: engine for engine in site.engines}
    never_sick = labels["py:tests.fake_adapters:NeverSick"]
    assert never_sick.known[TRIAGED].reason == TRIAGE  # the triage, from the expectations file
    earned = never_sick.result(TRIAGED)
    assert earned is not None and earned.status == "FAIL"  # as earned, before the expectations file
    assert earned.step_line is not None  # an expected failure keeps the step it failed in (the ruling beside it)
    lines = [json.loads(line) for line in (recorded / "never-sick" / "recorded" / "run-report.jsonl").open()]
    failed = {line["id"] for line in lines if line["type"] == "case" and line.get("actual", line["status"]) == "FAIL"}
    assert len(failed) > 1  # the triaged FAIL, and others the file does not list
    page = (tmp_path / "out" / "certifications" / "never-sick.html").read_text(encoding="utf-8")
    for case_id in failed:
        assert f'data-case="{case_id}" data-kind="wrong"' in page
    sealed = (tmp_path / "out" / "certifications" / "sealed.html").read_text(encoding="utf-8")
    for shown, spec in ((page, "NeverSick"), (sealed, "sealed_creature_untaps")):  # alone, and as the harness has it
        self_test = shown.split('id="self-test"', 1)[1]
        assert "記録されていません" not in self_test and f"{spec}</code>" in self_test


def test_scores_per_topic_and_per_rules_state_are_the_recorded_runs(recorded: Path) -> None:
    from shinpan.suite import scenarios as suite

    topic_of = {case.id: case.topic for case in suite.cases()}
    cert = certified.load(recorded / "never-sick", "c0", "sha256:other", set(topic_of), topic_of, "cx0")
    basics = next(score for score in cert.topics if score.label == "basics")
    assert basics.totals.get("FAIL", 0) >= 1 and basics.conformance is not None and basics.conformance < 1
    assert sum(score.scenarios for score in cert.topics) == len(topic_of)
    matrix = [json.loads(line) for line in (recorded / "never-sick" / "recorded" / "matrix-report.jsonl").open()]
    states = matrix[0]["states"]
    assert [score.label for score in cert.states] == states and len(states) > 1
    for score in cert.states:
        assert score.scenarios == sum(1 for line in matrix if line.get("ruleset") == score.label)
    assert cert.engine.warning and "別の版のスイート" in cert.engine.warning  # another suite: said, not hidden


def test_a_missing_run_report_is_one_line_naming_the_file(recorded: Path, tmp_path: Path) -> None:
    root = _copy(recorded, tmp_path)
    missing = root / "sealed" / "recorded" / "run-report.jsonl"
    missing.unlink()
    result = CliRunner().invoke(main, ["site", "--out", str(tmp_path / "out"), "--certifications", str(root)])
    assert result.exit_code == BAD_INPUT
    assert result.output.count("\n") == 1 and str(missing) in result.output and "recorded run report" in result.output
    assert not (tmp_path / "out").exists()  # nothing is written


@pytest.mark.parametrize(("name", "garbage", "expected"), [
    ("recorded/matrix-report.jsonl", '{"type": "header"}\n', "matrix-report.jsonl:1"),
    ("recorded/explore.jsonl", "not json\n", "explore.jsonl:1"),
    ("recorded/contract-test.json", "{", "a JSON list of contract-test documents"),
    ("engine.toml", "[engine\n", "expected an engine.toml"),
    ("expectations.toml", "adapter = 3\n[expect.x]\n", "expectations"),
])
def test_a_garbled_recorded_file_is_one_line_naming_it(recorded: Path, tmp_path: Path, name: str, garbage: str,
                                                       expected: str) -> None:
    root = _copy(recorded, tmp_path)
    (root / "never-sick" / name).write_text(garbage, encoding="utf-8")
    result = CliRunner().invoke(main, ["site", "--out", str(tmp_path / "out"), "--certifications", str(root)])
    assert result.exit_code == BAD_INPUT, result.output
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1, result.output
    assert expected in result.output and "never-sick" in result.output


def test_a_folder_without_certifications_is_bad_input(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    for given in (tmp_path / "empty", tmp_path / "nowhere"):
        result = CliRunner().invoke(main, ["site", "--out", str(tmp_path / "out"), "--certifications", str(given)])
        assert result.exit_code == BAD_INPUT and str(given) in result.output and "engine.toml" in result.output


def test_optional_recorded_files_may_be_absent_and_the_page_says_so(recorded: Path, tmp_path: Path) -> None:
    root = _copy(recorded, tmp_path)
    for name in ("matrix-report.jsonl", "explore.jsonl", "explore.feature", "contract-test.json"):
        (root / "sealed" / "recorded" / name).unlink()
    build(tmp_path / "out", [], certifications=root)
    page = (tmp_path / "out" / "certifications" / "sealed.html").read_text(encoding="utf-8")
    for name in ("matrix-report.jsonl", "explore.jsonl", "contract-test.json"):
        assert f"<code>recorded/{name}</code>" in page
    assert 'class="warning missing"' in page


def test_an_explore_reports_coverage_record_is_shown_when_it_has_one(recorded: Path, tmp_path: Path) -> None:
    """The coverage record (branch i30: ``coverage`` on an explore report's property lines) is shown when the report
    carries one, and its absence is said."""
    from shinpan.explore import report as explore_report

    page = tmp_path / "out" / "certifications" / "never-sick.html"
    build(tmp_path / "out", [], certifications=recorded)
    lines = explore_report.read(recorded / "never-sick" / "recorded" / "explore.jsonl")
    if not any("coverage" in line for line in lines):
        assert 'id="no-explore-coverage"' in page.read_text(encoding="utf-8")
    from shinpan.adapters import schemas

    differential = next(line for line in lines if line["type"] == "property" and line["oracle"] == "differential")
    if schemas.problems("explore-report.json#/$defs/property", {**differential, "coverage": {"summon": 1}}):
        pytest.skip("this kit's explore report carries no coverage record yet (its schema has none: branch i30)")
    root = _copy(recorded, tmp_path)
    path = root / "never-sick" / "recorded" / "explore.jsonl"
    for line in lines:
        if line["type"] == "property" and line["oracle"] == "differential":
            line["coverage"] = {"summon": 5, "summon × tapped": 3, "attack × sealed": 0, "attack": 2}
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    build(tmp_path / "out2", [], certifications=root)
    shown = (tmp_path / "out2" / "certifications" / "never-sick.html").read_text(encoding="utf-8")
    assert '<strong id="pairs-reached">1</strong>' in shown and "summon × tapped" in shown


def test_every_link_of_the_certification_pages_resolves(recorded: Path, tmp_path: Path) -> None:
    """The link checker of tests/test_site_links.py over the pages this option adds and those it changes."""
    from tests.test_site_links import Page, _target

    out = tmp_path / "out"
    build(out, [], certifications=recorded)
    pages = {}
    for path in out.rglob("*.html"):
        parsed = Page()
        parsed.feed(path.read_text(encoding="utf-8"))
        pages[path.resolve()] = parsed
    checked = [out / "certifications.html", out / "index.html", out / "scenarios" / f"{TRIAGED}.html",
               *(out / "certifications").glob("*.html")]
    assert len(checked) == 5
    for page in (path.resolve() for path in checked):
        for link in pages[page].links:
            if urlsplit(link).scheme == "data":
                continue
            assert not urlsplit(link).scheme, f"{page.name}: {link} leaves the site"
            target, fragment = _target(page, link)
            assert target.exists(), f"{page.name}: {link} (no file)"
            assert not fragment or target.suffix != ".html" or fragment in pages[target].ids, f"{page.name}: {link}"


def test_the_checkouts_own_certifications_build_their_pages(tmp_path: Path) -> None:
    """The certifications recorded in the checkout (certifications/, written by its harness) are what the site reads:
    a change of the harness's layout that the site no longer reads fails here, not on the published site."""
    from shinpan.paths import PROJECT_ROOT

    root = PROJECT_ROOT / "certifications"
    engines = sorted(p.name for p in root.glob("*/engine.toml")) if root.is_dir() else []
    if not engines:
        pytest.skip("this checkout has no certifications/ with an engine.toml")
    site = build(tmp_path / "out", [], certifications=root)
    for folder in sorted(p.parent for p in root.glob("*/engine.toml")):
        page = (tmp_path / "out" / "certifications" / f"{folder.name}.html").read_text(encoding="utf-8")
        assert 'class="warning missing"' not in page, folder.name  # every recorded file there, and read
    assert len(site.engines) == len(engines)

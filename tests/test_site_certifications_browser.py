"""The certification pages in a real headless Chromium: two engines certified by the kit's own commands
(``tests/certification_support.py``): NeverSick, which fails the scenarios on summoning sickness (one of them triaged
in its expectations file), and SealedUntaps, which passes the suite and is caught by the exploration's seals
property. The home page links the pages; each engine's page gives its scores per topic and per rules state, its
known deviations with their triage, every scenario's answer beside the ruling, and the explore findings with their
printed scenarios; the grid and each scenario's page answer "which simulators get this ruling right?"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from shinpan.site import build
from tests.certification_support import TRIAGE, TRIAGED
from tests.test_site_browser import _errors, _open, _wait_for, browser, chromium  # noqa: F401 — the browser fixtures


@pytest.fixture(scope="module")
def recorded(recorded_certifications: Path, chromium: tuple[str, str]) -> Path:  # noqa: F811
    return recorded_certifications


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, recorded: Path) -> Path:
    out = tmp_path_factory.mktemp("certified-site") / "out"
    build(out, [], certifications=recorded)
    return out


def _failed(recorded: Path, slug: str) -> set[str]:
    """The cases the engine's recorded run failed (as it earned them, before its expectations file)."""
    lines = [json.loads(line) for line in (recorded / slug / "recorded" / "run-report.jsonl").open(encoding="utf-8")]
    return {line["id"] for line in lines if line["type"] == "case" and line.get("actual", line["status"]) == "FAIL"}


def test_the_home_page_links_every_certification(browser: Any, site: Path) -> None:  # noqa: F811
    _open(browser, site / "index.html")
    names = [a.text for a in browser.find_elements("css selector", "ul.certified a")]
    assert names == ["NeverSick", "SealedUntaps"]
    browser.find_element("css selector", "a[href='certifications.html']:not(header a)").click()
    _wait_for(browser, lambda: browser.current_url.endswith("certifications.html"))
    rows = browser.find_elements("css selector", "#certified tbody tr")
    assert [row.get_attribute("data-certification") for row in rows] == ["never-sick", "sealed"]
    assert "FAIL" in rows[0].find_element("css selector", "td.totals").text
    rows[0].find_element("link text", "NeverSick").click()
    _wait_for(browser, lambda: browser.current_url.endswith("certifications/never-sick.html"))
    assert "NeverSick" in browser.find_element("css selector", "h1").text
    assert browser.find_element("link text", "認証").is_displayed()  # in the site's navigation too
    assert _errors(browser) == []


def test_an_engines_page_gives_its_scores_per_topic_and_per_rules_state(browser: Any, site: Path,  # noqa: F811
                                                                        recorded: Path) -> None:
    _open(browser, site / "certifications" / "never-sick.html")
    topics = {row.get_attribute("data-topic"): row.text
              for row in browser.find_elements("css selector", "#by-topic + div tbody tr")}
    assert "basics" in topics and "FAIL" in topics["basics"] and "%" in topics["basics"]
    header = json.loads((recorded / "never-sick" / "recorded" / "matrix-report.jsonl").open().readline())
    states = [row.get_attribute("data-state") for row in browser.find_elements("css selector", "tr[data-state]")]
    assert states == header["states"]
    assert all(row.is_displayed() for row in browser.find_elements("css selector", "tr[data-state]"))
    assert _errors(browser) == []


def test_a_known_deviation_shows_its_triage_and_the_ruling_beside_the_engines_answer(browser: Any,  # noqa: F811
                                                                                     site: Path) -> None:
    _open(browser, site / "certifications" / "never-sick.html")
    deviation = browser.find_element("css selector", f"table.known tr[data-case='{TRIAGED}']")
    assert deviation.find_element("css selector", "td.triage").text == TRIAGE
    assert "301.5" in deviation.text
    row = browser.find_element("css selector", f"#cert-results tr[data-case='{TRIAGED}']")
    assert "summoning_sick is False" in row.find_element("css selector", "td.answer").text  # the engine's answer
    assert "召喚酔いしている" in row.find_element("css selector", "td.reference").text  # the ruling, its step
    assert row.find_element("css selector", ".known-mark").is_displayed()
    assert _errors(browser) == []


def test_the_scenarios_can_be_filtered_to_those_the_engine_gets_wrong(browser: Any, site: Path,  # noqa: F811
                                                                      recorded: Path) -> None:
    _open(browser, site / "certifications" / "never-sick.html")
    rows = browser.find_elements("css selector", "#cert-results tbody tr")
    browser.find_element("id", "answers-wrong").click()
    shown = {row.get_attribute("data-case") for row in rows if row.is_displayed()}
    assert shown == _failed(recorded, "never-sick")  # every FAIL, triaged or not, and nothing else
    browser.find_element("id", "answers-right").click()
    right = [row for row in rows if row.is_displayed()]
    assert right and all("PASS" in row.find_element("css selector", ".status").text for row in right)
    browser.find_element("id", "answers-all").click()
    assert all(row.is_displayed() for row in rows)


def test_the_explore_findings_are_shown_with_their_printed_scenarios(browser: Any, site: Path) -> None:  # noqa: F811
    _open(browser, site / "certifications" / "sealed.html")
    assert int(browser.find_element("id", "findings").text) >= 1
    seals = browser.find_element("css selector", "#oracles tr[data-oracle='seals']")
    assert "反例あり" in seals.text
    found = browser.find_elements("css selector", "#explore ~ article.counterexample")
    assert found and "seals" in found[0].find_element("css selector", "h3").text
    assert "@generated" in found[0].find_element("css selector", "pre.gherkin").text
    printed = browser.find_element("css selector", "details.printed")
    printed.find_element("css selector", "summary").click()
    assert printed.find_element("css selector", "pre.gherkin").is_displayed()
    seals.find_element("css selector", "a").click()  # the oracle's own page has the certified exploration too
    _wait_for(browser, lambda: browser.current_url.endswith("properties/seals.html"))
    assert browser.find_elements("css selector", "section.engine-explored article.counterexample")
    assert _errors(browser) == []


def test_the_grid_and_each_scenarios_page_say_which_engines_get_a_ruling_right(browser: Any, site: Path,  # noqa: F811
                                                                               recorded: Path) -> None:
    _open(browser, site / "certifications.html")
    rows = browser.find_elements("css selector", "#who-grid tbody tr")
    browser.find_element("id", "cert-real").click()
    shown = {row.get_attribute("data-scenario") for row in rows if row.is_displayed()}
    assert TRIAGED in shown and shown <= {case.split("#")[0] for case in _failed(recorded, "never-sick")}
    row = next(row for row in rows if row.get_attribute("data-scenario") == TRIAGED)
    assert row.find_element("css selector", "td.right-count").text == "1 / 2"
    row.find_element("css selector", "td a").click()
    _wait_for(browser, lambda: browser.current_url.endswith(f"scenarios/{TRIAGED}.html"))
    answers = {item.get_attribute("data-certification"): item
               for item in browser.find_elements("css selector", "#who-is-right li")}
    assert answers["never-sick"].get_attribute("data-answer") == "wrong" and TRIAGE in answers["never-sick"].text
    assert answers["sealed"].get_attribute("data-answer") == "right"
    answers["sealed"].find_element("css selector", "a").click()
    _wait_for(browser, lambda: browser.current_url.endswith("certifications/sealed.html"))
    assert _errors(browser) == []


def test_the_certification_pages_need_no_sideways_scrolling_on_a_phone(browser: Any, site: Path) -> None:  # noqa: F811
    browser.set_window_size(390, 844)
    try:
        for page in ("certifications.html", "certifications/never-sick.html", "certifications/sealed.html"):
            _open(browser, site / page)
            width = browser.execute_script("return window.innerWidth")
            assert width <= 420, "the window did not narrow"
            wide = browser.execute_script("return document.documentElement.scrollWidth")
            assert wide <= width, f"{page}: the page is {wide}px wide on a {width}px screen"
    finally:
        browser.set_window_size(1280, 1000)

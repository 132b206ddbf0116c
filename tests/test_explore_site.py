"""The explorations on the site, in a real headless Chromium: the properties page lists every oracle with each
explored engine's verdict, and each oracle's page — like a ruling — gives its statement, rules and sources, the
results per rules state and every counterexample with its scenario."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shinpan.explore import PROPERTIES, Settings, explore
from shinpan.explore import report as explore_report
from shinpan.site import build
from shinpan.suite import rulesets
from tests.test_site_browser import _errors, _open, browser, chromium  # noqa: F401 — the browser fixtures

PLANTED = "py:tests.planted_bugs:sealed_creature_untaps"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("explored")
    paths = []
    for name, adapter in (("reference", "reference"), ("planted", PLANTED)):
        exploration = explore(Settings(adapter, (rulesets.load().today(),), examples=150,
                                       only=("differential", "seals", "links")))
        status = 1 if exploration.findings else 0
        path = folder / f"{name}.jsonl"
        explore_report.write(path, explore_report.lines(exploration, {}, {}, status))
        paths.append(path)
    build(folder / "out", [], explore_paths=paths)
    return folder / "out"


def test_the_properties_page_lists_every_oracle_with_each_engines_verdict(browser: Any, site: Path) -> None:  # noqa: F811
    _open(browser, site / "properties.html")
    rows = browser.find_elements("css selector", "#oracles tbody tr")
    assert [row.get_attribute("data-oracle") for row in rows] == ["differential", *(p.id for p in PROPERTIES)]
    seals = next(row for row in rows if row.get_attribute("data-oracle") == "seals")
    verdicts = [cell.text for cell in seals.find_elements("css selector", "td.verdict")]
    assert verdicts[0] == "成立" and verdicts[1].startswith("反例あり")
    assert _errors(browser) == []


def test_an_oracles_page_reads_like_a_ruling_with_the_counterexample(browser: Any, site: Path) -> None:  # noqa: F811
    _open(browser, site / "properties.html")
    browser.find_element("css selector", "#oracles a[href='properties/seals.html']").click()
    assert browser.current_url.endswith("properties/seals.html")
    assert "封印" in browser.find_element("css selector", "p.statement").text
    assert "116.2a" in browser.find_element("css selector", "dl.facts").text
    planted = browser.find_element("css selector", "section.engine-explored[data-engine='x1']")
    found = planted.find_elements("css selector", "article.counterexample")
    assert found and "seals" in found[0].find_element("css selector", "h3").text
    reference = browser.find_element("css selector", "section.engine-explored[data-engine='x0']")
    assert reference.find_elements("css selector", "article.counterexample") == []
    assert _errors(browser) == []


def test_every_property_shows_its_japanese_title_and_links_every_rule_it_cites(browser: Any, site: Path) -> None:  # noqa: F811
    """Issue 37.8: the site speaks Japanese, so a property shows its Japanese title (the English one stays in the
    code); and every rule number a property cites is a link to its entry on the rules page (804.4a, 116.1a and
    701.23a, which no scenario cites, were plain text)."""
    _open(browser, site / "properties.html")
    rows = {row.get_attribute("data-oracle"): row.find_element("css selector", "td").text
            for row in browser.find_elements("css selector", "#oracles tbody tr")}
    for prop in PROPERTIES:
        assert prop.title_ja in rows[prop.id] and prop.title not in rows[prop.id], rows[prop.id]
    for prop in PROPERTIES:
        _open(browser, site / "properties" / f"{prop.id}.html")
        assert prop.title_ja in browser.find_element("css selector", "h1").text
        facts = browser.find_element("css selector", "dl.facts")
        linked = [a.get_attribute("href").rsplit("#rule-", 1)[1]
                  for a in facts.find_elements("css selector", "a[href*='rules.html#rule-']")]
        assert linked == list(prop.rules), prop.id
    _open(browser, site / "rules.html")
    for number in ("804.4a", "116.1a", "701.23a"):
        section = browser.find_element("css selector", f"section[id='rule-{number}']")
        assert "性質" in section.text
    assert _errors(browser) == []

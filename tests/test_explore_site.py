"""The explorations on the site, in a real headless Chromium: the properties page lists every oracle with each
explored engine's verdict, and each oracle's page — like a ruling — gives its statement, rules and sources, the
results per rules state and every counterexample with its scenario."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shinpan import rulesets
from shinpan.explore import PROPERTIES, Settings, explore
from shinpan.explore import report as explore_report
from shinpan.site import build
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

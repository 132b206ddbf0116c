"""A judge's own suite on the site, in a real headless Chromium (issue 32 item 7): its scenario page cites the judge's
folder, not the kit's ``features/``, and the cards page shows the suite's own cards first, apart from the kit's ~120.
Skipped with the reason when Chromium is missing (a failure with SHINPAN_REQUIRE_BROWSER=1), as the site's other
browser tests are."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shinpan.adapters.locations import use_user_suite
from shinpan.site import build
from tests import user_suite
from tests.test_site_browser import browser, chromium

__all__ = ["browser", "chromium"]  # the browser fixtures of the site's browser tests (and their skip)


@pytest.fixture(scope="module")
def judge_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("judge")
    mine = user_suite.write(folder / "my-suite")
    use_user_suite(mine)
    try:
        build(folder / "out", [], run_reference=False)
    finally:
        use_user_suite(None)
    yield folder / "out"


def test_the_scenario_page_cites_the_judges_folder(browser: Any, judge_site: Path) -> None:
    browser.get((judge_site / "scenarios" / f"{user_suite.SCENARIO}.html").as_uri())
    cite = browser.find_element("css selector", "p.cite").text
    assert "my-suite/" in cite and ".feature:" in cite and "features/" not in cite, cite


def test_the_cards_page_shows_the_suites_own_cards_first_and_apart(browser: Any, judge_site: Path) -> None:
    browser.get((judge_site / "cards.html").as_uri())
    headings = [h.text for h in browser.find_elements("css selector", "h2.layer")]
    assert len(headings) == 2 and "my-suite/cards.yaml" in headings[0] and "features/cards.yaml" in headings[1]
    entries = browser.find_elements("css selector", "section.card-entry")
    assert user_suite.CARD in entries[0].find_element("css selector", "h2").text  # the first card on the page
    own = browser.find_element("css selector", "h2#own-cards").location["y"]
    kit = browser.find_element("css selector", "h2#kit-cards").location["y"]
    assert own < entries[0].location["y"] < kit < entries[1].location["y"]
    assert len(entries) > 100  # the kit's cards are still there, after

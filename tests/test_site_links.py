"""The link checker over a built site: every internal link and anchor resolves, every scenario id has
exactly one canonical URL, and every ``@source`` and ``@rule`` a scenario shows resolves.

The site is built as a user builds it: ``shinpan site --run`` (the reference engine) plus the Node.js
example adapter's report when node is installed.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from shinpan.paths import PROJECT_ROOT
from shinpan.site import provenance
from shinpan.suite import scenarios as suite

NODE = shutil.which("node")


class Page(HTMLParser):
    """The ids, links and canonical scenario of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []
        self.scenario: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.append(str(found["id"]))
        if found.get("data-scenario"):
            self.scenario = found["data-scenario"]
        for name in ("href", "src"):
            value = found.get(name)
            if value and not (tag == "a" and found.get("rel") == "external"):
                self.links.append(value)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, Page]:
    folder = tmp_path_factory.mktemp("linked")
    command = [sys.executable, "-m", "shinpan", "site", "--run", "--out", str(folder / "out")]
    if NODE:
        node_report = folder / "node.jsonl"
        subprocess.run([sys.executable, "-m", "shinpan", "run", "--adapter",
                        f"cmd:node {PROJECT_ROOT / 'adapters/examples/node/adapter.js'}", f"--report={node_report}",
                        "-q", "-p", "no:warnings"], capture_output=True, text=True, check=False, cwd=folder)
        command += ["--report", str(node_report)]
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=folder)
    assert done.returncode == 0, done.stdout + done.stderr
    pages = {}
    for path in sorted((folder / "out").rglob("*.html")):
        parser = Page()
        parser.feed(path.read_text(encoding="utf-8"))
        pages[path.resolve()] = parser
    assert len(pages) > 50, done.stdout  # a page per scenario and the shared pages: the checks have links to read
    return pages


def _target(page: Path, link: str) -> tuple[Path, str]:
    parts = urlsplit(link)
    path = (page.parent / unquote(parts.path)).resolve() if parts.path else page
    return path, unquote(parts.fragment)


def test_every_internal_link_and_anchor_resolves(site: dict[Path, Page]) -> None:
    broken = []
    for page, parsed in site.items():
        for link in parsed.links:
            parts = urlsplit(link)
            if parts.scheme == "data":
                continue
            assert not parts.scheme and not parts.netloc, f"{page.name}: {link} leaves the site"
            target, fragment = _target(page, link)
            if not target.exists():
                broken.append(f"{page.name}: {link} (no file)")
            elif fragment and target.suffix == ".html" and fragment not in site[target].ids:
                broken.append(f"{page.name}: {link} (no anchor {fragment!r})")
    assert not broken, "\n".join(broken[:20])


def test_every_scenario_id_has_exactly_one_canonical_url(site: dict[Path, Page]) -> None:
    ids = {case.id.split("#")[0] for case in suite.cases()}
    canonical: dict[str, list[Path]] = defaultdict(list)
    for page, parsed in site.items():
        if parsed.scenario:
            canonical[parsed.scenario].append(page)
    assert set(canonical) == ids
    for scenario_id, pages in canonical.items():
        assert len(pages) == 1, f"{scenario_id}: {pages}"
        assert scenario_id in pages[0].as_posix()
    for page, parsed in site.items():
        for link in parsed.links:
            target, _ = _target(page, link)
            if target.parent.name == "scenarios" and target.suffix == ".html":
                assert site[target].scenario == target.stem, f"{page.name}: {link}"


def test_every_rule_and_source_a_scenario_shows_resolves(site: dict[Path, Page]) -> None:
    sources = provenance.sources()
    assert sources.entries, "the source registry is empty: no @source could resolve"
    for case in suite.cases():
        scenario_id = case.id.split("#")[0]
        page = next(p for p, parsed in site.items() if parsed.scenario == scenario_id)
        shown = {_target(page, link) for link in site[page].links}
        rules_page = page.parent.parent / "rules.html"
        sources_page = page.parent.parent / "sources.html"
        for rule in case.values.rule:
            assert (rules_page, f"rule-{rule}") in shown, f"{scenario_id}: @rule:{rule} not shown"
            assert f"rule-{rule}" in site[rules_page].ids
        for source in case.values.source:
            anchor = provenance.source_anchor(source)
            assert (sources_page, anchor) in shown, f"{scenario_id}: @source:{source} not shown"
            assert anchor in site[sources_page].ids
            assert sources.title(source), f"@source:{source} has no registry entry"


def test_the_site_has_the_grid_and_every_page(site: dict[Path, Page]) -> None:
    names = {p.name for p in site}
    assert {"index.html", "carry-over.html", "revisions.html", "rules.html", "cards.html", "engines.html",
            "sources.html", "search.html"} <= names


@pytest.mark.skipif(NODE is None, reason="node is not installed (the second engine is the Node.js example)")
def test_the_site_has_two_engines(site: dict[Path, Page]) -> None:
    home = next(p for p in site if p.name == "index.html")
    text = home.read_text(encoding="utf-8")
    assert "shinpan-reference" in text and "shinpan-example-node" in text

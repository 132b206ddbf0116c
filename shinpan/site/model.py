"""The site's data: the parsed suite grouped into topics and scenarios, with cards, rules, sources,
changes and every engine's results, ready for the templates.

A scenario here is one ``@id``: a plain scenario, or a scenario outline with its rows (cases
``<id>#1``, ``<id>#2``…). Each has exactly one canonical page, ``scenarios/<id>.html``.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from shinpan.adapters import cards
from shinpan.adapters.cards import CARD_REFERENCE, CardEntry
from shinpan.adapters.locations import current
from shinpan.outputs import file_name
from shinpan.reports.outcomes import Status
from shinpan.reports.summary import LACKING, NOT_RUN
from shinpan.running import table as tables
from shinpan.site import history
from shinpan.site.reports import CaseResult, Engine
from shinpan.suite import identity, rulesets
from shinpan.suite import scenarios as suite

KEYWORD_KINDS = {"Context": "前提", "Action": "操作", "Outcome": "結果"}
SEVERITY: tuple[str, ...] = (Status.FAIL, Status.ERROR, Status.CRASH, Status.TIMEOUT, Status.SCRIPT_MISMATCH,
                             Status.XPASS, *LACKING, Status.PASS, Status.XFAIL, *NOT_RUN)
"""Statuses from worst to best: a cell with several scenarios shows the worst of them."""


@dataclass(frozen=True)
class Piece:
    """A piece of a step's text: plain text, or a card reference (``card`` is the card's name)."""

    text: str
    card: str | None = None


@dataclass(frozen=True)
class StepView:
    """A step as shown: its keyword set apart, its text with the card names linked."""

    keyword: str
    kind: str
    pieces: tuple[Piece, ...]
    line: int = 0
    """The step's line in its feature file (where a report says a scenario failed)."""


@dataclass(frozen=True)
class CaseView:
    """One executable case of a scenario (an outline has one per row)."""

    id: str
    anchor: str
    steps: tuple[StepView, ...]


@dataclass(frozen=True)
class Scenario:
    """One ``@id`` of the suite, with everything its page shows."""

    id: str
    topic: str
    name: str
    feature: str
    line: int
    cases: tuple[CaseView, ...]
    rules: tuple[str, ...]
    sources: tuple[str, ...]
    since: tuple[str, ...]
    until: tuple[str, ...]
    status: tuple[str, ...]
    requires: tuple[str, ...]
    cards: tuple[str, ...]
    on_a_calendar_day: bool = True
    """False: its window holds on no calendar day, only in the matrix's states just before or after a change."""

    @property
    def url(self) -> str:
        """The canonical page, relative to the site's root."""
        return scenario_url(self.id)


@dataclass(frozen=True)
class Feature:
    """A feature file of a topic."""

    name: str
    path: str
    description: str
    scenarios: tuple[Scenario, ...]


@dataclass(frozen=True)
class Topic:
    """A feature folder."""

    key: str
    features: tuple[Feature, ...]

    @property
    def scenarios(self) -> tuple[Scenario, ...]:
        return tuple(s for f in self.features for s in f.scenarios)

    @property
    def url(self) -> str:
        return topic_url(self.key)


@dataclass(frozen=True)
class GridCell:
    """A cell of the 引き継ぎ早見表: its entries (value and scenario) and, per engine, its worst status."""

    row: str
    attribute: str
    span: int
    entries: tuple[tables.Entry, ...]
    statuses: dict[str, str]


@dataclass(frozen=True)
class Site:
    """Everything the pages show."""

    topics: tuple[Topic, ...]
    scenarios: dict[str, Scenario]
    engines: tuple[Engine, ...]
    cards: cards.CardRegistry
    changes: tuple[rulesets.Change, ...]
    grid: tuple[tuple[str, tuple[GridCell, ...]], ...]
    """The 12 rows of the carry-over grid: (row label, cells)."""
    built: dt.date
    folder: str = "features"
    """The folder of the suite's feature files, as its pages cite it: the kit's ``features``, or a user suite's."""
    user: Path | None = None
    """The user suite's folder, if the site shows one (its own cards come first on the cards page)."""

    @property
    def own_cards(self) -> list[CardEntry]:
        """A user suite's own cards (none for the kit's suite)."""
        return [c for c in self.cards if self.user is not None and c.path is not None and c.path.parent == self.user]

    @property
    def kit_cards(self) -> list[CardEntry]:
        """The cards of the kit's registry (all of them for the kit's suite)."""
        own = {c.name for c in self.own_cards}
        return [c for c in self.cards if c.name not in own]

    def status(self, engine: Engine, scenario: Scenario) -> str:
        """The engine's worst status over the scenario's cases, or ``NO_RESULT``."""
        return worst(_status(engine.result(c.id)) for c in scenario.cases)

    def change(self, change_id: str) -> rulesets.Change | None:
        """The change ``change_id``, if the suite knows it."""
        return next((c for c in self.changes if c.id == change_id), None)

    def cited_rules(self) -> dict[str, list[Scenario]]:
        """Rule number -> the scenarios citing it, in rule order."""
        return dict(sorted(self._index(lambda s: s.rules).items(), key=lambda item: rule_key(item[0])))

    def cited_sources(self) -> dict[str, list[Scenario]]:
        """Source id -> the scenarios citing it."""
        return dict(sorted(self._index(lambda s: s.sources).items()))

    def card_uses(self) -> dict[str, list[Scenario]]:
        """Card name -> the scenarios naming it."""
        return self._index(lambda s: s.cards)

    def _index(self, keys: Callable[[Scenario], Iterable[str]]) -> dict[str, list[Scenario]]:
        """Each key (a rule, a source, a card) -> the scenarios that have it, in the order they are met."""
        found: dict[str, list[Scenario]] = {}
        for scenario in self.scenarios.values():
            for key in keys(scenario):
                found.setdefault(key, []).append(scenario)
        return found


def scenario_url(scenario_id: str) -> str:
    """``scenarios/<id>.html``: the one canonical URL of a scenario (the id is its file name: ids are of a safe
    character set; :func:`shinpan.outputs.file_name` makes any other a safe, unique, bounded one)."""
    return f"scenarios/{file_name(scenario_id, '.html')}"


def topic_url(topic: str) -> str:
    """``topics/<topic>.html``: the page of a topic (named as scenarios' pages are)."""
    return f"topics/{file_name(topic, '.html')}"


def card_anchor(name: str) -> str:
    """The anchor of a card on the cards page."""
    return "card-" + name


def rule_key(rule: str) -> tuple[tuple[int, str], ...]:
    """Sort key: numeric parts as numbers (``301.5`` < ``301.10``), letters after."""
    return tuple((int(p), "") if p.isdigit() else (0, p) for p in re.findall(r"\d+|[^\d.]+", rule))


def severity(status: str) -> int:
    """A status's place from worst (0) to best; statuses the site does not know come last."""
    return SEVERITY.index(status) if status in SEVERITY else len(SEVERITY)


def worst(statuses: Iterable[str]) -> str:
    """The worst of several statuses (``NO_RESULT`` when there is none)."""
    found = list(statuses)
    known = [s for s in found if s in SEVERITY]
    if known:
        return min(known, key=severity)
    return found[0] if found else "NO_RESULT"


def _status(result: CaseResult | None) -> str:
    return result.status if result else "NO_RESULT"


def build(engines: Sequence[Engine], today: dt.date | None = None) -> Site:
    """Read the suite, the card registry and the changes, and join the engines' results."""
    registry = cards.load()
    folders = current()
    root = folders.own
    known = rulesets.load()
    topics: dict[str, list[Feature]] = {}
    scenarios: dict[str, Scenario] = {}
    found = suite.feature_paths(root)
    identity.require(case for path in found for case in suite.feature(path).cases)
    for path in found:
        parsed = suite.feature(path)
        grouped: dict[str, list[suite.Case]] = {}
        for case in parsed.cases:
            grouped.setdefault(case.id.split("#")[0], []).append(case)
        feature_scenarios = []
        for scenario_id, group in grouped.items():
            scenario = _scenario(scenario_id, group, path.relative_to(root).as_posix(), registry, known)
            scenarios[scenario_id] = scenario
            feature_scenarios.append(scenario)
        description = str(parsed.document["feature"].get("description") or "").strip()
        topic = feature_scenarios[0].topic if feature_scenarios else path.parent.name
        topics.setdefault(topic, []).append(
            Feature(parsed.name, path.relative_to(root).as_posix(), description, tuple(feature_scenarios)))
    return Site(
        topics=tuple(Topic(k, tuple(v)) for k, v in sorted(topics.items())),
        scenarios=scenarios,
        engines=tuple(engines),
        cards=registry,
        changes=history.changes(),
        grid=_grid(engines),
        built=today or dt.date.today(),
        folder="features" if folders.user is None else _cited(folders.user),
        user=folders.user,
    )


def _cited(folder: Path) -> str:
    """A user suite's folder as its pages cite it: from the current folder when it is under it, else whole."""
    try:
        return folder.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return folder.as_posix()


def _scenario(scenario_id: str, group: list[suite.Case], feature: str, registry: cards.CardRegistry,
              changes: rulesets.Changes) -> Scenario:
    first = group[0]
    values = first.values
    views = tuple(
        CaseView(case.id, f"row-{case.row + 1}" if case.row is not None else "steps",
                 tuple(StepView(step.keyword, step.kind, _pieces(step.text, registry), step.line)
                       for step in case.steps))
        for case in group
    )
    named = [p.card for case in views for step in case.steps for p in step.pieces if p.card]
    return Scenario(
        id=scenario_id, topic=first.topic, name=first.name, feature=feature, line=first.scenario_line, cases=views,
        rules=values.rule, sources=values.source, since=values.since, until=values.until, status=values.status,
        requires=values.requires, cards=tuple(dict.fromkeys(named)),
        on_a_calendar_day=changes.on_some_day(values.since, values.until),
    )


def _pieces(text: str, registry: cards.CardRegistry) -> tuple[Piece, ...]:
    """Split a step's text at its card references (《name》); names not in the registry stay plain."""
    pieces: list[Piece] = []
    at = 0
    for match in CARD_REFERENCE.finditer(text):
        if match["name"] not in registry:
            continue
        if match.start() > at:
            pieces.append(Piece(text[at:match.start()]))
        pieces.append(Piece(match.group(0), match["name"]))
        at = match.end()
    if at < len(text):
        pieces.append(Piece(text[at:]))
    return tuple(pieces)


def _grid(engines: Sequence[Engine]) -> tuple[tuple[str, tuple[GridCell, ...]], ...]:
    table = tables.build(current().own / tables.TABLES["carry-over"])
    if not table.cells:  # a user suite without the kit's carry-over table: no grid
        return ()
    rows = []
    for row, label in tables.ROWS:
        whole = table.cell(row, tables.WHOLE_ROW)
        if whole.entries:
            columns = [(tables.WHOLE_ROW, len(tables.ATTRIBUTES))]
        else:
            columns = [(attribute, 1) for attribute, _ in tables.ATTRIBUTES]
        cells = []
        for attribute, span in columns:
            entries = tuple(table.cell(row, attribute).entries)
            ids = {entry.id for entry in entries}
            statuses = {engine.key: worst(r.status for case_id, r in engine.results.items()
                                          if case_id.split("#")[0] in ids) for engine in engines}
            cells.append(GridCell(row, attribute, span, entries, statuses))
        rows.append((label, tuple(cells)))
    return tuple(rows)

"""Explorations on the site (探索の結果): each ``shinpan explore --report`` an engine's results per oracle.

The site shows every oracle — the differential run and each rule property — on a page of its own, like a ruling:
the property's statement, rule numbers, sources and window, and per engine explored and rules state whether it
held, the examples run and skipped, and each counterexample with its scenario as printed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from shinpan.explore import report
from shinpan.explore.differential import ID as DIFFERENTIAL
from shinpan.explore.properties import PROPERTIES, Property


@dataclass(frozen=True)
class Counterexample:
    """A counterexample as the report gives it."""

    cause: str
    message: str
    scenario: str | None
    known: str | None


@dataclass(frozen=True)
class Outcome:
    """One oracle under one rules state, on one engine."""

    state: str
    verdict: str
    not_run: str | None
    examples: int
    skipped: dict[str, int]
    counterexamples: tuple[Counterexample, ...]


@dataclass(frozen=True)
class Explored:
    """One explore report: the engine, its seed, and its outcomes by oracle."""

    key: str
    label: str
    spec: str
    seed: int
    outcomes: dict[str, tuple[Outcome, ...]]
    coverage: dict[str, int] = field(default_factory=dict)
    """The moves the differential run drew, by kind and by (kind × board feature) pair, summed over its lines, if
    the report carries them (its property lines' ``coverage``; reports without one show none)."""

    @property
    def pairs_reached(self) -> int:
        """How many (kind of move × board feature) pairs the coverage record reached."""
        return sum(1 for name, count in self.coverage.items() if " × " in name and count)

    def of(self, oracle: str) -> tuple[Outcome, ...]:
        """The oracle's outcomes (one per rules state explored)."""
        return self.outcomes.get(oracle, ())

    def verdict(self, oracle: str) -> str:
        """Over every state: ``counterexamples`` if any, ``held`` if it held wherever it ran, else ``not run``."""
        verdicts = {o.verdict for o in self.of(oracle)}
        return next((v for v in ("counterexamples", "held") if v in verdicts), "not run")


@dataclass(frozen=True)
class Oracle:
    """An oracle as the site shows it: the differential run, or a property."""

    id: str
    title: str
    rule: Property | None

    @property
    def url(self) -> str:
        """Its page."""
        return f"properties/{quote(self.id)}.html"


def oracles() -> tuple[Oracle, ...]:
    """Every oracle, the differential run first."""
    return (Oracle(DIFFERENTIAL, "参照エンジンとの比較(差分)", None),
            *(Oracle(p.id, p.title_ja or p.title, p) for p in PROPERTIES))


def cited_rules() -> dict[str, list[Oracle]]:
    """Rule number -> the properties citing it (the rules page lists them beside the scenarios)."""
    found: dict[str, list[Oracle]] = {}
    for oracle in oracles():
        for number in oracle.rule.rules if oracle.rule else ():
            found.setdefault(number, []).append(oracle)
    return found


def load(path: Path, key: str) -> Explored:
    """An explore report (:class:`~shinpan.errors.ReportError`, file and line, if it is not one)."""
    lines = report.read(path)
    header = lines[0]
    outcomes: dict[str, list[Outcome]] = {}
    coverage: Counter[str] = Counter()
    for line in lines[1:]:
        if line["type"] == "property":
            outcomes.setdefault(line["oracle"], []).append(_outcome(line))
            coverage.update(line.get("coverage", {}))
    stopped = lines[-1].get("interrupted", False) if lines[-1]["type"] == "footer" else True
    label = str(header["adapter"]["engine"]) + (" (中断: 途中まで)" if stopped else "")
    return Explored(key, label, str(header["adapter"]["spec"]), int(header["seed"]),
                    {oracle: tuple(found) for oracle, found in outcomes.items()}, dict(sorted(coverage.items())))


def _outcome(line: dict[str, Any]) -> Outcome:
    found = tuple(Counterexample(f"{c['cause']['oracle']}: {c['cause']['what']} after {c['cause']['step']}",
                                 c["message"], c.get("scenario"), c.get("known"))
                  for c in line["counterexamples"])
    return Outcome(line["state"], line["verdict"], line.get("not_run"), line["examples"], dict(line["skipped"]),
                   found)

"""Engines on the site: each one is a run report (``--report``, JSON Lines, ``adapters/schema/report.json``).

A report adds one engine (エンジン), named by its header's ``adapter.name`` and ``adapter.version``. A
report of another version of the suite (its ``suite_hash`` differs from the suite being built) is kept,
but the engine carries a warning: its results may belong to scenarios that have since changed. Its
conformance and coverage are those the report's footer states: the run's own scores
(:func:`shinpan.summary.scores`), not worked out again from the statuses. A report that cannot be read raises
:class:`~shinpan.errors.ReportError` naming the file and the line.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shinpan import report
from shinpan.errors import ReportError

NEEDED = {"header": ["type", "suite_hash", "adapter"], "case": ["id", "status", "message"], "footer": []}
"""The fields the site reads from each kind of line. Other fields may be missing or added (reports of other kit
versions still load); those present have the types ``adapters/schema/report.json`` gives them
(:func:`shinpan.report.read_numbered` checks that)."""


@dataclass(frozen=True)
class CaseResult:
    """How one scenario (one case id) ended on one engine."""

    status: str
    message: str


@dataclass(frozen=True)
class Engine:
    """One engine's results, from one report."""

    key: str
    """A short id for the page (``e0``, ``e1``…), in the order the reports were given."""
    name: str
    version: str
    spec: str
    ruleset: str
    report: str
    """The report's file name."""
    results: dict[str, CaseResult]
    warning: str | None
    """Set when the report belongs to another version of the suite."""
    conformance: float | None
    """As the report's footer states it (the run's own score); None: the run had none, or the report no footer."""
    coverage: float | None
    """As the report's footer states it (the run's own score); None: the run had none, or the report no footer."""

    @property
    def label(self) -> str:
        """``name version`` as the engine announced itself."""
        return f"{self.name} {self.version}".strip()

    def result(self, case_id: str) -> CaseResult | None:
        """The engine's result for ``case_id``, if the report has one."""
        return self.results.get(case_id)


def load(path: Path, key: str, suite_hash: str, shown: Container[str] | None = None) -> Engine:
    """Read the report at ``path`` as engine ``key``; ``suite_hash`` is the hash of the suite being built. Only the
    results of the cases in ``shown`` (default: all) are kept: the site shows no other."""
    header: dict[str, Any] | None = None
    footer: dict[str, Any] = {}
    results: dict[str, CaseResult] = {}
    for number, line in report.iter_numbered(path):  # one at a time; objects whose fields have the schema's types
        kind = line.get("type", "case")
        _check(path, number, line, kind, first=header is None)
        if kind == "header":
            header = line
        elif kind == "case" and (shown is None or line["id"] in shown):
            results[line["id"]] = CaseResult(line.get("actual", line["status"]), line["message"])
        else:
            footer = line
    assert header is not None  # a report is never empty, and its first line is checked to be the header
    return _engine(path, key, header, results, suite_hash, footer)


def _check(path: Path, number: int, line: dict[str, Any], kind: str, *, first: bool) -> None:
    """The header comes first and once; each line has the fields the site reads (:data:`NEEDED`)."""
    if first and kind != "header":
        raise ReportError(path, number, "expected the report's header line first (type: header)")
    if not first and kind == "header":
        raise ReportError(path, number, "a second header: expected one report per file")
    missing = [name for name in NEEDED[kind] if name not in line]
    if missing:
        raise ReportError(path, number, f"not a report {kind} line: missing {', '.join(missing)}")


def _engine(path: Path, key: str, header: dict[str, Any], results: dict[str, CaseResult], suite_hash: str,
            footer: dict[str, Any]) -> Engine:
    """The engine the header announces, with its results and the footer's scores; a warning if it ran another
    version of the suite."""
    adapter = header["adapter"]
    name = adapter.get("name") or adapter.get("spec", "?")
    warning = None
    if header["suite_hash"] != suite_hash:
        warning = (f"この報告は別の版のスイートに対するものです(suite_hash {header['suite_hash'][:15]}… ≠ "
                   f"{suite_hash[:15]}…)。変わったシナリオの結果は古いかもしれません。")
    return Engine(key=key, name=name, version=adapter.get("version") or "", spec=adapter.get("spec", "?"),
                  ruleset=report.rules_label(header), report=path.name, results=results, warning=warning,
                  conformance=footer.get("conformance"), coverage=footer.get("coverage"))

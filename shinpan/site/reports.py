"""Engines on the site: each one is a run report (``--report``, JSON Lines, ``adapters/schema/report.json``).

A report adds one engine (エンジン), named by its header's ``adapter.name`` and ``adapter.version``. A
report of another version of the suite (its ``suite_hash`` differs from the suite being built) is kept,
but the engine carries a warning: its results may belong to scenarios that have since changed. Its
conformance and coverage are those the report's footer states: the run's own scores
(:func:`shinpan.reports.summary.scores`), not worked out again from the statuses — unless the footer disagrees with the
case lines (the number of scenarios, the totals per status): then the engine carries a warning, and its scores are
worked out again from the case lines. A report that cannot be read raises :class:`~shinpan.errors.ReportError`
naming the file and the line.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Container
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from shinpan.errors import ExpectationsError, ReportError
from shinpan.reports import report
from shinpan.reports.expectations import Expectation, Expectations
from shinpan.reports.outcomes import Status
from shinpan.reports.summary import Result, scores

NEEDED = {"header": ["type", "suite_hash", "adapter"], "case": ["id", "status", "message"], "footer": []}
"""The fields the site reads from each kind of line. Other fields may be missing or added (reports of other kit
versions still load); those present have the types ``adapters/schema/report.json`` gives them
(:func:`shinpan.reports.report.read_numbered` checks that)."""


@dataclass(frozen=True)
class CaseResult:
    """How one scenario (one case id) ended on one engine, and where it failed."""

    status: str
    """The status the engine earned (before its expectations file, if the run had one)."""
    message: str
    step_line: int | None = None
    """The line of the step during which it failed (the report's ``step.line``)."""
    transcript: str | None = None
    """The transcript the run wrote (``--trace``), as the report names it."""
    expected: str | None = None
    """The status the run's expectations file expected of it."""
    issue: str | None = None

    @property
    def failed(self) -> bool:
        """Whether the engine played the scenario and did not pass it."""
        return self.status not in ("PASS", "UNSUPPORTED", "UNOBSERVABLE", "NOT_APPLICABLE", "UNRESOLVED")


def case_result(line: dict[str, Any]) -> CaseResult:
    """A report's case line as the site shows it."""
    step: dict[str, Any] = line["step"] if isinstance(line.get("step"), dict) else {}
    return CaseResult(line.get("actual", line["status"]), line["message"], step.get("line"), line.get("transcript"),
                      line.get("expected"), line.get("issue"))


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
    folder: Path = Path()
    """Where the report is: a transcript it names by a relative path is found from there."""
    known: dict[str, Expectation] = field(default_factory=dict)
    """The engine's known deviations, by case id: the entries of its expectations file (``site --expectations``)."""
    other_suite: bool = False
    """The report ran another version of the suite (its ``suite_hash`` differs)."""
    footer_disagrees: bool = False
    """The report's footer disagrees with its case lines: the scores shown are worked out again from the lines."""
    run_warnings: tuple[str, ...] = ()
    """What the run warned of (its footer's ``warnings``: coverage 0 %, everything skipped, …), shown, never hidden."""

    @property
    def label(self) -> str:
        """``name version`` as the engine announced itself."""
        return f"{self.name} {self.version}".strip()

    def result(self, case_id: str) -> CaseResult | None:
        """The engine's result for ``case_id``, if the report has one."""
        return self.results.get(case_id)


def load(path: Path, key: str, suite_hash: str, shown: Container[str] | None = None) -> Engine:
    """Read the report at ``path`` as engine ``key``, one line at a time; ``suite_hash`` is the hash of the suite
    being built. Only the results of the cases in ``shown`` (default: all) are kept: the site shows no other."""
    header: dict[str, Any] | None = None
    footer: dict[str, Any] = {}
    results: dict[str, CaseResult] = {}
    written: Counter[str] = Counter()
    for number, line in report.iter_numbered(path):  # one at a time; objects whose fields have the schema's types
        kind = line.get("type", "case")
        _check(path, number, line, kind, first=header is None)
        if kind == "header":
            header = line
        elif kind == "case":
            if shown is None or line["id"] in shown:
                results[line["id"]] = case_result(line)
            written[line["status"]] += 1
        else:
            footer = line
    assert header is not None  # a report is never empty, and its first line is checked to be the header
    return _engine(path, key, header, results, suite_hash, footer, _footer_problem(footer, written))


def _footer_problem(footer: dict[str, Any], written: Counter[str]) -> str | None:
    """What the footer says that the report's case lines do not (the number of scenarios, the totals per status),
    or None. Such a report is shown with a warning, and its scores are worked out again from its case lines."""
    stated = footer.get("totals")
    if not footer:
        return None
    if footer.get("scenarios", written.total()) != written.total():
        return f"フッターのシナリオ数 {footer['scenarios']} が本文の {written.total()} 件と一致しません"
    if isinstance(stated, dict) and {k: v for k, v in stated.items() if v} != dict(+written):
        return "フッターの状態ごとの集計が本文と一致しません"
    return None


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
            footer: dict[str, Any], footer_problem: str | None) -> Engine:
    """The engine the header announces, with its results and the footer's scores (worked out again from the case
    lines, with a warning, when the footer disagrees with them); a warning if it ran another version of the suite."""
    adapter = header["adapter"]
    name = adapter.get("name") or adapter.get("spec", "?")
    warnings = []
    if header["suite_hash"] != suite_hash:
        warnings.append(f"この報告は別の版のスイートに対するものです(suite_hash {header['suite_hash'][:15]}… ≠ "
                        f"{suite_hash[:15]}…)。変わったシナリオの結果は古いかもしれません。")
    conformance, coverage = footer.get("conformance"), footer.get("coverage")
    run_warnings = tuple(str(w) for w in footer.get("warnings", []) if isinstance(w, str))
    warnings += [f"実行時の警告: {warning}" for warning in run_warnings]
    if footer_problem is not None:
        warnings.append(f"{footer_problem}。適合率と網羅率は本文から計算し直しました。")
        score = scores(Result(Status(r.status), "", "", "", "", 0.0) for r in results.values())
        conformance, coverage = score.conformance, score.coverage
    return Engine(key=key, name=name, version=adapter.get("version") or "", spec=adapter.get("spec", "?"),
                  ruleset=report.rules_label(header), report=path.name, results=results,
                  warning=" ".join(warnings) or None, conformance=conformance, coverage=coverage,
                  folder=path.resolve().parent, other_suite=header["suite_hash"] != suite_hash,
                  footer_disagrees=footer_problem is not None, run_warnings=run_warnings)


def with_expectations(engines: list[Engine], files: list[Expectations]) -> list[Engine]:
    """The engines with their known deviations: each expectations file marks the engine whose report's adapter is
    the one the file names (its ``adapter`` line), with the entries that hold under that run's rules. A file that
    names no adapter, or one no report ran, is bad input."""
    marked = list(engines)
    for file in files:
        index = next((i for i, engine in enumerate(marked) if engine.spec == file.adapter), None)
        if index is None:
            ran = ", ".join(repr(engine.spec) for engine in engines) or "none"
            raise ExpectationsError(f"{file.path}: its adapter line names {file.adapter!r}, which no --report ran "
                                    f"(the reports' adapters: {ran})")
        engine = marked[index]
        entries = file.under(engine.ruleset, _day(engine.ruleset)).entries
        marked[index] = replace(engine, known={**engine.known, **entries})
    return marked


def _day(label: str) -> dt.date | None:
    """The day a run's rules label names (``2026-01-01``), if it is a day."""
    try:
        return dt.date.fromisoformat(label)
    except ValueError:
        return None

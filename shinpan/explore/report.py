"""The explore report (探索の報告): ``--report PATH``, JSON Lines valid against ``adapters/schema/explore-report.json``.

A header (the kit, the suite's hash, the adapter, seed, budget and rules states), then one line per oracle and rules
state in the order explored — its statement and citations, whether it held, examples run and skipped by reason,
and each counterexample with its cause, its case and its scenario as printed — and a footer with the totals and
the exit status. The site reads it (``shinpan site --explore PATH``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from shinpan import __version__
from shinpan.adapters import schemas
from shinpan.adapters.contract import PROTOCOL_VERSION
from shinpan.errors import ReportError
from shinpan.explore.case import as_json
from shinpan.explore.exploration import Exploration, Result
from shinpan.explore.findings import Finding
from shinpan.explore.properties import PROPERTIES
from shinpan.reports import report as run_report
from shinpan.reports.report import suite_hash

SCHEMA = "explore-report.json"
Printed = Mapping[int, tuple[str | None, str | None]]
"""For each finding (by ``id``): its scenario as printed, or why it could not be printed."""
Known = Mapping[int, str]
"""For each finding (by ``id``) that an expectations entry already shows: the entry's id."""


def lines(exploration: Exploration, printed: Printed, known: Known, exit_status: int,
          warnings: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Every line of the report (``warnings``: what the exploration must not keep silent, in its footer)."""
    settings = exploration.settings
    header = {"type": "header", "kind": "explore", "kit_version": __version__, "protocol": PROTOCOL_VERSION,
              "suite_hash": suite_hash(), "adapter": {"spec": settings.adapter, "engine": exploration.engine},
              "seed": settings.seed, "examples": settings.examples, "time_budget": settings.time_budget,
              "workers": settings.workers, "states": list(dict.fromkeys(r.state for r in exploration.results)),
              "started": datetime.now(UTC).isoformat(timespec="seconds")}
    footer = {"type": "footer", "examples": exploration.examples, "counterexamples": len(exploration.findings),
              "seconds": round(exploration.seconds, 3), "interrupted": exploration.interrupted,
              "exit_status": exit_status, **({"warnings": list(warnings)} if warnings else {})}
    return [header, *(result_line(r, printed, known) for r in exploration.results), footer]


def result_line(result: Result, printed: Printed, known: Known) -> dict[str, Any]:
    """One oracle under one rules state."""
    rule = next((p for p in PROPERTIES if p.id == result.oracle), None)
    line: dict[str, Any] = {
        "type": "property", "oracle": result.oracle,
        "title": rule.title if rule else "the engine against the reference engine, move by move",
        "statement": rule.statement if rule else "", "rules": list(rule.rules) if rule else [],
        "sources": list(rule.sources) if rule else [], "since": list(rule.since) if rule else [],
        "until": list(rule.until) if rule else [], "state": result.state, "verdict": result.verdict,
        "not_run": result.not_run, "examples": result.examples, "skipped": dict(result.skipped),
        "repeats": result.repeats, "shrinks": result.shrinks, "seconds": round(result.seconds, 3),
        "stopped": result.stopped,
        "counterexamples": [counterexample(f, printed, known) for f in result.findings],
    }
    if result.coverage:
        line["coverage"] = dict(result.coverage)
    return line


def counterexample(finding: Finding, printed: Printed, known: Known) -> dict[str, Any]:
    """A finding's part of its line."""
    scenario, error = printed.get(id(finding), (None, "not printed"))
    entry: dict[str, Any] = {
        "cause": {"oracle": finding.cause.oracle, "step": finding.cause.step, "what": str(finding.cause.what)},
        "message": finding.message, "details": list(finding.details), "known": known.get(id(finding)),
        "rules": list(finding.rules), "sources": list(finding.sources), "checks": [c.to_json() for c in finding.checks],
        "case": as_json(finding.case), "scenario": scenario}
    if scenario is None:
        entry["scenario_error"] = error or "not printed"
    return entry


def write(path: Path, report: Iterable[Mapping[str, Any]]) -> None:
    """Write the report's lines to ``path`` as ``run`` writes its own (:func:`shinpan.reports.report.write`): whole or
    not at all (the previous report stays whole until the new one is complete, on a full disk too), each line one JSON
    line that reads back as one line whatever an adapter's message holds (U+2028, U+0085...)."""
    run_report.write(path, report)


def read(path: Path) -> list[dict[str, Any]]:
    """An explore report's lines; :class:`ReportError` naming the file and line if it is not one."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
        raise ReportError(path, None, f"cannot read an explore report: {reason}") from None
    found: list[dict[str, Any]] = []
    for number, raw in enumerate(text.split("\n"), 1):  # a line ends at a newline only, never at U+2028 or U+0085
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except ValueError:
            line = None
        kind = line.get("type") if isinstance(line, dict) else None
        if kind not in ("header", "property", "footer") or (number == 1) != (kind == "header"):
            raise ReportError(path, number, "not a line of a shinpan explore report (a header first, then property "
                                            "lines and a footer; written by shinpan explore --report)")
        problems = schemas.problems(f"{SCHEMA}#/$defs/{kind}", line)
        if problems:
            raise ReportError(path, number, f"not an explore report {kind} line: {problems[0]}")
        found.append(line)
    if not found:
        raise ReportError(path, None, "empty: not a shinpan explore report")
    return found

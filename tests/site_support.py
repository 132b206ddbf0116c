"""Helpers for the site's tests: reports written from the suite's real case ids, and a built site."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from shinpan.reports import report
from shinpan.reports.outcomes import Status
from shinpan.reports.summary import Result
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite

TRANSCRIPT = '{{"kind": "scenario", "id": "{id}"}}\n{{"kind": "end", "status": "FAIL"}}\n'
"""A failing case's transcript, as ``--trace`` writes one: its scenario line first, its end last."""


def case_ids() -> list[str]:
    """Every case id of the suite, in file order."""
    return [case.id for case in suite.cases()]


def write_report(path: Path, name: str, status_of: Callable[[str], str], suite_hash: str | None = None,
                 started: bool = True, transcripts: Path | None = None) -> Path:
    """A report of engine ``name`` giving each case the status ``status_of(case id)``, with the footer the kit
    writes (``started``: whether the adapter got through its handshake); valid by the schema (tests/test_site.py
    checks that). A failing case failed, as a run says, at its first ならば step (else its last); with ``transcripts``, a
    transcript of each failing case is written there and named by its line."""
    changes = rulesets.load()
    head = report.header(changes.today(), changes, f"fake:{name}", {"engine": {"name": name, "version": "1.0"}},
                         None, None)
    if suite_hash is not None:
        head["suite_hash"] = suite_hash
    lines = [head]
    results = []
    for case in suite.cases():
        status = status_of(case.id)
        failed = status in ("FAIL", "ERROR", "CRASH", "TIMEOUT", "SCRIPT_MISMATCH")
        step = next((s for s in case.steps if s.kind == "Outcome"), case.steps[-1]) if failed else None
        transcript = None
        if failed and transcripts is not None:
            transcripts.mkdir(parents=True, exist_ok=True)
            transcript = transcripts / f"{case.id}.jsonl"
            transcript.write_text(TRANSCRIPT.format(id=case.id), encoding="utf-8")
        result = Result(Status(status), "" if status == "PASS" else f"{name}: {status} for {case.id}", case.topic,
                        case.name, case.path.name, 0.0, line=case.line, rules=case.values.rule,
                        sources=case.values.source, started=started,
                        step=f"{step.keyword.strip()} {step.text}" if step else None,
                        step_line=step.line if step else None, transcript=str(transcript) if transcript else None)
        lines.append(report.case(case.id, result, head["rules"]["label"]))
        results.append(result)
    lines.append(report.footer(results, 0, 0.0))
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    return path


def carry_over_fails(case_id: str) -> str:
    """A made-up engine: it fails the carry-over grid's tap column, lacks the rest of the grid, passes the rest."""
    if case_id.startswith("carry-table-") and "-tap" in case_id:
        return "FAIL"
    return "UNSUPPORTED" if case_id.startswith("carry-table-") else "PASS"

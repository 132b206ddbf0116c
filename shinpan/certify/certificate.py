"""The certificate (適合証明書): what each step covered and found, as text for people and as JSON
(``adapters/schema/certificate.json``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from shinpan import __version__


@dataclass(frozen=True)
class Finding:
    """A counterexample of the exploration: its oracle, rules state, what went wrong, and the expectations entry
    that already shows it (None: a new one)."""

    oracle: str
    state: str
    what: str
    known: str | None


class StepVerdict(StrEnum):
    """How a step of the certificate ended (判定)."""

    PASS = "PASS"
    FAIL = "FAIL"
    """It ran and found what fails the certificate (a scenario, a new counterexample, a broken contract rule)."""
    ERROR = "ERROR"
    """It could not run."""
    NOT_AVAILABLE = "NOT_AVAILABLE"
    """It does not apply to this adapter; it fails nothing."""

    @property
    def fails(self) -> bool:
        """Whether the step fails the certificate."""
        return self in (StepVerdict.FAIL, StepVerdict.ERROR)


class Verdict(StrEnum):
    """The certificate's verdict, by its exit status."""

    CERTIFIED = "certified"
    NOT_CERTIFIED = "not certified"
    INTERRUPTED = "interrupted"


@dataclass(frozen=True)
class Step:
    """One step of the certificate: PASS, FAIL, ERROR (it could not run) or NOT_AVAILABLE, what it covers and what
    it found."""

    name: str
    verdict: StepVerdict
    covers: str
    found: str
    report: str | None = None
    totals: dict[str, int] = field(default_factory=dict)
    findings: tuple[Finding, ...] = ()
    scenarios: str | None = None
    """The counterexamples printed as a feature file, when there are any."""


@dataclass(frozen=True)
class Certificate:
    """The steps' results for one adapter."""

    adapter: str
    engine: str | None
    expectations: str | None
    issued: str
    steps: tuple[Step, ...]
    interrupted: bool = False

    @property
    def exit_status(self) -> int:
        """2 interrupted, 1 a step failed or could not run, else 0 (a NOT_AVAILABLE step fails nothing)."""
        if self.interrupted:
            return 2
        return 1 if any(step.verdict.fails for step in self.steps) else 0

    @property
    def verdict(self) -> Verdict:
        return (Verdict.CERTIFIED, Verdict.NOT_CERTIFIED, Verdict.INTERRUPTED)[self.exit_status]


def issued() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def text(certificate: Certificate) -> list[str]:
    """The certificate as lines for a terminal or a CI log."""
    from shinpan.adapters.contract import PROTOCOL_VERSION
    from shinpan.reports.report import suite_hash

    engine = f" ({certificate.engine})" if certificate.engine else ""
    lines = [f"shinpan certificate: {certificate.adapter}{engine}",
             f"  kit {__version__}, protocol {PROTOCOL_VERSION}, suite {suite_hash()[:19]}…, "
             f"issued {certificate.issued}"]
    if certificate.expectations:
        lines.append(f"  expectations: {certificate.expectations}")
    for step in certificate.steps:
        lines.append(f"  {step.verdict:<13} {step.name:<9} covers: {step.covers}")
        lines.append(f"  {'':<13} {'':<9} found:  {step.found}")
        for finding in step.findings:
            known = f" (known: {finding.known})" if finding.known else ""
            lines.append(f"  {'':<23} - {finding.oracle} [{finding.state}]: {finding.what}{known}")
        if step.scenarios and any(f.known is None for f in step.findings):
            lines.append(f"  {'':<23} as scenarios: {step.scenarios} (lint or run it: shinpan run --suite "
                         f"{step.scenarios.rsplit('/', 1)[0]})")
    stopped = " (the steps after the interrupt were not run)" if certificate.interrupted else ""
    lines.append(f"verdict: {certificate.verdict.upper()} (exit status {certificate.exit_status}){stopped}")
    return lines


def as_json(certificate: Certificate) -> dict[str, Any]:
    """The certificate as one JSON document (``adapters/schema/certificate.json``)."""
    from shinpan.adapters.contract import PROTOCOL_VERSION
    from shinpan.reports.report import suite_hash

    return {
        "kind": "certificate", "kit_version": __version__, "protocol": PROTOCOL_VERSION, "suite_hash": suite_hash(),
        "adapter": {"spec": certificate.adapter, "engine": certificate.engine},
        "expectations": certificate.expectations, "issued": certificate.issued, "verdict": certificate.verdict,
        "exit_status": certificate.exit_status, "interrupted": certificate.interrupted,
        "steps": [{"step": s.name, "verdict": s.verdict, "covers": s.covers, "found": s.found, "report": s.report,
                   "totals": dict(s.totals), "scenarios": s.scenarios,
                   "counterexamples": [{"oracle": f.oracle, "state": f.state, "what": f.what, "known": f.known}
                                       for f in s.findings]} for s in certificate.steps],
    }

"""The run summary: scenarios per topic and status, with the rules and adapter that ran."""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from io import StringIO

from rich.console import Console
from rich.table import Table

from shinpan.reports.outcomes import NOT_RUN as NOT_RUN  # re-exported: the statuses left out of the scores
from shinpan.reports.outcomes import Status
from shinpan.suite.rulesets import RulesState

COLUMNS = (Status.PASS, Status.FAIL, Status.UNSUPPORTED, Status.UNOBSERVABLE, Status.SCRIPT_MISMATCH,
           Status.ERROR, Status.CRASH, Status.TIMEOUT, Status.XFAIL, Status.XPASS, Status.NOT_APPLICABLE,
           Status.UNRESOLVED)
LACKING = (Status.UNSUPPORTED, Status.UNOBSERVABLE)
"""Statuses that say the adapter lacks something: outside coverage."""


HEADINGS = {Status.SCRIPT_MISMATCH: "mismatch",
            Status.NOT_APPLICABLE: "n/a", Status.UNRESOLVED: "unresolved"}


@dataclass(frozen=True)
class Result:
    """How one scenario ended."""

    status: Status
    message: str
    topic: str
    name: str
    feature: str
    duration: float
    actual: Status | None = None
    """The status before the expectations file was applied (when it changed it to XFAIL / XPASS)."""
    expected: Status | None = None
    """The status the expectations file expected, if it has an entry."""
    issue: str | None = None
    line: int | None = None
    """The scenario's line in its feature file (for an outline row: the row's)."""
    rules: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    step: str | None = None
    """The Gherkin step (keyword and text) during which the scenario failed, if it failed in one."""
    step_line: int | None = None
    transcript: str | None = None
    """The scenario's transcript file (``--trace DIR``)."""
    started: bool = True
    """Whether the adapter had got through its handshake: if not, nothing of the scenario was supported."""
    gave_up: bool = False
    """Whether it is a CRASH because the adapter had been given up under its rules state (``--max-restarts``)."""

    @property
    def raw(self) -> Status:
        """The status the engine earned, whatever the expectations say."""
        return self.actual or self.status


@dataclass(frozen=True)
class Scores:
    """conformance = PASS / (all − UNSUPPORTED); coverage = (all − UNSUPPORTED) / all.

    ``all`` counts the scenarios that apply under the ruleset (not NOT_APPLICABLE or UNRESOLVED);
    UNOBSERVABLE counts with UNSUPPORTED (the adapter lacks a field), and so does any scenario run while
    the adapter had not got through its handshake (it never said what it supports). Expectations change
    neither.
    """

    total: int
    supported: int
    passed: int

    @property
    def conformance(self) -> float | None:
        return self.passed / self.supported if self.supported else None

    @property
    def coverage(self) -> float | None:
        return self.supported / self.total if self.total else None

    def describe(self) -> str:
        def pct(value: float | None) -> str:
            return "n/a" if value is None else f"{100 * value:.1f}%"

        return (f"conformance {pct(self.conformance)} ({self.passed}/{self.supported} supported scenarios pass); "
                f"coverage {pct(self.coverage)} ({self.supported}/{self.total} applicable scenarios supported)")


def scores(results: Iterable[Result]) -> Scores:
    """Conformance and coverage of a run."""
    applicable = [r for r in results if r.raw not in NOT_RUN]
    supported = [r.raw for r in applicable if r.raw not in LACKING and r.started]
    return Scores(total=len(applicable), supported=len(supported), passed=supported.count(Status.PASS))


REASONS_SHOWN = 5
"""How many of the most common reasons a summary lists for what the adapter lacks."""


def lacking_reasons(outcomes: Iterable[tuple[str, str]]) -> list[tuple[int, str]]:
    """Why an adapter lacked what scenarios needed: each reason given for UNSUPPORTED or UNOBSERVABLE (its first
    line, as the adapter or the kit said it) with the number of scenarios, most common first."""
    lacking = {status.value for status in LACKING}
    counted = Counter(message.strip().splitlines()[0] if message.strip() else "(no reason given)"
                      for status, message in outcomes if status in lacking)
    return [(n, reason) for reason, n in sorted(counted.items(), key=lambda item: (-item[1], item[0]))]


def render_summary(results: dict[str, Result], state: RulesState, adapter: str, engine: str,
                   width: int = 140) -> list[str]:
    """The summary as text lines at most ``width`` wide (the terminal's): a table of topics × statuses, the run's
    rules (with the changes in doubt) and adapter. A terminal too narrow for a column per status gets a column
    per status the run has."""
    per_topic: dict[str, Counter[Status]] = {}
    for result in results.values():
        per_topic.setdefault(result.topic, Counter())[result.status] += 1
    table = _table(per_topic, COLUMNS)
    if widest(table) > width:
        earned = sum(per_topic.values(), Counter[Status]())
        table = _table(per_topic, tuple(s for s in COLUMNS if earned[s] or s == Status.PASS))
    lines = _wrapped(f"shinpan — {state.describe()}", width)
    lines += text_lines(table, width=width)
    lines += _wrapped(f"adapter: {adapter} ({engine}); scenarios: {len(results)}", width)
    lines += _wrapped(scores(results.values()).describe(), width)
    reasons = lacking_reasons((r.raw.value, r.message) for r in results.values())
    if reasons:
        lines.append("what the adapter lacks, most common first:")
        lines += [line for n, reason in reasons[:REASONS_SHOWN] for line in _wrapped(f"  {n:4d} × {reason}", width)]
        if len(reasons) > REASONS_SHOWN:
            lines.append(f"  … and {len(reasons) - REASONS_SHOWN} other reason(s) (the report has each scenario's)")
    return lines


def _wrapped(line: str, width: int) -> list[str]:
    return textwrap.wrap(line, width, subsequent_indent="  ", break_on_hyphens=False)  # ids keep their hyphens


def _table(per_topic: dict[str, Counter[Status]], columns: tuple[Status, ...]) -> Table:
    """Topics × ``columns``, and the totals."""
    table = Table()
    table.add_column("topic", no_wrap=True)
    for status in columns:
        table.add_column(heading(status), justify="right")
    totals: Counter[Status] = Counter()
    for topic in sorted(per_topic):
        counts = per_topic[topic]
        totals.update(counts)
        table.add_row(topic, *(str(counts[s]) for s in columns))
    table.add_row("total", *(str(totals[s]) for s in columns), style="bold")
    return table


def widest(table: Table) -> int:
    """How wide ``table`` is when nothing has to be squeezed."""
    return Console(width=10_000).measure(table).maximum


def heading(status: Status) -> str:
    """A status as a column heading: lower case, short."""
    return HEADINGS.get(status, status.value.replace("_", " ").lower())


def text_lines(table: Table, width: int) -> list[str]:
    """A rich table as plain text lines (no colour), as the terminal summaries print it."""
    buffer = StringIO()
    Console(file=buffer, width=width, force_terminal=False, no_color=True).print(table)
    return [line.rstrip() for line in buffer.getvalue().rstrip().splitlines()]

"""The run summary: scenarios per topic and status, with the ruleset and adapter that ran."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from io import StringIO

from rich.console import Console
from rich.table import Table

from shinpan.outcomes import Status
from shinpan.rulesets import Revision

COLUMNS = (Status.PASS, Status.FAIL, Status.UNSUPPORTED, Status.UNOBSERVABLE, Status.SCRIPT_MISMATCH,
           Status.ERROR, Status.NOT_APPLICABLE, Status.UNRESOLVED)


@dataclass(frozen=True)
class Result:
    """How one scenario ended."""

    status: Status
    message: str
    topic: str
    name: str
    feature: str
    duration: float


def render_summary(results: dict[str, Result], ruleset: Revision, adapter: str, engine: str) -> list[str]:
    """The summary as text lines: a table of topics × statuses, and the run's ruleset and adapter."""
    per_topic: dict[str, Counter[Status]] = {}
    for result in results.values():
        per_topic.setdefault(result.topic, Counter())[result.status] += 1
    table = Table(title=f"shinpan — ruleset {ruleset.describe()}", title_justify="left")
    table.add_column("topic")
    for status in COLUMNS:
        table.add_column(status.value.replace("_", " ").lower(), justify="right")
    totals: Counter[Status] = Counter()
    for topic in sorted(per_topic):
        counts = per_topic[topic]
        totals.update(counts)
        table.add_row(topic, *(str(counts[s]) for s in COLUMNS))
    table.add_row("total", *(str(totals[s]) for s in COLUMNS), style="bold")
    buffer = StringIO()
    Console(file=buffer, width=140, force_terminal=False, no_color=True).print(table)
    lines = buffer.getvalue().rstrip().splitlines()
    lines.append(f"adapter: {adapter} ({engine}); scenarios: {len(results)}")
    return lines

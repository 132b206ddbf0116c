"""``shinpan compare R1.jsonl R2.jsonl …``: several runs side by side, scenario × engine, with totals per topic.

A difference is a real disagreement when the runs that played the scenario ended differently (PASS against FAIL,
ERROR…), and a coverage gap when they differ only in which runs played it (PASS against UNSUPPORTED):
``--only-played`` keeps the scenarios every run played, so that only disagreements remain among the differences.

Each report (``shinpan run --report``) is one column, named after the engine its header names (and the
ruleset, when the reports were made under different ones). A row is a scenario; a cell is the status it
earned in that run, ``-`` if that run did not have it. The totals give, per topic and run, the scenarios
that passed out of those that applied (NOT_APPLICABLE and UNRESOLVED assert nothing and are left out).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from io import StringIO
from pathlib import Path
from typing import Any

from shinpan.outputs import json_line, printable
from shinpan.reports import outcomes
from shinpan.reports.report import Report, rules_label
from shinpan.reports.summary import LACKING, REASONS_SHOWN, lacking_reasons

MISSING = "-"
LACKING_VALUES = frozenset(status.value for status in LACKING)
NOT_RUN = tuple(status.value for status in outcomes.NOT_RUN)
NOT_PLAYED = (*NOT_RUN, "UNSUPPORTED", "UNOBSERVABLE", MISSING, "NO_RESULT")
"""What a run shows for a scenario it did not play: it asserted nothing, lacked something, or has no line for it."""
OUTCOME = {"XFAIL": "FAIL", "XPASS": "PASS"}
"""Expectations aside: an expected failure failed, an unexpected pass passed."""


def played(status: str) -> bool:
    """Whether a run with ``status`` played the scenario (it passed, or failed in some way)."""
    return status not in NOT_PLAYED


def disagreement(statuses: Sequence[str]) -> str:
    """How runs' statuses of one scenario compare: ``agree`` (all the same); ``real`` (the runs that played it ended
    differently: PASS against FAIL, ERROR, CRASH…); ``gap`` (they differ only in which runs played it: PASS against
    UNSUPPORTED — coverage, not a disagreement on a ruling)."""
    if len(set(statuses)) <= 1:
        return "agree"
    outcomes_ = {OUTCOME.get(status, status) for status in statuses if played(status)}
    return "real" if len(outcomes_) > 1 else "gap"


@dataclass(frozen=True)
class Run:
    """One report: who ran, under which ruleset, and each scenario's status and topic."""

    path: str
    engine: str
    ruleset: str
    statuses: dict[str, str]
    topics: dict[str, str]
    messages: dict[str, str] = field(default_factory=dict)
    """The message of each scenario that has one (why it was UNSUPPORTED, how it failed)."""
    reference_build: bool = False
    """Whether its adapter was the kit's reference engine's very build (its header says so): nothing was compared."""

    @property
    def notice(self) -> str | None:
        """What to say at the top of a comparison when this run compared nothing."""
        return (f"note: {self.path}: its adapter was the kit's own reference engine, the very same build: the run "
                "compared nothing") if self.reference_build else None

    def lacking(self) -> list[tuple[int, str]]:
        """Why the adapter lacked what scenarios needed, most common reason first."""
        return lacking_reasons((status, self.messages.get(case_id, "")) for case_id, status in self.statuses.items())


@dataclass(frozen=True)
class Comparison:
    """Runs side by side."""

    runs: tuple[Run, ...]
    labels: tuple[str, ...]
    rows: tuple[tuple[str, str, tuple[str, ...]], ...]
    """(scenario id, topic, status per run) for every scenario, sorted by topic then id."""

    def differences(self) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
        """The rows whose runs disagree (a scenario missing from a run disagrees too)."""
        return tuple(row for row in self.rows if len(set(row[2])) > 1)

    def played_by_all(self) -> Comparison:
        """Only the scenarios every run played (``--only-played``): no run lacked them, skipped them or misses them,
        so what differs is a disagreement on the ruling, not coverage; the totals count these alone."""
        return Comparison(self.runs, self.labels, tuple(row for row in self.rows if all(map(played, row[2]))))

    def differences_by_topic(self) -> dict[str, dict[str, int]]:
        """Per topic (and ``total``): the scenarios whose runs differ, and of those the real disagreements
        (:func:`disagreement`); the rest are coverage gaps."""
        found: dict[str, dict[str, int]] = {topic: {"differ": 0, "disagree": 0}
                                            for topic in [*sorted({t for _, t, _ in self.rows}), "total"]}
        for _, topic, statuses in self.differences():
            kind = disagreement(statuses)
            for key in (topic, "total"):
                found[key]["differ"] += 1
                found[key]["disagree"] += kind == "real"
        return found

    def totals(self) -> dict[str, list[dict[str, Any]]]:
        """Per topic (and ``total``), per run: scenarios passed, applicable, and counts per status."""
        topics = sorted({topic for _, topic, _ in self.rows})
        result: dict[str, list[dict[str, Any]]] = {}
        for topic in [*topics, "total"]:
            per_run = []
            for index in range(len(self.runs)):
                counts = Counter(statuses[index] for _, t, statuses in self.rows if topic in ("total", t))
                counts.pop(MISSING, None)
                applicable = sum(n for status, n in counts.items() if status not in NOT_RUN)
                per_run.append({"passed": counts["PASS"], "applicable": applicable,
                                "statuses": dict(sorted(counts.items()))})
            result[topic] = per_run
        return result


def read_run(path: str | Path) -> Run:
    """Read one report (:class:`shinpan.reports.report.Report`; ``-``: standard input); :class:`ReportError` naming the
    file and line if it is not one. The column is named after the engine of its header and the rules it ran under."""
    report = Report(path)  # read one line at a time: what is kept is each scenario's status and topic
    statuses: dict[str, str] = {}
    topics: dict[str, str] = {}
    messages: dict[str, str] = {}
    for line in report.cases():
        case_id = str(line["id"])
        statuses[case_id] = str(line["status"])
        topics[case_id] = str(line.get("topic", ""))
        if line.get("message") and statuses[case_id] in LACKING_VALUES:  # only why something was lacking is read
            messages[case_id] = str(line["message"])
    adapter = _mapping(report.header.get("adapter"))
    name = " ".join(str(adapter[k]) for k in ("name", "version") if adapter.get(k))
    return Run(str(path), name or str(adapter.get("spec") or Path(path).stem), rules_label(report.header),
               statuses, topics, messages, reference_build=adapter.get("reference_build") is True)


def _mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, dict) else {}


def compare(runs: Sequence[Run]) -> Comparison:
    """Line the runs up by scenario id."""
    rulesets = {run.ruleset for run in runs}
    labels = [run.engine + (f" @{run.ruleset}" if len(rulesets) > 1 else "") for run in runs]
    labels = [f"{label} ({index + 1}: {Path(run.path).stem})" if labels.count(label) > 1 else label
              for index, (label, run) in enumerate(zip(labels, runs, strict=True))]  # the same engine twice
    topics: dict[str, str] = {}
    for run in runs:
        topics.update(run.topics)
    ids = sorted(topics, key=lambda case_id: (topics[case_id], case_id))
    rows = tuple((case_id, topics[case_id], tuple(run.statuses.get(case_id, MISSING) for run in runs))
                 for case_id in ids)
    return Comparison(tuple(runs), tuple(labels), rows)


# ------------------------------------------------------------------ formats
def as_json(comparison: Comparison, only_differences: bool) -> str:
    """One JSON document: the runs, the scenarios (status per run label) and the totals."""
    rows = comparison.differences() if only_differences else comparison.rows
    return json_line({
        "runs": [{"label": label, "report": run.path, "engine": run.engine, "ruleset": run.ruleset}
                 for label, run in zip(comparison.labels, comparison.runs, strict=True)],
        "scenarios": [{"id": case_id, "topic": topic, "statuses": dict(zip(comparison.labels, statuses, strict=True)),
                       **_reasons(comparison, case_id, statuses)}
                      for case_id, topic, statuses in rows],
        "lacking": {label: [{"scenarios": n, "reason": reason} for n, reason in run.lacking()]
                    for label, run in zip(comparison.labels, comparison.runs, strict=True)},
        "totals": {topic: dict(zip(comparison.labels, per_run, strict=True))
                   for topic, per_run in comparison.totals().items()},
        "differences": len(comparison.differences()),
        "differences_by_topic": comparison.differences_by_topic(),
    })


def as_markdown(comparison: Comparison, only_differences: bool) -> str:
    """GitHub-flavoured Markdown for a CI step summary or a comment: totals first, then the scenarios."""
    out = ["## shinpan: engines compared", "", "| topic | " + " | ".join(_cell(x) for x in comparison.labels)
           + " | differ (disagree) |", "|---|" + "---:|" * (len(comparison.labels) + 1)]
    by_topic = comparison.differences_by_topic()
    for topic, per_run in comparison.totals().items():
        name = f"**{topic}**" if topic == "total" else _cell(topic)
        out.append(f"| {name} | " + " | ".join(f"{t['passed']}/{t['applicable']}" for t in per_run)
                   + f" | {_differ(by_topic[topic])} |")
    rows = comparison.differences() if only_differences else comparison.rows
    differing = len(comparison.differences())
    out += ["", f"{differing} scenario(s) where the runs differ." if differing else "All runs agree.", ""]
    if rows:
        title = "Scenarios that differ" if only_differences else "Every scenario"
        out += ["<details><summary>" + f"{title} ({len(rows)})</summary>", "",
                "| scenario | topic | " + " | ".join(_cell(x) for x in comparison.labels) + " |",
                "|---|---|" + "---|" * len(comparison.labels)]
        out += [f"| `{_cell(case_id)}` | {_cell(topic)} | " + " | ".join(_mark(s) for s in statuses) + " |"
                for case_id, topic, statuses in rows]
        out += ["", "</details>"]
    for label, run in zip(comparison.labels, comparison.runs, strict=True):
        if run.lacking():
            out += ["", f"**{_cell(label)}** lacks, most common first:", ""]
            out += [f"- {n} × {_cell(reason)}" for n, reason in run.lacking()[:REASONS_SHOWN]]
    return "\n".join(out) + "\n"


def as_pretty(comparison: Comparison, only_differences: bool) -> str:
    """Two tables for a terminal: the scenarios (or only those that differ), one line each, then the totals per
    topic. Everything a report gave (ids, topics, engine names) is shown with its controls escaped."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    buffer = StringIO()
    rows = comparison.differences() if only_differences else comparison.rows
    labels = [printable(label, one_line=True) for label in comparison.labels]
    if rows:
        buffer.write("scenarios" + (" that differ" if only_differences else "") + "\n")
        _aligned(buffer, ["scenario", "topic", *labels],
                 ([printable(case_id, one_line=True), printable(topic, one_line=True), *statuses]
                  for case_id, topic, statuses in rows))
        buffer.write("\n")
    console = Console(file=buffer, width=200, color_system=None)
    totals = Table(title="passed / applicable, per topic; scenarios that differ (of them, real disagreements)")
    for heading in ("topic", *labels, "differ (disagree)"):
        totals.add_column(escape(heading), justify="left" if heading == "topic" else "right")
    by_topic = comparison.differences_by_topic()
    for topic, per_run in comparison.totals().items():
        totals.add_row(escape(printable(topic, one_line=True)), *(f"{t['passed']}/{t['applicable']}" for t in per_run),
                       _differ(by_topic[topic]))
    console.print(totals)
    differing = len(comparison.differences())
    console.print(f"{differing} scenario(s) where the runs differ" if differing else "all runs agree")
    for label, run in zip(comparison.labels, comparison.runs, strict=True):
        if run.lacking():
            console.print(f"{label} lacks, most common first:")
            for n, reason in run.lacking()[:REASONS_SHOWN]:
                console.print(f"  {n:4d} × {reason}", markup=False)
    return buffer.getvalue()


def _aligned(out: StringIO, headings: list[str], rows: Iterable[list[str]]) -> None:
    """A plain table, its columns as wide as their widest cell (by terminal cells: a kanji takes two), written
    line by line: a table of a quarter of a million scenarios takes a second, not minutes."""
    from rich.cells import cell_len

    table = [headings, *rows]
    widths = [max(cell_len(row[index]) for row in table) for index in range(len(headings))]
    for number, row in enumerate(table):
        out.write("  ".join(cell + " " * (width - cell_len(cell)) for cell, width in zip(row, widths, strict=True))
                  .rstrip() + "\n")
        if number == 0:
            out.write("  ".join("-" * width for width in widths) + "\n")


def render(runs: Iterable[Run], format_: str, only_differences: bool, only_played: bool = False) -> str:
    """The comparison of ``runs`` in ``format_`` (pretty, json or markdown); ``only_played``: of the scenarios every
    run played (:meth:`Comparison.played_by_all`)."""
    comparison = compare(list(runs))
    if only_played:
        comparison = comparison.played_by_all()
    writers = {"pretty": as_pretty, "json": as_json, "markdown": as_markdown}
    return writers[format_](comparison, only_differences)


def _reasons(comparison: Comparison, case_id: str, statuses: tuple[str, ...]) -> dict[str, Any]:
    """``{"reasons": {label: why}}`` for the runs in which the scenario was UNSUPPORTED or UNOBSERVABLE."""
    lacking = {status.value for status in LACKING}
    reasons = {label: run.messages.get(case_id, "") for label, run, status
               in zip(comparison.labels, comparison.runs, statuses, strict=True) if status in lacking}
    return {"reasons": reasons} if reasons else {}


def _differ(counts: Mapping[str, int]) -> str:
    """A topic's differences: how many, and how many of them are real disagreements."""
    return f"{counts['differ']} ({counts['disagree']})"


def _cell(text: str) -> str:
    return printable(text, one_line=True).replace("|", "\\|")


def _mark(status: str) -> str:
    """A status for Markdown: PASS plain, anything else in bold so that it stands out."""
    return status if status in ("PASS", MISSING, *NOT_RUN) else f"**{status}**"

"""``shinpan explore``: explore an adapter, show what was found, and write the report and the scenarios.

While it runs a progress display (rich, on stderr) counts the examples of each oracle; then a table gives, per oracle
and rules state, whether it held, the examples run and skipped and the counterexamples found; then each
counterexample follows, grouped by cause, printed as a scenario of the suite. What is printed on stdout depends only
on the seed and the budget (the time taken goes to stderr). The exit status is 0 when nothing was
found, 1 when a counterexample was (4 for bad input, before anything runs). With an expectations file, a
counterexample that one of its entries already shows (:mod:`shinpan.explore.known`) is reported as known and does
not fail the run. Stopped by Ctrl-C or SIGTERM, the exploration shows and writes what it reached — every example
run, every counterexample found — and ends with exit status 2.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from shinpan import rulesets
from shinpan.errors import RenderError
from shinpan.explore import coverage, known, printing
from shinpan.explore import report as report_
from shinpan.explore.engines import Engine
from shinpan.explore.exploration import Exploration, Settings
from shinpan.explore.findings import Finding
from shinpan.explore.workers import explore_on
from shinpan.rulesets import RulesState

FOUND = 1
"""The exit status when a counterexample was found."""
INTERRUPTED = 2
"""The exit status when the user stopped the exploration (what it reached is shown and written)."""


def states(ruleset: str | None, rules_as_of: str | None, all_states: bool) -> tuple[RulesState, ...]:
    """The rules states to explore: every state of the matrix, or the one selected (today by default)."""
    changes = rulesets.load()
    if all_states:
        from shinpan.matrix import states as matrix_states

        return matrix_states(changes)
    return (changes.select(ruleset, rules_as_of),)


def run(settings: Settings, report: Path | None, out: Path | None, console: Console) -> int:
    """Explore, show and write; the exit status."""
    with _sigterm_interrupts():
        exploration = _explored(settings)
    by_label = {state.label: state for state in settings.states}
    printed: dict[int, tuple[str | None, str | None]] = {}
    for result in exploration.results:
        for finding in result.findings:
            printed[id(finding)] = _printed(finding, by_label[result.state])
    known = _known(exploration, by_label)
    status = FOUND if any(id(f) not in known for f in exploration.findings) else 0
    status = INTERRUPTED if exploration.interrupted else status
    _show(exploration, printed, known, console)
    if report is not None:
        report_.write(report, report_.lines(exploration, printed, known, status))
    if out is not None:
        _save(out, exploration, printed)
    return status


@contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """SIGTERM stops the exploration as Ctrl-C does (in the main thread, where a handler may be set)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt(f"signal {signal.Signals(signum).name}")

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _known(exploration: Exploration, states: dict[str, RulesState]) -> dict[int, str]:
    """For each finding that a known deviation of the expectations file shows, the scenario's id."""
    settings = exploration.settings
    if settings.expectations is None or not exploration.findings:
        return {}
    engine, reference = Engine(settings.adapter, timeout=settings.timeout), Engine("reference")
    try:
        found: dict[int, str] = {}
        for result in exploration.results:
            if result.findings:
                deviations = known.deviations(settings.expectations, engine, reference, states[result.state])
                found.update({id(f): scenario for f in result.findings
                              if (scenario := known.recognised(f, deviations)) is not None})
        return found
    finally:
        engine.stop()
        reference.stop()


def _explored(settings: Settings) -> Exploration:
    err = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
        tasks = {oracle: bar.add_task(oracle, total=settings.examples * len(settings.states))
                 for oracle in settings.oracles}
        return explore_on(settings, lambda oracle, state, count: bar.advance(tasks[oracle], count))


def _printed(finding: Finding, state: RulesState) -> tuple[str | None, str | None]:
    try:
        return printing.scenario(finding, state), None
    except RenderError as error:  # a finding the printer cannot say is still reported, with why
        return None, str(error)


def _show(exploration: Exploration, printed: dict[int, tuple[str | None, str | None]], known: dict[int, str],
          console: Console) -> None:
    table = Table(title=f"explore: {exploration.settings.adapter} ({exploration.engine}), seed "
                        f"{exploration.settings.seed}", title_justify="left")
    for column in ("oracle", "rules", "verdict"):  # a narrow terminal or a pipe folds names, never cuts them
        table.add_column(column, overflow="fold")
    for column in ("examples", "skipped", "found"):  # counterexamples found
        table.add_column(column, justify="right", no_wrap=True)
    for r in exploration.results:
        verdict = r.not_run.split(":")[0] if r.not_run else r.verdict
        table.add_row(r.oracle, r.state, verdict, str(r.examples), str(sum(r.skipped.values())), str(len(r.findings)))
    console.print(table)
    for r in exploration.results:
        for reason, count in r.skipped.items():
            console.print(f"  skipped {count:>5} × {reason}  [{r.oracle}, {r.state}]", markup=False, highlight=False)
    for line in coverage.summary(exploration.results, exploration.settings.properties):
        console.print(line, markup=False, highlight=False)
    for r in exploration.results:
        for finding in r.findings:
            scenario, error = printed[id(finding)]
            note = f" (known: {known[id(finding)]})" if id(finding) in known else ""
            console.print(f"\n── {finding.cause.key} [{r.state}]{note} ──", markup=False, highlight=False)
            console.print(finding.message, markup=False, highlight=False)
            console.print(scenario or f"(not printed: {error})", markup=False, highlight=False)
    found = len(exploration.findings)
    stopped = " (interrupted: the rest was not explored)" if exploration.interrupted else ""
    console.print(f"\n{exploration.examples} examples; {found} counterexample{'s' if found != 1 else ''}{stopped}",
                  markup=False, highlight=False)
    Console(stderr=True).print(f"explored in {exploration.seconds:.1f} s", markup=False, highlight=False)


def _save(out: Path, exploration: Exploration, printed: dict[int, tuple[str | None, str | None]]) -> None:
    """Write the printed scenarios as one feature file in ``out``."""
    scenarios: Sequence[str] = [text for f in exploration.findings if (text := printed[id(f)][0]) is not None]
    out.mkdir(parents=True, exist_ok=True)
    if scenarios:
        (out / "explore.feature").write_text(printing.feature(scenarios, exploration.engine), encoding="utf-8")

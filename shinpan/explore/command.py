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

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from shinpan.errors import RenderError
from shinpan.explore import coverage, known, outputs, printing, stopping
from shinpan.explore import report as report_
from shinpan.explore.engines import Engine
from shinpan.explore.exploration import Exploration, Settings
from shinpan.explore.findings import Finding
from shinpan.explore.workers import explore_on
from shinpan.outputs import printable
from shinpan.suite import rulesets
from shinpan.suite.rulesets import RulesState

FOUND = 1
"""The exit status when a counterexample was found."""
INTERRUPTED = 2
"""The exit status when the user stopped the exploration (what it reached is shown and written)."""


def states(ruleset: str | None, rules_as_of: str | None, all_states: bool) -> tuple[RulesState, ...]:
    """The rules states to explore: every state of the matrix, or the one selected (today by default)."""
    changes = rulesets.load()
    if all_states:
        from shinpan.reports.matrix import states as matrix_states

        return matrix_states(changes)
    return (changes.select(ruleset, rules_as_of),)


def run(settings: Settings, report: Path | None, out: Path | None, console: Console, *, said: Sequence[str] = (),
        min_coverage: float | None = None) -> int:
    """Explore, show and write; the exit status. ``said``: warnings known before exploring (a drawer that draws
    nothing); ``min_coverage``: the percentage of examples that must be judged, not skipped (else exit 1). An adapter
    that is the reference engine's very build is said first: nothing is being compared."""
    notice = _notice(settings)
    if notice is not None:
        console.print(notice, markup=False, highlight=False)
    with stopping.signals_stop():
        exploration = _explored(settings)
    by_label = {state.label: state for state in settings.states}
    printed: dict[int, tuple[str | None, str | None]] = {}
    for result in exploration.results:
        for finding in result.findings:
            printed[id(finding)] = _printed(finding, by_label[result.state], settings)
    known = _known(exploration, by_label)
    status = FOUND if any(id(f) not in known for f in exploration.findings) else 0
    warned = [*said, *warnings(exploration, min_coverage)]
    status = FOUND if status == 0 and any("--min-coverage" in w for w in warned) else status
    status = INTERRUPTED if exploration.interrupted else status
    _show(exploration, printed, known, console)
    for warning in warned:
        console.print(f"WARNING: {warning}", markup=False, highlight=False)
    if report is not None:
        report_.write(report, report_.lines(exploration, printed, known, status, warned))
    if out is not None:
        _save(out, exploration, printed)
    return status


def warnings(exploration: Exploration, min_coverage: float | None = None) -> list[str]:
    """What an exploration must not keep silent: every example skipped (with the commonest reason, the adapter's
    words), or fewer examples judged than ``min_coverage`` percent."""
    ran = [result for result in exploration.results if result.not_run is None]
    examples = sum(result.examples for result in ran)
    reasons: Counter[str] = Counter()
    for result in ran:
        reasons.update(result.skipped)
    skipped = sum(reasons.values())
    said = []
    if examples and skipped >= examples:
        reason, count = reasons.most_common(1)[0]
        said.append(f"every one of the {examples} examples was skipped: nothing was judged (commonest reason, "
                    f"{count}×: {reason})")
    judged = 100 * (examples - skipped) / examples if examples else 0.0
    if min_coverage is not None and judged < min_coverage:
        said.append(f"{judged:.1f} % of the examples were judged, below --min-coverage {min_coverage:.1f} %")
    return said


def _known(exploration: Exploration, states: dict[str, RulesState]) -> dict[int, str]:
    """For each finding that a known deviation of the expectations file shows, the scenario's id."""
    settings = exploration.settings
    if settings.expectations is None or not exploration.findings:
        return {}
    engine = Engine(settings.adapter, timeout=settings.timeout)
    try:
        found: dict[int, str] = {}
        for result in exploration.results:
            if result.findings:
                deviations = known.deviations(settings.expectations, engine, states[result.state])
                found.update({id(f): scenario for f in result.findings
                              if (scenario := known.recognised(f, deviations, engine)) is not None})
        return found
    finally:
        engine.stop()


def _notice(settings: Settings) -> str | None:
    """What to say first if the adapter is the kit's reference engine's very build (its handshake says so)."""
    if settings.adapter == "reference":
        return None
    engine = Engine(settings.adapter, timeout=settings.timeout)
    try:
        return engine.session.notice
    finally:
        engine.stop()


def _explored(settings: Settings) -> Exploration:
    err = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
        tasks = {oracle: bar.add_task(oracle, total=settings.examples * len(settings.states))
                 for oracle in settings.oracles}
        return explore_on(settings, lambda oracle, state, count: bar.advance(tasks[oracle], count))


def _printed(finding: Finding, state: RulesState, settings: Settings) -> tuple[str | None, str | None]:
    """The finding's scenario once it is shown to reproduce (:func:`shinpan.explore.printing.checked`), or why not."""
    try:
        return printing.checked(finding, state, settings.adapter, settings.timeout), None
    except RenderError as error:  # a finding the printer cannot say is still reported, with why
        return None, str(error)


def _show(exploration: Exploration, printed: dict[int, tuple[str | None, str | None]], known: dict[int, str],
          console: Console) -> None:
    table = Table(title=printable(f"explore: {exploration.settings.adapter} ({exploration.engine}), seed "
                                  f"{exploration.settings.seed}", one_line=True), title_justify="left")
    for column in ("oracle", "rules", "verdict"):  # a narrow terminal or a pipe folds names, never cuts them
        table.add_column(column, overflow="fold")
    skips = any(r.skipped for r in exploration.results)  # a column of zeros says nothing: not shown
    shrinks = any(r.shrinks for r in exploration.results)
    for column in ("examples", *(["skipped"] if skips else []), "found", *(["shrinking"] if shrinks else [])):
        table.add_column(column, justify="right", no_wrap=True)  # found: counterexamples; shrinking: runs, apart
    for r in exploration.results:
        verdict = r.not_run.split(":")[0] if r.not_run else r.verdict
        skipped = [str(sum(r.skipped.values()))] if skips else []
        table.add_row(r.oracle, r.state, verdict, str(r.examples), *skipped, str(len(r.findings)),
                      *([str(r.shrinks)] if shrinks else []))
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
            console.print(printable(finding.message), markup=False, highlight=False)  # the adapter's words
            console.print(printable(scenario or f"(not printed: {error})"), markup=False, highlight=False)
    found = len(exploration.findings)
    stopped = " (interrupted: the rest was not explored)" if exploration.interrupted else ""
    shrunk = sum(r.shrinks for r in exploration.results)
    shrinking = f" ({shrunk} more runs shrank them)" if shrunk else ""
    console.print(f"\n{exploration.examples} examples; {found} counterexample{'s' if found != 1 else ''}{shrinking}"
                  f"{stopped}", markup=False, highlight=False)
    Console(stderr=True).print(f"explored in {exploration.seconds:.1f} s", markup=False, highlight=False)


def _save(out: Path, exploration: Exploration, printed: dict[int, tuple[str | None, str | None]]) -> None:
    """Write the printed scenarios as one feature file in ``out``."""
    scenarios: Sequence[str] = [text for f in exploration.findings if (text := printed[id(f)][0]) is not None]
    outputs.save(out, printing.feature(scenarios, exploration.engine) if scenarios else None)

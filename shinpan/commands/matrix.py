"""``shinpan matrix``: the suite just before and just after every change, and today, in one pytest session."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from shinpan.adapters import locations
from shinpan.adapters.errors import BAD_INPUT
from shinpan.commands.options import ADAPTER_HELP, ENGINE_OUTPUT, FORMAT, SUITE, plugin_options
from shinpan.commands.preflight import check_adapter, check_parallel, check_typos, lint_first
from shinpan.suite import rulesets


def _matrix_failed(rows: list[dict[str, Any]], code: int, warned: list[str]) -> list[str]:
    """What the matrix failed under: the states where a scenario failed; --min-coverage, when only it failed the
    session; else the session itself, when pytest did not end with 0 or 1."""
    failed = [row["ruleset"] for row in rows if row["exit_status"]]
    if code == 1 and not failed and any("--min-coverage" in warning for warning in warned):
        return ["--min-coverage (coverage below it)"]
    if code not in (0, 1) or (code == 1 and not failed):  # the session itself went wrong
        return failed or ["(the session: pytest exit status " + str(code) + ")"]
    return failed


class SessionEnd:
    """A plug-in of the matrix's pytest session that keeps what the command prints, from the run's own context
    when the session ends: what its report says (the states played and left out, each scenario's status under each
    state, the warnings), with no report file written and read back when none is asked for. Nothing is kept from
    a session that wrote no outputs (refused, nothing selected, interrupted before any scenario ran)."""

    def __init__(self) -> None:
        self.states: list[str] = []
        self.not_played: list[str] = []
        self.statuses: list[tuple[str, str]] = []
        """(state, status) of each scenario's result, as the report's scenario lines give them."""
        self.warnings: list[str] = []

    def pytest_sessionfinish(self, session: Any) -> None:
        """After the results' own (which writes the report): the run's outputs, if it wrote them."""
        from shinpan.running.plugin.run import RUN_KEY

        context = session.config.stash.get(RUN_KEY, None)
        if context is None or not context.kept:
            return
        self.states = [state.label for state in context.states]
        self.not_played = list(context.not_played)
        self.statuses = [(state, result.status.value) for _, state, result in context.sorted_results()]
        self.warnings = context.warnings()


@click.command(context_settings={"ignore_unknown_options": True})
@ENGINE_OUTPUT
@SUITE
@click.option("--adapter", help=ADAPTER_HELP)
@click.option("--validate", is_flag=True, help="Check every message both ways against the contract's schemas.")
@click.option("--expectations", type=click.Path(exists=True, dir_okay=False),
              help="The adapter's expectations file (TOML), applied in each state.")
@click.option("--tags", metavar="EXPR", help="Only scenarios matching a Cucumber tag expression.")
@click.option("--report", type=click.Path(dir_okay=False), help="Write the matrix's JSON Lines report to this file.")
@click.option("--min-coverage", type=click.FloatRange(0, 100), metavar="P",
              help="Exit 1 when coverage is below P percent (a warning, also in the report, says so either way).")
@FORMAT
@click.argument("pytest_args", nargs=-1, type=click.UNPROCESSED)
def matrix(adapter: str | None, validate: bool, expectations: str | None, tags: str | None, report: str | None,
           min_coverage: float | None, format_: str, pytest_args: tuple[str, ...]) -> None:
    """Run the suite just before and just after every change, and today, in one pytest session; print the statuses
    per state with the changes in doubt (exit 1 if a scenario fails under any).

    Each scenario is collected and compiled once, and its case is played once per state by the executor (one
    test per scenario, one result per state). Extra arguments go to pytest: `-n auto` spreads the session over the
    machine's cores (pytest-xdist); the counts and the report are the same either way; `--trace-dir DIR` keeps a
    transcript per scenario and state.

    Exit status: 0 the suite passed under every state, 1 it failed under some (or coverage < --min-coverage), 2
    interrupted (Ctrl-C, SIGTERM; the report still ends with its footer), 4 bad input (checked before anything
    runs).
    """
    import pytest

    from shinpan.reports import matrix as matrix_
    from shinpan.running import invocation

    check_parallel(pytest_args)
    check_typos(pytest_args)
    lint_first()
    from shinpan.reports import expectations as expectations_

    changes = rulesets.load()
    states = [state.label for state in matrix_.states(changes)]
    adapter = expectations_.adapter_for(adapter, expectations_.load(expectations) if expectations else None)
    check_adapter(adapter, make=True)  # the suite runs in another process: a failing factory is found here
    args = [*invocation.base_arguments(), f"--adapter={adapter}", "--matrix",
            *([f"--report={Path(report).resolve()}"] if report else []),
            "-p", "no:warnings", f"--default-target={locations.current().own}",
            *plugin_options({**click.get_current_context().params, "report": None})]
    if format_ == "json":  # stdout carries the JSON document alone
        args += ["-p", "no:terminal"]
    extra = invocation.in_order(pytest_args)
    if format_ == "pretty" and not any(a.startswith("-") for a in extra):
        args.append("-q")
    args += extra  # in the order given: an option's value stays after its option
    ended = SessionEnd()
    code = int(pytest.main(args, plugins=[ended]))
    if code in (BAD_INPUT, pytest.ExitCode.INTERRUPTED):  # said in one line; an interrupt is no state's failure
        sys.exit(code)
    warned = ended.warnings
    states = ended.states or states  # without those the adapter does not play
    not_played = ended.not_played
    rows = matrix_.annotate(matrix_.rows(states, ended.statuses), changes)
    failed = _matrix_failed(rows, code, warned)
    if format_ == "json":
        click.echo(json.dumps({"adapter": adapter, "expectations": expectations, "rulesets": rows,
                               "not_played": not_played, "failed": failed, "warnings": warned}, ensure_ascii=False))
        for warning in warned:  # the terminal's summary, which says them, is off: stderr does
            click.echo(f"WARNING: {warning}", err=True)
    if failed:
        raise click.ClickException(f"the suite failed under: {', '.join(failed)}")
    if format_ == "pretty" and not_played:
        click.echo(f"the suite passed in all {len(states)} distinct states the adapter plays ({len(not_played)} left "
                   "out: its capabilities.rules)")
    elif format_ == "pretty":
        click.echo(f"the suite passed in all {len(states)} distinct states (just before and just after every change, "
                   "and today)")

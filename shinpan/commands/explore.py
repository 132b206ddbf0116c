"""``shinpan explore``: generated boards and moves judged against the reference engine and the rule properties
(the exploration itself: :mod:`shinpan.explore`)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from shinpan.commands.options import ENGINE_OUTPUT, POSITIVE, BadUsage, ruleset_options
from shinpan.commands.preflight import check_adapter, states_played

ORACLES = ("differential", "one-place", "new-object", "enter-triggers", "look-back", "replacement", "carry-over-pump",
           "carry-over-tap", "carry-over-attack", "carry-over-equipment", "carry-over-sickness", "reconstruction",
           "reconstruction-old",
           "links", "swaps", "seals", "turns", "ignored-keywords")


"""The oracles ``shinpan explore --property`` may name (tests/test_explore.py keeps them those of the kit)."""


MAX_WORKERS = max(4, os.cpu_count() or 1)


"""The most worker processes ``shinpan explore -n`` starts: more is refused in one line, before any is started."""


@click.command()
@ENGINE_OUTPUT
@click.option("--adapter", help="The simulator adapter to explore. Default: the one the --expectations file names, "
              "else reference.")
@ruleset_options
@click.option("--all-states", is_flag=True, help="Explore under every state of the matrix (just before and after "
              "every change, and today).")
@click.option("--seed", type=int, default=0, show_default=True, help="The seed: the same seed, the same findings.")
@click.option("--examples", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Examples per oracle and rules state.")
@click.option("--time-budget", type=POSITIVE, metavar="SECONDS", help="Stop after this long (shared by the oracles).")
@click.option("--database", type=click.Path(file_okay=False), metavar="DIR",
              help="Hypothesis's example database, a plain folder: a rerun replays what failed before first.")
@click.option("--report", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write the report (JSON Lines) to this file (-: to stdout, at the end; the rest to stderr).")
@click.option("--out", type=click.Path(file_okay=False), metavar="DIR",
              help="Write the counterexamples as a feature file (DIR/explore.feature).")
@click.option("-n", "--workers", type=click.IntRange(min=1, max=MAX_WORKERS), default=1, show_default=True,
              help=f"Worker processes (this one and N-1 beside it), at most {MAX_WORKERS} (this machine's CPUs, "
              "at least 4).")
@click.option("--property", "only", multiple=True, type=click.Choice(ORACLES),
              help="Explore only this oracle (repeatable): differential, or a property's id.")
@click.option("--timeout", type=POSITIVE, default=5.0, show_default=True,
              help="Seconds the adapter may take to answer one request.")
@click.option("--expectations", type=click.Path(dir_okay=False, exists=True),
              help="The adapter's expectations file: a counterexample one of its entries shows is known.")
@click.option("--min-coverage", type=click.FloatRange(0, 100), metavar="P",
              help="Exit 1 when fewer than P percent of the examples were judged (not skipped); a warning says so.")
def explore(adapter: str | None, ruleset: str | None, rules_as_of: str | None, all_states: bool, seed: int,
            examples: int, time_budget: float | None, database: str | None, report: str | None, out: str | None,
            workers: int, only: tuple[str, ...], timeout: float, expectations: str | None,
            min_coverage: float | None) -> None:
    """Generate boards and moves, and judge the adapter's answers against the reference engine (differential) and
    against the rule properties; print each counterexample, shrunk, as a scenario of the suite.

    Exit status: 0 nothing found (or only known deviations of --expectations), 1 counterexamples (or fewer examples
    judged than --min-coverage), 2 interrupted
    (Ctrl-C, SIGTERM: what was reached is shown and written), 4 bad input (nothing explored).
    """
    import contextlib

    from rich.console import Console

    from shinpan.explore import Settings
    from shinpan.explore import outputs as explore_outputs
    from shinpan.explore.command import run as run_explore
    from shinpan.explore.command import states
    from shinpan.outputs import pipes, widths
    from shinpan.reports import expectations as expectations_

    if (ruleset or rules_as_of) and all_states:
        raise BadUsage("give --all-states or a rules state (--ruleset, --rules-as-of), not both")
    # as run does: a file for another adapter is bad input, and every output is checked before the first example
    adapter = expectations_.adapter_for(adapter, expectations_.load(expectations) if expectations else None)
    explore_outputs.check(report, out, database, expectations)
    check_adapter(adapter)
    explore_outputs.check_adapter(adapter, timeout)
    settings = Settings(adapter, states_played(adapter, states(ruleset, rules_as_of, all_states),
                                                named=bool(ruleset or rules_as_of or all_states)),
                        seed=seed, examples=examples,
                        time_budget=time_budget, database=Path(database) if database else None, only=only,
                        workers=workers, timeout=timeout,
                        expectations=Path(expectations) if expectations else None)
    with contextlib.ExitStack() as stack:
        if report == "-":  # the report on stdout, whole, at the end; the table and scenarios go to stderr
            report = stack.enter_context(pipes.stdout_as_file("explore.jsonl"))
        sys.exit(run_explore(settings, Path(report) if report else None, Path(out) if out else None,
                             Console(soft_wrap=True, width=widths.console_width(sys.stdout)),
                             said=_drawn_nothing(adapter), min_coverage=min_coverage))


def _drawn_nothing(adapter: str) -> list[str]:
    """A warning when the mechanics ``adapter`` declares let the differential draw none of the ordinary moves."""
    from shinpan.explore.moves import DRAWERS, playable
    from shinpan.running.states_played import declared

    capabilities = declared(adapter)
    if capabilities is None:
        return []
    drawable = {kind for kind, drawer in DRAWERS.items() if drawer in playable(capabilities.get("mechanics", []))}
    ordinary = ("summon", "end_turn", "move", "destroy", "draw")
    if drawable & set(ordinary):
        return []
    return [f"the declared mechanics ({', '.join(capabilities.get('mechanics', [])) or 'none'}) let the differential "
            f"draw none of the ordinary moves ({', '.join(ordinary)}): declare the mechanics of the moves the engine "
            "plays (shinpan vocabulary; contract rule C-1.6)"]

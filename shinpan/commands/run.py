"""``shinpan run``: the conformance suite run on an adapter through pytest, with a summary per topic and status."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from shinpan.adapters import locations
from shinpan.adapters.errors import ShinpanError
from shinpan.commands.options import (
    ADAPTER_HELP,
    ENGINE_OUTPUT,
    POSITIVE,
    SUITE,
    BadUsage,
    plugin_options,
    ruleset_options,
)
from shinpan.commands.preflight import check_parallel, check_typos, lint_first, states_played
from shinpan.suite import rulesets


@click.command(context_settings={"ignore_unknown_options": True})
@ENGINE_OUTPUT
@SUITE
@click.option("--adapter", help=ADAPTER_HELP)
@ruleset_options
@click.option("--report", type=click.Path(dir_okay=False),
              help="Write one JSON line per scenario to this file (-: to stdout, at the end; the rest to stderr).")
@click.option("--tags", metavar="EXPR", help="Only scenarios matching a Cucumber tag expression, e.g. '@topic:basics'.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for the adapter's games.")
@click.option("--validate", is_flag=True, help="Check every message both ways against the contract's schemas.")
@click.option("--expectations", type=click.Path(dir_okay=False), help="The adapter's expectations file (TOML).")
@click.option("--allow-xpass", is_flag=True, help="An unexpected pass does not fail the run.")
@click.option("--scenario-timeout", type=POSITIVE, default=5.0, show_default=True,
              help="Seconds an adapter may take per scenario.")
@click.option("--timeout-multiplier", type=POSITIVE, default=1.0, show_default=True, help="Multiply every time limit.")
@click.option("--junitxml", type=click.Path(dir_okay=False), help="Also write JUnit XML (pytest's) to this file.")
@click.option("--trace", type=click.Path(file_okay=False), help="Write each scenario's messages to DIR/<id>.jsonl.")
@click.option("--messages", type=click.Path(dir_okay=False), help="Write Cucumber Messages (NDJSON) to this file.")
@click.option("--min-coverage", type=click.FloatRange(0, 100), metavar="P",
              help="Exit 1 when coverage is below P percent (a warning, also in the report, says so either way).")
@click.argument("pytest_args", nargs=-1, type=click.UNPROCESSED)
def run(adapter: str | None, ruleset: str | None, rules_as_of: str | None, report: str | None, tags: str | None,
        seed: int, validate: bool, expectations: str | None, allow_xpass: bool, scenario_timeout: float,
        timeout_multiplier: float, junitxml: str | None, trace: str | None, messages: str | None,
        min_coverage: float | None,
        pytest_args: tuple[str, ...]) -> None:
    """Run the conformance suite and print a summary per topic and status.

    Extra arguments go to pytest as given (e.g. a feature path, -k, -x, -v, -n 2, --basetemp DIR); with no
    path among them the whole suite runs.

    Exit status: 0 every scenario passed (or was expected), 1 some did not (or coverage < --min-coverage), 2
    interrupted (Ctrl-C, SIGTERM; the report still ends with its footer), 3 a bug in the kit, 4 bad input, 5 no
    scenario selected (nothing is written: a previous report stays as it was).
    """
    import contextlib

    import pytest

    from shinpan.outputs import pipes
    from shinpan.running import invocation

    check_parallel(pytest_args)
    check_typos(pytest_args)
    pytest_args = _suite_folder_as_suite(pytest_args)
    lint_first()
    params = dict(click.get_current_context().params)
    if adapter and not (ruleset or rules_as_of):  # an engine that does not play today's rules: its latest, said
        from shinpan.running.states_played import declared_rules, default_state

        state, note = default_state(rulesets.load(), declared_rules(adapter))
        if note:
            click.echo(f"note: {note}", err=True)
            params["ruleset"] = state.label
    elif adapter:  # a named state the engine declares it does not play: refused in one line, nothing run
        _refuse_unplayed(adapter, ruleset, rules_as_of)
    with contextlib.ExitStack() as stack:
        if report == "-":  # the report on stdout, whole, at the end; what the run prints goes to stderr
            params["report"] = stack.enter_context(pipes.stdout_as_file("report.jsonl"))
        args = [*invocation.base_arguments(), *([f"--adapter={adapter}"] if adapter else []), f"--seed={seed}",
                f"--default-target={locations.current().own}", *plugin_options(params),
                f"--scenario-timeout={scenario_timeout}", f"--timeout-multiplier={timeout_multiplier}"]
        extra = invocation.in_order(pytest_args)
        if not any(a.startswith("-") for a in extra):
            args.append("-q")
        args += extra  # in the order given: an option's value stays after its option
        status = int(pytest.main(args))
    sys.exit(status)


def _refuse_unplayed(adapter: str, ruleset: str | None, rules_as_of: str | None) -> None:
    """Bad input (:class:`~shinpan.errors.RulesetError`) when the engine declares it does not play the named state; a
    state the kit cannot name is left for the run to report, as it always has."""
    try:
        state = rulesets.load().select(ruleset, rules_as_of)
    except ShinpanError:
        return
    states_played(adapter, (state,), named=True)


def _suite_folder_as_suite(pytest_args: tuple[str, ...]) -> tuple[str, ...]:
    """A folder of feature files outside the suite being run, given as a path (``shinpan run my-suite``), is taken
    as the user suite (as ``--suite my-suite``); a file outside it is bad input that says to give its folder with
    ``--suite`` (its cards, sources and rules would not be read)."""
    folders = locations.current()
    inside = [folders.kit, *([folders.user] if folders.user else [])]
    kept = []
    for arg in pytest_args:
        path = Path(arg.split("::", 1)[0])
        if arg.startswith("-") or not path.exists() or any(p == path.resolve() or p in path.resolve().parents
                                                            for p in inside):
            kept.append(arg)
            continue
        features = path.is_dir() and any(path.rglob("*.feature"))
        if not features and path.suffix != ".feature":  # an option's value (--basetemp DIR), or pytest's to judge
            kept.append(arg)
            continue
        if features and folders.user is None:
            locations.use_user_suite(path)
            click.echo(f"{arg}: a folder of feature files outside the kit's suite: run as the user suite "
                       f"(--suite {arg})", err=True)
            folders = locations.current()
            inside.append(path.resolve())
            continue
        raise BadUsage(f"{arg}: not in the suite being run ({folders.own}); run a folder of your own feature files "
                       f"with --suite DIR (its cards.yaml, sources.yaml and rules.yaml are read too)")
    return tuple(kept)

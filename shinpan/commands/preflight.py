"""What a command checks before it runs anything, each bad input said in one line (exit status 4) before any
engine is judged: options pytest would not know, ``-n`` without pytest-xdist, the suite's lint, the adapter spec,
and the states of the rules the engine plays."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from shinpan.adapters.errors import BAD_INPUT, ShinpanError
from shinpan.commands.options import BadUsage
from shinpan.suite import rulesets


def states_played(adapter: str, chosen: tuple[rulesets.RulesState, ...], *, named: bool) -> tuple[
        rulesets.RulesState, ...]:
    """The states a command scores ``adapter`` under: with none named, the latest it declares (said on stderr); the
    named ones it plays, a state it does not play refused in one line (bad input) — each left out of
    ``--all-states``, said, unless it plays none."""
    from shinpan.errors import RulesetError
    from shinpan.running.states_played import declared_rules, default_state, refusal

    played = declared_rules(adapter)
    changes = rulesets.load()
    if not named:
        state, note = default_state(changes, played)
        if note:
            click.echo(f"note: {note}", err=True)
        return (state,)
    kept = tuple(state for state in chosen if changes.plays(played, state))
    if not kept:
        raise RulesetError(refusal(changes, played, chosen[0]) or "the engine plays none of these states")
    if len(kept) < len(chosen):
        click.echo(f"note: {len(chosen) - len(kept)} state(s) left out: the engine declares it does not play them",
                   err=True)
    return kept


def check_typos(pytest_args: tuple[str, ...]) -> None:
    """A ``--name`` that is neither this command's option nor pytest's is bad input, with the closest option of
    either (a misspelt ``--adpter`` otherwise reaches pytest, whose usage error names no shinpan option)."""
    import difflib

    given = [arg.split("=", 1)[0] for arg in pytest_args if arg.startswith("--") and arg != "--"]
    if not given:
        return
    ctx = click.get_current_context()
    ours = {name for param in ctx.command.params for name in param.opts if name.startswith("--")}
    unknown = [name for name in given if name not in ours]
    theirs = pytest_options() if unknown else set()
    if any(name not in theirs for name in unknown):
        theirs |= pytest_options(plugins=True)
    for name in unknown:
        if name in theirs:
            continue
        close = difflib.get_close_matches(name, sorted(ours) + sorted(theirs), n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise BadUsage(f"no such option: {name}{hint}; `shinpan {ctx.info_name} --help` lists this command's options, "
                       "and any pytest option is passed on")


def pytest_options(plugins: bool = False) -> set[str]:
    """The long options pytest takes: its own (read in this process: nothing is imported that pytest would want to
    rewrite), or with ``plugins`` also its installed plug-ins' and the kit's plugin's (read in a child process)."""
    import subprocess

    from _pytest.config import get_config

    if not plugins:
        return long_options(get_config())
    code = "import shinpan.commands.preflight as c; c.print_plugin_options()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    try:
        return {str(name) for name in json.loads(done.stdout)}
    except ValueError:  # the plug-ins could not be read: pytest itself says so in the run
        return set()


def long_options(config: Any) -> set[str]:
    parser = config._parser
    return {name for group in [*parser._groups, parser._anonymous] for option in group.options
            for name in option.names() if name.startswith("--")}


def print_plugin_options() -> None:
    """Print, as JSON, the long options of pytest with its installed plug-ins and the kit's (in a child process)."""
    from _pytest.config import get_config

    config = get_config()
    config.pluginmanager.load_setuptools_entrypoints("pytest11")
    config.pluginmanager.import_plugin("shinpan.pytest_plugin")
    print(json.dumps(sorted(long_options(config))))


def lint_first() -> None:
    """The suite a run plays is linted first: a judge's mistake (a misspelt card or phrase, an unknown source) is one
    line each, ``ERROR: file:line: what`` as the run's own checks say it, and bad input (exit status 4) before any
    engine is judged. A registry that cannot be read is left to the run's own check (its one line)."""
    import subprocess

    from shinpan.adapters import cards

    try:
        rulesets.load()
        cards.load()
    except ShinpanError:
        return
    # in a child process: the step library it matches steps against is then imported by pytest alone (which
    # rewrites its asserts), not before the run; the suite alone, as `shinpan lint` reads it (what explore's
    # properties cite is no part of a run, and reading it would import the explorer: a third of a second)
    code = "import shinpan.commands.preflight as c; c.print_suite_problems()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    try:
        problems = json.loads(done.stdout)["problems"]
    except (ValueError, KeyError, TypeError):
        return  # lint itself could not say: the run's own checks will
    for problem in problems:
        click.echo(f"ERROR: {Path(problem['path']).resolve()}:{problem['line']}: {problem['message']}", err=True)
    if problems:
        click.get_current_context().exit(BAD_INPUT)


def print_suite_problems() -> None:
    """Print, as JSON (``shinpan lint --format=json``'s ``problems``), the problems of the suite a run plays (in a
    child process)."""
    from shinpan.suite.lint import lint

    print(json.dumps({"problems": [problem.as_json() for problem in lint()]}, ensure_ascii=False))


def check_parallel(pytest_args: tuple[str, ...]) -> None:
    """``-n`` without pytest-xdist is a bad option that says how to get it."""
    from shinpan.running import invocation

    option = invocation.lacks_xdist(pytest_args)
    if option is not None:
        raise BadUsage(f"{option}: spreading the run over processes needs pytest-xdist, which is not installed: "
                       "pip install 'shinpan[parallel]' (or pip install pytest-xdist)")


def check_adapter(spec: str, *, make: bool = False) -> None:
    """A spec that names no adapter is bad input (an :class:`AdapterSpecError`), found once, before any run,
    without starting the engine (``make``: an in-process adapter is made once, so that a factory that fails is
    bad input too — for a command whose runs are separate processes)."""
    from shinpan.adapters.registry import AdapterSpec

    AdapterSpec.parse(spec).check(make=make)

"""The ``shinpan`` command: run the suite, list its scenarios, lint it, show the rulesets."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from shinpan import __version__, paths, rulesets, suite
from shinpan.adapters import locations
from shinpan.adapters.errors import BAD_INPUT, INTERRUPTED, ShinpanError, SuiteError

if TYPE_CHECKING:
    _NumberType = click.ParamType[float]
else:  # click < 8.2 has no type parameter
    _NumberType = click.ParamType


class PositiveNumber(_NumberType):
    """A time limit or a multiplier: a finite number greater than 0."""

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number", param, ctx)
        if not (number > 0 and math.isfinite(number)):
            self.fail(f"{value!r} must be a number greater than 0", param, ctx)
        return number


POSITIVE = PositiveNumber()


class BadUsage(click.UsageError):
    """A bad command line (unknown option, bad option value), shown with the usage; exit status 4."""

    exit_code = BAD_INPUT


class Shinpan(click.Group):
    """The command group, with the one place where an error becomes a message and an exit status: every
    :class:`ShinpanError` (the family of :mod:`shinpan.adapters.errors` and :mod:`shinpan.errors`) is its
    one line and its ``exit_code``; a bad command line, and a file that cannot be read or written, are bad
    input (exit status 4); an interrupt outside a run's session is exit status 130. Never a traceback."""

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as error:
            raise BadUsage(error.format_message(), error.ctx) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as error:
            raise BadUsage(error.format_message(), error.ctx) from None
        except ShinpanError as error:
            _fail(ctx, error.one_line(), error.exit_code)
        except KeyboardInterrupt:  # Ctrl-C or SIGTERM outside a run's session (a run ends with its own status)
            _fail(ctx, "interrupted", INTERRUPTED)
        except OSError as error:
            where = f"{error.filename}: " if error.filename else ""
            _fail(ctx, f"{where}{error.strerror or error}", BAD_INPUT)


def _fail(ctx: click.Context, line: str, exit_code: int) -> NoReturn:
    """End the command with ``Error: <line>`` on stderr and ``exit_code`` (what the line quotes of a file or an
    adapter shown with its control characters escaped)."""
    from shinpan.outputs import printable

    click.echo(f"Error: {printable(line, one_line=True)}", err=True)
    ctx.exit(exit_code)


RULESET_HELP = ("The rules just after change ID (see `shinpan rulesets`); also before:ID, after:ID or a day. "
                "Default: the rules of today.")


def _ruleset_options(func: click.decorators.FC) -> click.decorators.FC:
    func = click.option("--rules-as-of", metavar="DATE", help="The rules in force on DATE (YYYY-MM-DD).")(func)
    func = click.option("--ruleset", metavar="ID", help=RULESET_HELP)(func)
    return func


def _use_suite(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--suite DIR``: make DIR the user suite of this command and of every process it starts."""
    if value:
        try:
            locations.use_user_suite(value)
        except SuiteError as error:
            raise click.BadParameter(f"{value}: {error.message}", ctx, param) from None


SUITE = click.option("--suite", metavar="DIR", envvar=locations.USER_VARIABLE, expose_value=False, is_eager=True,
                     callback=_use_suite, help="A user suite: a folder of feature files, with its own cards.yaml, "
                     "sources.yaml and rules.yaml if it needs them, laid over the kit's (also SHINPAN_SUITE).")
"""The user suite a command reads, runs or lists instead of the kit's own scenarios (README, "Your own suite")."""

def _engine_output(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--engine-output FILE``: an in-process engine's output goes to FILE (emptied first), in this command and in
    every process it starts."""
    if value:
        from shinpan.adapters.registry import ENGINE_OUTPUT

        path = Path(value).resolve()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("", encoding="utf-8")
        except OSError as error:
            raise click.BadParameter(f"{value}: cannot be written ({error.strerror or error})", ctx, param) from None
        os.environ[ENGINE_OUTPUT] = str(path)


ENGINE_OUTPUT = click.option("--engine-output", metavar="FILE", expose_value=False, callback=_engine_output,
                             help="Send what an in-process (py: or plug-in) engine prints, on stdout and stderr, to "
                                  "FILE instead of the terminal.")
"""What an in-process engine prints, sent to a file (a noisy engine would otherwise flood the output)."""

ADAPTER_KINDS = ("reference (the kit's engine); cmd:<command line> (any program speaking the contract as JSON "
                 "lines on stdin/stdout, in any language); py:<module>:<factory> (a Python adapter in this process, "
                 "factory() returning it); or NAME, an adapter plug-in an installed package declares (entry-point "
                 "group shinpan.adapters; --adapter nope lists those installed). Start one with shinpan new-adapter; "
                 "the guide: shinpan docs.")
"""The kinds of adapter an --adapter value names, for the help of every command that takes one."""

ADAPTER_HELP = ("The simulator adapter to run against. Default: the one the --expectations file names, else "
                "reference; an --expectations file written for another adapter is bad input. It is " + ADAPTER_KINDS)

FORMAT = click.option("--format", "format_", type=click.Choice(["pretty", "json"]), default="pretty",
                      show_default=True, help="pretty: a table for people; json: one JSON document.")


def _version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """``--version``: the kit's version, the protocol it speaks and the hash of the suite it carries."""
    if not value or ctx.resilient_parsing:
        return
    from shinpan.adapters.contract import PROTOCOL_VERSION
    from shinpan.report import suite_hash

    click.echo(f"shinpan, version {__version__}\nprotocol {PROTOCOL_VERSION}\nsuite {suite_hash()}")
    ctx.exit()



@click.group(cls=Shinpan, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help="Show the version, the protocol version and the suite's hash (as reports name them), and exit.")
def main() -> None:
    """shinpan (審判): Duel Masters rulings as executable scenarios, run against any simulator.

    Exit status 4 means bad input (an option, a suite file, a report, an adapter spec): nothing was run.
    """


@main.command(context_settings={"ignore_unknown_options": True})
@ENGINE_OUTPUT
@SUITE
@click.option("--adapter", help=ADAPTER_HELP)
@_ruleset_options
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

    from shinpan import invocation
    from shinpan.outputs import pipes

    _check_parallel(pytest_args)
    _check_typos(pytest_args)
    pytest_args = _suite_folder_as_suite(pytest_args)
    _lint_first()
    params = dict(click.get_current_context().params)
    if adapter and not (ruleset or rules_as_of):  # an engine that does not play today's rules: its latest, said
        from shinpan.states_played import declared_rules, default_state

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
                f"--default-target={locations.current().own}", *_plugin_options(params),
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
    _states_played(adapter, (state,), named=True)


RUN_OPTIONS = (("ruleset", "--ruleset", "value"), ("rules_as_of", "--rules-as-of", "value"),
               ("report", "--report", "path"), ("tags", "--tags", "value"), ("validate", "--validate", "flag"),
               ("expectations", "--expectations", "path"), ("allow_xpass", "--allow-xpass", "flag"),
               ("junitxml", "--junitxml", "path"), ("trace", "--trace-dir", "path"),  # pytest's --trace is pdb
               ("messages", "--messages", "path"), ("min_coverage", "--min-coverage", "value"))
"""The options of ``shinpan run`` (and those of them ``shinpan matrix`` has) passed on to the plugin when given:
(parameter, pytest option, kind); a path is made absolute, a flag has no value."""


def _plugin_options(params: dict[str, Any]) -> list[str]:
    """The plugin's options for the ``shinpan run`` options given (a command without one of them: not given), in
    the order of :data:`RUN_OPTIONS`."""
    args = []
    for name, option, kind in RUN_OPTIONS:
        value = params.get(name)
        if not value:
            continue
        if kind == "flag":
            args.append(option)
        else:
            args.append(f"{option}={Path(value).resolve() if kind == 'path' else value}")
    return args


def _cases(ruleset: str | None, rules_as_of: str | None) -> list[dict[str, Any]]:
    """Every case of the suite as a record: id, place, name, tags by kind, and whether it applies."""
    from shinpan import sources as sources_
    from shinpan.lint import check_registries

    check_registries()  # a broken registry is bad input here too, as in run and lint
    changes = rulesets.load()
    selected = changes.select(ruleset, rules_as_of)
    known = sources_.load()
    records = []
    for case in suite.cases():
        values = case.values
        try:
            verdict = selected.verdict(values.since, values.until, changes)
        except ShinpanError as error:  # named with the scenario that holds the bad tag
            raise SuiteError(paths.relative(case.path), case.line, str(error)) from None
        records.append({
            "id": case.id, "feature": paths.relative(case.path), "line": case.line, "name": case.name,
            "topic": case.topic, "outline_row": case.row, "tags": list(case.tags), "rules": list(values.rule),
            "sources": list(values.source), "source_titles": [known.title(s) for s in values.source],
            "since": list(values.since), "until": list(values.until),
            "status": values.status[0] if values.status else None, "requires": list(values.requires),
            "unresolved": values.unresolved, "ruleset": selected.label, "applies": verdict.status is None,
            "not_applicable_because": verdict.reason if verdict.status == "NOT_APPLICABLE" else None,
            "in_doubt": list(verdict.doubts),
            "unresolved_because": verdict.reason if verdict.status == "UNRESOLVED" else None,
            "on_a_calendar_day": changes.on_some_day(values.since, values.until),
            "steps": [{"keyword": s.keyword.strip(), "kind": s.kind, "text": s.text, "line": s.line}
                      for s in case.steps],
        })
    return records


@main.command("list")
@SUITE
@click.option("--format", "format_", type=click.Choice(["pretty", "json"]), default="pretty", show_default=True,
              help="pretty: a line per scenario; json: one JSON object per scenario (JSON Lines).")
@click.option("--json", "as_json", is_flag=True, help="The same as --format json.")
@_ruleset_options
def list_(format_: str, as_json: bool, ruleset: str | None, rules_as_of: str | None) -> None:
    """List every scenario with its tags, and whether it applies under the selected rules ('-': not applicable,
    '?': it depends on a change in doubt). A scenario that holds on no calendar day (only in the matrix's states
    just before or after a change) says so."""
    for record in _cases(ruleset, rules_as_of):
        if as_json or format_ == "json":
            click.echo(json.dumps({k: v for k, v in record.items() if k != "steps"}, ensure_ascii=False))
        else:
            mark = " " if record["applies"] else ("?" if record["in_doubt"] else "-")
            never = "" if record["on_a_calendar_day"] else f"  [{NO_CALENDAR_DAY}]"
            click.echo(f"{mark} {record['id']:<28} {record['feature']}:{record['line']}  {record['name']}{never}")


NO_CALENDAR_DAY = "applies on no calendar day: it runs only just before or after a change, in shinpan matrix"


ORACLES = ("differential", "one-place", "new-object", "enter-triggers", "look-back", "replacement", "carry-over-pump",
           "carry-over-tap", "carry-over-attack", "reconstruction", "reconstruction-old", "links", "swaps", "seals")
"""The oracles ``shinpan explore --property`` may name (tests/test_explore.py keeps them those of the kit)."""
MAX_WORKERS = max(4, os.cpu_count() or 1)
"""The most worker processes ``shinpan explore -n`` starts: more is refused in one line, before any is started."""


@main.command()
@ENGINE_OUTPUT
@click.option("--adapter", help="The simulator adapter to explore. Default: the one the --expectations file names, "
              "else reference.")
@_ruleset_options
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
              help=f"Worker processes (each with a seed of its own), at most {MAX_WORKERS} (this machine's CPUs, "
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

    from shinpan import expectations as expectations_
    from shinpan.explore import Settings
    from shinpan.explore import outputs as explore_outputs
    from shinpan.explore.command import run as run_explore
    from shinpan.explore.command import states
    from shinpan.outputs import pipes, widths

    if (ruleset or rules_as_of) and all_states:
        raise BadUsage("give --all-states or a rules state (--ruleset, --rules-as-of), not both")
    # as run does: a file for another adapter is bad input, and every output is checked before the first example
    adapter = expectations_.adapter_for(adapter, expectations_.load(expectations) if expectations else None)
    explore_outputs.check(report, out, database, expectations)
    _check_adapter(adapter)
    explore_outputs.check_adapter(adapter, timeout)
    settings = Settings(adapter, _states_played(adapter, states(ruleset, rules_as_of, all_states),
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


@main.command()
@ENGINE_OUTPUT
@SUITE
@click.option("--adapter", required=True, help="The simulator adapter to certify: " + ADAPTER_KINDS)
@click.option("--expectations", type=click.Path(dir_okay=False, exists=True),
              help="The adapter's expectations file: what it lists (failing scenarios, known counterexamples) does "
                   "not fail the certificate.")
@click.option("--out", default="shinpan-certificate", show_default=True, type=click.Path(file_okay=False),
              metavar="DIR", help="Where the certificate (certificate.json, certificate.txt), each step's report and "
                                  "log, and the counterexamples as scenarios (explore.feature) are written.")
@click.option("--tags", metavar="EXPR", help="Only the suite's scenarios matching a Cucumber tag expression.")
@click.option("--seed", type=int, default=0, show_default=True, help="The exploration's seed.")
@click.option("--examples", type=click.IntRange(min=1), default=1000, show_default=True,
              help="The exploration's examples per oracle.")
@click.option("--time-budget", type=POSITIVE, metavar="SECONDS", help="Stop the exploration after this long.")
@FORMAT
def certify(adapter: str, expectations: str | None, out: str, tags: str | None, seed: int, examples: int,
            time_budget: float | None, format_: str) -> None:
    """Certify an adapter: the suite in every state of the rules the engine plays (shinpan matrix), the default
    exploration (shinpan explore) and the adapter's contract self-test (shinpan contract-test); print one certificate
    of what each covers and found.

    Exit status: 0 certified, 1 a scenario failed, a counterexample not in --expectations was found, or a step could
    not run, 2 interrupted, 4 bad input (nothing was run).
    """
    from shinpan import certify as certification
    from shinpan import outputs
    from shinpan.outputs import printable

    _check_adapter(adapter)
    work = Path(out)
    outputs.writable("--out", out, folder=True)
    options = certification.Options(adapter, work.resolve(), Path(expectations).resolve() if expectations else None,
                                    tags, seed, examples, time_budget)
    certificate = certification.certify(options, lambda line: click.echo(line, err=True))
    document = certification.as_json(certificate)
    lines = [printable(line) for line in certification.text(certificate)]
    work.mkdir(parents=True, exist_ok=True)
    outputs.write_text(work / "certificate.json", json.dumps(document, ensure_ascii=False, indent=1) + "\n")  # whole
    outputs.write_text(work / "certificate.txt", "\n".join(lines) + "\n")
    if format_ == "json":
        click.echo(json.dumps(document, ensure_ascii=False))
    else:
        click.echo("\n".join(lines))
    sys.exit(certificate.exit_status)


def _drawn_nothing(adapter: str) -> list[str]:
    """A warning when the mechanics ``adapter`` declares let the differential draw none of the ordinary moves."""
    from shinpan.explore.moves import DRAWERS, playable
    from shinpan.states_played import declared

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


def _states_played(adapter: str, chosen: tuple[rulesets.RulesState, ...], *, named: bool) -> tuple[
        rulesets.RulesState, ...]:
    """The states a command scores ``adapter`` under: with none named, the latest it declares (said on stderr); the
    named ones it plays, a state it does not play refused in one line (bad input) — each left out of
    ``--all-states``, said, unless it plays none."""
    from shinpan.errors import RulesetError
    from shinpan.states_played import declared_rules, default_state, refusal

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


def _matrix_failed(rows: list[dict[str, Any]], code: int, warned: list[str]) -> list[str]:
    """What the matrix failed under: the states where a scenario failed; --min-coverage, when only it failed the
    session; else the session itself, when pytest did not end with 0 or 1."""
    failed = [row["ruleset"] for row in rows if row["exit_status"]]
    if code == 1 and not failed and any("--min-coverage" in warning for warning in warned):
        return ["--min-coverage (coverage below it)"]
    if code not in (0, 1) or (code == 1 and not failed):  # the session itself went wrong
        return failed or ["(the session: pytest exit status " + str(code) + ")"]
    return failed



@main.command()
@SUITE
@FORMAT
def lint(format_: str) -> None:
    """Check every feature file; print problems as path:line: message.

    Exit status: 0 no problem, 1 problems (each on its own line: file, line, what was expected).
    """
    from shinpan.lint import lint as run_lint

    problems = run_lint()
    files = suite.feature_paths()
    if format_ == "json":
        click.echo(json.dumps({"files": len(files), "problems": [
            {"path": str(p.path), "line": p.line, "message": p.message} for p in problems]}, ensure_ascii=False))
        sys.exit(1 if problems else 0)
    for problem in problems:
        click.echo(str(problem))
    if problems:
        click.echo(f"{len(problems)} problem(s) in {len(files)} feature file(s)", err=True)
        sys.exit(1)
    click.echo(f"{len(files)} feature file(s): no problems")


@main.command(context_settings={"ignore_unknown_options": True})
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
    import tempfile

    import pytest

    from shinpan import invocation
    from shinpan import matrix as matrix_
    from shinpan.report import cases, read

    _check_parallel(pytest_args)
    _check_typos(pytest_args)
    _lint_first()
    from shinpan import expectations as expectations_

    changes = rulesets.load()
    states = [state.label for state in matrix_.states(changes)]
    adapter = expectations_.adapter_for(adapter, expectations_.load(expectations) if expectations else None)
    _check_adapter(adapter)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(report).resolve() if report else Path(tmp) / "matrix.jsonl"
        args = [*invocation.base_arguments(), f"--adapter={adapter}", "--matrix", f"--report={path}",
                "-p", "no:warnings", f"--default-target={locations.current().own}",
                *_plugin_options({**click.get_current_context().params, "report": None})]
        if format_ == "json":  # stdout carries the JSON document alone
            args += ["-p", "no:terminal"]
        extra = invocation.in_order(pytest_args)
        if format_ == "pretty" and not any(a.startswith("-") for a in extra):
            args.append("-q")
        args += extra  # in the order given: an option's value stays after its option
        code = int(pytest.main(args))
        if code in (BAD_INPUT, pytest.ExitCode.INTERRUPTED):  # said in one line; an interrupt is no state's failure
            sys.exit(code)
        read_lines = read(path) if path.exists() else []
        lines = cases(read_lines)
    header = next((line for line in read_lines if line.get("type") == "header"), {})
    warned = [str(w) for line in read_lines if line.get("type") == "footer" for w in line.get("warnings", [])]
    states = [str(label) for label in header.get("states", states)]  # without those the adapter does not play
    not_played = [str(label) for label in header.get("not_played", [])]
    rows = matrix_.annotate(matrix_.rows(states, [(str(line["ruleset"]), str(line["status"])) for line in lines]),
                            changes)
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


@main.command()
@click.argument("reports", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--format", "format_", type=click.Choice(["pretty", "json", "markdown"]), default="pretty",
              show_default=True, help="pretty: tables for a terminal; json: one document; markdown: a CI summary.")
@click.option("--only-differences", is_flag=True, help="Only the scenarios whose runs differ.")
@click.option("--only-played", is_flag=True,
              help="Only the scenarios every run played (none UNSUPPORTED, UNOBSERVABLE, not run or missing): the "
                   "differences left are disagreements on rulings, not coverage.")
def compare(reports: tuple[str, ...], format_: str, only_differences: bool, only_played: bool) -> None:
    """Compare runs (reports of `shinpan run --report`; - reads one from stdin): scenario x engine, totals per topic.

    Exit status: 0 (whether or not the runs differ), 4 if a report cannot be read (bad input).
    """
    from shinpan.compare import read_run, render

    runs = [read_run(report) for report in reports]
    for notice in filter(None, (run.notice for run in runs)):  # said first (on stderr: stdout may be JSON)
        click.echo(notice, err=True)
    click.echo(render(runs, format_, only_differences, only_played), nl=False)


@main.command("new-adapter")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--lang", type=click.Choice(["python", "node"]), default="python", show_default=True,
              help="The adapter's language: python (on the kit's adapter SDK) or node (no dependencies).")
def new_adapter(directory: Path, lang: str) -> None:
    """Write a working adapter project into DIRECTORY (empty or new): the kit's template for the language around
    a toy engine, a README, a GitHub Actions workflow and an expectations file. It passes `shinpan smoke` as it is.

    Exit status: 0 written, 4 DIRECTORY is not empty (nothing written).
    """
    from shinpan.outputs import printable, shell_word
    from shinpan.scaffold import LANGUAGES, new_adapter

    written = new_adapter(directory, lang)
    for path in written:
        click.echo(f"wrote {printable(path, one_line=True)}")
    # a line to paste: the folder is one word for the shell whatever its name holds
    adapter = shell_word(f"cmd:{LANGUAGES[lang].command}")
    click.echo(f"next: cd {shell_word(str(directory))} && shinpan contract-test --adapter {adapter}")
    click.echo(f"then: shinpan certify --adapter {adapter} --expectations expectations.toml "
               "(the suite in every state, an exploration, the self-test: one certificate)")


@main.command()
@click.option("--open", "open_", is_flag=True, help="Open the adapter guide with the system's viewer.")
@click.option("--contract", is_flag=True, help="Print the contract itself (docs/contract.md: its numbered rules).")
def docs(open_: bool, contract: bool) -> None:
    """Print where the adapter guide (docs/adapters.md), the contract (docs/contract.md) and the CI recipe are, as
    installed with the kit.

    Exit status: 0.
    """
    from shinpan.scaffold import guide

    path = guide()
    if contract:
        click.echo((path.parent / "contract.md").read_text(encoding="utf-8"), nl=False)
        return
    click.echo(str(path))
    click.echo(str(path.parent / "contract.md"))
    click.echo(str(path.parent / "ci" / "shinpan-conformance.yml"))
    if open_:
        click.launch(str(path))


@main.command("serve-reference")
@click.option("--validate", is_flag=True, help="Answer requests that break the schemas with an error.")
def serve_reference(validate: bool) -> None:
    """Serve the reference engine as a protocol server: JSON lines on stdin/stdout (for `cmd:` adapters)."""
    from shinpan.adapters.server import main as serve

    sys.exit(serve(["--validate"] if validate else []))


@main.group()
def expectations() -> None:
    """Expectations files: the statuses an adapter is known to earn (XFAIL / XPASS)."""


@expectations.command("update")
@click.argument("report", type=click.Path(exists=True, dir_okay=False))
@click.option("--file", "file_", type=click.Path(dir_okay=False), default="expectations.toml", show_default=True,
              help="The expectations file to edit (created if missing).")
@click.option("--include-unsupported", is_flag=True,
              help="Also write an entry for each UNSUPPORTED or UNOBSERVABLE scenario (by default they are counted "
                   "by reason: the mechanic, card or field the adapter lacks).")
def expectations_update(report: str, file_: str, include_unsupported: bool) -> None:
    """Edit the expectations file from a REPORT (--report of `shinpan run`): one entry per scenario that failed
    (FAIL, SCRIPT_MISMATCH, ERROR, CRASH, TIMEOUT), sorted by id; the scenarios the adapter lacks something for
    (UNSUPPORTED, UNOBSERVABLE) are counted by reason, not written, unless --include-unsupported. Comments, reasons
    and issue links of entries that still hold are kept; the adapter line becomes the report's.

    Only the file named by --file (default: ./expectations.toml) is written, never a path read from the report.

    Exit status: 0 written, 4 bad input (REPORT is not a report, the expectations file is malformed or
    cannot be written).
    """
    from shinpan import expectations as exp
    from shinpan import outputs
    from shinpan.report import Report

    claims = outputs.Claims(*locations.current().layers)
    claims.reads("REPORT", report)
    claims.writes("--file", file_)
    claims.check()
    run = Report(report)  # read one line at a time
    head = run.header
    target = Path(file_)
    old = exp.load(target) if target.exists() else None
    spec = head.get("adapter", {}).get("spec")
    new = exp.update(run.cases(), old, spec if isinstance(spec, str) else None, include_lacking=include_unsupported)
    reached = next((line.get("coverage") for line in run.lines() if line.get("type") == "footer"), None)
    if isinstance(reached, int | float):  # a later run below it warns (no silent zero)
        new = dataclasses.replace(new, coverage=round(100 * reached, 1))
    before = len(old.entries) if old else 0
    done = exp.edits(old, new)
    click.echo(f"{target}: {len(new.entries)} expectation(s) (was {before}): {len(done.added)} added, "
               f"{len(done.removed)} removed, {len(done.changed)} changed")
    listed = [*(("added", i, s.value) for i, s in done.added), *(("removed", i, s.value) for i, s in done.removed),
              *(("changed", i, what) for i, what in done.changed)]
    for word, case_id, what in listed[:EDITS_SHOWN]:  # ids come from the report: shown with controls escaped
        click.echo(f"  {word:<8} {outputs.printable(case_id, one_line=True)}  {what}")
    if len(listed) > EDITS_SHOWN:
        click.echo(f"  … and {len(listed) - EDITS_SHOWN} more (the file has them all)")
    outputs.write_text(target, exp.dumps(new))  # whole or not at all
    if new.coverage is not None:
        click.echo(f"coverage {new.coverage:.1f} % recorded (a later run below it warns)")
    reasons = [] if include_unsupported else exp.lacking(run.cases())
    if reasons:
        click.echo(f"{sum(n for _, n in reasons)} scenario(s) the adapter lacks something for (UNSUPPORTED, "
                   "UNOBSERVABLE), not written (--include-unsupported writes one entry each); by reason:")
        for reason, count in reasons:  # the adapter's words: shown with their controls escaped
            click.echo(f"  {count:>4}  {outputs.printable(reason, one_line=True)}")
    used = head.get("expectations")  # a path the report names: a NUL or a name too long is only shown
    if isinstance(used, str) and _other_file(used, target):
        shown = outputs.printable(used, one_line=True)
        click.echo(f"note: the report's run used {shown}; pass --file to edit that one", err=True)


def _other_file(named: str, target: Path) -> bool:
    """Whether the path a report names is another file than ``target`` (one no file can have is another)."""
    try:
        return Path(named).resolve() != target.resolve()
    except (OSError, ValueError):
        return True


EDITS_SHOWN = 50
"""The most edits ``expectations update`` lists one by one."""


@main.command()
@click.option("--adapter", required=True, help="The adapter to check (a name, or cmd:<command line>).")
@click.option("--timeout", type=POSITIVE, default=5.0, show_default=True, help="Seconds for each check.")
@FORMAT
def smoke(adapter: str, timeout: float, format_: str) -> None:
    """A handful of trivial exchanges that tell a broken adapter from a non-conforming engine.

    Exit status: 0 all well, 1 the adapter is broken, 2 the adapter works but the engine answers wrongly, 4 bad
    input (a bad option, an adapter spec that names no adapter).
    """
    from shinpan.smoke import run as run_smoke

    checks, diagnosis = run_smoke(adapter, timeout=timeout)
    from shinpan.outputs import json_line, printable

    if format_ == "json":
        click.echo(json_line({"adapter": adapter, "diagnosis": diagnosis, "checks": [
            {"name": c.name, "verdict": c.verdict, "detail": c.detail} for c in checks]}))
    marks = {"ok": "ok  ", "adapter": "FAIL", "engine": "DIFF", "skipped": "skip"}
    for check in checks if format_ == "pretty" else ():  # details quote the adapter: controls shown escaped
        lines = printable(check.detail).split("\n")
        click.echo(f"{marks[check.verdict]}  {check.name:<18} {lines[0]}")
        for line in lines[1:]:
            click.echo(f"{'':24}{line}")
    if format_ == "pretty":
        click.echo("")
        click.echo(printable(diagnosis))
    if any(c.verdict == "adapter" for c in checks):
        sys.exit(1)
    if any(c.verdict == "engine" for c in checks):
        sys.exit(2)


@main.command("contract-test")
@click.option("--adapter", required=True, help="The adapter to check. It is " + ADAPTER_KINDS)
@click.option("--timeout", type=POSITIVE, default=5.0, show_default=True, help="Seconds for each exchange.")
@click.option("--ruleset", metavar="STATE", help="The rules state to play (default: the latest the adapter declares).")
@click.option("-v", "--verbose", is_flag=True, help="Also list every probe that passed, was skipped or untouched.")
@FORMAT
def contract_test(adapter: str, timeout: float, ruleset: str | None, verbose: bool, format_: str) -> None:
    """Probe the adapter against the written contract (docs/contract.md): short games for each rule its declared
    capabilities touch; each broken rule is printed by its C- number with the request, the answer and what the rule
    wants. Run it before the suite.

    Exit status: 0 no rule broken, 1 a rule broken, 4 bad input (an adapter spec that names no adapter).
    """
    from shinpan.contract_test import contract_test as probe_adapter
    from shinpan.contract_test.printing import render
    from shinpan.outputs import json_line

    result = probe_adapter(adapter, timeout=timeout, state=ruleset)
    click.echo(json_line(result.as_json()) if format_ == "json" else render(result, verbose=verbose), nl=False)
    if format_ == "json":
        click.echo("")
    sys.exit(0 if result.ok else 1)


@main.command("dump-cases")
@SUITE
@_ruleset_options
@click.option("--messages", "with_messages", is_flag=True,
              help="Add each case's contract messages and checks, compiled from its steps, and the status it earns on "
                   "the reference engine (see adapters/schema/cases.json), so that the suite can be replayed in any "
                   "language.")
def dump_cases(ruleset: str | None, rules_as_of: str | None, with_messages: bool) -> None:
    """The compiled scenarios as JSON Lines (one case per line, with its steps), for running them without our
    runner. ``applies`` is false for a case outside the rules, one that depends on a change in doubt, an unresolved
    question ("?") or a question that does not arise ("-")."""
    records = _cases(ruleset, rules_as_of)
    compiled = _compiled_cases(ruleset, rules_as_of) if with_messages else {}
    for record in records:
        asserts = not record["unresolved"] and record["status"] != "not_applicable"  # "?" and "-" assert nothing
        record["applies"] = record["applies"] and asserts
        if with_messages:
            case = compiled[record["id"]]
            record.update(protocol=case["protocol"], capabilities=case["capabilities"], messages=case["messages"],
                          reference_status=case["reference_status"], reference_exchanges=case["reference_exchanges"])
        click.echo(json.dumps(record, ensure_ascii=False))


def _compiled_cases(ruleset: str | None, rules_as_of: str | None) -> dict[str, dict[str, Any]]:
    """Every scenario compiled under the selected rules (:mod:`shinpan.cases`), in the ``cases.json`` form, with the
    status it earns on the reference engine (played in this process; NOT_APPLICABLE or UNRESOLVED when it asserts
    nothing under these rules)."""
    from shinpan.adapters.registry import make_adapter
    from shinpan.cases import applicability, as_record, compile_case, execute
    from shinpan.cases.exchanges import Recorded
    from shinpan.session import AdapterSession

    changes = rulesets.load()
    state = changes.select(ruleset, rules_as_of)
    reference = Recorded(make_adapter("reference"))
    session = AdapterSession(reference, "reference")
    found = {}
    try:
        for scenario in suite.cases():
            case = compile_case(scenario, state.as_sent())
            skip = applicability(scenario.values, state, changes)
            reference.begin()
            status = skip.status if skip is not None else execute(case, session).status
            found[scenario.id] = {**as_record(case), "reference_status": status.value,
                                  "reference_exchanges": reference.exchanges}
    finally:
        session.stop()
    return found


@main.command()
@click.argument("name", type=click.Choice(["carry-over"]))
@click.option("--adapter", default="reference", show_default=True,
              help="The simulator adapter to run against: " + ADAPTER_KINDS)
@click.option("--ruleset", metavar="ID", help=RULESET_HELP)
@click.option("--no-run", is_flag=True, help="Only print the expected values and ids; run nothing.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per scenario of the table.")
def table(name: str, adapter: str, ruleset: str | None, no_run: bool, as_json: bool) -> None:
    """Print a source table rebuilt from its scenarios: per cell, the expected value, scenario id and result.

    carry-over: seed 000's 引き継ぎ早見表, from features/carry_over/ (12 rows x 7 columns).

    Exit status: 0 every cell has its scenario, 1 the table has problems, 4 bad input.
    """
    from shinpan import table as tables

    label = rulesets.load().select(ruleset).describe()
    if not no_run:
        _check_adapter(adapter)
    built = tables.build()
    results = None if no_run else tables.run(adapter, ruleset)
    if as_json:
        for row in tables.as_json(built, results):
            click.echo(json.dumps(row, ensure_ascii=False))
    else:
        click.echo(f"{name}: adapter {adapter}, {label}")
        click.echo(tables.render(built, results))
    for problem in built.problems:
        click.echo(problem, err=True)
    if built.problems:
        sys.exit(1)


@main.command()
@SUITE
@click.option("--out", required=True, type=click.Path(file_okay=False), help="The folder to write the site to.")
@click.option("--report", "reports", multiple=True, type=click.Path(dir_okay=False),
              help="A run report (shinpan run --report); each adds one engine. Repeatable.")
@click.option("--run", "run_reference", is_flag=True, help="First run the suite on the reference engine and "
              "include its report.")
@click.option("--expectations", "expectations", multiple=True, type=click.Path(dir_okay=False),
              help="An expectations file: its entries mark the known deviations, with their reasons, of the engine "
                   "whose report ran the adapter the file names. Repeatable.")
@click.option("--explore", "explorations", multiple=True, type=click.Path(dir_okay=False),
              help="An explore report (shinpan explore --report); each adds one engine's exploration. Repeatable.")
@click.option("--certifications", type=click.Path(), default=None,
              help="A certifications folder (certifications/README.md): every engine certified there, from its "
                   "recorded reports and expectations file, with a certification page of its own.")
def site(out: str, reports: tuple[str, ...], run_reference: bool, expectations: tuple[str, ...],
         explorations: tuple[str, ...], certifications: str | None) -> None:
    """Build the living spec: a static site of every scenario, its sources, history and engine results.

    It opens from file:// or any static host; nothing is fetched from the network. Exit status: 0 built;
    4 a report, a certification's recorded file or the suite cannot be read (bad input: one line naming the file
    and line).
    """
    import time

    from shinpan import site as living_spec
    from shinpan.outputs import printable

    started = time.monotonic()
    built = living_spec.build(Path(out), [Path(r) for r in reports], [Path(e) for e in expectations],
                              [Path(e) for e in explorations], run_reference=run_reference,
                              certifications=Path(certifications) if certifications is not None else None)
    for engine in built.engines:  # the engine's name comes from a report: shown with its controls escaped
        shown = f"{printable(engine.report, one_line=True)}: {printable(engine.label, one_line=True)}"
        if engine.other_suite:
            click.echo(f"warning: {shown}: report of another version of the suite (suite_hash differs); shown with a "
                       "warning", err=True)
        for warning in engine.run_warnings:  # no silent zero: what the run warned of is said again
            click.echo(f"warning: {shown}: {printable(warning, one_line=True)}", err=True)
        if engine.footer_disagrees:
            click.echo(f"warning: {shown}: its footer disagrees with its case lines; its scores are worked out again "
                       "from the lines, and shown with a warning", err=True)
    click.echo(f"{out}: {len(built.scenarios)} scenarios, {len(built.engines)} engine(s), "
               f"built in {time.monotonic() - started:.1f}s")


MODEL = """\
How the rules of a day are found: every change dated on or before the day is in force; a change known only
by a range (after A, by B) is in force from B, not in force up to A, and in doubt in between. A scenario
whose @since/@until names a change in doubt is UNRESOLVED (with the reason); the run goes on. A change the
sources disagree about carries its conflict, and its range is the days of the disagreement. --ruleset ID
gives the rules just after change ID (before:ID just before it); the default is today.

Adding a newly published revision: add a change to features/rulesets.yaml (its date as id, what changed,
its sources, each in features/sources.yaml); tag the scenarios it ends with @until:ID and the new ones with
@since:ID; then read `shinpan diff before:ID ID` (the scenarios it moves) and run `shinpan matrix`."""


@main.command("diff")
@SUITE
@click.argument("first")
@click.argument("second")
@click.option("--format", "fmt", type=click.Choice(["pretty", "json", "markdown"]), default="pretty", show_default=True)
def diff_(first: str, second: str, fmt: str) -> None:
    """Every scenario whose standing (applies, NOT_APPLICABLE, UNRESOLVED) differs between FIRST and SECOND — days or
    changes (2021-03-15, 2021-03-16, before:ID) — grouped by the change responsible, with the changes in doubt."""
    from shinpan import diff as diff_module

    changes = rulesets.load()
    result = diff_module.diff(changes, changes.named(first), changes.named(second), suite.cases())
    if fmt == "json":
        click.echo(json.dumps(diff_module.as_json(result), ensure_ascii=False, indent=2))
        return
    for line in diff_module.as_lines(result, changes, markdown=fmt == "markdown"):
        click.echo(line)


@main.command("rules")
@SUITE
@click.argument("number")
@click.option("--format", "fmt", type=click.Choice(["pretty", "json"]), default="pretty", show_default=True)
def rules_(number: str, fmt: str) -> None:
    """A rule NUMBER of features/rules.yaml (801.4 also lists 801.4a, 801.4b…): its title, the rulebook versions
    in which the number holds with each meaning, and every scenario that cites it."""
    from shinpan import rules

    found = rules.load().matching(number)
    cases = suite.cases()
    entries: list[dict[str, Any]] = []
    for rule in found:
        citing = [{"id": case.id, "place": f"{paths.relative(case.path)}:{case.line}", "name": case.name}
                  for case in cases if rule.number in case.values.rule]
        versions = [{"from": v.start, "until": v.end, "meaning": v.meaning} for v in rule.versions]
        entries.append({"number": rule.number, "title": rule.title, "versions": versions, "scenarios": citing})
    if fmt == "json":
        click.echo(json.dumps(entries, ensure_ascii=False, indent=2))
        return
    for rule, entry in zip(found, entries, strict=True):
        click.echo(f"{rule.number}  {rule.title}")
        for version in rule.versions:
            click.echo(f"    {version.window()}: {version.meaning}")
        click.echo(f"    cited by {len(entry['scenarios'])} scenario(s)")
        for scenario in entry["scenarios"]:
            click.echo(f"      {scenario['id']}  {scenario['place']}  {scenario['name']}")


@main.command("cards")
@SUITE
@click.option("--format", "fmt", type=click.Choice(["pretty", "json"]), default="pretty", show_default=True,
              help="pretty: a line per card; json: the registry as one JSON document, valid by its schema.")
@click.option("--kind", type=click.Choice(["all", "test", "real"]), default="all", show_default=True,
              help="Only the test cards (テスト用…) or only the real ones.")
def cards_(fmt: str, kind: str) -> None:
    """The suite's cards (the kit's, and a user suite's): each with its printed facts and its abilities in
    structured form, for an engine in any language to read (--format json is a cards.yaml document in JSON, valid by
    the registry's schema, shinpan/adapters/registries/schema/cards.json)."""
    from shinpan.adapters import cards as registry
    from shinpan.adapters.registries import as_json
    from shinpan.outputs import printable  # a user suite's card names: never a terminal's escapes

    chosen = [card for card in registry.load() if kind in ("all", card.kind)]
    if fmt == "json":
        click.echo(json.dumps({"cards": [as_json(card.data) for card in chosen]}, ensure_ascii=False, indent=1))
        return
    for card in chosen:
        modelled = f"abilities: {len(card.data['abilities'] or [])}" if card.modelled else "not modelled"
        shape = f"face of 《{card.data['face_of']}》" if "face_of" in card.data else str(card.data.get("type"))
        click.echo(printable(f"{card.kind:<4}  《{card.name}》  {shape}  ({modelled})", one_line=True))
    click.echo(f"{len(chosen)} card(s)")


@main.command("steps")
@SUITE
@click.option("--format", "fmt", type=click.Choice(["pretty", "json"]), default="pretty", show_default=True,
              help="pretty: a block per phrase; json: one JSON document, a list of phrases.")
def steps_(fmt: str) -> None:
    """Every step phrase of the step library: its parameters, what it does, an example from the suite and the
    contract messages the example sends (compiled by the step library on a recording duel, no engine)."""
    from shinpan import catalogue

    phrases = catalogue.catalogue()
    if fmt == "json":
        click.echo(json.dumps([catalogue.as_json(phrase) for phrase in phrases], ensure_ascii=False, indent=2))
        return
    for phrase in phrases:
        for line in _phrase_lines(catalogue.as_json(phrase)):
            click.echo(line)
    click.echo(f"{len(phrases)} phrase(s)")


def _phrase_lines(phrase: dict[str, Any]) -> list[str]:
    """A phrase of ``shinpan steps`` as a block of lines."""
    lines = [f"{phrase['keyword']} {phrase['phrase']}    ({phrase['definition']})", f"    {phrase['doc']}"]
    lines += [f"    <{p['name']}>: {p['pattern']}" for p in phrase["parameters"]]
    example, sends = phrase["example"], phrase["sends"]
    if example is None:
        lines.append("    (no scenario uses it)")
    else:
        lines.append(f"    e.g. {example['step']}    ({example['place']}; {example['uses']} use(s))")
        label = {"setup": "the setup after it", "choices": "with the next move"}.get(sends["how"], sends["how"])
        lines += [f"    {label}: {json.dumps(message, ensure_ascii=False)}" for message in sends["messages"]]
    return [*lines, ""]


@main.command("vocabulary")
@FORMAT
def vocabulary_(format_: str) -> None:
    """The contract's vocabulary: the mechanics an adapter may declare and what needs each (actions, setup
    features), the choice kinds and who answers each, observables, event types and causes, zones, deck positions and
    defaults. --format json prints the one language-neutral document (adapters/vocabulary.json).

    Exit status: 0.
    """
    from shinpan.adapters.sdk.vocabulary import document

    words = document()
    if format_ == "json":
        click.echo(json.dumps(words, ensure_ascii=False, indent=2))
        return
    needed: dict[str, list[str]] = {}
    for action, entry in words["actions"].items():
        for mechanic in entry["mechanics"]:
            needed.setdefault(mechanic, []).append(action)
    click.echo("mechanics (capabilities.mechanics), with the actions that need each:")
    for name, term in words["mechanics"].items():
        actions = f"  [{', '.join(needed[name])}]" if name in needed else ""
        click.echo(f"  {name:<20} {term['japanese']}: {term['meaning']}{actions}")
    click.echo("choice kinds, and who answers each:")
    for name, term in words["choice_kinds"].items():
        click.echo(f"  {name:<26} {term['japanese']}: {term['answered_by']}")
    for key in ("observables", "event_types", "move_causes", "card_zones", "steps", "deck_positions"):
        click.echo(f"{key.replace('_', ' ')}: {', '.join(words[key])}")


@main.command("rulesets")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def rulesets_(fmt: str) -> None:
    """List the known changes of the rules (date or range, what changed, sources) and how the model works."""
    changes = rulesets.load()
    if fmt == "json":
        for change in changes.items:
            click.echo(json.dumps({"id": change.id, "title": change.title, "date": _iso(change.date),
                                   "after": _iso(change.after), "by": _iso(change.by), "what": list(change.what),
                                   "conflict": change.conflict, "sources": list(change.sources)},
                                  ensure_ascii=False))
        return
    for change in changes.items:
        click.echo(change.describe())
        for line in change.what:
            click.echo(f"    - {line}")
        if change.conflict:
            click.echo(f"    the sources disagree: {change.conflict}")
        click.echo(f"    sources: {', '.join(change.sources)}")
    today = changes.today()
    click.echo("")
    click.echo(f"today ({today.label}): {len(today.in_force)} change(s) in force"
               + (f", in doubt: {', '.join(today.in_doubt)}" if today.in_doubt else ", none in doubt"))
    click.echo("")
    click.echo(MODEL)


def _iso(day: Any) -> str | None:
    return day.isoformat() if day is not None else None


def _check_typos(pytest_args: tuple[str, ...]) -> None:
    """A ``--name`` that is neither this command's option nor pytest's is bad input, with the closest option of
    either (a misspelt ``--adpter`` otherwise reaches pytest, whose usage error names no shinpan option)."""
    import difflib

    given = [arg.split("=", 1)[0] for arg in pytest_args if arg.startswith("--") and arg != "--"]
    if not given:
        return
    ctx = click.get_current_context()
    ours = {name for param in ctx.command.params for name in param.opts if name.startswith("--")}
    unknown = [name for name in given if name not in ours]
    theirs = _pytest_options() if unknown else set()
    if any(name not in theirs for name in unknown):
        theirs |= _pytest_options(plugins=True)
    for name in unknown:
        if name in theirs:
            continue
        close = difflib.get_close_matches(name, sorted(ours) + sorted(theirs), n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise BadUsage(f"no such option: {name}{hint}; `shinpan {ctx.info_name} --help` lists this command's options, "
                       "and any pytest option is passed on")


def _pytest_options(plugins: bool = False) -> set[str]:
    """The long options pytest takes: its own (read in this process: nothing is imported that pytest would want to
    rewrite), or with ``plugins`` also its installed plug-ins' and the kit's plugin's (read in a child process)."""
    import subprocess

    from _pytest.config import get_config

    if not plugins:
        return _long_options(get_config())
    code = "import shinpan.cli as c; c._print_plugin_options()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    try:
        return {str(name) for name in json.loads(done.stdout)}
    except ValueError:  # the plug-ins could not be read: pytest itself says so in the run
        return set()


def _long_options(config: Any) -> set[str]:
    parser = config._parser
    return {name for group in [*parser._groups, parser._anonymous] for option in group.options
            for name in option.names() if name.startswith("--")}


def _print_plugin_options() -> None:
    """Print, as JSON, the long options of pytest with its installed plug-ins and the kit's (in a child process)."""
    from _pytest.config import get_config

    config = get_config()
    config.pluginmanager.load_setuptools_entrypoints("pytest11")
    config.pluginmanager.import_plugin("shinpan.pytest_plugin")
    print(json.dumps(sorted(_long_options(config))))


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


def _lint_first() -> None:
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
    # rewrites its asserts), not before the run
    done = subprocess.run([sys.executable, "-m", "shinpan", "lint", "--format=json"], capture_output=True, text=True,
                          check=False)
    try:
        problems = json.loads(done.stdout)["problems"]
    except (ValueError, KeyError, TypeError):
        return  # lint itself could not say: the run's own checks will
    for problem in problems:
        click.echo(f"ERROR: {Path(problem['path']).resolve()}:{problem['line']}: {problem['message']}", err=True)
    if problems:
        click.get_current_context().exit(BAD_INPUT)


def _check_parallel(pytest_args: tuple[str, ...]) -> None:
    """``-n`` without pytest-xdist is a bad option that says how to get it."""
    from shinpan import invocation

    option = invocation.lacks_xdist(pytest_args)
    if option is not None:
        raise BadUsage(f"{option}: spreading the run over processes needs pytest-xdist, which is not installed: "
                       "pip install 'shinpan[parallel]' (or pip install pytest-xdist)")


def _check_adapter(spec: str) -> None:
    """A spec that names no adapter is bad input (an :class:`AdapterSpecError`), found once, before any run."""
    from shinpan.adapters.registry import make_adapter

    make_adapter(spec).stop({"cmd": "stop"})


if __name__ == "__main__":
    main()

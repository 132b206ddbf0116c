"""The options and option types several commands share: the suite, the engine's output, the rules state, the
output format, the adapter's help, and the options ``shinpan run`` and ``shinpan matrix`` pass on to the plugin."""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from shinpan.adapters import locations
from shinpan.adapters.errors import BAD_INPUT, SuiteError

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


RULESET_HELP = ("The rules just after change ID (see `shinpan rulesets`); also before:ID, after:ID or a day. "
                "Default: the rules of today.")


def ruleset_options(func: click.decorators.FC) -> click.decorators.FC:
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


RUN_OPTIONS = (("ruleset", "--ruleset", "value"), ("rules_as_of", "--rules-as-of", "value"),
               ("report", "--report", "path"), ("tags", "--tags", "value"), ("validate", "--validate", "flag"),
               ("expectations", "--expectations", "path"), ("allow_xpass", "--allow-xpass", "flag"),
               ("junitxml", "--junitxml", "path"), ("trace", "--trace-dir", "path"),  # pytest's --trace is pdb
               ("messages", "--messages", "path"), ("min_coverage", "--min-coverage", "value"))


"""The options of ``shinpan run`` (and those of them ``shinpan matrix`` has) passed on to the plugin when given:
(parameter, pytest option, kind); a path is made absolute, a flag has no value."""


def plugin_options(params: dict[str, Any]) -> list[str]:
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

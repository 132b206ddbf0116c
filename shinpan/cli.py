"""The ``shinpan`` command group: every command (one module each, :mod:`shinpan.commands`) registered under its
name, and the one place where an error becomes a message and an exit status."""

from __future__ import annotations

from typing import Any, NoReturn

import click

from shinpan import __version__
from shinpan.adapters.errors import BAD_INPUT, INTERRUPTED, ShinpanError
from shinpan.commands.cards import cards_
from shinpan.commands.certify import certify
from shinpan.commands.compare import compare
from shinpan.commands.contract_test import contract_test
from shinpan.commands.diff import diff_
from shinpan.commands.docs import docs
from shinpan.commands.dump_cases import dump_cases
from shinpan.commands.expectations import expectations
from shinpan.commands.explore import explore
from shinpan.commands.lint import lint
from shinpan.commands.list import list_
from shinpan.commands.matrix import matrix
from shinpan.commands.new_adapter import new_adapter
from shinpan.commands.options import BadUsage
from shinpan.commands.rules import rules_
from shinpan.commands.rulesets import rulesets_
from shinpan.commands.run import run
from shinpan.commands.serve_reference import serve_reference
from shinpan.commands.site import site
from shinpan.commands.smoke import smoke
from shinpan.commands.steps import steps_
from shinpan.commands.table import table
from shinpan.commands.vocabulary import vocabulary_


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


def _version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """``--version``: the kit's version, the protocol it speaks and the hash of the suite it carries."""
    if not value or ctx.resilient_parsing:
        return
    from shinpan.adapters.contract import PROTOCOL_VERSION
    from shinpan.reports.report import suite_hash

    click.echo(f"shinpan, version {__version__}\nprotocol {PROTOCOL_VERSION}\nsuite {suite_hash()}")
    ctx.exit()


@click.group(cls=Shinpan, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help="Show the version, the protocol version and the suite's hash (as reports name them), and exit.")
def main() -> None:
    """shinpan (審判): Duel Masters rulings as executable scenarios, run against any simulator.

    Exit status 4 means bad input (an option, a suite file, a report, an adapter spec): nothing was run.
    """


COMMANDS = (cards_, certify, compare, contract_test, diff_, docs, dump_cases, expectations, explore, lint, list_,
            matrix,
            new_adapter, rules_, rulesets_, run, serve_reference, site, smoke, steps_, table, vocabulary_)
"""Every command of ``shinpan``, each from its own module."""
for command in COMMANDS:
    main.add_command(command)


if __name__ == "__main__":
    main()

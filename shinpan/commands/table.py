"""``shinpan table``: a source table rebuilt from its scenarios, cell by cell, with each cell's result."""

from __future__ import annotations

import json
import sys

import click

from shinpan.commands.options import ADAPTER_KINDS, RULESET_HELP
from shinpan.commands.preflight import check_adapter
from shinpan.suite import rulesets


@click.command()
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
    from shinpan.running import table as tables

    label = rulesets.load().select(ruleset).describe()
    if not no_run:
        check_adapter(adapter)
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

"""``shinpan diff``: the scenarios whose standing differs between two states of the rules, by the change
responsible."""

from __future__ import annotations

import json

import click

from shinpan.commands.options import SUITE
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite


@click.command("diff")
@SUITE
@click.argument("first")
@click.argument("second")
@click.option("--format", "fmt", type=click.Choice(["pretty", "json", "markdown"]), default="pretty", show_default=True)
def diff_(first: str, second: str, fmt: str) -> None:
    """Every scenario whose standing (applies, NOT_APPLICABLE, UNRESOLVED) differs between FIRST and SECOND — days or
    changes (2021-03-15, 2021-03-16, before:ID) — grouped by the change responsible, with the changes in doubt."""
    from shinpan.reports import diff as diff_module

    changes = rulesets.load()
    result = diff_module.diff(changes, changes.named(first), changes.named(second), suite.cases())
    if fmt == "json":
        click.echo(json.dumps(diff_module.as_json(result), ensure_ascii=False, indent=2))
        return
    for line in diff_module.as_lines(result, changes, markdown=fmt == "markdown"):
        click.echo(line)

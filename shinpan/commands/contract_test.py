"""``shinpan contract-test``: the adapter's self-test against the written contract (docs/contract.md), each
rule probed by short games."""

from __future__ import annotations

import sys

import click

from shinpan.commands.options import ADAPTER_KINDS, FORMAT, POSITIVE


@click.command("contract-test")
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

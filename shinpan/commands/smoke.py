"""``shinpan smoke``: a handful of trivial exchanges that tell a broken adapter from a wrong one."""

from __future__ import annotations

import sys

import click

from shinpan.commands.options import FORMAT, POSITIVE


@click.command()
@click.option("--adapter", required=True, help="The adapter to check (a name, or cmd:<command line>).")
@click.option("--timeout", type=POSITIVE, default=5.0, show_default=True, help="Seconds for each check.")
@FORMAT
def smoke(adapter: str, timeout: float, format_: str) -> None:
    """A handful of trivial exchanges that tell a broken adapter from a non-conforming engine.

    Exit status: 0 all well, 1 the adapter is broken, 2 the adapter works but the engine answers wrongly, 4 bad
    input (a bad option, an adapter spec that names no adapter).
    """
    from shinpan.running.smoke import run as run_smoke

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

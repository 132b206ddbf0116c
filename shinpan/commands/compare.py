"""``shinpan compare``: several runs' reports side by side, scenario × engine, with totals per topic."""

from __future__ import annotations

import click


@click.command()
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
    from shinpan.reports.compare import read_run, render

    runs = [read_run(report) for report in reports]
    for notice in filter(None, (run.notice for run in runs)):  # said first (on stderr: stdout may be JSON)
        click.echo(notice, err=True)
    click.echo(render(runs, format_, only_differences, only_played), nl=False)

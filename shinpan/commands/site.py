"""``shinpan site``: the living spec, a static site of every scenario with its sources, history and results."""

from __future__ import annotations

from pathlib import Path

import click

from shinpan.commands.options import SUITE


@click.command()
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

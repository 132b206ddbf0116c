"""``shinpan expectations update``: an adapter's expectations file edited from a run's report."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import click

from shinpan.adapters import locations


@click.group()
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
    from shinpan import outputs
    from shinpan.reports import expectations as exp
    from shinpan.reports.report import Report

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

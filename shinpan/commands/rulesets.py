"""``shinpan rulesets``: the known changes of the rules and how the rules of a day are found."""

from __future__ import annotations

import json
from typing import Any

import click

from shinpan.suite import rulesets

MODEL = """\
How the rules of a day are found: every change dated on or before the day is in force; a change known only
by a range (after A, by B) is in force from B, not in force up to A, and in doubt in between. A scenario
whose @since/@until names a change in doubt is UNRESOLVED (with the reason); the run goes on. A change the
sources disagree about carries its conflict, and its range is the days of the disagreement. --ruleset ID
gives the rules just after change ID (before:ID just before it); the default is today.

Adding a newly published revision: add a change to features/rulesets.yaml (its date as id, what changed,
its sources, each in features/sources.yaml); tag the scenarios it ends with @until:ID and the new ones with
@since:ID; then read `shinpan diff before:ID ID` (the scenarios it moves) and run `shinpan matrix`."""


@click.command("rulesets")
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

"""``shinpan steps``: every phrase of the step library, with its parameters, an example and what it sends."""

from __future__ import annotations

import json
from typing import Any

import click

from shinpan.commands.options import SUITE


@click.command("steps")
@SUITE
@click.option("--format", "fmt", type=click.Choice(["pretty", "json"]), default="pretty", show_default=True,
              help="pretty: a block per phrase; json: one JSON document, a list of phrases.")
def steps_(fmt: str) -> None:
    """Every step phrase of the step library: its parameters, what it does, an example from the suite and the
    contract messages the example sends (compiled by the step library on a recording duel, no engine)."""
    from shinpan import catalogue

    phrases = catalogue.catalogue()
    if fmt == "json":
        click.echo(json.dumps([catalogue.as_json(phrase) for phrase in phrases], ensure_ascii=False, indent=2))
        return
    for phrase in phrases:
        for line in _phrase_lines(catalogue.as_json(phrase)):
            click.echo(line)
    click.echo(f"{len(phrases)} phrase(s)")


def _phrase_lines(phrase: dict[str, Any]) -> list[str]:
    """A phrase of ``shinpan steps`` as a block of lines."""
    lines = [f"{phrase['keyword']} {phrase['phrase']}    ({phrase['definition']})", f"    {phrase['doc']}"]
    lines += [f"    {{{p['name']}}}: {p['pattern']}" for p in phrase["parameters"]]
    example, sends = phrase["example"], phrase["sends"]
    if example is None:
        lines.append("    (no scenario uses it)")
    else:
        lines.append(f"    e.g. {example['step']}    ({example['place']}; {example['uses']} use(s))")
        label = {"setup": "the setup after it", "choices": "with the next move"}.get(sends["how"], sends["how"])
        lines += [f"    {label}: {json.dumps(message, ensure_ascii=False)}" for message in sends["messages"]]
    return [*lines, ""]

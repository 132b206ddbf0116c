"""``shinpan vocabulary``: the contract's vocabulary, as a table or as its language-neutral JSON document."""

from __future__ import annotations

import json

import click

from shinpan.commands.options import FORMAT


@click.command("vocabulary")
@FORMAT
def vocabulary_(format_: str) -> None:
    """The contract's vocabulary: the mechanics an adapter may declare and what needs each (actions, setup
    features), the choice kinds and who answers each, observables, event types and causes, zones, deck positions and
    defaults. --format json prints the one language-neutral document (adapters/vocabulary.json).

    Exit status: 0.
    """
    from shinpan.adapters.sdk.vocabulary import document

    words = document()
    if format_ == "json":
        click.echo(json.dumps(words, ensure_ascii=False, indent=2))
        return
    needed: dict[str, list[str]] = {}
    for action, entry in words["actions"].items():
        for mechanic in entry["mechanics"]:
            needed.setdefault(mechanic, []).append(action)
    click.echo("mechanics (capabilities.mechanics), with the actions that need each:")
    for name, term in words["mechanics"].items():
        actions = f"  [{', '.join(needed[name])}]" if name in needed else ""
        click.echo(f"  {name:<20} {term['japanese']}: {term['meaning']}{actions}")
    click.echo("choice kinds: what the picks name, and who answers each:")
    for name, term in words["choice_kinds"].items():
        count = f"{term['fewest']}" if term["fewest"] == term["most"] else f"{term['fewest']}–{term['most'] or 'any'}"
        click.echo(f"  {name:<26} {term['japanese']}: picks {term['meaning']} ({count}); {term['answered_by']}")
    for key in ("observables", "event_types", "move_causes", "card_zones", "steps", "deck_positions"):
        click.echo(f"{key.replace('_', ' ')}: {', '.join(words[key])}")

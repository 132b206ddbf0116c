"""``shinpan cards``: the suite's cards (the kit's and a user suite's), with their printed facts and abilities."""

from __future__ import annotations

import json

import click

from shinpan.commands.options import SUITE


@click.command("cards")
@SUITE
@click.option("--format", "fmt", type=click.Choice(["pretty", "json"]), default="pretty", show_default=True,
              help="pretty: a line per card; json: the registry as one JSON document, valid by its schema.")
@click.option("--kind", type=click.Choice(["all", "test", "real"]), default="all", show_default=True,
              help="Only the test cards (テスト用…) or only the real ones.")
def cards_(fmt: str, kind: str) -> None:
    """The suite's cards (the kit's, and a user suite's): each with its printed facts and its abilities in
    structured form, for an engine in any language to read (--format json is a cards.yaml document in JSON, valid by
    the registry's schema, shinpan/adapters/registries/schema/cards.json)."""
    from shinpan.adapters import cards as registry
    from shinpan.adapters.registries import as_json
    from shinpan.outputs import printable  # a user suite's card names: never a terminal's escapes

    chosen = [card for card in registry.load() if kind in ("all", card.kind)]
    if fmt == "json":
        click.echo(json.dumps({"cards": [as_json(card.data) for card in chosen]}, ensure_ascii=False, indent=1))
        return
    for card in chosen:
        modelled = f"abilities: {len(card.data['abilities'] or [])}" if card.modelled else "not modelled"
        shape = f"face of 《{card.data['face_of']}》" if "face_of" in card.data else str(card.data.get("type"))
        click.echo(printable(f"{card.kind:<4}  《{card.name}》  {shape}  ({modelled})", one_line=True))
    click.echo(f"{len(chosen)} card(s)")

"""``shinpan new-adapter``: a working adapter project written from the kit's template for a language."""

from __future__ import annotations

from pathlib import Path

import click


@click.command("new-adapter")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--lang", type=click.Choice(["python", "node"]), default="python", show_default=True,
              help="The adapter's language: python (on the kit's adapter SDK) or node (no dependencies).")
def new_adapter(directory: Path, lang: str) -> None:
    """Write a working adapter project into DIRECTORY (empty or new): the kit's template for the language around
    a toy engine, a README, a GitHub Actions workflow and an expectations file. It passes `shinpan smoke` as it is.

    Exit status: 0 written, 4 DIRECTORY is not empty (nothing written).
    """
    from shinpan.adapters.registry import CMD_PREFIX
    from shinpan.outputs import printable, shell_word
    from shinpan.scaffold import LANGUAGES, new_adapter

    written = new_adapter(directory, lang)
    for path in written:
        click.echo(f"wrote {printable(path, one_line=True)}")
    # a line to paste: the folder is one word for the shell whatever its name holds
    adapter = shell_word(f"{CMD_PREFIX}{LANGUAGES[lang].command}")
    click.echo(f"next: cd {shell_word(str(directory))} && shinpan contract-test --adapter {adapter}")
    click.echo(f"then: shinpan certify --adapter {adapter} --expectations expectations.toml "
               "(the suite in every state, an exploration, the self-test: one certificate)")

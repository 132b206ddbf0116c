"""``shinpan docs``: where the adapter guide, the contract and the CI recipe are, as installed with the kit."""

from __future__ import annotations

import click


@click.command()
@click.option("--open", "open_", is_flag=True, help="Open the adapter guide with the system's viewer.")
@click.option("--contract", is_flag=True, help="Print the contract itself (docs/contract.md: its numbered rules).")
def docs(open_: bool, contract: bool) -> None:
    """Print where the adapter guide (docs/adapters.md), the contract (docs/contract.md) and the CI recipe are, as
    installed with the kit.

    Exit status: 0.
    """
    from shinpan.scaffold import guide

    path = guide()
    if contract:
        click.echo((path.parent / "contract.md").read_text(encoding="utf-8"), nl=False)
        return
    click.echo(str(path))
    click.echo(str(path.parent / "contract.md"))
    click.echo(str(path.parent / "ci" / "shinpan-conformance.yml"))
    if open_:
        click.launch(str(path))

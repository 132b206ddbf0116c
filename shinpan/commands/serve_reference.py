"""``shinpan serve-reference``: the reference engine as a protocol server (JSON lines on stdin/stdout)."""

from __future__ import annotations

import sys

import click


@click.command("serve-reference")
@click.option("--validate", is_flag=True, help="Answer requests that break the schemas with an error.")
def serve_reference(validate: bool) -> None:
    """Serve the reference engine as a protocol server: JSON lines on stdin/stdout (for `cmd:` adapters)."""
    from shinpan.adapters.server import main as serve

    sys.exit(serve(["--validate"] if validate else []))

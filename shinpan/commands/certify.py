"""``shinpan certify``: one certificate of an adapter — the suite in every state it plays, the default
exploration and the contract self-test."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from shinpan.commands.options import ADAPTER_KINDS, ENGINE_OUTPUT, FORMAT, POSITIVE, SUITE
from shinpan.commands.preflight import check_adapter


@click.command()
@ENGINE_OUTPUT
@SUITE
@click.option("--adapter", required=True, help="The simulator adapter to certify: " + ADAPTER_KINDS)
@click.option("--expectations", type=click.Path(dir_okay=False, exists=True),
              help="The adapter's expectations file: what it lists (failing scenarios, known counterexamples) does "
                   "not fail the certificate.")
@click.option("--out", default="shinpan-certificate", show_default=True, type=click.Path(file_okay=False),
              metavar="DIR", help="Where the certificate (certificate.json, certificate.txt), each step's report and "
                                  "log, and the counterexamples as scenarios (explore.feature) are written.")
@click.option("--tags", metavar="EXPR", help="Only the suite's scenarios matching a Cucumber tag expression.")
@click.option("--seed", type=int, default=0, show_default=True, help="The exploration's seed.")
@click.option("--examples", type=click.IntRange(min=1), default=1000, show_default=True,
              help="The exploration's examples per oracle.")
@click.option("--time-budget", type=POSITIVE, metavar="SECONDS", help="Stop the exploration after this long.")
@FORMAT
def certify(adapter: str, expectations: str | None, out: str, tags: str | None, seed: int, examples: int,
            time_budget: float | None, format_: str) -> None:
    """Certify an adapter: the suite in every state of the rules the engine plays (shinpan matrix), the default
    exploration (shinpan explore) and the adapter's contract self-test (shinpan contract-test); print one certificate
    of what each covers and found.

    Exit status: 0 certified, 1 a scenario failed, a counterexample not in --expectations was found, or a step could
    not run, 2 interrupted, 4 bad input (nothing was run).
    """
    from shinpan import certify as certification
    from shinpan import outputs
    from shinpan.outputs import printable

    check_adapter(adapter, make=True)  # its three steps are separate runs: a factory that fails is found here once
    work = Path(out)
    outputs.writable("--out", out, folder=True)
    options = certification.Options(adapter, work.resolve(), Path(expectations).resolve() if expectations else None,
                                    tags, seed, examples, time_budget)
    certificate = certification.certify(options, lambda line: click.echo(line, err=True))
    document = certification.as_json(certificate)
    lines = [printable(line) for line in certification.text(certificate)]
    work.mkdir(parents=True, exist_ok=True)
    outputs.write_text(work / "certificate.json", json.dumps(document, ensure_ascii=False, indent=1) + "\n")  # whole
    outputs.write_text(work / "certificate.txt", "\n".join(lines) + "\n")
    if format_ == "json":
        click.echo(json.dumps(document, ensure_ascii=False))
    else:
        click.echo("\n".join(lines))
    sys.exit(certificate.exit_status)

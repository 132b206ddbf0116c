"""``shinpan lint``: every feature file and registry checked, each problem as ``path:line: message``."""

from __future__ import annotations

import json
import sys

import click

from shinpan.commands.options import FORMAT, SUITE
from shinpan.suite import scenarios as suite


@click.command()
@SUITE
@FORMAT
def lint(format_: str) -> None:
    """Check every feature file; print problems as path:line: message.

    Exit status: 0 no problem, 1 problems (each on its own line: file, line, what was expected).
    """
    from shinpan.explore.properties.citations import citations
    from shinpan.suite.lint import lint as run_lint

    problems = run_lint(citations=citations())  # the feature files, and what explore's properties cite
    files = suite.feature_paths()
    if format_ == "json":
        click.echo(json.dumps({"files": len(files), "problems": [p.as_json() for p in problems]}, ensure_ascii=False))
        sys.exit(1 if problems else 0)
    for problem in problems:
        click.echo(str(problem))
    if problems:
        click.echo(f"{len(problems)} problem(s) in {len(files)} feature file(s)", err=True)
        sys.exit(1)
    click.echo(f"{len(files)} feature file(s): no problems")

"""``shinpan rules``: a rule number of features/rules.yaml, its meanings by rulebook version, and the scenarios
that cite it."""

from __future__ import annotations

import json
from typing import Any

import click

from shinpan import paths
from shinpan.commands.options import SUITE
from shinpan.suite import scenarios as suite


@click.command("rules")
@SUITE
@click.argument("number")
@click.option("--format", "fmt", type=click.Choice(["pretty", "json"]), default="pretty", show_default=True)
def rules_(number: str, fmt: str) -> None:
    """A rule NUMBER of features/rules.yaml (801.4 also lists 801.4a, 801.4b…): its title, the rulebook versions
    in which the number holds with each meaning, and every scenario that cites it."""
    from shinpan.suite import rules

    found = rules.load().matching(number)
    cases = suite.cases()
    entries: list[dict[str, Any]] = []
    for rule in found:
        citing = [{"id": case.id, "place": f"{paths.relative(case.path)}:{case.line}", "name": case.name}
                  for case in cases if rule.number in case.values.rule]
        versions = [{"from": v.start, "until": v.end, "meaning": v.meaning} for v in rule.versions]
        entries.append({"number": rule.number, "title": rule.title, "versions": versions, "scenarios": citing})
    if fmt == "json":
        click.echo(json.dumps(entries, ensure_ascii=False, indent=2))
        return
    for rule, entry in zip(found, entries, strict=True):
        click.echo(f"{rule.number}  {rule.title}")
        for version in rule.versions:
            click.echo(f"    {version.window()}: {version.meaning}")
        click.echo(f"    cited by {len(entry['scenarios'])} scenario(s)")
        for scenario in entry["scenarios"]:
            click.echo(f"      {scenario['id']}  {scenario['place']}  {scenario['name']}")

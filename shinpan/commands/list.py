"""``shinpan list``: every scenario with its tags and whether it applies under the selected rules; the records
``shinpan dump-cases`` prints too."""

from __future__ import annotations

import json
from typing import Any

import click

from shinpan import paths
from shinpan.adapters.errors import ShinpanError, SuiteError
from shinpan.commands.options import SUITE, ruleset_options
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite


def case_records(ruleset: str | None, rules_as_of: str | None) -> list[dict[str, Any]]:
    """Every case of the suite as a record: id, place, name, tags by kind, and whether it applies."""
    from shinpan.suite import sources as sources_
    from shinpan.suite.lint import check_registries

    check_registries()  # a broken registry is bad input here too, as in run and lint
    changes = rulesets.load()
    selected = changes.select(ruleset, rules_as_of)
    known = sources_.load()
    records = []
    for case in suite.cases():
        values = case.values
        try:
            verdict = selected.verdict(values.since, values.until, changes)
        except ShinpanError as error:  # named with the scenario that holds the bad tag
            raise SuiteError(paths.relative(case.path), case.line, str(error)) from None
        records.append({
            "id": case.id, "feature": paths.relative(case.path), "line": case.line, "name": case.name,
            "topic": case.topic, "outline_row": case.row, "tags": list(case.tags), "rules": list(values.rule),
            "sources": list(values.source), "source_titles": [known.title(s) for s in values.source],
            "since": list(values.since), "until": list(values.until),
            "status": values.status[0] if values.status else None, "requires": list(values.requires),
            "unresolved": values.unresolved, "ruleset": selected.label, "applies": verdict.status is None,
            "not_applicable_because": verdict.reason if verdict.status == "NOT_APPLICABLE" else None,
            "in_doubt": list(verdict.doubts),
            "unresolved_because": verdict.reason if verdict.status == "UNRESOLVED" else None,
            "on_a_calendar_day": changes.on_some_day(values.since, values.until),
            "steps": [{"keyword": s.keyword.strip(), "kind": s.kind, "text": s.text, "line": s.line}
                      for s in case.steps],
        })
    return records


@click.command("list")
@SUITE
@click.option("--format", "format_", type=click.Choice(["pretty", "json"]), default="pretty", show_default=True,
              help="pretty: a line per scenario; json: one JSON object per scenario (JSON Lines).")
@click.option("--json", "as_json", is_flag=True, help="The same as --format json.")
@ruleset_options
def list_(format_: str, as_json: bool, ruleset: str | None, rules_as_of: str | None) -> None:
    """List every scenario with its tags, and whether it applies under the selected rules ('-': not applicable,
    '?': it depends on a change in doubt). A scenario that holds on no calendar day (only in the matrix's states
    just before or after a change) says so."""
    for record in case_records(ruleset, rules_as_of):
        if as_json or format_ == "json":
            click.echo(json.dumps({k: v for k, v in record.items() if k != "steps"}, ensure_ascii=False))
        else:
            mark = " " if record["applies"] else ("?" if record["in_doubt"] else "-")
            never = "" if record["on_a_calendar_day"] else f"  [{NO_CALENDAR_DAY}]"
            click.echo(f"{mark} {record['id']:<28} {record['feature']}:{record['line']}  {record['name']}{never}")


NO_CALENDAR_DAY = "applies on no calendar day: it runs only just before or after a change, in shinpan matrix"

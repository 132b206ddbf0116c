"""``shinpan dump-cases``: the compiled scenarios as JSON Lines, for running them without the kit's runner."""

from __future__ import annotations

import json
from typing import Any, cast

import click

from shinpan.commands.list import case_records
from shinpan.commands.options import SUITE, ruleset_options
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite


@click.command("dump-cases")
@SUITE
@ruleset_options
@click.option("--messages", "with_messages", is_flag=True,
              help="Add each case's contract messages and checks, compiled from its steps, and the status it earns on "
                   "the reference engine (see adapters/schema/cases.json), so that the suite can be replayed in any "
                   "language.")
def dump_cases(ruleset: str | None, rules_as_of: str | None, with_messages: bool) -> None:
    """The compiled scenarios as JSON Lines (one case per line, with its steps), for running them without our
    runner. ``applies`` is false for a case outside the rules, one that depends on a change in doubt, an unresolved
    question ("?") or a question that does not arise ("-")."""
    records = case_records(ruleset, rules_as_of)
    compiled = _compiled_cases(ruleset, rules_as_of) if with_messages else {}
    for record in records:
        asserts = not record["unresolved"] and record["status"] != "not_applicable"  # "?" and "-" assert nothing
        record["applies"] = record["applies"] and asserts
        if with_messages:
            case = compiled[record["id"]]
            record.update(protocol=case["protocol"], capabilities=case["capabilities"], messages=case["messages"],
                          reference_status=case["reference_status"], reference_exchanges=case["reference_exchanges"])
        click.echo(json.dumps(record, ensure_ascii=False))


def _compiled_cases(ruleset: str | None, rules_as_of: str | None) -> dict[str, dict[str, Any]]:
    """Every scenario compiled under the selected rules (:mod:`shinpan.running.cases`), in the ``cases.json`` form, with
    the status it earns on the reference engine (played in this process; NOT_APPLICABLE or UNRESOLVED when it asserts
    nothing under these rules)."""
    from shinpan.running.cases import applicability, as_record, compile_case, execute
    from shinpan.running.cases.exchanges import Recorded
    from shinpan.running.session import AdapterSession

    changes = rulesets.load()
    state = changes.select(ruleset, rules_as_of)
    session = AdapterSession.open("reference", wrap=Recorded)
    reference = cast(Recorded, session.simulator)
    found = {}
    try:
        for scenario in suite.cases():
            case = compile_case(scenario, state.as_sent())
            skip = applicability(scenario.values, state, changes)
            reference.begin()
            status = skip.status if skip is not None else execute(case, session).status
            found[scenario.id] = {**as_record(case), "reference_status": status.value,
                                  "reference_exchanges": reference.exchanges}
    finally:
        session.stop()
    return found

"""The self-test's report for people: each broken rule by number with the exchange, then one line of counts."""

from __future__ import annotations

import json
from typing import Any

from shinpan.contract_test import ContractResult, Finding
from shinpan.contract_test.rules import rules
from shinpan.outputs import printable


def _shown(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return printable(text if len(text) <= 600 else text[:600] + " …", one_line=True)


def render(result: ContractResult, *, verbose: bool = False) -> str:
    """The findings as text: broken rules first (with request, answer and what the rule wants), then, with
    ``verbose``, every other probe's verdict, then the counts."""
    known = rules()
    lines = [f"contract-test: {printable(result.engine, one_line=True)}, rules state {result.rules_state}"]
    if result.note:
        lines.append(f"note: {result.note}")
    by_rule: dict[str, list[Finding]] = {}
    for finding in result.broken:  # each broken rule once, with the first exchange that broke it
        by_rule.setdefault(finding.rule, []).append(finding)
    for rule_id, found in by_rule.items():
        finding, rule = found[0], known.get(rule_id)
        lines.append(f"BROKEN {rule_id} {f'{rule.level} — {rule.title}' if rule else ''}")
        if finding.detail:
            lines.append(f"  found by:  the {finding.detail}")
        if finding.request is not None:
            lines.append(f"  request:   {_shown(finding.request)}")
            lines.append(f"  answer:    {_shown(finding.answer)}")
        lines.append(f"  the rule wants: {printable(finding.wants, one_line=True)}")
        if len(found) > 1:
            lines.append(f"  ({len(found) - 1} other probe(s) broke it too; -v lists every probe)")
    for finding in result.findings if verbose else ():
        number = finding.rule
        if finding.detail.startswith("probe of "):  # a rule broken by the probe of another
            number += f" (by the probe of {finding.detail.removeprefix('probe of ')})"
        why = f": {printable(finding.detail, one_line=True)}" if finding.detail and finding.verdict != "broken" else ""
        lines.append(f"{finding.verdict:<9} {number:<7} {finding.probe}{why}")
    counts = result.counts()
    lines.append(f"{counts.get('pass', 0)} probe(s) passed, {counts.get('broken', 0)} broken, "
                 f"{counts.get('skipped', 0)} skipped (unsupported, or not asked under these rules), "
                 f"{counts.get('untouched', 0)} not touched by the declared capabilities; "
                 f"rules broken: {', '.join(result.broken_rules) or 'none'}")
    lines.append("the contract: docs/contract.md (shinpan docs)")
    return "\n".join(lines) + "\n"

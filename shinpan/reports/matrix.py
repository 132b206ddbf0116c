"""The matrix (``shinpan matrix``): every scenario under every state of the rules, in one pytest session.

The states come from one function, :func:`states`, so that the revisions model alone decides what the matrix
covers. Each scenario is collected once and parametrized by state (pytest-xdist can spread the items over
processes); the results are then counted per state. Everything printed or written is ordered by state, then
by scenario id, whatever order the scenarios ran in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.table import Table

from shinpan.reports.outcomes import Status
from shinpan.reports.summary import COLUMNS, heading, text_lines
from shinpan.suite.rulesets import Changes, RulesState

FAILING = frozenset({Status.FAIL, Status.SCRIPT_MISMATCH, Status.ERROR, Status.CRASH, Status.TIMEOUT, Status.XPASS})
"""Statuses that make a state fail (an XPASS allowed by ``--allow-xpass`` is counted by pytest, not here)."""


def states(changes: Changes) -> tuple[RulesState, ...]:
    """The states of the rules the matrix runs: just before and just after every change, and today; each distinct
    set of standings once (:meth:`shinpan.suite.rulesets.Changes.same_states` names the equal ones)."""
    return changes.states()


def rows(state_ids: Iterable[str], statuses: Iterable[tuple[str, str]]) -> list[dict[str, Any]]:
    """One row per state: ``{"ruleset", "totals", "exit_status"}``, from ``(state id, status)`` pairs.
    ``exit_status`` is 1 when a scenario failed under that state."""
    counts: dict[str, Counter[str]] = {state: Counter() for state in state_ids}
    for state, status in statuses:
        counts.setdefault(state, Counter())[status] += 1
    failing = {status.value for status in FAILING}
    return [{"ruleset": state, "totals": {c.value: found[c.value] for c in COLUMNS if found[c.value]},
             "exit_status": int(any(found[status] for status in failing))} for state, found in counts.items()]


def render(table: Sequence[Mapping[str, Any]], width: int = 200) -> list[str]:
    """The rows as text at most ``width`` wide: a row per state, a column per status some state earned (and pass),
    and the changes in doubt;
    under a state, the states with the same standings (``= before:…``), which were not run again."""
    shown = Table(caption="= : the same changes in force and in doubt as the state above", caption_justify="left")
    shown.add_column("rules")
    columns = [c for c in COLUMNS if c == Status.PASS or any(row["totals"].get(c.value) for row in table)]
    for status in columns:  # a status no state earned is not a column
        shown.add_column(heading(status), justify="right")
    shown.add_column("in doubt")
    for row in table:
        totals = row["totals"]
        shown.add_row(row["ruleset"], *(str(totals.get(c.value, 0)) for c in columns),
                      ", ".join(row.get("in_doubt", [])) or "-")
        for label in row.get("same_as", []):
            shown.add_row(f"  = {label}")
    return text_lines(shown, width=width)


def annotate(table: list[dict[str, Any]], changes: Changes) -> list[dict[str, Any]]:
    """Add to each row the changes in doubt in its state and the other states with the same standings."""
    groups = {group[0].label: group for group in changes.same_states()}
    for row in table:
        group = groups.get(row["ruleset"], ())
        row["in_doubt"] = list(group[0].in_doubt) if group else []
        row["same_as"] = [state.label for state in group[1:]]
    return table

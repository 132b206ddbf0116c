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

from shinpan.outcomes import Status
from shinpan.rulesets import Revision, Revisions
from shinpan.summary import COLUMNS

FAILING = frozenset({Status.FAIL, Status.SCRIPT_MISMATCH, Status.ERROR, Status.CRASH, Status.TIMEOUT, Status.XPASS})
"""Statuses that make a state fail (an XPASS allowed by ``--allow-xpass`` is counted by pytest, not here)."""


def states(revisions: Revisions) -> tuple[Revision, ...]:
    """The states of the rules the matrix runs, oldest first: every revision."""
    return revisions.items


def rows(state_ids: Iterable[str], statuses: Iterable[tuple[str, str]]) -> list[dict[str, Any]]:
    """One row per state: ``{"ruleset", "totals", "exit_status"}``, from ``(state id, status)`` pairs.
    ``exit_status`` is 1 when a scenario failed under that state."""
    counts: dict[str, Counter[str]] = {state: Counter() for state in state_ids}
    for state, status in statuses:
        counts.setdefault(state, Counter())[status] += 1
    failing = {status.value for status in FAILING}
    return [{"ruleset": state, "totals": {c.value: found[c.value] for c in COLUMNS if found[c.value]},
             "exit_status": int(any(found[status] for status in failing))} for state, found in counts.items()]


def render(table: Sequence[Mapping[str, Any]]) -> list[str]:
    """The rows as text: a line per state, a column per status."""
    lines = [f"{'ruleset':<16}" + "".join(f"{c.value.lower():>16}" for c in COLUMNS)]
    for row in table:
        totals = row["totals"]
        lines.append(f"{row['ruleset']:<16}" + "".join(f"{totals.get(c.value, 0):>16}" for c in COLUMNS))
    return lines

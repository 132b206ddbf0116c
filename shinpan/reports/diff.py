"""``shinpan diff A B``: what the suite says differently between two states of the rules (ルールの差分).

A and B are days or changes (``2021-03-15``, ``2021-03-16``, ``before:2021-03-16``). A scenario *moves* when its
standing differs between them: it applies (its ruling is asserted), it is NOT_APPLICABLE (its window excludes the
state), or it is UNRESOLVED (it names a change in doubt there, or it is an open question, ``@status:unresolved``).
The change responsible is each change the scenario's ``@since``/``@until`` names whose standing differs between A
and B. A maintainer reads this when a new
revision is published: the scenarios it ends, the ones it starts, and the changes whose date is in doubt between.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from shinpan import paths
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite

APPLIES = "applies"


@dataclass(frozen=True)
class Move:
    """One scenario whose standing differs between the two states."""

    id: str
    name: str
    place: str
    """``features/…feature:line``."""
    rules: tuple[str, ...]
    before: str
    """``applies``, ``NOT_APPLICABLE`` or ``UNRESOLVED`` in the first state."""
    after: str
    changes: tuple[str, ...]
    """The changes named by its window whose standing differs between the states."""


@dataclass(frozen=True)
class Diff:
    """Every move between two states, and the changes that differ between them."""

    first: rulesets.RulesState
    second: rulesets.RulesState
    moves: tuple[Move, ...]

    @property
    def changed(self) -> tuple[str, ...]:
        """Changes whose standing differs between the states (settled, or in doubt on one side), in file order."""
        return changed_between(self.first, self.second)

    @property
    def in_doubt(self) -> tuple[str, ...]:
        """Changes in doubt in either state, in file order."""
        return tuple(c for c, _ in self.first.standings if c in (*self.first.in_doubt, *self.second.in_doubt))

    def by_change(self) -> dict[str, list[Move]]:
        """The moves grouped by the change responsible (a move naming several changes is under each)."""
        groups: dict[str, list[Move]] = {change: [] for change in self.changed}
        for move in self.moves:
            for change in move.changes:
                groups.setdefault(change, []).append(move)
        return {change: moves for change, moves in groups.items() if moves}


def standing(state: rulesets.RulesState, case: suite.Case, changes: rulesets.Changes) -> str:
    """How a scenario stands in ``state``: ``applies``, ``NOT_APPLICABLE`` or ``UNRESOLVED`` — as a run decides it,
    so an open question (``@status:unresolved``) inside its window is UNRESOLVED, never ``applies``."""
    return rulesets.scenario_verdict(state, case.values, changes).status or APPLIES


def changed_between(first: rulesets.RulesState, second: rulesets.RulesState) -> tuple[str, ...]:
    """The changes whose standing differs between ``first`` and ``second``, in file order."""
    return tuple(c for c, standing in first.standings if standing != second.standing(c))


def diff(changes: rulesets.Changes, first: rulesets.RulesState, second: rulesets.RulesState,
         cases: Iterable[suite.Case]) -> Diff:
    """Every scenario of ``cases`` whose standing differs between ``first`` and ``second``."""
    changed = changed_between(first, second)
    moves: dict[str, Move] = {}
    for case in cases:
        before, after = standing(first, case, changes), standing(second, case, changes)
        if before == after or case.id in moves:
            continue
        named = (*case.values.since, *case.values.until)
        moves[case.id] = Move(case.id, case.name, f"{paths.relative(case.path)}:{case.line}", tuple(case.values.rule),
                              before, after, tuple(c for c in named if c in changed))
    return Diff(first, second, tuple(sorted(moves.values(), key=lambda m: m.id)))


def as_json(result: Diff) -> dict[str, object]:
    """The diff as one JSON document."""
    return {
        "from": result.first.label, "to": result.second.label, "changed": list(result.changed),
        "in_doubt": list(result.in_doubt),
        "moves": [{"id": m.id, "name": m.name, "place": m.place, "rules": list(m.rules), "from": m.before,
                   "to": m.after, "changes": list(m.changes)} for m in result.moves],
    }


def as_lines(result: Diff, changes: rulesets.Changes, markdown: bool = False) -> list[str]:
    """The diff as text: a heading per change responsible, a line per scenario; markdown for a CI summary."""
    head = f"{result.first.label} → {result.second.label}"
    lines = [f"## shinpan diff {head}" if markdown else f"shinpan diff {head}", ""]
    if not result.moves:
        lines.append("Nothing changes: every scenario stands the same in both states.")
    for change_id, moves in result.by_change().items():
        title = changes.get(change_id).describe()
        lines.append(f"### {title}" if markdown else title)
        if markdown:
            lines += ["", "| scenario | rules | from | to |", "|---|---|---|---|"]
        for move in moves:
            rules = " ".join(move.rules) or "-"
            lines.append(f"| `{move.id}` {move.name} | {rules} | {move.before} | {move.after} |" if markdown
                         else f"  {move.id:<36} {move.before:>14} → {move.after:<14} rules {rules}  {move.place}")
        lines.append("")
    lines.append(f"changes in doubt in either state: {', '.join(result.in_doubt) or 'none'}")
    return lines

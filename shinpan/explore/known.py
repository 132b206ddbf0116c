"""Known deviations (既知の逸脱): findings an expectations entry already shows, recognised by how they fail.

An adapter's expectations file (``--expectations``) names the scenarios it is known to fail. Each entry that expects
``FAIL`` or ``SCRIPT_MISMATCH`` — never ``UNSUPPORTED`` or another status: a scenario the engine does not play shows
no deviation — is compiled and played again on the engine, alone, and every way it goes wrong is noted: each check
the engine fails, by its form (:func:`signature`: the check, the fact kind it reads, the keys it matches on — not the
values), after the kind of action played last; or the status a move ended with (``script_mismatch``), after that
action. A finding's case is played on the engine the same way.

A finding is *known* when every way its case goes wrong is a way one entry's scenario goes wrong — the same check on
the same fact kind after the same kind of action — and that entry is the only one: a finding that also fails another
way shows something new beside the known deviation, and one that two entries match is ambiguous. Either is new.
The report names the entry; a new finding fails the run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shinpan.adapters.locations import features_dir
from shinpan.explore.engines import PLAYED, AnswerStatus, Engine
from shinpan.explore.findings import Finding
from shinpan.explore.oracle import Judged, Played, play
from shinpan.reports import expectations
from shinpan.reports.outcomes import Status
from shinpan.running.cases import Case, Check, Move, compile_case
from shinpan.running.checks import AllOf, AnyOf, CheckForm, Count, InZone, Not, ObjectField, Position, ZoneCount
from shinpan.suite import scenarios as suite
from shinpan.suite.rulesets import RulesState

KNOWABLE = (Status.FAIL, Status.SCRIPT_MISMATCH)
"""The expected statuses that name a deviation (a scenario the engine plays, and plays otherwise)."""

Signature = tuple[str, ...]
"""The form of a check: its kind, the fact kind it reads, and the keys it matches on (never the values)."""
Way = tuple[str, Signature]
"""One way a case goes wrong: the kind of action played last (``setup`` before any), and the failed check's
signature or, for a move that ended the case, ``("status", STATUS)``."""


@dataclass(frozen=True)
class Deviation:
    """An entry that expects its scenario to fail, and every way the scenario went wrong when played again."""

    scenario: str
    status: str
    ways: frozenset[Way]


def signature(check: CheckForm) -> Signature:
    """The form of a check (what it reads, not the values it expects); combined checks by their parts."""
    if isinstance(check, (AllOf, AnyOf)):
        return (check.kind, *("/".join(signature(part)) for part in check.of))
    if isinstance(check, Not):
        return ("not", "/".join(signature(check.of)))
    where = check.where if isinstance(check, Count) else {}
    return (check.kind, _reads(check), str(where.get("type", "")), *sorted(where))


def _reads(check: CheckForm) -> str:
    """The fact kind a check reads: an object's field, a list, or a zone (none for the other forms)."""
    if isinstance(check, ObjectField):
        return check.field
    if isinstance(check, Count):
        return check.listed.value
    return check.zone if isinstance(check, (InZone, ZoneCount, Position)) else ""


def deviations(path: Path, engine: Engine, state: RulesState) -> list[Deviation]:
    """The known deviations of an expectations file under ``state``: each ``FAIL`` or ``SCRIPT_MISMATCH`` entry whose
    scenario is in the suite, played again on ``engine``."""
    expected = expectations.load(path).under(state.label, state.day)
    wanted = {case_id: entry.status for case_id, entry in expected.entries.items() if entry.status in KNOWABLE}
    found: list[Deviation] = []
    for scenario in suite.cases(features_dir()):
        if scenario.id in wanted:
            case = compile_case(scenario, state.as_sent())
            found.append(Deviation(scenario.id, wanted[scenario.id].value, ways(case, engine)))
    return found


def recognised(finding: Finding, known: Sequence[Deviation], engine: Engine) -> str | None:
    """The id of the one known deviation ``finding`` is an instance of, if there is exactly one."""
    if not known:
        return None
    shown = ways(finding.case, engine)
    matching = [d.scenario for d in known if shown and shown <= d.ways]
    return matching[0] if len(matching) == 1 else None


def ways(case: Case, engine: Engine) -> frozenset[Way]:
    """Every way ``case`` goes wrong on ``engine``: each check it fails, judged after the moves before it as the
    scenario runs, and the status of a move that ends it (after which nothing more is judged)."""
    moves: list[Move] = []
    after: list[list[Check]] = [[]]  # the checks after the setup, then after each move
    for _, item in case.items():
        if isinstance(item, Move):
            moves.append(item)
            after.append([])
        elif isinstance(item, Check):
            after[-1].append(item)
    replayed = _Replayed(engine, after)
    play(Played(case.setup), replayed.begin, replayed.step, moves)
    return frozenset(replayed.found)


UNPLAYED = ("setup", ("status", "unplayed"))
"""What ends a case whose setup the engine does not take (no way of going wrong is noted then)."""


@dataclass
class _Replayed:
    """A scenario's case played again, the ways it goes wrong noted step by step (by
    :func:`~shinpan.explore.oracle.play`)."""

    engine: Engine
    after: list[list[Check]]
    """The checks after the setup, then after each move."""
    found: set[Way] = field(default_factory=set)

    def begin(self, played: Played) -> Judged[Way]:
        if self.engine.start(played.setup).status is not AnswerStatus.OK:
            return None, UNPLAYED
        return self._judged(played, None)

    def step(self, played: Played, move: Move) -> Judged[Way]:
        played.moves.append(move)
        answer = self.engine.act(move)
        if answer.status not in PLAYED:
            return self._ended(played, answer.status)
        return self._judged(played, answer.message if answer.status is AnswerStatus.REJECTED else None)

    def _judged(self, played: Played, rejection: str | None) -> Judged[Way]:
        """Each check after this step, judged against the board (observed once, if a check needs it) or the move's
        rejection."""
        seen: Mapping[str, Any] | None = None
        for item in self.after[len(played.moves)]:
            if item.needs_observation and seen is None:
                answer = self.engine.observe()
                if answer.observation is None:
                    return self._ended(played, answer.status)
                seen = answer.observation
            if item.check.judge(seen, rejection) is not None:
                self.found.add((played.step, signature(item.check)))
        return seen, None

    def _ended(self, played: Played, status: str) -> Judged[Way]:
        way = (played.step, ("status", status))
        self.found.add(way)
        return None, way

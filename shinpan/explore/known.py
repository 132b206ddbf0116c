"""Known deviations (既知の逸脱): findings an expectations entry already shows, recognised by running it again.

An adapter's expectations file (``--expectations``) names the scenarios it is known to fail. Each such scenario is
compiled and played again on the engine — never matched by the words of its message:

- alongside the reference engine, move by move as the differential run plays a case: the kind of step and the kind
  of fact of its first difference are the deviation's cause;
- alone, judging its checks: the forms of the checks the engine fails (the check, the field or list it reads, the
  keys it matches on) are the deviation's checks.

A finding is *known* when its cause is a known deviation's (the same kind of step, the same kind of fact), or when it
fails a check of the same form as a known deviation's. The report says which entry; the finding is still reported.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shinpan import expectations, suite
from shinpan.adapters.locations import features_dir
from shinpan.cases import Case, Check, Move, Setup, compile_case
from shinpan.checks import judge
from shinpan.explore.case import owners
from shinpan.explore.engines import Engine
from shinpan.explore.findings import Finding
from shinpan.explore.observations import differences, facts
from shinpan.outcomes import Status
from shinpan.rulesets import RulesState

Signature = tuple[str, ...]
"""The form of a check: its kind, the field or list it reads, and the keys it matches on."""


@dataclass(frozen=True)
class Deviation:
    """A scenario the expectations file expects to fail, as it went when played again."""

    scenario: str
    cause: tuple[str, str] | None
    """The kind of step and the kind of fact of its first difference with the reference engine, if any."""
    checks: frozenset[Signature]
    """The forms of the checks the engine fails in it."""


def signature(check: Mapping[str, Any]) -> Signature:
    """The form of a check (what it reads, not the values it expects)."""
    return (str(check["check"]), str(check.get("field", check.get("list", check.get("zone", "")))),
            *sorted(check.get("where", {})))


def deviations(path: Path, engine: Engine, reference: Engine, state: RulesState) -> list[Deviation]:
    """The known deviations of an expectations file under ``state``: each entry that expects the scenario not to
    pass, whose scenario is in the suite, played again."""
    expected = expectations.load(path).under(state.label, state.day)
    wanted = {case_id for case_id, entry in expected.entries.items() if entry.status != Status.PASS}
    found: list[Deviation] = []
    for scenario in suite.cases(features_dir()):
        if scenario.id in wanted:
            case = compile_case(scenario, state.as_sent())
            moves = [item for _, item in case.items() if isinstance(item, Move)]
            found.append(Deviation(scenario.id, _first_difference(case.setup, moves, engine, reference),
                                   _failed(case, engine)))
    return found


def recognised(finding: Finding, known: Sequence[Deviation]) -> str | None:
    """The id of the known deviation ``finding`` is an instance of, if any."""
    cause = (finding.cause.step, finding.cause.what)
    failed = {signature(check) for check in finding.checks}
    for deviation in known:
        if deviation.cause == cause or (finding.cause.oracle != "differential" and failed & deviation.checks):
            return deviation.scenario
    return None


def _first_difference(setup: Setup, moves: Sequence[Move], engine: Engine,
                      reference: Engine) -> tuple[str, str] | None:
    if engine.start(setup).status != "ok" or reference.start(setup).status != "ok":
        return None
    who = owners(setup.state)
    observables = set(engine.capabilities["observables"]) & set(reference.capabilities["observables"])
    for step, move in [("setup", None), *((m.action["type"], m) for m in moves)]:
        if move is not None and engine.act(move).status != reference.act(move).status:
            return step, "status"
        ours, theirs = engine.observe(), reference.observe()
        if ours.observation is None or theirs.observation is None:
            return None
        found = differences(facts(theirs.observation, observables, who), facts(ours.observation, observables, who))
        if found:
            return step, found[0].kind
    return None


def _failed(case: Case, engine: Engine) -> frozenset[Signature]:
    """The forms of the checks the engine fails, each judged after the moves before it, as the scenario runs."""
    if engine.start(case.setup).status != "ok":
        return frozenset()
    failed: set[Signature] = set()
    seen: Mapping[str, Any] | None = None
    for _, item in case.items():
        if isinstance(item, Move):
            engine.act(item)
            seen = None
        elif isinstance(item, Check) and item.needs_observation:
            seen = seen if seen is not None else engine.observe().observation
            if seen is not None and judge(item.check, seen, None) is not None:
                failed.add(signature(item.check))
    return frozenset(failed)

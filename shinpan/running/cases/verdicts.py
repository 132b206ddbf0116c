"""判定: how a scenario's run ends as a status — one implementation, called by the pytest plugin and the executor.

- :func:`applicability` — whether a scenario asserts anything under a rules state (NOT_APPLICABLE, UNRESOLVED);
- :func:`lacking` — whether the adapter lacks a mechanic or a change the scenario needs (UNSUPPORTED);
- :func:`status_of_error` — the status and message an exception stands for (a skip carries its own);
- :func:`against_expectations` — the status judged against the adapter's expectations file (XFAIL, XPASS).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from shinpan.adapters.contract import Capabilities
from shinpan.adapters.registry import ADAPTER_TRACEBACK
from shinpan.reports import expectations as expectations_
from shinpan.reports.outcomes import ScenarioSkip, ScenarioSkipped, Status, status_of_failure
from shinpan.suite import rulesets
from shinpan.suite.rulesets import Changes, RulesState, scenario_verdict
from shinpan.suite.tags import TagValues

FAILING = frozenset({Status.FAIL, Status.SCRIPT_MISMATCH, Status.ERROR, Status.CRASH, Status.TIMEOUT, Status.XPASS})
"""Statuses that fail a run (an XPASS allowed by ``--allow-xpass`` aside)."""

ADAPTER_ENDED = (Status.CRASH, Status.TIMEOUT)
"""Statuses of an adapter that died or hung: kept as they are wherever they happen."""


def applicability(values: TagValues, state: RulesState, changes: Changes) -> ScenarioSkip | None:
    """Why a scenario asserts nothing under ``state`` (its status and reason), or None: it runs. Its
    ``@since``/``@until`` tags decide first (a change in doubt: UNRESOLVED), then ``@status:unresolved`` and
    ``@status:not_applicable``. An unknown change id is a :class:`~shinpan.errors.RulesetError`."""
    verdict = scenario_verdict(state, values, changes)
    return None if verdict.status is None else ScenarioSkip(Status(verdict.status), str(verdict.reason))


def lacking(capabilities: Capabilities, mechanics: Iterable[str], since: Iterable[str] = (),
            until: Iterable[str] = (), rules: str | None = None) -> ScenarioSkip | None:
    """UNSUPPORTED if the adapter does not implement a mechanic the scenario requires (``@requires:``), or does not
    play both sides of a change it names (``@since:``/``@until:``); else None. The first lacking one is named.

    An adapter that says which states of the rules it plays (``capabilities.rules``) plays the state labelled
    ``rules`` whole, or not at all (:meth:`shinpan.suite.rulesets.Changes.plays`): its ``changes`` are not asked
    then."""
    for mechanic in mechanics:
        if mechanic not in capabilities["mechanics"]:
            return ScenarioSkip(Status.UNSUPPORTED, f"mechanic {mechanic!r} is not implemented by the adapter")
    played = capabilities.get("rules")
    if played is not None and rules is not None:
        known = rulesets.load()
        if known.plays(played, known.named(rules)):
            return None
        return ScenarioSkip(Status.UNSUPPORTED, f"the adapter does not play the rules of {rules} "
                                                f"(capabilities.rules: {json.dumps(played)})")
    for name, changes in (("since", since), ("until", until)):
        for change in changes:
            if change not in capabilities["changes"]:
                return ScenarioSkip(Status.UNSUPPORTED, f"the adapter does not play both sides of change {change!r} "
                                                        f"(@{name}:{change})")
    return None


def status_of_error(error: BaseException, *, before_steps: bool = False) -> tuple[Status, str]:
    """The status and message an exception ends a scenario with. A skip carries its status and reason; a failure
    is named by its type (:func:`shinpan.reports.outcomes.status_of_failure`); before the steps (the adapter starting,
    the scenario's fixtures) anything but a crash or a timeout is an ERROR."""
    if isinstance(error, ScenarioSkipped):
        return error.skip.status, error.skip.reason
    status = status_of_failure(type(error))
    if before_steps and status not in ADAPTER_ENDED:
        status = Status.ERROR
    return status, message_of(f"{type(error).__name__}: {error}")


ADAPTER_DETAILS = ("--- adapter stderr", ADAPTER_TRACEBACK)
"""The lines after which a failure's message carries the adapter's own details (its stderr tail, or the traceback
of an in-process adapter): the report keeps them."""


def message_of(text: str) -> str:
    """A failure's message for the report: its first line, and any adapter stderr tail or traceback that follows."""
    first, _, rest = text.strip().partition("\n")
    start = min((rest.find(marker) for marker in ADAPTER_DETAILS if marker in rest), default=-1)
    tail = rest[start:] if start >= 0 else ""
    return (first[:500] + ("\n" + tail[-2000:] if tail else "")).strip()


@dataclass(frozen=True)
class Judged:
    """A status judged against an expectations entry."""

    status: Status
    """XFAIL (the expected status), XPASS (a pass where something else was expected), or the status as it was."""
    message: str
    actual: Status
    """The status the engine earned."""
    expected: Status
    issue: str | None
    note: str
    """``expected STATUS: reason (issue)``: what pytest shows as the reason of an xfail."""


def against_expectations(expected: expectations_.Expectation, status: Status, message: str) -> Judged:
    """Judge ``status`` against the expectations entry: XFAIL if it is the status expected, XPASS if it passed where
    something else was expected; the message says what was expected (and the earned status is kept)."""
    judged = expectations_.judge(expected, status)
    note = f"expected {expected.status.value}: {expected.reason}"
    if expected.issue:
        note += f" ({expected.issue})"
    text = f"passed; {note}" if judged == Status.XPASS else f"{message} [{note}]".strip()
    return Judged(judged, text, status, expected.status, expected.issue, note)


def fails(status: Status, *, allow_xpass: bool = False) -> bool:
    """Whether ``status`` fails the run."""
    return status in FAILING and not (status == Status.XPASS and allow_xpass)

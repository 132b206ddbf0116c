"""Findings (発見): a counterexample, its cause, and the checks that make it a scenario.

A finding is a case that shows an engine going wrong, cut at the first step where it does. Its *cause* — the oracle
(the differential run, or a property), the kind of step (``setup`` or the action type of the move) and what went
wrong there (the kind of fact that differed, the property's expectation, or the fault) — groups findings: two
counterexamples with one cause are one finding, the smallest kept. Its *checks* are what its printed scenario
asserts at that step: for a difference, the reference engine's view of the facts that differ; for a property, the
facts the property expects; for a fault, that the move is played at all.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NewType

from shinpan.explore.case import as_json, moves_of, names
from shinpan.explore.engines import AnswerStatus
from shinpan.running.cases import Case
from shinpan.running.checks import CheckForm


class Wrong(StrEnum):
    """What went wrong at a step where no single fact differs: the answer, a question, a rule, or the adapter."""

    STATUS = "status"
    """The engine answered a move otherwise than the reference engine (行動が認められるか)."""
    QUESTION = "question"
    """The engine asked a question (尋ねる選択) the reference engine does not."""
    BREAKS_THE_RULE = "breaks the rule"
    """The engine's observation breaks what a property expects (規則が守られていない)."""
    CRASH = "crash"
    """The adapter died (異常終了)."""
    TIMEOUT = "timeout"
    """The adapter did not answer in time (時間切れ)."""
    ERROR = "error"
    """The adapter answered with an error, or with no observation."""

    @classmethod
    def of(cls, fault: AnswerStatus) -> Wrong:
        """The fault an adapter's answer shows (crash, timeout; anything else not played is an error)."""
        return cls(fault.value) if fault in (AnswerStatus.CRASH, AnswerStatus.TIMEOUT) else cls.ERROR

    @property
    def fault(self) -> bool:
        """Whether the adapter failed (crash, hang, error) rather than answered differently."""
        return self in (Wrong.CRASH, Wrong.TIMEOUT, Wrong.ERROR)


FactKind = NewType("FactKind", str)
"""The kind of fact two engines disagree on (``place``, ``tapped``, ``events.triggered``…:
:data:`shinpan.explore.observations.ORDER`)."""

What = Wrong | FactKind
"""What goes wrong at a finding's step: a kind of fact that differs, or a :class:`Wrong`. Both are text, so causes
sort and print by it."""


@dataclass(frozen=True, order=True)
class Cause:
    """What a finding is an instance of: the oracle, the kind of step where it shows, and what goes wrong there."""

    oracle: str
    """``differential``, or a property's id."""
    step: str
    """``setup``, or the action type of the move after which it shows."""
    what: What
    """The kind of fact that differs (``place``, ``tapped``, ``events.triggered``, …), or what else went wrong (the
    answer's ``status``, a ``question``, a property's rule broken, or the fault: ``crash``, ``timeout``, ``error``)."""

    @property
    def key(self) -> str:
        """One line naming the cause."""
        return f"{self.oracle}: {self.what} after {self.step}"

    @property
    def fault(self) -> bool:
        """Whether the adapter failed (crash, hang, error) rather than answered differently."""
        return isinstance(self.what, Wrong) and self.what.fault


@dataclass(frozen=True)
class Finding:
    """A counterexample: its cause, the case up to the step where it shows, and what its scenario checks."""

    cause: Cause
    case: Case
    message: str
    """What went wrong, in one or a few lines."""
    checks: tuple[CheckForm, ...] = ()
    """The checks the scenario makes after the last move (or after the setup, for a case with no move); the case
    makes them too, in its last step."""
    rules: tuple[str, ...] = ()
    """Rule numbers a person should confirm (the property's, or none for a difference)."""
    sources: tuple[str, ...] = ()
    """Sources of ``features/sources.yaml`` to cite."""
    seed: int = 0
    """The exploration's seed that found it."""
    details: tuple[str, ...] = field(default=())
    """Every difference seen at that step (the first names the cause)."""

    def size(self) -> tuple[int, int]:
        """How big the case is (moves, then cards): the smaller of two findings with one cause is kept."""
        return len(moves_of(self.case)), len(names(self.case))

    def as_json(self) -> dict[str, Any]:
        """The finding as JSON (without its printed scenario)."""
        return {"cause": {"oracle": self.cause.oracle, "step": self.cause.step, "what": str(self.cause.what)},
                "message": self.message, "case": as_json(self.case), "checks": [c.to_json() for c in self.checks],
                "rules": list(self.rules), "sources": list(self.sources),
                "details": list(self.details)}


class Counterexample(Exception):
    """Raised inside a Hypothesis example to report a finding; one subclass per cause, so that Hypothesis tells
    causes apart and shrinks each on its own."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.cause.key + "\n" + finding.message)
        self.finding = finding


_CLASSES: dict[Cause, type[Counterexample]] = {}


def counterexample(finding: Finding) -> Counterexample:
    """The exception that reports ``finding``: of the class of its cause."""
    kind = _CLASSES.get(finding.cause)
    if kind is None:
        kind = type(f"Counterexample_{len(_CLASSES)}", (Counterexample,), {"__module__": __name__})
        _CLASSES[finding.cause] = kind
    return kind(finding)


def smallest(findings: Sequence[Finding]) -> list[Finding]:
    """One finding per cause, the smallest case of each, in the order of their causes."""
    best: dict[Cause, Finding] = {}
    for finding in findings:
        kept = best.get(finding.cause)
        if kept is None or (finding.size(), _text(finding)) < (kept.size(), _text(kept)):
            best[finding.cause] = finding
    return [best[cause] for cause in sorted(best)]


def _text(finding: Finding) -> str:
    return json.dumps(as_json(finding.case), sort_keys=True, ensure_ascii=False)


TRACEBACK = re.compile(r"Traceback \(most recent call last\):.*", re.DOTALL)
PATH = re.compile(r"(?:[A-Za-z]:)?(?:[\\/][\w.@+~-]+){2,}")


def plain(text: str) -> str:
    """A message as a scenario's note may hold it: its traceback cut, each absolute path shown by its last name."""
    text = TRACEBACK.sub("", text).strip()
    return PATH.sub(lambda m: re.split(r"[\\/]", m.group(0))[-1], text)

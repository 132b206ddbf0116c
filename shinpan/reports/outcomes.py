"""Result statuses (判定) of a scenario, and how pytest outcomes map onto them.

PASS and FAIL are pytest's pass and assertion failure. UNSUPPORTED and UNOBSERVABLE are skips that carry
their status as data (:class:`ScenarioSkipped`) — never failures. SCRIPT_MISMATCH and ERROR are failures raised
as the contract's errors (:mod:`shinpan.adapters.errors`: ``ScriptMismatchError``, ``AdapterError``), so pytest
shows their names; the plugin tells them apart from FAIL.
Scenarios that do not apply under the selected ruleset are NOT_APPLICABLE; ``@status:unresolved``
ones are UNRESOLVED (documented open questions that assert nothing). CRASH and TIMEOUT are failures
of a subprocess adapter (it exited, or did not answer in time); XFAIL and XPASS compare a status with
the adapter's expectations file (:mod:`shinpan.reports.expectations`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NoReturn

import pytest

from shinpan.adapters.errors import AdapterCrash, AdapterTimeout, ScriptMismatchError


class Status(StrEnum):
    """Every status a scenario can end with."""

    PASS = "PASS"
    FAIL = "FAIL"
    UNSUPPORTED = "UNSUPPORTED"
    UNOBSERVABLE = "UNOBSERVABLE"
    SCRIPT_MISMATCH = "SCRIPT_MISMATCH"
    ERROR = "ERROR"
    NOT_APPLICABLE = "NOT_APPLICABLE"
    UNRESOLVED = "UNRESOLVED"
    CRASH = "CRASH"
    TIMEOUT = "TIMEOUT"
    XFAIL = "XFAIL"
    XPASS = "XPASS"


NOT_RUN = (Status.NOT_APPLICABLE, Status.UNRESOLVED)
"""Statuses of scenarios that assert nothing under this run: left out of conformance and coverage, and never
expected or unexpected."""


@dataclass(frozen=True)
class ScenarioSkip:
    """A scenario that ends without asserting: its status (UNSUPPORTED, UNOBSERVABLE, NOT_APPLICABLE, UNRESOLVED)
    and the reason."""

    status: Status
    reason: str

    @property
    def shown(self) -> str:
        """How pytest shows the skip (``-rs``, JUnit XML): the status, then the reason."""
        return f"{self.status.value}: {self.reason}"


class ScenarioSkipped(pytest.skip.Exception):  # type: ignore[misc,name-defined]
    """pytest's skip, carrying the scenario's status as data for the plugin to read (never parsed back from the
    text). pytest shows it as it shows its own skips (``Skipped: <STATUS>: <reason>``)."""

    __module__ = "builtins"
    __qualname__ = "Skipped"

    def __init__(self, skip: ScenarioSkip) -> None:
        super().__init__(skip.shown)
        self.skip = skip


def skip(status: Status, reason: str) -> NoReturn:
    """Skip the running scenario with ``status`` and ``reason``."""
    raise ScenarioSkipped(ScenarioSkip(status, reason))


def unsupported(reason: str) -> NoReturn:
    """The adapter lacks a card, mechanic, ruleset or action the scenario needs."""
    skip(Status.UNSUPPORTED, reason)


def unobservable(field: str) -> NoReturn:
    """The adapter cannot report an observation field the scenario checks."""
    skip(Status.UNOBSERVABLE, f"the adapter does not report {field!r}")


def status_of_failure(exception_type: type[BaseException] | None) -> Status:
    """The status a failure stands for, by its exception type."""
    if exception_type is None:
        return Status.ERROR
    if issubclass(exception_type, AdapterCrash):
        return Status.CRASH
    if issubclass(exception_type, AdapterTimeout):
        return Status.TIMEOUT
    if issubclass(exception_type, ScriptMismatchError):
        return Status.SCRIPT_MISMATCH
    if issubclass(exception_type, AssertionError):
        return Status.FAIL
    return Status.ERROR

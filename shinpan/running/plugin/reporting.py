"""The JSON Lines report (``--report``): a header naming the engine, one line per scenario in order, and the footer
(totals, conformance, coverage), written whole at the end of the run — also of an interrupted one — so that the
previous report stays whole until the new one is complete (:func:`shinpan.reports.report.write`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from shinpan.reports import report as report_
from shinpan.reports.summary import Result

COMPLETED = (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED, pytest.ExitCode.NO_TESTS_COLLECTED)
"""The exit statuses of a run that went to its end."""


class ReportFile:
    """The report file of one run. Its header names the engine, so ``header`` (called for it once, when the
    first scenario ends or at the end) may start the adapter."""

    def __init__(self, path: str, header: Callable[[], dict[str, Any]]) -> None:
        self.path = path
        self._make_header = header
        self._header: dict[str, Any] | None = None
        self._started = time.monotonic()

    def head(self) -> dict[str, Any]:
        """The header (made on first use)."""
        if self._header is None:
            self._header = self._make_header()
        return self._header

    def case(self, case_id: str, state: str, result: Result) -> None:
        """A scenario ended: the header is known from now on (the adapter is running)."""
        self.head()

    def finish(self, ordered: Iterable[tuple[str, str, Result]], exit_status: int,
               warnings: Iterable[str] = ()) -> None:
        """Write the report: the header, the scenario lines in ``ordered``'s order, the footer (with the run's
        ``warnings``)."""
        ordered = list(ordered)
        lines = [report_.case(case_id, result, state) for case_id, state, result in ordered]
        footer = report_.footer([result for _, _, result in ordered], exit_status, time.monotonic() - self._started,
                                given_up(ordered), warnings)
        report_.write(self.path, [self.head(), *lines, footer])


def given_up(ordered: Iterable[tuple[str, str, Result]]) -> list[str]:
    """The rules states under which the adapter was given up (a result says so), each once, in order."""
    return list(dict.fromkeys(state for _, state, result in ordered if result.gave_up))

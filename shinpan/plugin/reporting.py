"""The JSON Lines report (``--report``): a header naming the engine, one line per scenario as it ends, and at
the end the scenario lines in order with the footer (totals, conformance, coverage)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from shinpan import report as report_
from shinpan.summary import Result


class ReportFile:
    """The report file of one run. The header comes first and once; it names the engine, so ``header`` (called
    for it) may start the adapter."""

    def __init__(self, path: str, header: Callable[[], dict[str, Any]]) -> None:
        try:
            self._writer: report_.ReportWriter | None = report_.ReportWriter(path)
        except OSError as error:
            raise pytest.UsageError(f"--report {path}: cannot write: {str(error.strerror).lower()}") from None
        self._header = header

    def _write_header(self, writer: report_.ReportWriter) -> None:
        if not writer.has_header:
            writer.write(self._header())

    def case(self, case_id: str, state: str, result: Result) -> None:
        """Append a scenario's line."""
        if self._writer is not None:
            self._write_header(self._writer)
            self._writer.write(report_.case(case_id, result, state))

    def finish(self, ordered: Iterable[tuple[str, str, Result]], exit_status: int) -> None:
        """Put the scenario lines, written as they came, in ``ordered``'s order, and add the footer."""
        if self._writer is not None:
            self._write_header(self._writer)
            ordered = list(ordered)
            lines = [report_.case(case_id, result, state) for case_id, state, result in ordered]
            footer = report_.footer([result for _, _, result in ordered], exit_status, self._writer.elapsed(),
                                    given_up(ordered))
            self._writer.rewrite_cases(lines, footer)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None


def given_up(ordered: Iterable[tuple[str, str, Result]]) -> list[str]:
    """The rules states under which the adapter was given up (a result says so), each once, in order."""
    return list(dict.fromkeys(state for _, state, result in ordered if result.gave_up))

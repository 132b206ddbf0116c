"""The pytest side of ``--trace DIR``: a plugin registered only when the option is given.

It wraps the run's simulator with a :class:`~shinpan.running.trace.Tracer`, starts a transcript when a scenario's
setup begins, notes each Gherkin step as it runs, and writes the transcript when the scenario's last report
(teardown) is in; in the matrix, the executor begins and ends one per state with the run's tracer
(:mod:`shinpan.running.plugin.allstates`). A run without ``--trace`` never loads this module, so it costs nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from shinpan.running.plugin.keys import CASE_KEY
from shinpan.running.plugin.run import RunContext
from shinpan.running.trace import Tracer, TranscriptDirectory, about


class TracePlugin:
    """Keeps one transcript per scenario in a directory."""

    def __init__(self, context: RunContext, directory: str) -> None:
        files = TranscriptDirectory(directory)
        context.transcript = lambda case_id: str(files.path(case_id))
        self.tracer = Tracer(files)
        self.context = context
        self._status = "ERROR"
        context.tracer = self.tracer
        context.lifecycle.wrappers.append(self.tracer.wrap)
        context.lifecycle.observer = self.tracer.note

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        case = item.stash.get(CASE_KEY, None)
        if case is not None and not self.context.is_matrix:  # the matrix keeps one per state as it plays them
            self._status = "ERROR"
            self.tracer.begin(self.context.transcript_key(case.id, None), about(case))

    def pytest_bdd_before_step(self, request: Any, feature: Any, scenario: Any, step: Any, step_func: Any) -> None:
        self.tracer.note({"kind": "step", "keyword": step.keyword.strip(), "text": step.name,
                          "line": step.line_number})

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        status = dict(report.user_properties).get("shinpan_status")
        if status is not None:
            self._status = str(status)
        if report.when == "teardown":
            self.tracer.end(self._status)

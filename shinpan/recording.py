"""The pytest side of ``--trace DIR``: a plugin registered only when the option is given.

It wraps the run's simulator with a :class:`~shinpan.trace.Tracer`, starts a transcript when a scenario's
setup begins, notes each Gherkin step as it runs, and writes the transcript when the scenario's last report
(teardown) is in. A run without ``--trace`` never loads this module, so it costs nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from shinpan import paths
from shinpan.plugin.keys import CASE_KEY, STATE_KEY
from shinpan.plugin.run import RunContext
from shinpan.trace import Tracer, TranscriptDirectory


class TracePlugin:
    """Keeps one transcript per scenario in a directory."""

    def __init__(self, context: RunContext, directory: str) -> None:
        files = TranscriptDirectory(directory)
        context.transcript = lambda case_id: str(files.path(case_id))
        self.tracer = Tracer(files)
        self.context = context
        self._status = "ERROR"
        context.lifecycle.wrappers.append(self.tracer.wrap)
        context.lifecycle.observer = self.tracer.note

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        case = item.stash.get(CASE_KEY, None)
        if case is not None:
            self._status = "ERROR"
            about = {"id": case.id, "feature": paths.relative_once(str(case.path)), "line": case.line,
                     "name": case.name, "rules": list(case.values.rule)}
            self.tracer.begin(self.context.transcript_key(case.id, item.stash.get(STATE_KEY, None)), about)

    def pytest_bdd_before_step(self, request: Any, feature: Any, scenario: Any, step: Any, step_func: Any) -> None:
        self.tracer.note({"kind": "step", "keyword": step.keyword.strip(), "text": step.name,
                          "line": step.line_number})

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        status = dict(report.user_properties).get("shinpan_status")
        if status is not None:
            self._status = str(status)
        if report.when == "teardown":
            self.tracer.end(self._status)

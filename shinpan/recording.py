"""The pytest side of ``--trace DIR``: a plugin registered only when the option is given.

It wraps the run's simulator with a :class:`~shinpan.trace.Tracer`, starts a transcript when a scenario's
setup begins, notes each Gherkin step as it runs, and writes the transcript when the scenario's last report
(teardown) is in. A run without ``--trace`` never loads this module, so it costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from shinpan import outputs, paths
from shinpan.plugin.keys import CASE_KEY, STATE_KEY
from shinpan.plugin.run import RunContext
from shinpan.trace import Line, Tracer, TranscriptDirectory


class TracePlugin:
    """Keeps one transcript per scenario in a directory."""

    def __init__(self, context: RunContext, sink: str | Callable[[str, list[Line]], None]) -> None:
        if isinstance(sink, str):
            files = TranscriptDirectory(sink)
            context.transcript = lambda case_id: str(files.path(case_id))
            sink = files
        self.tracer = Tracer(sink)
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


class CasePlugin(TracePlugin):
    """``--record-cases PATH`` (used by ``shinpan dump-cases --messages``): each scenario's transcript, as its
    messages and checks (see :mod:`shinpan.casedump`), one JSON line of PATH."""

    def __init__(self, context: RunContext, path: str) -> None:
        from shinpan.casedump import case_record

        self._path = path
        self._lines: list[str] = []

        def sink(case_id: str, lines: list[Line]) -> None:
            self._lines.append(outputs.json_line({"id": case_id, **case_record(lines)}) + "\n")

        super().__init__(context, sink)

    def pytest_unconfigure(self) -> None:
        outputs.write_text(self._path, "".join(self._lines))

"""The run's results: every test report (also those of pytest-xdist workers) that carries a scenario's status
becomes a :class:`~shinpan.reports.summary.Result` of the run, and the report file's line; at the end, its footer."""

from __future__ import annotations

from typing import Any

import pytest

from shinpan import paths
from shinpan.reports.coverage_warnings import breaks_minimum
from shinpan.reports.outcomes import Status
from shinpan.reports.summary import Result
from shinpan.running.plugin import junit, late_interrupts
from shinpan.running.plugin.run import RunContext


class ResultCollector:
    """Receives every report (also from xdist workers) and records the scenarios' statuses."""

    def __init__(self, context: RunContext) -> None:
        self.context = context

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        props = dict(report.user_properties)
        states = props.get("shinpan_states")
        if isinstance(states, list):  # a matrix test: one result per state, and one JUnit testcase, the scenario's
            junit.name_testcase(self.context.config, report, str(props["shinpan_id"]))
            scenario = props["shinpan_scenario"]
            assert isinstance(scenario, dict)
            about = _about(scenario)  # what every state's result says of the scenario, read once
            for state in states:
                self._record(str(scenario["shinpan_id"]), about, state, float(str(state["shinpan_duration"])))
        elif "shinpan_status" in props:
            junit.name_testcase(self.context.config, report, str(props["shinpan_id"]))
            self._record(str(props["shinpan_id"]), _about(props), props, report.duration)

    def _record(self, case_id: str, about: dict[str, Any], props: dict[str, object], duration: float) -> None:
        """One scenario's result under one state, from what its report carries
        (:mod:`shinpan.running.plugin.statuses`): ``about`` the scenario (:func:`_about`), ``props`` its run."""
        self.context.record(case_id, str(props["shinpan_state"]), Result(
            status=Status(str(props["shinpan_status"])), message=str(props["shinpan_message"]), duration=duration,
            actual=Status(str(props["shinpan_actual"])) if "shinpan_actual" in props else None,
            expected=Status(str(props["shinpan_expected"])) if "shinpan_expected" in props else None,
            issue=str(props["shinpan_issue"]) or None if "shinpan_issue" in props else None,
            step=str(props["shinpan_step"]) or None, step_line=int(str(props["shinpan_step_line"])) or None,
            transcript=str(props["shinpan_transcript"]) or None,
            started=bool(props.get("shinpan_started", True)), gave_up=bool(props.get("shinpan_gave_up", False)),
            **about))

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> None:
        self.context.collected = True

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """The adapter is stopped before the report is written, so that the footer gives the run's real end: an
        interrupt while the adapter stops (one that ignores ``stop``) makes the run interrupted (exit status 2)."""
        if self.context.handshake_failure() is not None and session.exitstatus == pytest.ExitCode.INTERRUPTED:
            # pytest-xdist stops its workers as if interrupted: the run failed (exit status 1), it was not interrupted
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
        if session.exitstatus == pytest.ExitCode.OK and breaks_minimum(
                [result for _, _, result in self.context.sorted_results()], self.context.min_coverage):
            session.exitstatus = pytest.ExitCode.TESTS_FAILED  # --min-coverage: a warning says why
        status = int(session.exitstatus)
        if not self.context.stop_adapter(status):
            status = session.exitstatus = pytest.ExitCode.INTERRUPTED
        late_interrupts.defer(session)  # from here an interrupt cannot cut the report short: it makes the status 2
        self.context.finish(status)


def _about(props: dict[str, object]) -> dict[str, Any]:
    """A result's fields that say where its scenario is and what it cites, from what the report carries."""
    return {"topic": str(props["shinpan_topic"]), "name": str(props["shinpan_name"]),
            "feature": paths.relative_once(str(props["shinpan_feature"])), "line": int(str(props["shinpan_line"])),
            "rules": tuple(_strings(props["shinpan_rules"])), "sources": tuple(_strings(props["shinpan_sources"]))}


def _strings(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list | tuple) else []

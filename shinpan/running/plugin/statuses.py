"""A scenario's status (判定), from its pytest outcome: a skip carries its status as data, a failure's exception
type names it (:mod:`shinpan.reports.outcomes`), and the expectations file turns an expected status into XFAIL and an
unexpected pass into XPASS. The status and what the report needs of the scenario travel on pytest's report
(its ``user_properties``), so that they reach the controller from pytest-xdist workers too."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from shinpan import paths
from shinpan.adapters.errors import AdapterGaveUp
from shinpan.reports import expectations as expectations_
from shinpan.reports.outcomes import ScenarioSkip, ScenarioSkipped, Status
from shinpan.running import failures
from shinpan.running.cases import against_expectations, fails, status_of_error
from shinpan.running.cases.verdicts import message_of
from shinpan.running.plugin.allstates import STATES_KEY, StateRun, summary_status
from shinpan.running.plugin.keys import CASE_KEY, SKIP_KEY, STEP_KEY
from shinpan.running.plugin.run import RUN_KEY
from shinpan.suite import scenarios as suite
from shinpan.suite.rulesets import RulesState

Properties = list[tuple[str, object]]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    report: pytest.TestReport = yield
    case = item.stash.get(CASE_KEY, None)
    if case is None:
        return report
    context = item.config.stash[RUN_KEY]
    runs = item.stash.get(STATES_KEY, None) if report.when == "call" else None
    if runs is not None:  # the matrix: every state of the scenario, played by the executor
        _report_states(item, report, case, runs)
    else:
        _report(item, report, call, case)
    if report.failed and context.lifecycle.failure is not None:
        item.session.shouldfail = STOPPED  # the adapter cannot start: every other scenario would fail alike
    return report


def _report(item: pytest.Item, report: pytest.TestReport, call: pytest.CallInfo[None], case: suite.Case) -> None:
    """A scenario's report under the run's state: its status and what the report needs of it."""
    context = item.config.stash[RUN_KEY]
    status, message = _status(item, report, call)
    extra: Properties = []
    failed = report.failed  # as the engine earned it: an expected failure keeps the step it failed in
    expectations = context.expectations_under(context.state)
    if status is not None and expectations is not None and expectations.get(case.id) is not None:
        status, message, extra = _judge(report, case.id, status, message, expectations, context.allow_xpass)
    if status is not None:
        # on the item too, so that pytest's JUnit XML (written at teardown) carries them as <property>
        item.user_properties += [("shinpan.id", case.id), ("shinpan.status", status.value)]
        step = item.stash.get(STEP_KEY, None) if failed else None
        transcript = context.transcript(context.transcript_key(case.id, None))
        gave_up = call.excinfo is not None and isinstance(call.excinfo.value, AdapterGaveUp)
        report.user_properties = [*report.user_properties, *extra, *_properties(
            case, context.state, status, message, step, transcript, context.lifecycle.started, gave_up)]
        if report.failed and report.when != "call" and status != Status.XPASS and _short(item):
            # a fixture's failure (pytest built its traceback): told as a scenario's failure all the same
            report.longrepr = _failure(item, case, status, message).render()


STOPPED = "the adapter could not start: the run stopped after its first scenario"
"""What pytest says when it stops the run because the adapter's handshake failed."""


class ScenarioTest(pytest.Function):
    """A scenario collected as a test (:class:`~shinpan.running.plugin.collection.FeatureModule` makes each of its tests
    one). Its failure is built as a :class:`~shinpan.running.failures.Failure` — the step, the check, the rules, the
    transcript — in the first place: pytest's own traceback (source read and parsed for every frame) costs a
    failing scenario many times a passing one, only to be thrown away. ``--tb=long`` or ``--tb=native`` still
    give pytest's traceback."""

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> Any:
        case = self.stash.get(CASE_KEY, None)
        if case is None or not _short(self):
            return super().repr_failure(excinfo)
        status, message = status_of_error(excinfo.value)
        return _failure(self, case, status, message).render()


def _short(item: pytest.Item) -> bool:
    """Whether a failure is told as a :class:`~shinpan.running.failures.Failure` (not with ``--tb=long``/``native``;
    pytest's terminal plugin, which adds ``--tb``, may be off: ``matrix --format json``)."""
    return item.config.getoption("tbstyle", "auto") not in ("long", "native")


def _failure(item: pytest.Item, case: suite.Case, status: Status, message: str) -> failures.Failure:
    """The failure of the scenario ``item`` runs, as a person reads it."""
    context = item.config.stash[RUN_KEY]
    transcript = context.transcript(context.transcript_key(case.id, None))
    return _told(case, status, message, item.stash.get(STEP_KEY, None), transcript)


def _told(case: suite.Case, status: Status, message: str, step: failures.FailedStep | None, transcript: str | None,
          state: str | None = None) -> failures.Failure:
    """A scenario's failure (under ``state``, in the matrix), as a person reads it."""
    shown = case.id if state is None else f"{case.id} @ {state}"
    return failures.Failure(shown, status.value, paths.relative_once(str(case.path)), case.line, case.name, message,
                            case.values.rule, case.values.source, step, transcript)


def _properties(case: suite.Case, state: RulesState, status: Status, message: str, step: failures.FailedStep | None,
                transcript: str | None, started: bool, gave_up: bool) -> Properties:
    """What the report says of a scenario's run: its status and message, where it is, what it cites, where it
    failed, its transcript, and whether the adapter had been given up under its state."""
    return [*_under(state, status, message, step, transcript, started, gave_up), *_scenario(case)]


def _report_states(item: pytest.Item, report: pytest.TestReport, case: suite.Case, runs: list[StateRun]) -> None:
    """A matrix test's report: one result per state (``shinpan_states``); the test fails if a state fails, telling
    each failing state, and otherwise is as its states' most telling status."""
    context = item.config.stash[RUN_KEY]
    started = context.lifecycle.started
    states = [dict([*_under(run.state, run.final, run.message, _failed_step(run, context.allow_xpass), run.transcript,
                            started, run.gave_up), *run.expectation, ("shinpan_duration", run.duration)])
              for run in runs]
    shown = summary_status(run.final for run in runs)
    item.user_properties += [("shinpan.id", case.id), ("shinpan.status", shown.value)]
    report.user_properties = [*report.user_properties, ("shinpan_states", states),
                              ("shinpan_scenario", dict(_scenario(case))), ("shinpan_id", case.id),
                              ("shinpan_status", shown.value)]
    failing = [run for run in runs if fails(run.final, allow_xpass=context.allow_xpass)]
    if failing:
        report.outcome = "failed"
        report.longrepr = "\n".join(
            _told(case, run.final, run.message, _failed_step(run, context.allow_xpass), run.transcript,
                  run.state.label).render() if run.final != Status.XPASS else xpass_text(case.id, run.message)
            for run in failing)
    elif shown == Status.XFAIL:
        report.outcome, report.wasxfail = "skipped", "expected in every state where it ran"
    elif shown not in (Status.PASS, Status.XPASS):
        report.outcome = "skipped"
        report.longrepr = (str(case.path), case.line, f"Skipped: {shown.value} in every state")


def _failed_step(run: StateRun, allow_xpass: bool) -> failures.FailedStep | None:
    """The step a state failed in, as the report tells it (only for a failure, as under pytest-bdd; an expected
    failure, XFAIL, keeps it too)."""
    if run.step is None or run.final == Status.XPASS or not (
            run.final == Status.XFAIL or fails(run.final, allow_xpass=allow_xpass)):
        return None
    return failures.FailedStep(run.step.keyword, run.step.text, run.step.line)


def _under(state: RulesState, status: Status, message: str, step: failures.FailedStep | None, transcript: str | None,
           started: bool, gave_up: bool) -> Properties:
    """What a matrix test's report says of its scenario under one state (what the scenario's states share is said
    once, :func:`_scenario`): its status and message, where it failed, its transcript, whether the adapter had been
    given up."""
    return [("shinpan_status", status.value), ("shinpan_message", message), ("shinpan_state", state.label),
            ("shinpan_step", step.describe() if step else ""), ("shinpan_step_line", step.line if step else 0),
            ("shinpan_transcript", transcript or ""), ("shinpan_started", started), ("shinpan_gave_up", gave_up)]


def _scenario(case: suite.Case) -> Properties:
    """What the report says of a scenario under any state: where it is and what it cites."""
    return [("shinpan_id", case.id), ("shinpan_topic", case.topic), ("shinpan_name", case.name),
            ("shinpan_feature", str(case.path)), ("shinpan_line", case.line),
            ("shinpan_rules", list(case.values.rule)), ("shinpan_sources", list(case.values.source))]


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_step_error(request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any,
                          step_func: Any, step_func_args: Any, exception: Exception) -> None:
    """Remember the Gherkin step that failed, for the failure's text and the report."""
    request.node.stash[STEP_KEY] = failures.FailedStep(step.keyword, step.name, step.line_number)


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_step_func_lookup_error(request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any,
                                      exception: Exception) -> None:
    """A step no definition matches: that step is where the scenario failed."""
    request.node.stash[STEP_KEY] = failures.FailedStep(step.keyword, step.name, step.line_number)


def _judge(report: pytest.TestReport, case_id: str, status: Status, message: str,
           expectations: expectations_.Expectations, allow_xpass: bool) -> tuple[Status, str, Properties]:
    """Compare ``status`` with the expectations entry (:func:`shinpan.running.cases.against_expectations`): XFAIL
    becomes a pytest xfail, XPASS a failure (or an xpass with ``--allow-xpass``); the earned status is kept as
    ``shinpan_actual``."""
    judged = against_expectations(expectations.entries[case_id], status, message)
    if judged.status == Status.XFAIL:
        report.outcome = "skipped"
        report.wasxfail = judged.note
    elif judged.status == Status.XPASS and allow_xpass:
        report.wasxfail = judged.note
    elif judged.status == Status.XPASS:
        report.outcome = "failed"
        report.longrepr = xpass_text(case_id, judged.note)
    extra: Properties = [("shinpan_actual", status.value), ("shinpan_expected", judged.expected.value),
                         ("shinpan_issue", judged.issue or "")]
    return judged.status, judged.message, extra


def xpass_text(case_id: str, note: str) -> str:
    """What a run says of an unexpected pass (XPASS)."""
    return (f"[XPASS] {case_id} passed, but the expectations file says {note}; "
            "update it (shinpan expectations update) or pass --allow-xpass")


def _status(item: pytest.Item, report: pytest.TestReport, call: pytest.CallInfo[None]) -> tuple[Status | None, str]:
    if report.skipped:
        skip = _skip(item, report, call)
        return skip.status, skip.reason
    if report.failed:
        if call.excinfo is None:
            return Status.ERROR, message_of(str(report.longrepr))
        return status_of_error(call.excinfo.value, before_steps=report.when != "call")
    if report.when == "call":
        return Status.PASS, ""
    return None, ""


def _skip(item: pytest.Item, report: pytest.TestReport, call: pytest.CallInfo[None]) -> ScenarioSkip:
    """A skipped scenario's status and reason: those its skip carries (a step or the adapter found it lacking),
    those decided at collection (:mod:`shinpan.running.plugin.gating`), or — a plain pytest skip — NOT_APPLICABLE."""
    raised = call.excinfo.value if call.excinfo else None
    if isinstance(raised, ScenarioSkipped):
        return raised.skip
    decided = item.stash.get(SKIP_KEY, None)
    if decided is not None:
        return decided
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    return ScenarioSkip(Status.NOT_APPLICABLE, reason.removeprefix("Skipped: "))

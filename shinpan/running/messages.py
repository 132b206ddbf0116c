"""``--messages PATH``: the run as Cucumber Messages (NDJSON), for Cucumber's tools (the HTML formatter, …).

The file holds, one envelope a line: ``meta``; for each feature file that ran, its ``source``,
``gherkinDocument`` and ``pickle`` envelopes as gherkin-official produces them; ``testRunStarted``; for each
scenario that ran, a ``testCase`` (one test step per pickle step), ``testCaseStarted``, a
``testStepStarted``/``testStepFinished`` pair per step and ``testCaseFinished``; ``testRunFinished``.
Every envelope is built as a ``cucumber_messages.Envelope`` and written with its converter.

Step results: a step that ran is PASSED or FAILED (with the scenario's message); a step no definition
matches is UNDEFINED; the step during which the scenario was skipped (UNSUPPORTED, UNOBSERVABLE) and every
step after a failure or skip is SKIPPED; a scenario that does not apply under the ruleset has all its steps
SKIPPED with the reason. The plugin is registered only with ``--messages``, so it costs nothing otherwise;
under xdist the workers send their steps' results with their reports and the controller writes the file.
"""

from __future__ import annotations

import platform
import sys
import time
from collections.abc import Callable, Generator, Iterator, Mapping
from pathlib import Path
from typing import Any

import cucumber_messages as cm
import pytest
from gherkin.stream.gherkin_events import GherkinEvents
from gherkin.stream.source_events import source_event

from shinpan import __version__, outputs
from shinpan.suite import scenarios as suite

STEPS_KEY = pytest.StashKey[list[list[Any]]]()
PROPERTY = "shinpan_steps"
FAILED_STATUSES = ("FAIL", "ERROR", "CRASH", "TIMEOUT", "SCRIPT_MISMATCH", "XPASS", "XFAIL")

Step = list[Any]
"""[line, status, started (ns since the epoch), duration (ns), message]."""


class MessagesPlugin:
    """Collects each scenario's step results and writes the run's Cucumber Messages at the end."""

    def __init__(self, path: str, relative: Any, keep: Callable[[int], bool] = lambda status: True) -> None:
        self.path = Path(path)
        self.relative = relative
        self.keep = keep
        """Whether a run that ended with an exit status writes the file (a refused run does not)."""
        self.cases: dict[str, dict[str, Any]] = {}
        self.started = time.time_ns()

    # ---------------------------------------------------- where the steps run (a worker, or the only process)
    def pytest_bdd_before_step(self, request: Any, feature: Any, scenario: Any, step: Any, step_func: Any) -> None:
        steps = request.node.stash.setdefault(STEPS_KEY, [])
        steps.append([step.line_number, "STARTED", time.time_ns(), 0, None])

    def pytest_bdd_after_step(self, request: Any, feature: Any, scenario: Any, step: Any, step_func: Any,
                              step_func_args: Any) -> None:
        self._finish(request.node, "PASSED", None)

    def pytest_bdd_step_error(self, request: Any, feature: Any, scenario: Any, step: Any, step_func: Any,
                              step_func_args: Any, exception: Exception) -> None:
        self._finish(request.node, "FAILED", f"{type(exception).__name__}: {exception}")

    def pytest_bdd_step_func_lookup_error(self, request: Any, feature: Any, scenario: Any, step: Any,
                                          exception: Exception) -> None:
        steps = request.node.stash.setdefault(STEPS_KEY, [])
        steps.append([step.line_number, "UNDEFINED", time.time_ns(), 0, str(exception)])

    @staticmethod
    def _finish(node: pytest.Item, status: str, message: str | None) -> None:
        steps = node.stash.get(STEPS_KEY, [])
        if steps and steps[-1][1] == "STARTED":
            steps[-1][1], steps[-1][3], steps[-1][4] = status, time.time_ns() - steps[-1][2], message

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
        report: pytest.TestReport = yield
        if report.when != "teardown":  # pytest's JUnit XML writes the teardown's properties: this one is ours alone
            report.user_properties.append((PROPERTY, item.stash.get(STEPS_KEY, [])))
        return report

    # ---------------------------------------------------- where the reports arrive (the controller)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        props = dict(report.user_properties)
        case = self.cases.setdefault(report.nodeid, {"steps": [], "start": report.start, "stop": report.stop})
        case["stop"] = report.stop
        if props.get(PROPERTY):
            case["steps"] = props[PROPERTY]
        if "shinpan_status" in props:
            case.update(status=props["shinpan_status"], message=props.get("shinpan_message", ""),
                        feature=str(props["shinpan_feature"]), line=props["shinpan_line"])

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if not self.keep(int(exitstatus)):
            return
        ran = [case for case in self.cases.values() if "status" in case]
        with outputs.replaced(self.path) as file:  # whole or not at all
            for envelope in envelopes(ran, self.relative, self.started, int(exitstatus) == 0):
                file.write(outputs.json_line(cm.message_converter.to_dict(envelope)) + "\n")


# ------------------------------------------------------------------ building the envelopes
def _timestamp(ns: int) -> cm.Timestamp:
    return cm.Timestamp(seconds=ns // 1_000_000_000, nanos=ns % 1_000_000_000)


def _duration(ns: int) -> cm.Duration:
    return cm.Duration(seconds=ns // 1_000_000_000, nanos=ns % 1_000_000_000)


def _meta() -> cm.Meta:
    from importlib.metadata import version

    return cm.Meta(protocol_version=version("cucumber-messages"),
                   implementation=cm.Product(name="shinpan", version=__version__),
                   runtime=cm.Product(name="python", version=platform.python_version()),
                   os=cm.Product(name=sys.platform, version=platform.release()),
                   cpu=cm.Product(name=platform.machine() or "unknown"))


def envelopes(cases: list[dict[str, Any]], relative: Any, started: int, success: bool) -> Iterator[cm.Envelope]:
    """The run's envelopes, in order."""
    convert = cm.message_converter.from_dict
    yield cm.Envelope(meta=_meta())
    run_id = "run"
    by_feature: dict[str, list[Mapping[str, Any]]] = {}
    for case in cases:
        by_feature.setdefault(case["feature"], []).append(case)
    pickles: dict[tuple[str, int], tuple[dict[str, Any], dict[str, int]]] = {}
    events = GherkinEvents(GherkinEvents.Options(print_source=True, print_ast=True, print_pickles=True))
    for feature in by_feature:
        event = source_event(Path(feature))
        uri = relative(feature)
        event["source"]["uri"] = uri
        lines: dict[str, int] = {}
        for envelope in events.enum(event):
            raw: dict[str, Any] = dict(envelope)
            if "gherkinDocument" in raw:
                lines = {node_id: int(node["location"]["line"])
                         for node_id, node in suite.ast_nodes(raw["gherkinDocument"]).items() if "location" in node}
            if "pickle" in raw:
                pickles[(feature, int(raw["pickle"]["location"]["line"]))] = (raw["pickle"], lines)
            yield convert(raw, cm.Envelope)
    yield cm.Envelope(test_run_started=cm.TestRunStarted(timestamp=_timestamp(started), id=run_id))
    for number, case in enumerate(cases, 1):
        found = pickles.get((case["feature"], int(case["line"])))
        if found is None:
            continue
        yield from _test_case(number, case, *found, run_id)
    yield cm.Envelope(test_run_finished=cm.TestRunFinished(success=success, timestamp=_timestamp(time.time_ns()),
                                                           test_run_started_id=run_id))


def _test_case(number: int, case: Mapping[str, Any], pickle: Mapping[str, Any], lines: Mapping[str, int],
               run_id: str) -> Iterator[cm.Envelope]:
    test_case_id, started_id = f"tc{number}", f"tcs{number}"
    steps = [(f"tc{number}-s{index}", step, lines.get(step["astNodeIds"][0], 0))
             for index, step in enumerate(pickle["steps"])]
    yield cm.Envelope(test_case=cm.TestCase(
        id=test_case_id, pickle_id=pickle["id"], test_run_started_id=run_id,
        test_steps=[cm.TestStep(id=step_id, pickle_step_id=step["id"], step_definition_ids=[])
                    for step_id, step, _ in steps]))
    start = int(float(case["start"]) * 1e9)
    yield cm.Envelope(test_case_started=cm.TestCaseStarted(attempt=0, id=started_id, test_case_id=test_case_id,
                                                           timestamp=_timestamp(start)))
    ran: dict[int, Step] = {int(entry[0]): entry for entry in case["steps"]}
    status = str(case["status"])
    # the step at which the scenario ended, where no step result says it: failed or skipped, with the scenario's
    # status and message
    ended = "FAILED" if status in FAILED_STATUSES else "SKIPPED"
    told = f"{status}: {case.get('message') or ''}".strip(": ")
    blocked = False
    clock = start
    for index, (step_id, _, line) in enumerate(steps):
        entry = ran.get(line)
        if blocked or entry is None:
            result, step_message, at, took = "SKIPPED", None, clock, 0
            if entry is None and not case["steps"] and index == 0:
                # nothing ran: a skipped scenario says why; a failed one fails at its first step
                result, step_message = ended, told
        else:
            result, at, took, step_message = str(entry[1]), int(entry[2]), int(entry[3]), entry[4]
            if result == "STARTED":  # left by a skip (UNSUPPORTED, UNOBSERVABLE) or a crash
                result, step_message = ended, told
            elif result == "FAILED":
                step_message = told
        blocked = blocked or result != "PASSED"
        clock = at + took
        yield cm.Envelope(test_step_started=cm.TestStepStarted(
            test_case_started_id=started_id, test_step_id=step_id, timestamp=_timestamp(at)))
        yield cm.Envelope(test_step_finished=cm.TestStepFinished(
            test_case_started_id=started_id, test_step_id=step_id, timestamp=_timestamp(at + took),
            test_step_result=cm.TestStepResult(duration=_duration(took), status=cm.TestStepResultStatus(result),
                                               message=step_message or None)))
    yield cm.Envelope(test_case_finished=cm.TestCaseFinished(
        test_case_started_id=started_id, timestamp=_timestamp(max(clock, int(float(case["stop"]) * 1e9))),
        will_be_retried=False))

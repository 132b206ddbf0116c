"""The pytest plugin that runs the suite: options, collection, gating by the rules state, statuses, summary, report.

Loaded from the project's root ``conftest.py``. Feature files are collected directly (node ids point
at them: ``features/basics/召喚酔い.feature::test_…``), with pytest-bdd binding their scenarios.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import math
import os
import signal
import threading
import types
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from shinpan import bdd, failures, matrix, paths, rulesets, suite
from shinpan import expectations as expectations_
from shinpan import report as report_
from shinpan.adapters import cards
from shinpan.adapters.contract import Rules, Simulator
from shinpan.adapters.errors import AdapterError, AdapterSpecError, AdapterTimeout, SuiteError
from shinpan.adapters.registry import AdapterOptions, make_adapter
from shinpan.errors import ExpectationsError, RulesetError
from shinpan.outcomes import Status, skip, status_of_failure, status_of_skip
from shinpan.rulesets import Changes, RulesState
from shinpan.session import AdapterSession
from shinpan.steps import STEP_MODULES
from shinpan.summary import Result, render_summary
from shinpan.tags import REGISTRY

pytest_plugins = list(STEP_MODULES)

CASE_KEY = pytest.StashKey["suite.Case"]()
STEP_KEY = pytest.StashKey[failures.FailedStep]()
RUN_KEY = pytest.StashKey["RunContext"]()
STATE_KEY = pytest.StashKey[RulesState]()
STATE_PARAMETER = "shinpan_state"


class RunContext:
    """What the whole run shares: the selected rules state (or, for the matrix, every state), the adapter
    session, the results."""

    def __init__(self, config: pytest.Config, changes: Changes, state: RulesState,
                 states: tuple[RulesState, ...] | None = None) -> None:
        self.config = config
        self.changes = changes
        self.state = state
        self.states = states or (state,)
        """The states each scenario runs under: the selected state, or every state of the matrix."""
        self.is_matrix = states is not None
        self.adapter: str = config.getoption("adapter")
        self.seed: int = config.getoption("shinpan_seed")
        self.validate: bool = config.getoption("validate")
        self.results: dict[tuple[str, str], Result] = {}
        """Each scenario's result, by scenario id and state id."""
        multiplier: float = config.getoption("timeout_multiplier")
        self.options = AdapterOptions(timeout=config.getoption("scenario_timeout") * multiplier,
                                      startup_timeout=30.0 * multiplier, validate=self.validate,
                                      max_restarts=config.getoption("max_restarts"))
        try:  # a spec that names no adapter is bad input: one error before anything runs
            self._simulator: Simulator | None = make_adapter(self.adapter, self.options)
        except AdapterSpecError as error:
            raise pytest.UsageError(f"--adapter {self.adapter}: {error}") from None
        self.in_process = not self.adapter.startswith("cmd:")
        self._session: AdapterSession | None = None
        self.wrappers: list[Callable[[Simulator], Simulator]] = []
        """Recorders (``--trace``, ``dump-cases --messages``) that wrap the simulator when it starts."""
        self.transcript: Callable[[str], str | None] = lambda case_id: None
        """Where a scenario's transcript is written, if anywhere."""
        self.observer: Callable[[dict[str, Any]], None] | None = None
        """A recorder of what the steps check (``--trace``), given to the session."""
        self._failure: AdapterError | None = None
        self._report: report_.ReportWriter | None = None
        self.expectations_file: expectations_.Expectations | None = None
        self._expectations: dict[str, expectations_.Expectations] = {}
        self.allow_xpass: bool = config.getoption("allow_xpass")

    @property
    def expectations(self) -> expectations_.Expectations | None:
        """The expectations file's entries that hold under the selected state."""
        return self.expectations_under(self.state)

    def expectations_under(self, state: RulesState) -> expectations_.Expectations | None:
        """The expectations file's entries that hold under ``state`` (by its label, or its day if it has one)."""
        if self.expectations_file is None:
            return None
        if state.label not in self._expectations:
            self._expectations[state.label] = self.expectations_file.under(state.label, state.day)
        return self._expectations[state.label]

    @staticmethod
    def rules(state: RulesState) -> Rules:
        """The rules as ``new_game`` sends them: the state's label and the changes certainly in force."""
        return {"label": state.label, "changes": list(state.engine_changes)}

    def session(self) -> AdapterSession:
        """The adapter, started on first use. If the handshake fails, the adapter is stopped (with
        whatever process it started) and every scenario gets the handshake's status (ERROR, CRASH or
        TIMEOUT); coverage then counts no scenario as supported."""
        if self._failure is not None:
            raise type(self._failure)(str(self._failure))
        if self._session is None:
            simulator = self._simulator or make_adapter(self.adapter, self.options)
            self._simulator = None
            try:
                for wrap in self.wrappers:
                    simulator = wrap(simulator)
                self._session = AdapterSession(simulator, self.adapter, validate=self.validate)
                self._session.observer = self.observer
            except Exception as error:
                kind = type(error) if isinstance(error, AdapterError) else AdapterError
                self._failure = kind(f"the adapter could not start: {error}")
                with contextlib.suppress(Exception):
                    simulator.stop({"cmd": "stop"})
                raise type(self._failure)(str(self._failure)) from None
        return self._session

    @property
    def started(self) -> bool:
        """Whether the adapter got through its handshake (in this process)."""
        return self._session is not None

    def engine(self) -> str:
        """The engine behind the adapter, if it starts. (Under pytest-xdist the scenarios ran in the workers: the
        adapter is started here to name it, as a serial run does.)"""
        if self._session is None and self._failure is None and self.results:
            with contextlib.suppress(AdapterError):
                self.session()
        return self._session.engine if self._session else "(not started)"

    def record(self, case_id: str, state: str, result: Result) -> None:
        """Keep a scenario's result and append it to the report file."""
        self.results[case_id, state] = result
        if self._report is not None:
            self._write_header()
            self._report.write(report_.case(case_id, result, state))

    def sorted_results(self) -> list[tuple[str, str, Result]]:
        """Every result as (scenario id, state id, result), by scenario id, then state in the states' order:
        the same order whatever order the scenarios ran in (one process or several)."""
        position = {state.label: index for index, state in enumerate(self.states)}
        keys = sorted(self.results, key=lambda key: (key[0], position.get(key[1], len(position)), key[1]))
        return [(case_id, state, self.results[case_id, state]) for case_id, state in keys]

    def open_report(self, path: str) -> None:
        """Start writing the JSON Lines report at ``path`` (a path that cannot be written is bad input)."""
        try:
            self._report = report_.ReportWriter(path)
        except OSError as error:
            raise pytest.UsageError(f"--report {path}: cannot write: {str(error.strerror).lower()}") from None

    def _write_header(self) -> None:
        """The report's header, once: it names the engine, so the adapter is started for it."""
        if self._report is None or self._report.has_header:
            return
        error = None
        try:
            hello: Any = self.session().hello
        except AdapterError as failure:
            hello, error = None, str(failure)
        expectations = self.expectations_file.path if self.expectations_file else None
        states = list(self.states) if self.is_matrix else None
        self._report.write(report_.header(self.state, self.changes, self.adapter, hello, error, expectations,
                                          states))

    def finish(self, exit_status: int) -> None:
        """The report's footer (totals, conformance and coverage); the scenario lines, written as they came, are
        put in order (:meth:`sorted_results`)."""
        if self._report is not None:
            self._write_header()
            ordered = self.sorted_results()
            lines = [report_.case(case_id, result, state) for case_id, state, result in ordered]
            footer = report_.footer([result for _, _, result in ordered], exit_status, self._report.elapsed())
            self._report.rewrite_cases(lines, footer)

    def close(self) -> None:
        """Stop the adapter and close the report."""
        if self._session is not None:
            try:
                with contextlib.suppress(AdapterError):
                    self._session.stop()
            finally:
                self._session = None
        if self._report is not None:
            self._report.close()
            self._report = None


# ---------------------------------------------------------------------- options
def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("shinpan", "shinpan conformance suite")
    group.addoption("--adapter", default="reference", help="the simulator adapter to run against (default: reference)")
    group.addoption("--ruleset", default=None, metavar="ID",
                    help="run under the rules just after change ID (or before:ID, or a day); default: today")
    group.addoption("--rules-as-of", default=None, metavar="DATE", help="run under the rules in force on DATE")
    group.addoption("--seed", dest="shinpan_seed", type=int, default=0, help="seed passed to the adapter's games")
    group.addoption("--report", default=None, metavar="PATH", help="write one JSON line per scenario to PATH")
    group.addoption("--validate", action="store_true", help="check every message both ways against the schemas")
    group.addoption("--scenario-timeout", type=_positive, default=5.0, metavar="SECONDS",
                    help="seconds an adapter may take per scenario (default: 5)")
    group.addoption("--timeout-multiplier", type=_positive, default=1.0, metavar="X",
                    help="multiply every adapter time limit by X (slow machines, debuggers)")
    group.addoption("--max-restarts", type=_non_negative_int, default=10, metavar="N",
                    help="restarts of a crashed or hung subprocess adapter before it is given up (default: 10)")
    group.addoption("--expectations", default=None, metavar="TOML",
                    help="the adapter's expectations file: expected statuses become XFAIL, unexpected passes XPASS")
    group.addoption("--allow-xpass", action="store_true",
                    help="an unexpected pass (XPASS) does not fail the run")
    group.addoption("--tags", default=None, metavar="EXPR",
                    help="run only scenarios whose tags match a Cucumber tag expression")
    group.addoption("--matrix", action="store_true",
                    help="run every scenario under every state of the rules, in this one session (shinpan matrix)")
    group.addoption("--trace-dir", dest="trace_dir", default=None, metavar="DIR",
                    help="write every request and response of each scenario to DIR/<scenario id>.jsonl")
    group.addoption("--messages", dest="cucumber_messages", default=None, metavar="PATH",
                    help="write the run as Cucumber Messages (NDJSON) to PATH")
    group.addoption("--record-cases", dest="record_cases", default=None, metavar="PATH",
                    help="write each scenario's messages and checks to PATH (for shinpan dump-cases --messages)")
    group.addoption("--default-target", default=None, help=argparse.SUPPRESS)  # shinpan run: the suite


def _positive(text: str) -> float:
    """A time limit or multiplier: a number greater than 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or math.isinf(value):
        raise argparse.ArgumentTypeError(f"{text!r} must be a number greater than 0")
    return value


def _non_negative_int(text: str) -> int:
    """A count: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return value


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config, args: list[str], parser: pytest.Parser) -> None:
    """``shinpan run`` passes pytest's arguments in the order given and names the suite with
    ``--default-target``: it is collected only when no path is among them (as pytest parsed them, so a
    value such as ``--basetemp DIR`` is never taken for a path)."""
    known = early_config.known_args_namespace
    default = getattr(known, "default_target", None)
    if default and not known.file_or_dir:
        args.append(default)
        known.file_or_dir = [default]


def pytest_configure(config: pytest.Config) -> None:
    for name, meaning in REGISTRY.items():
        config.addinivalue_line("markers", f"{name}(value): scenario tag @{name}: — {meaning}")
    # pytest-bdd turns Examples-block tags into marks by name ("rule:801.4a"), which pytest cannot register
    config.addinivalue_line("filterwarnings", r"ignore:Unknown pytest\.mark\.\w+\x3a:pytest.PytestUnknownMarkWarning")
    try:
        changes = rulesets.load()
        selected = changes.select(config.getoption("ruleset"), config.getoption("rules_as_of"))
        cards.load()
    except (RulesetError, SuiteError) as error:
        raise pytest.UsageError(str(error)) from None
    _check_writable("--junitxml", getattr(config.option, "xmlpath", None))
    context = RunContext(config, changes, selected, matrix.states(changes) if config.getoption("matrix") else None)
    if config.getoption("expectations"):
        try:
            context.expectations_file = expectations_.load(config.getoption("expectations"))
        except ExpectationsError as error:
            raise pytest.UsageError(str(error)) from None
    if config.getoption("report") and not hasattr(config, "workerinput"):  # xdist workers report to the controller
        _check_writable("--report", config.getoption("report"))
        context.open_report(config.getoption("report"))
    config.stash[RUN_KEY] = context
    bdd.install(config)
    config.pluginmanager.register(ResultCollector(context), "shinpan-results")
    if config.getoption("trace_dir"):
        from shinpan.recording import TracePlugin

        config.pluginmanager.register(TracePlugin(context, config.getoption("trace_dir")), "shinpan-trace")
    if config.getoption("cucumber_messages"):
        from shinpan.messages import MessagesPlugin

        config.pluginmanager.register(MessagesPlugin(config.getoption("cucumber_messages"), _relative),
                                      "shinpan-messages")
    if config.getoption("record_cases"):
        from shinpan.recording import CasePlugin

        config.pluginmanager.register(CasePlugin(context, config.getoption("record_cases")), "shinpan-cases")
    _interrupt_on_sigterm(config)


def _check_writable(option: str, path: str | None) -> None:
    """A file the run will write must be writable before anything runs (else: one usage error)."""
    if not path:
        return
    target = Path(path).resolve()
    if target.is_dir():
        raise pytest.UsageError(f"{option} {path}: cannot write: it is a folder")
    folder = next(p for p in [target.parent, *target.parent.parents] if p.exists())
    if not folder.is_dir():
        raise pytest.UsageError(f"{option} {path}: cannot write: {folder} is not a folder")
    if not os.access(target if target.exists() else folder, os.W_OK):
        raise pytest.UsageError(f"{option} {path}: cannot write: permission denied")


def _interrupt_on_sigterm(config: pytest.Config) -> None:
    """SIGTERM stops the run as Ctrl-C does: the scenario in progress is abandoned, the adapter is
    stopped and the report gets its footer (exit status 2)."""
    if threading.current_thread() is not threading.main_thread() or hasattr(config, "workerinput"):
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt(f"signal {signal.Signals(signum).name}")

    previous = signal.signal(signal.SIGTERM, interrupt)

    def restore() -> None:
        signal.signal(signal.SIGTERM, previous)

    config.add_cleanup(restore)


def pytest_unconfigure(config: pytest.Config) -> None:
    context = config.stash.get(RUN_KEY, None)
    if context is not None:
        context.close()


def pytest_report_header(config: pytest.Config) -> list[str]:
    context = config.stash[RUN_KEY]
    if context.is_matrix:
        return [f"shinpan: adapter {context.adapter}, the matrix: {len(context.states)} states "
                f"({', '.join(state.label for state in context.states)})"]
    return [f"shinpan: adapter {context.adapter}, {context.state.describe()}"]


@pytest.fixture(scope="session")
def shinpan_run(pytestconfig: pytest.Config) -> RunContext:
    """The run's shared context (rules state, adapter session)."""
    return pytestconfig.stash[RUN_KEY]


@pytest.fixture
def shinpan_state(request: pytest.FixtureRequest, shinpan_run: RunContext) -> RulesState:
    """The state of the rules this scenario runs under: the run's state, or the matrix's state for this item."""
    state: RulesState = request.node.stash.get(STATE_KEY, shinpan_run.state)
    return state


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """The matrix: each scenario once per state (the states' labels are the parameter's ids)."""
    context = metafunc.config.stash[RUN_KEY]
    if context.is_matrix and STATE_PARAMETER in metafunc.fixturenames:
        ids = [state.label for state in context.states]
        metafunc.parametrize(STATE_PARAMETER, ids, ids=ids, indirect=True)


# ------------------------------------------------------------------- collection
class FeatureModule(pytest.Module):
    """A ``.feature`` file collected as a test module whose tests are its scenarios."""

    def cases_by_place(self) -> dict[tuple[int, int | None], suite.Case]:
        """The file's cases by (line of the scenario, outline row): how a collected test finds its case."""
        found: dict[tuple[int, int | None], suite.Case] | None = getattr(self, "_cases_by_place", None)
        if found is None:
            found = {(case.scenario_line, case.row): case for case in suite.feature(self.path).cases}
            self._cases_by_place = found
        return found

    def _getobj(self) -> types.ModuleType:
        from pytest_bdd import scenarios

        module = types.ModuleType(f"feature::{self.path}")
        module.__file__ = str(self.path)
        namespace = module.__dict__
        bdd.share_parse(self.path)
        namespace.update(_scenarios=scenarios, _name=self.path.name, _base=str(self.path.parent))
        # scenarios() binds tests into its caller's namespace, so it must run as this module's code
        exec(compile("_scenarios(_name, features_base_dir=_base)", str(self.path), "exec"), namespace)
        if self.config.stash[RUN_KEY].is_matrix:  # each scenario is parametrized by state
            for name, value in list(namespace.items()):
                if name.startswith("test_") and callable(value):
                    namespace[name] = pytest.mark.usefixtures(STATE_PARAMETER)(value)
        return module


@pytest.hookimpl(tryfirst=True)
def pytest_collection(session: pytest.Session) -> None:
    """Before pytest collects: every feature file to run parses and its ``@since``/``@until`` tags name
    known revisions; else one usage error, as ``shinpan lint`` words it (``path:line: message``)."""
    from shinpan.lint import revision_tag_problems

    context = session.config.stash[RUN_KEY]
    for path in _feature_files(session.config.args):
        try:
            feature = suite.feature(path)
        except SuiteError as error:
            raise pytest.UsageError(str(error)) from None
        for case in feature.cases:
            for problem in revision_tag_problems(case.values, context.changes):
                raise pytest.UsageError(f"{path}:{case.scenario_line}: {problem}")


def _feature_files(args: list[str]) -> Iterator[Path]:
    for arg in args:
        path = Path(arg.split("::", 1)[0])
        if path.is_dir():
            yield from suite.feature_paths(path)
        elif path.suffix == ".feature" and path.is_file():
            yield path


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix != ".feature":
        return None
    try:
        suite.feature(file_path)
    except SuiteError as error:
        raise pytest.UsageError(str(error)) from None
    module: FeatureModule = FeatureModule.from_parent(parent, path=file_path)
    return module


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_apply_tag(tag: str, function: Any) -> bool:
    """Tags become markers in collection (from the parsed cases), not here."""
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    context = config.stash[RUN_KEY]
    expression = _tag_expression(config.getoption("tags"))
    selected, deselected = [], []
    for item in items:
        case = _case_of(item)
        if case is None:
            selected.append(item)
            continue
        item.stash[CASE_KEY] = case
        state = _state_of(item, context)
        item.stash[STATE_KEY] = state
        values = case.values
        for name in REGISTRY:
            for value in getattr(values, name):
                item.add_marker(getattr(pytest.mark, name)(value))
        if expression is not None and not expression.evaluate(list(case.tags)):
            deselected.append(item)
            continue
        selected.append(item)
        try:
            verdict = state.verdict(values.since, values.until, context.changes)
        except RulesetError as error:
            raise pytest.UsageError(f"{case.path}:{case.line}: {error}") from None
        if verdict.status is not None:
            item.add_marker(pytest.mark.skip(reason=f"{verdict.status}: {verdict.reason}"))
        elif values.unresolved:
            item.add_marker(pytest.mark.skip(reason=f"{Status.UNRESOLVED.value}: an open question; asserts nothing"))
        elif values.not_applicable:
            item.add_marker(pytest.mark.skip(reason=f"{Status.NOT_APPLICABLE.value}: '-' in the source table: "
                                                    "the question does not arise; asserts nothing"))
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = selected


def _state_of(item: pytest.Item, context: RunContext) -> RulesState:
    """The state an item runs under: its matrix parameter, or the run's state."""
    callspec = getattr(item, "callspec", None)
    if callspec is not None and STATE_PARAMETER in callspec.params:
        label = str(callspec.params[STATE_PARAMETER])
        return next(state for state in context.states if state.label == label)
    return context.state


def _tag_expression(text: str | None) -> Any:
    if not text:
        return None
    from cucumber_tag_expressions import TagExpressionError, parse

    try:
        return parse(text)
    except TagExpressionError as error:
        raise pytest.UsageError(f"--tags {text!r}: {error}") from None


def _case_of(item: pytest.Item) -> suite.Case | None:
    if not isinstance(item, pytest.Function) or not isinstance(item.parent, FeatureModule):
        return None
    from pytest_bdd.scenario import scenario_wrapper_template_registry

    template = scenario_wrapper_template_registry.get(item.obj)
    if template is None:
        return None
    row = item.callspec.indices.get("_pytest_bdd_example") if hasattr(item, "callspec") else None
    cases = item.parent.cases_by_place()
    return cases.get((template.line_number, row))


# -------------------------------------------------------------------- time limit
@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    with _time_limit(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    with _time_limit(item):
        return (yield)


@contextlib.contextmanager
def _time_limit(item: pytest.Item) -> Iterator[None]:
    """An in-process adapter gets ``--scenario-timeout`` seconds per scenario too: a timer signal
    (SIGALRM) interrupts an engine that loops, and the scenario is a TIMEOUT. A subprocess adapter has
    its own deadline; where there are no timer signals (Windows) there is no limit."""
    context = item.config.stash.get(RUN_KEY, None)
    if (CASE_KEY not in item.stash or context is None or not context.in_process or not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()):
        yield
        return
    limit = context.options.timeout

    def expire(signum: int, frame: object) -> None:
        raise AdapterTimeout(f"adapter {context.adapter!r} did not finish the scenario in time ({limit:g} s "
                             "per scenario); it was interrupted")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------------- outcome
@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    report: pytest.TestReport = yield
    case = item.stash.get(CASE_KEY, None)
    if case is None:
        return report
    status, message = _status(report, call)
    extra: list[tuple[str, object]] = []
    context = item.config.stash[RUN_KEY]
    state = item.stash.get(STATE_KEY, context.state)
    expectations = context.expectations_under(state)
    if status is not None and expectations is not None and expectations.get(case.id) is not None:
        status, message, extra = _judge(report, case.id, status, message, expectations, context.allow_xpass)
    if status is not None:
        # on the item too, so that pytest's JUnit XML (written at teardown) carries them as <property>
        item.user_properties += [("shinpan.id", case.id), ("shinpan.status", status.value)]
        step = item.stash.get(STEP_KEY, None) if report.failed else None
        transcript = context.transcript(transcript_key(item, case.id))
        values = case.values
        report.user_properties = [*report.user_properties, *extra, ("shinpan_status", status.value),
                                  ("shinpan_message", message), ("shinpan_id", case.id), ("shinpan_state", state.label),
                                  ("shinpan_topic", case.topic), ("shinpan_name", case.name),
                                  ("shinpan_feature", str(case.path)), ("shinpan_line", case.line),
                                  ("shinpan_rules", list(values.rule)),
                                  ("shinpan_sources", list(values.source)),
                                  ("shinpan_step", step.describe() if step else ""),
                                  ("shinpan_step_line", step.line if step else 0),
                                  ("shinpan_transcript", transcript or ""),
                                  ("shinpan_started", item.config.stash[RUN_KEY].started)]
        if report.failed and status != Status.XPASS and item.config.getoption("tbstyle") not in ("long", "native"):
            report.longrepr = failures.Failure(
                case.id, status.value, _relative(str(case.path)), case.line, case.name, message,
                values.rule, values.source, step, transcript).render()
    return report


def transcript_key(item: pytest.Item, case_id: str) -> str:
    """The name a scenario's transcript goes by: its id, and in a matrix session (one run per state) its state."""
    state = item.stash.get(STATE_KEY, None)
    return f"{case_id}@{state.label}" if state is not None and item.config.getoption("matrix") else case_id


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
           expectations: expectations_.Expectations, allow_xpass: bool) -> tuple[Status, str, list[tuple[str, object]]]:
    """Compare ``status`` with the expectations entry: XFAIL becomes a pytest xfail, XPASS a failure
    (or an xpass with ``--allow-xpass``); the earned status is kept as ``shinpan_actual``."""
    expected = expectations.entries[case_id]
    judged = expectations_.judge(expected, status)
    note = f"expected {expected.status.value}: {expected.reason}"
    if expected.issue:
        note += f" ({expected.issue})"
    if judged == Status.XFAIL:
        report.outcome = "skipped"
        report.wasxfail = note
    elif judged == Status.XPASS and allow_xpass:
        report.wasxfail = note
    elif judged == Status.XPASS:
        report.outcome = "failed"
        report.longrepr = (f"[XPASS] {case_id} passed, but the expectations file says {note}; "
                           "update it (shinpan expectations update) or pass --allow-xpass")
    extra: list[tuple[str, object]] = [("shinpan_actual", status.value),
                                       ("shinpan_expected", expected.status.value),
                                       ("shinpan_issue", expected.issue or "")]
    text = f"passed; {note}" if judged == Status.XPASS else f"{message} [{note}]".strip()
    return judged, text, extra


def _message(text: str) -> str:
    """A failure's message for the report: its first line, and any adapter stderr tail that follows."""
    first, _, rest = text.strip().partition("\n")
    marker = "--- adapter stderr"
    tail = rest[rest.find(marker):] if marker in rest else ""
    return (first[:500] + ("\n" + tail[-2000:] if tail else "")).strip()


def _status(report: pytest.TestReport, call: pytest.CallInfo[None]) -> tuple[Status | None, str]:
    if report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        status = status_of_skip(reason)
        text = reason.removeprefix("Skipped: ")
        return status, text.removeprefix(f"{status.value}: ")
    if report.failed:
        exception = call.excinfo.value if call.excinfo else None
        message = f"{type(exception).__name__}: {exception}" if exception else str(report.longrepr)
        status = status_of_failure(call.excinfo.type if call.excinfo else None)
        if report.when != "call" and status not in (Status.CRASH, Status.TIMEOUT):
            status = Status.ERROR
        return status, _message(message)
    if report.when == "call":
        return Status.PASS, ""
    return None, ""


class ResultCollector:
    """Receives every report (also from xdist workers) and records the scenarios' statuses."""

    def __init__(self, context: RunContext) -> None:
        self.context = context

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        props = dict(report.user_properties)
        if "shinpan_status" not in props:
            return
        self.context.record(str(props["shinpan_id"]), str(props["shinpan_state"]), Result(
            status=Status(str(props["shinpan_status"])), message=str(props["shinpan_message"]),
            topic=str(props["shinpan_topic"]), name=str(props["shinpan_name"]),
            feature=_relative(str(props["shinpan_feature"])), duration=report.duration,
            actual=Status(str(props["shinpan_actual"])) if "shinpan_actual" in props else None,
            expected=Status(str(props["shinpan_expected"])) if "shinpan_expected" in props else None,
            issue=str(props["shinpan_issue"]) or None if "shinpan_issue" in props else None,
            line=int(str(props["shinpan_line"])), rules=tuple(_strings(props["shinpan_rules"])),
            sources=tuple(_strings(props["shinpan_sources"])), step=str(props["shinpan_step"]) or None,
            step_line=int(str(props["shinpan_step_line"])) or None,
            transcript=str(props["shinpan_transcript"]) or None,
            started=bool(props.get("shinpan_started", True)),
        ))

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        self.context.finish(int(exitstatus))


@functools.cache
def _relative(path: str) -> str:
    """A feature's path as reports show it (``features/…``), installed or not: :func:`shinpan.paths.relative`,
    once per feature file (it resolves the path on the disk)."""
    return paths.relative(path)


def _strings(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list | tuple) else []


def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> tuple[str, str, str] | None:
    status = str(dict(getattr(report, "user_properties", ())).get("shinpan_status"))
    letters = {"UNSUPPORTED": "U", "UNOBSERVABLE": "O", "SCRIPT_MISMATCH": "M", "ERROR": "E",
               "NOT_APPLICABLE": "n", "UNRESOLVED": "?", "CRASH": "C", "TIMEOUT": "T"}
    if status in letters:
        category = "failed" if report.failed else "skipped"
        return category, letters[str(status)], str(status)
    if status == "XFAIL":
        return "xfailed", "x", "XFAIL"
    if status == "XPASS":
        return ("failed" if report.failed else "xpassed"), "X", "XPASS"
    return None


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    context = config.stash.get(RUN_KEY, None)
    if context is None or not context.results:
        return
    if context.is_matrix:
        ordered = context.sorted_results()
        table = matrix.annotate(matrix.rows([state.label for state in context.states],
                                            [(s, r.status.value) for _, s, r in ordered]), context.changes)
        lines = [f"shinpan — the matrix: {len(context.states)} states × {len({c for c, _, _ in ordered})} scenarios",
                 *matrix.render(table), f"adapter: {context.adapter} ({context.engine()})"]
    else:
        lines = render_summary({case_id: result for case_id, _, result in context.sorted_results()},
                               context.state, context.adapter, context.engine())
    for line in lines:
        terminalreporter.write_line(line)


__all__ = ["RunContext", "skip"]

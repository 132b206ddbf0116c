"""Starting and ending a run: when pytest configures, the rules, the cards, the expectations and the report
file are read or opened (bad input: one usage error before anything runs), the run's context is built and
the recorders asked for are registered; when pytest unconfigures, the adapter is stopped and the report closed."""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import pytest

from shinpan import outputs, paths
from shinpan.adapters import cards, locations
from shinpan.adapters.errors import SuiteError
from shinpan.errors import ExpectationsError, OutputError, RulesetError
from shinpan.reports import expectations as expectations_
from shinpan.reports import matrix
from shinpan.running.plugin import step_lookup
from shinpan.running.plugin.results import ResultCollector
from shinpan.running.plugin.run import RUN_KEY, RunContext
from shinpan.suite import bdd_internals, lint, rulesets


@pytest.hookimpl(tryfirst=True)  # before pytest's JUnit XML plugin reads its path (see _stage_junit)
def pytest_configure(config: pytest.Config) -> None:
    changed = bdd_internals.problems()
    if changed:  # a pytest-bdd release outside the supported range: one line before anything runs
        raise pytest.UsageError(changed[0])
    try:
        changes = rulesets.load()
        selected = changes.select(config.getoption("ruleset"), config.getoption("rules_as_of"))
        cards.load()
        lint.check_registries()  # every registry, as lint reads them: broken or clashing with the kit's is bad input
    except (RulesetError, SuiteError) as error:
        raise pytest.UsageError(str(error)) from None
    _check_outputs(config)
    try:
        expected = expectations_.load(config.getoption("expectations")) if config.getoption("expectations") else None
        config.option.adapter = expectations_.adapter_for(config.getoption("adapter"), expected)
    except ExpectationsError as error:
        raise pytest.UsageError(str(error)) from None
    context = RunContext(config, changes, selected, matrix.states(changes) if config.getoption("matrix") else None)
    context.expectations_file = expected
    if config.getoption("report") and not hasattr(config, "workerinput"):  # xdist workers report to the controller
        context.open_report(config.getoption("report"))
    config.stash[RUN_KEY] = context
    context.junit = _stage_junit(config)
    step_lookup.install(config)
    config.pluginmanager.register(ResultCollector(context), "shinpan-results")
    _register_recorders(config, context)
    _interrupt_on_sigterm(config)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """The matrix leaves out the states the adapter says it does not play, before anything is shown or run."""
    session.config.stash[RUN_KEY].keep_states_played()


def _register_recorders(config: pytest.Config, context: RunContext) -> None:
    """The recorders asked for (each loaded only then): transcripts, Cucumber Messages."""
    if config.getoption("trace_dir"):
        from shinpan.running.plugin.recording import TracePlugin

        config.pluginmanager.register(TracePlugin(context, config.getoption("trace_dir")), "shinpan-trace")
    if config.getoption("cucumber_messages"):
        from shinpan.running.messages import MessagesPlugin

        config.pluginmanager.register(MessagesPlugin(config.getoption("cucumber_messages"), paths.relative_once,
                                                     context.keeps_outputs), "shinpan-messages")


OUTPUTS = (("--report", "report"), ("--messages", "cucumber_messages"), ("--junitxml", "xmlpath"))
"""The files a run writes: (option, pytest's name for it)."""


def _check_outputs(config: pytest.Config) -> None:
    """Every file the run will write can be written, and none is in the way of another (:mod:`shinpan.outputs`:
    an input, another output, the suite's folder); else one usage error before anything runs or is written."""
    claims = outputs.Claims(*locations.current().layers)
    claims.reads("--expectations", config.getoption("expectations"))
    for target in config.args:
        path = Path(target.split("::", 1)[0])
        if path.is_file():
            claims.reads("the feature file", path)
    for option, name in OUTPUTS:
        value = getattr(config.option, name, None)
        _check_writable(option, value)
        claims.writes(option, value)
    _check_writable("--trace", config.getoption("trace_dir"), folder=True)
    claims.writes("--trace", config.getoption("trace_dir"), folder=True)
    try:
        claims.check()
    except OutputError as error:
        raise pytest.UsageError(str(error)) from None


def _stage_junit(config: pytest.Config) -> outputs.Staged | None:
    """pytest writes the JUnit XML (``--junitxml``) to a temporary file beside it, which the run's end moves into
    place (:meth:`RunContext.place_junit`): the previous file stays whole until then, and after a refused start."""
    target = getattr(config.option, "xmlpath", None)
    if not target or hasattr(config, "workerinput") or outputs.is_stream(target):
        return None
    staged = outputs.Staged.beside(os.path.expanduser(target))
    config.option.xmlpath = staged.temporary
    config.add_cleanup(staged.discard)
    return staged


def _check_writable(option: str, path: str | None, *, folder: bool = False) -> None:
    """A file (or folder) the run will write must be writable before anything runs (else: one usage error)."""
    try:
        outputs.writable(option, path, folder=folder)
    except OutputError as error:
        raise pytest.UsageError(str(error)) from None


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


@pytest.hookimpl(trylast=True)  # after pytest's JUnit XML plugin wrote its file
def pytest_sessionfinish(session: pytest.Session) -> None:
    context = session.config.stash.get(RUN_KEY, None)
    if context is not None:
        context.place_junit()


def pytest_unconfigure(config: pytest.Config) -> None:
    context = config.stash.get(RUN_KEY, None)
    if context is not None:
        context.close()

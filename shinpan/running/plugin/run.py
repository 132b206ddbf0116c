"""What the whole run shares (:class:`RunContext`): the rules state, the options, the adapter, the results.

It sits below the plugin's modules, the recorders (:mod:`shinpan.running.plugin.recording`) and the step library's
fixtures, which all import it; it imports none of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from shinpan import outputs
from shinpan.adapters.contract import Rules
from shinpan.adapters.registry import AdapterOptions
from shinpan.reports import coverage_warnings
from shinpan.reports import expectations as expectations_
from shinpan.reports import report as report_
from shinpan.reports.outcomes import ScenarioSkip, Status
from shinpan.reports.summary import Result
from shinpan.running.cases.verdicts import applicability
from shinpan.running.plugin.lifecycle import AdapterLifecycle
from shinpan.running.plugin.reporting import COMPLETED, ReportFile
from shinpan.running.session import AdapterSession
from shinpan.running.trace import Tracer
from shinpan.suite.rulesets import Changes, RulesState
from shinpan.suite.tags import TagValues

RUN_KEY = pytest.StashKey["RunContext"]()
"""The run's context, on pytest's config."""
HANDSHAKE_FAILURES = (Status.ERROR, Status.CRASH, Status.TIMEOUT)
"""The statuses of a scenario whose adapter could not start."""


class RunContext:
    """What the whole run shares: the selected rules state (or, for the matrix, every state), the adapter,
    the results."""

    def __init__(self, config: pytest.Config, changes: Changes, state: RulesState,
                 states: tuple[RulesState, ...] | None = None) -> None:
        self.config = config
        self.changes = changes
        self.state = state
        self.states = states or (state,)
        """The states each scenario runs under: the selected state, or every state of the matrix."""
        self.is_matrix = states is not None
        self.not_played: tuple[str, ...] = ()
        """The matrix's states the adapter says it does not play (its ``rules`` capability): left out of the run."""
        self.adapter: str = config.getoption("adapter")
        self.seed: int = config.getoption("shinpan_seed")
        self.min_coverage: float | None = config.getoption("min_coverage")
        self.results: dict[tuple[str, str], Result] = {}
        self._sorted: tuple[tuple[RulesState, ...], list[tuple[str, str, Result]]] | None = None
        """Each scenario's result, by scenario id and state id."""
        multiplier: float = config.getoption("timeout_multiplier")
        self.options = AdapterOptions(timeout=config.getoption("scenario_timeout") * multiplier,
                                      startup_timeout=30.0 * multiplier, validate=config.getoption("validate"),
                                      max_restarts=config.getoption("max_restarts"))
        self.lifecycle = AdapterLifecycle(self.adapter, self.options)
        self.transcript: Callable[[str], str | None] = lambda case_id: None
        """Where a scenario's transcript is written, if anywhere."""
        self.tracer: Tracer | None = None
        """The transcripts' recorder (``--trace``)."""
        self.report: ReportFile | None = None
        self.collected = False
        """Whether collection ended and the scenarios began to run."""
        self.kept = False
        """Whether the run wrote its outputs (:meth:`finish`)."""
        self.junit: outputs.Staged | None = None
        """pytest's JUnit XML, written beside its target until the run ends (``--junitxml``)."""
        self.expectations_file: expectations_.Expectations | None = None
        self._expectations: dict[str, expectations_.Expectations] = {}
        self.allow_xpass: bool = config.getoption("allow_xpass")
        self._sent: dict[str, Rules] = {}
        self._applies: dict[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], str], ScenarioSkip | None] = {}

    def sent(self, state: RulesState) -> Rules:
        """The rules of ``state`` as ``new_game`` sends them (:meth:`RulesState.as_sent`), made once per state for
        every scenario of the run (the kit sends them and changes nothing in them)."""
        rules = self._sent.get(state.label)
        if rules is None:
            rules = self._sent[state.label] = state.as_sent()
        return rules

    def applicability(self, values: TagValues, state: RulesState) -> ScenarioSkip | None:
        """Why a scenario with tags ``values`` asserts nothing under ``state``, or None (:func:`applicability`): it
        depends on the tags' windows and status only, so it is worked out once per such tags and state."""
        key = (values.since, values.until, values.status, state.label)
        if key not in self._applies:
            self._applies[key] = applicability(values, state, self.changes)
        return self._applies[key]

    def expectations_under(self, state: RulesState) -> expectations_.Expectations | None:
        """The expectations file's entries that hold under ``state`` (by its label, or its day if it has one)."""
        if self.expectations_file is None:
            return None
        if state.label not in self._expectations:
            self._expectations[state.label] = self.expectations_file.under(state.label, state.day)
        return self._expectations[state.label]

    def session(self) -> AdapterSession:
        """The adapter's session, started on first use (:meth:`AdapterLifecycle.session`)."""
        return self.lifecycle.session()

    def keep_states_played(self) -> None:
        """The matrix keeps only the states the adapter plays (:meth:`shinpan.suite.rulesets.Changes.plays`); an adapter
        that does not start, or plays none of them, keeps every state (its scenarios say why)."""
        if not self.is_matrix:
            return
        hello, _ = self.lifecycle.hello()
        played = hello["capabilities"].get("rules") if hello else None
        kept = tuple(state for state in self.states if self.changes.plays(played, state))
        if kept:
            self.not_played = tuple(state.label for state in self.states if state not in kept)
            self.states = kept

    def engine(self) -> str:
        """The engine behind the adapter, if it starts (it is started to name it once scenarios ran)."""
        return self.lifecycle.engine(start=bool(self.results))

    def transcript_key(self, case_id: str, state: RulesState | str | None) -> str:
        """The name a scenario's transcript goes by: its id, and in a matrix session (one game per state) its state."""
        label = state.label if isinstance(state, RulesState) else state
        return f"{case_id}@{label}" if label is not None and self.is_matrix else case_id

    def record(self, case_id: str, state: str, result: Result) -> None:
        """Keep a scenario's result and append it to the report file."""
        self.results[case_id, state] = result
        self._sorted = None
        if self.report is not None:
            self.report.case(case_id, state, result)

    def handshake_failure(self) -> Result | None:
        """The result of a scenario that failed because the adapter could not start (its handshake failed), if any:
        the run stops after it (:mod:`shinpan.running.plugin.statuses`)."""
        return next((result for result in self.results.values()
                     if not result.started and result.raw in HANDSHAKE_FAILURES), None)

    def sorted_results(self) -> list[tuple[str, str, Result]]:
        """Every result as (scenario id, state id, result), by scenario id, then state in the states' order:
        the same order whatever order the scenarios ran in (one process or several)."""
        if self._sorted is None or self._sorted[0] is not self.states:  # sorted once, read by the summary and report
            position = {state.label: index for index, state in enumerate(self.states)}
            keys = sorted(self.results, key=lambda key: (key[0], position.get(key[1], len(position)), key[1]))
            self._sorted = (self.states, [(case_id, state, self.results[case_id, state]) for case_id, state in keys])
        return list(self._sorted[1])

    def open_report(self, path: str) -> None:
        """Write the JSON Lines report at ``path`` at the end of the run (:meth:`finish`)."""
        self.report = ReportFile(path, self._report_header)

    def _report_header(self) -> dict[str, Any]:
        hello, error = self.lifecycle.hello()
        expectations = self.expectations_file.path if self.expectations_file else None
        states = list(self.states) if self.is_matrix else None
        return report_.header(self.state, self.changes, self.adapter, hello, error, expectations, states,
                              self.not_played)

    def warnings(self) -> list[str]:
        """What the run must not keep silent (:mod:`shinpan.reports.coverage_warnings`): coverage 0 %, every scenario
        skipped, coverage below the expectations file's or below ``--min-coverage``."""
        expected = self.expectations_file.coverage if self.expectations_file else None
        return coverage_warnings.warnings([result for _, _, result in self.sorted_results()], expected=expected,
                                          minimum=self.min_coverage)

    def finish(self, exit_status: int) -> None:
        """Write the report, its scenario lines in order (:meth:`sorted_results`) and its footer — unless the run
        was refused, or interrupted before any scenario ran: then every previous output is left as it was."""
        self.kept = self.keeps_outputs(exit_status)
        if self.report is not None and self.kept:
            self.report.finish(self.sorted_results(), exit_status, self.warnings())

    def place_junit(self) -> None:
        """Put pytest's JUnit XML, written beside its target, in place (once pytest has written it), unless the
        run's other outputs were not written either (:meth:`finish`)."""
        if self.junit is not None and self.kept:
            self.junit.commit()

    def stop_adapter(self, exit_status: int) -> bool:
        """Stop the adapter, once the header of a report to write (the run ends with ``exit_status``) has named it;
        False if an interrupt came meanwhile (the adapter is then ended at once, with whatever it started)."""
        if self.report is not None and self.keeps_outputs(exit_status):
            self.report.head()
        try:
            self.lifecycle.stop()
        except KeyboardInterrupt:
            return False
        return True

    def keeps_outputs(self, exit_status: int) -> bool:
        """Whether a run that ends with ``exit_status`` writes its outputs: not when it was refused (bad input), nor
        when it selected no scenario (a mistyped ``--tags`` or ``-k``), nor when it was interrupted before its
        scenarios began to run; the previous outputs then stay as they were."""
        if exit_status in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.NO_TESTS_COLLECTED):
            return False
        return self.collected or exit_status in COMPLETED

    def close(self) -> None:
        """Stop the adapter (the report was written by :meth:`finish`)."""
        self.report = None
        self.lifecycle.stop()

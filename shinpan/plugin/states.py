"""The state of the rules each scenario runs under — the run's state, or in the matrix each state in turn (one
test per state) — and the fixtures that hand the step library the run and that state."""

from __future__ import annotations

import pytest

from shinpan.plugin.keys import STATE_KEY
from shinpan.plugin.run import RUN_KEY, RunContext
from shinpan.rulesets import RulesState

STATE_PARAMETER = "shinpan_state"
"""The fixture (and, in the matrix, the parameter) that names a test's state."""


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


def state_of(item: pytest.Item, context: RunContext) -> RulesState:
    """The state an item runs under: its matrix parameter, or the run's state."""
    callspec = getattr(item, "callspec", None)
    if callspec is not None and STATE_PARAMETER in callspec.params:
        label = str(callspec.params[STATE_PARAMETER])
        return next(state for state in context.states if state.label == label)
    return context.state

"""The state of the rules each scenario runs under, and the fixtures that hand the step library the run and that
state. A run has one state; in the matrix each scenario is one test whose states the executor plays in turn
(:mod:`shinpan.running.plugin.matrix`), so pytest-bdd's steps only ever run under the run's state."""

from __future__ import annotations

import pytest

from shinpan.running.plugin.run import RUN_KEY, RunContext
from shinpan.suite.rulesets import RulesState


@pytest.fixture(scope="session")
def shinpan_run(pytestconfig: pytest.Config) -> RunContext:
    """The run's shared context (rules state, adapter session)."""
    return pytestconfig.stash[RUN_KEY]


@pytest.fixture
def shinpan_state(shinpan_run: RunContext) -> RulesState:
    """The state of the rules this scenario runs under (the run's)."""
    return shinpan_run.state

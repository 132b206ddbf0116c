"""The ``duel`` fixture: a fresh :class:`~shinpan.steps.duel.Duel` per scenario, on the run's adapter."""

from __future__ import annotations

import pytest

from shinpan.adapters import cards
from shinpan.outcomes import unsupported
from shinpan.plugin.run import RunContext
from shinpan.rulesets import RulesState
from shinpan.steps.duel import Duel


@pytest.fixture
def duel(request: pytest.FixtureRequest, shinpan_run: RunContext, shinpan_state: RulesState) -> Duel:
    """The scenario's game. Mechanics named by ``@requires:`` tags must be among the adapter's, and changes
    named by ``@since:``/``@until:`` among the changes it plays on both sides."""
    session = shinpan_run.session()
    for marker in request.node.iter_markers("requires"):
        mechanic = str(marker.args[0])
        if mechanic not in session.capabilities["mechanics"]:
            unsupported(f"mechanic {mechanic!r} is not implemented by the adapter")
    for name in ("since", "until"):
        for marker in request.node.iter_markers(name):
            change = str(marker.args[0])
            if change not in session.capabilities["changes"]:
                unsupported(f"the adapter does not play both sides of change {change!r} (@{name}:{change})")
    return Duel(session, cards.load(), shinpan_state.as_sent(), shinpan_run.seed)

"""The ``duel`` fixture: a fresh :class:`~shinpan.steps.duel.Duel` per scenario, on the run's adapter."""

from __future__ import annotations

import pytest

from shinpan import cards
from shinpan.outcomes import unsupported
from shinpan.pytest_plugin import RunContext
from shinpan.rulesets import Revision
from shinpan.steps.duel import Duel


@pytest.fixture
def duel(request: pytest.FixtureRequest, shinpan_run: RunContext, shinpan_state: Revision) -> Duel:
    """The scenario's game. Mechanics named by ``@requires:`` tags must be among the adapter's."""
    session = shinpan_run.session()
    for marker in request.node.iter_markers("requires"):
        mechanic = str(marker.args[0])
        if mechanic not in session.capabilities["mechanics"]:
            unsupported(f"mechanic {mechanic!r} is not implemented by the adapter")
    return Duel(session, cards.load(), shinpan_state.id, shinpan_run.seed)

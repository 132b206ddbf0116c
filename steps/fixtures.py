"""The ``duel`` fixture: a fresh :class:`~shinpan.steps.duel.Duel` per scenario, playing on the run's adapter."""

from __future__ import annotations

import pytest

from shinpan.adapters import cards
from shinpan.reports.outcomes import skip
from shinpan.running.cases import Game, lacking
from shinpan.running.plugin.run import RunContext
from shinpan.steps.duel import Duel
from shinpan.suite.rulesets import RulesState


@pytest.fixture
def duel(request: pytest.FixtureRequest, shinpan_run: RunContext, shinpan_state: RulesState) -> Duel:
    """The scenario's game. Mechanics named by ``@requires:`` tags must be among the adapter's, and changes
    named by ``@since:``/``@until:`` among the changes it plays on both sides
    (:func:`shinpan.running.cases.lacking`)."""
    session = shinpan_run.session()
    named = {name: [str(marker.args[0]) for marker in request.node.iter_markers(name)]
             for name in ("requires", "since", "until")}
    missing = lacking(session.capabilities, named["requires"], named["since"], named["until"], shinpan_state.label)
    if missing is not None:
        skip(missing.status, missing.reason)
    return Duel(Game(session), cards.load(), shinpan_state.as_sent(), shinpan_run.seed)

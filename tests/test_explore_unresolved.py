"""A board the kit's sources do not settle is not judged: a creature at power 0 or less (one engine destroys it, the
reference engine keeps it, no source says which is right) stops the example, a counted skip, never a finding; a
difference on a board without one is still found."""

from __future__ import annotations

from typing import Any

import pytest

from shinpan.adapters.reference import ReferenceSimulator
from shinpan.explore import Settings, explore, unresolved
from shinpan.explore.oracle import Skip
from shinpan.explore.unresolved import POWER_AT_MOST_ZERO, judged, powerless
from shinpan.suite import rulesets


class _DestroysWeak(ReferenceSimulator):
    """The reference engine, except that it shows every creature whose power is at most :attr:`AT_MOST` as
    destroyed (its cards in its player's graveyard), as an engine with a state-based check of power would."""

    AT_MOST = 0

    def observe(self, request: Any) -> Any:
        response = super().observe(request)
        for view in response.get("observation", {}).get("players", {}).values():
            weak = [obj for obj in view["battle"] if obj.get("power") is not None and obj["power"] <= self.AT_MOST]
            view["battle"] = [obj for obj in view["battle"] if obj not in weak]
            view["graveyard"] = [*view["graveyard"], *(card for obj in weak for card in obj["cards"])]
        return response


class _DestroysAtThousand(_DestroysWeak):
    """The same, for creatures of power 1000 or less: a difference on boards where every power is above 0."""

    AT_MOST = 1000


def destroys_at_zero() -> ReferenceSimulator:
    return _DestroysWeak()


def destroys_at_thousand() -> ReferenceSimulator:
    return _DestroysAtThousand()


def _view(*powers: int) -> dict[str, Any]:
    battle = [{"cards": [f"C{i}"], "power": power} for i, power in enumerate(powers)]
    return {"players": {"me": {"battle": battle}, "opp": {"battle": []}}}


def test_a_board_with_a_creature_at_power_0_or_less_is_not_judged() -> None:
    assert powerless(_view(1000, 0, -1000)) == ["C1", "C2"]
    assert powerless(_view(1000)) == [] and powerless(None) == []
    judged((None, _view(1000)))
    for views in ((_view(0), _view(1000)), (_view(1000), _view(-2000))):  # before the step, or after it
        with pytest.raises(Skip, match="power is 0 or less"):
            judged(views)
        with pytest.raises(Skip, match="power is 0 or less"):  # the engine under test no longer has it
            judged(views, _view())


def test_a_difference_beside_a_creature_at_power_0_both_engines_keep_is_judged() -> None:
    judged((_view(1000, 0), _view(1000, -1000)), _view(1000, 0))  # C1 kept by the engine too: nothing unresolved
    judged((_view(0),), _view(3000))  # the engine shows C0 at another power, still in the battle zone
    with pytest.raises(Skip, match="power is 0 or less"):
        judged((_view(1000, 0),), _view(1000))  # C1 is gone from the engine's battle zone


def _explored(adapter: str, seed: int) -> Any:
    """The adapter explored; what it finds is not shrunk (the tests ask only whether something is found: shrinking
    it cost seeds 0 and 1 some 2,100 and 1,500 runs, four and five times the examples)."""
    today = rulesets.load().today()
    (result,) = explore(Settings(f"py:tests.test_explore_unresolved:{adapter}", (today,), seed=seed, examples=150,
                                 only=("differential",), shrink=False)).results
    return result


@pytest.mark.parametrize("seed", [0, 1])
def test_an_engine_destroying_creatures_at_power_0_is_not_a_finding(seed: int,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    result = _explored("destroys_at_zero", seed)
    assert not result.findings, [finding.message for finding in result.findings]
    assert result.skipped.get(POWER_AT_MOST_ZERO, 0) > 0, result.skipped
    monkeypatch.setattr(unresolved, "judged", lambda views, engine=None: None)  # judged anyway, the same boards are findings
    assert _explored("destroys_at_zero", seed).findings


@pytest.mark.parametrize("seed", [0, 1])
def test_an_engine_destroying_creatures_of_positive_power_is_found(seed: int) -> None:
    result = _explored("destroys_at_thousand", seed)
    assert result.findings, result.skipped

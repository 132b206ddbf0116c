"""The order waiting abilities resolve in (待機中の能力の解決順): the turn player's first, each player's in the order
they triggered — one rule, read by the engine's resolution and by the reference adapter's ``waiting`` (C-7.1)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import pytest

from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.waiting import Pending, in_resolution_order


def _pending(name: str, controller: Player) -> Pending:
    return cast(Pending, SimpleNamespace(name=name, controller=controller))


@pytest.mark.parametrize("active", [Player.P1, Player.P2])
def test_the_turn_players_abilities_resolve_first_each_players_in_trigger_order(active: Player) -> None:
    other = Player.P2 if active is Player.P1 else Player.P1
    triggered = [_pending("o1", other), _pending("a1", active), _pending("o2", other), _pending("a2", active)]
    names = [cast(SimpleNamespace, p).name for p in in_resolution_order(triggered, active)]
    assert names == ["a1", "a2", "o1", "o2"]


def test_one_players_abilities_keep_the_order_they_triggered() -> None:
    triggered = [_pending(name, Player.P2) for name in ("x", "y", "z")]
    assert [cast(SimpleNamespace, p).name for p in in_resolution_order(triggered, Player.P1)] == ["x", "y", "z"]

"""An exploration through an adapter that takes batches plans what it will ask: after the setup and after each move,
an ``observe`` is planned only where the property will look at the board (a rule judged there, or a move to draw
from it), and nothing it asks goes alone, outside a batch (``shinpan/explore/engines.py``'s ``observed``)."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

from shinpan.adapters.subprocess_adapter import SubprocessSimulator
from shinpan.explore import Settings, explore
from shinpan.suite import rulesets

FAKE = f"{sys.executable} -m tests.fake_subprocess serve reference --batch"


def test_a_property_plans_an_observe_only_where_it_looks_and_sends_nothing_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    batches: list[tuple[str, ...]] = []
    unasked: Counter[tuple[tuple[str, ...], tuple[str, ...]]] = Counter()
    alone: Counter[str] = Counter()
    send, drop, exchange = SubprocessSimulator._send_batch, SubprocessSimulator._drop_sent, SubprocessSimulator._exchange

    def sent(self: SubprocessSimulator, deadline: float) -> dict[str, Any]:
        batches.append(tuple(request["cmd"] for request in self._plan))
        return send(self, deadline)

    def dropped(self: SubprocessSimulator, until: float | None = None) -> None:
        if self._sent:
            unasked[batches[-1], tuple(request["cmd"] for request in self._sent)] += 1
        drop(self, until)

    def one(self: SubprocessSimulator, request: Mapping[str, Any], deadline: float) -> dict[str, Any]:
        alone[request["cmd"]] += 1
        return exchange(self, request, deadline)

    monkeypatch.setattr(SubprocessSimulator, "_send_batch", sent)
    monkeypatch.setattr(SubprocessSimulator, "_drop_sent", dropped)
    monkeypatch.setattr(SubprocessSimulator, "_exchange", one)
    # properties that judge only after their move, after every move, or draw their moves from the board
    result = explore(Settings(f"cmd:{FAKE}", (rulesets.load().today(),), examples=20,
                              only=("enter-triggers", "new-object", "one-place", "links")))
    assert result.examples == 80 and not result.findings
    assert ("new_game", "setup") in batches and ("new_game", "setup", "observe") in batches
    assert ("act", "observe") in batches and alone["act"] > 0  # a move the property does not look after: alone
    assert not unasked, unasked  # no answer planned and not asked for (an observe the property did not look at)
    assert set(alone) == {"hello", "act", "stop"}, alone  # no observe asked for that was not planned

"""The reference engine's answers to a case (参照エンジンの応答), kept for ``dump-cases --messages``.

:class:`Recorded` stands between a session and a simulator and keeps each request with its answer, so that a
replayable case carries what the reference engine answered to every message it sent — its observations and events
included — and an author in another language compares their engine's answers with them in their own test runner.
"""

from __future__ import annotations

import copy
from typing import Any

from shinpan.adapters.contract import Simulator


class Recorded:
    """A simulator whose exchanges since :meth:`begin` are kept in :attr:`exchanges` (the handshake is not)."""

    def __init__(self, simulator: Simulator) -> None:
        self.simulator = simulator
        self.exchanges: list[dict[str, Any]] = []

    def begin(self) -> None:
        """Start keeping a new case's exchanges."""
        self.exchanges = []

    def _call(self, cmd: str, request: Any) -> Any:
        answer = getattr(self.simulator, cmd)(request)
        if cmd != "hello":
            self.exchanges.append({"request": copy.deepcopy(dict(request)), "answer": copy.deepcopy(dict(answer))})
        return answer

    def hello(self, request: Any) -> Any:
        return self._call("hello", request)

    def new_game(self, request: Any) -> Any:
        return self._call("new_game", request)

    def setup(self, request: Any) -> Any:
        return self._call("setup", request)

    def act(self, request: Any) -> Any:
        return self._call("act", request)

    def observe(self, request: Any) -> Any:
        return self._call("observe", request)

    def stop(self, request: Any) -> Any:
        return self.simulator.stop(request)

"""対戦: a case's game on an adapter — the one place where a case's items meet the adapter, for the executor and for
the pytest path's steps alike (the steps' duel hands each item here as it makes it).

The game starts (``new_game``, ``setup``) before the first move or check. A move whose answer is ``rejected`` fails
the scenario unless it was only an attempt; a check is judged against the latest observation (observed once per
move) or, for ``rejected``, against the latest move. A card the adapter does not implement is UNSUPPORTED, an
observable it does not report UNOBSERVABLE. Each ends the scenario by raising what the pytest path raises (a skip
carrying its status, an ``AssertionError``, the contract's errors); :mod:`shinpan.running.cases.verdicts` names the
status.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from shinpan.reports.outcomes import unobservable, unsupported
from shinpan.running.cases.model import Check, Fault, Item, Move, NeedsCard, Setup, fresh
from shinpan.running.session import AdapterSession


class Game:
    """One case's game on an adapter session."""

    def __init__(self, session: AdapterSession) -> None:
        self.session = session
        self.started = False
        self.last_rejection: str | None = None
        self._observation: dict[str, Any] | None = None

    def start(self, setup: Setup) -> None:
        """Send ``new_game`` and ``setup``, once."""
        if self.started:
            return
        self.started = True
        copies = self.session.copies
        self.session.new_game(fresh(setup.rules) if copies else setup.rules, setup.seed)
        self.session.setup((setup.request() if copies else setup.sent)["state"])

    def requests(self, items: Iterable[Item], setup: Setup) -> list[dict[str, Any]]:
        """The requests playing ``items`` from here would send if every answer were ``ok`` (what a batch carries: read,
        never changed, by the adapters that take batches; the case's own copies, made once), up
        to an item that ends the case before anything more is sent: a fault, a card the adapter does not implement,
        an observable it does not report."""
        sent: list[dict[str, Any]] = []
        started, observed = self.started, self._observation is not None
        capabilities = self.session.capabilities
        for item in items:
            if isinstance(item, Fault) or (isinstance(item, NeedsCard) and item.name not in capabilities["cards"]):
                break
            if isinstance(item, Check) and item.check.observable is not None and (
                    item.check.observable not in capabilities["observables"]):
                break
            observes = isinstance(item, Check) and item.needs_observation
            if not started and (isinstance(item, Move) or observes):
                sent += opening(setup)
                started = True
            if isinstance(item, Move):
                sent.append(item.sent)
                observed = False
            if observes and not observed:
                sent.append({"cmd": "observe"})
                observed = True
        return sent

    def play(self, item: Item, setup: Setup | None) -> None:
        """Play one item (a :class:`~shinpan.running.cases.model.Fault` is the caller's to end the case with) in the
        game that starts with ``setup``."""
        if isinstance(item, NeedsCard):
            self.require_card(item.name)
        elif isinstance(item, Move):
            self.start(_given(setup))
            self.move(item)
        elif isinstance(item, Check):
            self.check(item, setup)

    def emit(self, item: Item, setup: Setup | None) -> None:
        """Play an item as a step makes it (the pytest path's duel sends its items here)."""
        self.play(item, setup)

    def require_card(self, name: str) -> None:
        """UNSUPPORTED unless the adapter implements the card."""
        if name not in self.session.capabilities["cards"]:
            unsupported(f"card 《{name}》 is not implemented by the adapter")

    def move(self, move: Move) -> None:
        """Perform a move. Unless it is only an attempt, the rules rejecting it fails the scenario."""
        self._observation = None
        if self.session.observer is not None:
            self.session.observer({"kind": "act", "attempt": move.attempt})
        request = move.request() if self.session.copies else move.sent
        self.last_rejection = self.session.act(request["action"], request["choices"])
        if self.last_rejection is not None and not move.attempt:
            raise AssertionError(f"the adapter rejected the move {fresh(move.action)}: {self.last_rejection}")

    def observation(self) -> dict[str, Any]:
        """The state after the latest move (observed once per move)."""
        if self._observation is None:
            self._observation = self.session.observe()
        return self._observation

    def check(self, check: Check, setup: Setup | None) -> None:
        """Judge a check against the latest observation (the game starting first, with ``setup``) or move; a check
        on a field the adapter does not report is UNOBSERVABLE (a field the check always reads: before the game is
        started or observed; one that depends on where a card is: once observed)."""
        data = check.check
        if data.observable is not None:
            self.require(data.observable)
        observation = None
        if check.needs_observation:
            self.start(_given(setup))
            observation = self.observation()
        for read in data.read_on(observation) if observation is not None else ():
            self.require(read)
        if self.session.observer is not None:
            self.session.observer({"kind": "check", "check": data.to_json()})
        problem = data.judge(observation, self.last_rejection)
        if problem is not None:
            raise AssertionError(problem)

    def require(self, field: str) -> None:
        """UNOBSERVABLE unless the adapter reports ``field``."""
        if field not in self.session.capabilities["observables"]:
            unobservable(field)


def new_game(setup: Setup) -> dict[str, Any]:
    """The ``new_game`` request that starts the game of ``setup``, for what only reads it (a batch's plan)."""
    return {"cmd": "new_game", "rules": setup.rules, "seed": setup.seed}


def opening(setup: Setup) -> list[dict[str, Any]]:
    """The requests that start the game of ``setup``, ``new_game`` then ``setup``, as the game sends them to what only
    reads them (a batch's plan)."""
    return [new_game(setup), setup.sent]


def _given(setup: Setup | None) -> Setup:
    if setup is None:
        raise RuntimeError("a move or an observation before the game has a setup")
    return setup

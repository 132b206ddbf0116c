"""An adapter in a page (アダプター): the six requests of the contract, done once for every engine.

Subclass :class:`EngineAdapter`, say what the engine plays (``ENGINE``, ``CARDS``, ``MECHANICS``,
``OBSERVABLES``) and write three methods:

- :meth:`~EngineAdapter.start` — build the game of a :class:`~shinpan.adapters.sdk.state.Setup` (usually with
  :func:`~shinpan.adapters.sdk.board.build_board`) and return the label map;
- :meth:`~EngineAdapter.perform` — do one typed :class:`~shinpan.adapters.sdk.actions.Action`, asking
  :class:`~shinpan.adapters.sdk.choices.ScriptedChoices` for each decision;
- :meth:`~EngineAdapter.look` — report the game into an
  :class:`~shinpan.adapters.sdk.observation.ObservationBuilder`.

The class does the rest: the handshake (and which rule changes the engine plays: :attr:`~EngineAdapter.PLAYS`),
requests read into typed values, every :class:`~shinpan.adapters.sdk.answers.EngineAnswer` raised turned into its
status with its reason, an action type the engine lacks answered ``unsupported``, and the game put back as it
was before a move that needs a choice (:meth:`~EngineAdapter.restore`: by default it sets the game up again and
plays the moves since, which needs a deterministic engine; override it with a snapshot if yours is not).

Serve it with :func:`shinpan.adapters.server.serve` (``cmd:``) or hand it to the kit in-process (``py:``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import ClassVar, Final, Generic, TypeVar, cast

from shinpan.adapters.contract import (
    ActRequest,
    Capabilities,
    Choice,
    EngineInfo,
    HelloRequest,
    HelloResponse,
    NewGameRequest,
    Observable,
    ObserveRequest,
    ObserveResponse,
    Response,
    Rules,
    SetupRequest,
    StopRequest,
    protocol_mismatch,
)
from shinpan.adapters.sdk.actions import Action, ActionError, action_from_message
from shinpan.adapters.sdk.answers import ChoiceNeeded, EngineAnswer, answer
from shinpan.adapters.sdk.choices import ScriptedChoices
from shinpan.adapters.sdk.events import EventRecorder
from shinpan.adapters.sdk.labels import LabelMap
from shinpan.adapters.sdk.observation import ObservationBuilder
from shinpan.adapters.sdk.remembered import Remembered
from shinpan.adapters.sdk.rules import RulesPlayed
from shinpan.adapters.sdk.state import Setup, Turn

C = TypeVar("C")

_ACTION: Final = Remembered(action_from_message)
"""An ``act`` request's action, parsed once per message (a frozen value, shared)."""


class EngineAdapter(ABC, Generic[C]):
    """The contract around an engine whose cards are ``C``. Class attributes say what the engine plays."""

    ENGINE: ClassVar[EngineInfo]
    PROTOCOL: ClassVar[int | None] = None
    """The protocol version the adapter was written for (contract rule C-1.2): set it to the number of the contract
    you followed, never to the kit's constant. Without it the handshake is answered with an error saying so."""
    CARDS: ClassVar[Sequence[str]] = ()
    """Names of the cards (as in ``features/cards.yaml``) the engine implements."""
    MECHANICS: ClassVar[Sequence[str]] = ()
    """The mechanics it implements (:data:`shinpan.adapters.sdk.vocabulary.MECHANICS`)."""
    OBSERVABLES: ClassVar[Sequence[Observable]] = ()
    """The observation fields it reports."""
    PLAYS: ClassVar[RulesPlayed] = RulesPlayed.every_state()
    """Which rules it plays: by default both sides of every change the kit lists."""

    def __init__(self) -> None:
        self.rules: Rules | None = None
        self.seed = 0
        self.labels: LabelMap[C] = LabelMap()
        self.events = EventRecorder()
        self._setup: Setup | None = None
        self._done: list[tuple[Action, list[Choice]]] = []

    # ---------------------------------------------------------------- what the engine writes
    @abstractmethod
    def start(self, setup: Setup) -> LabelMap[C]:
        """Build a new game of ``setup`` under :attr:`rules` (with :attr:`seed`); return its label map."""

    @abstractmethod
    def perform(self, action: Action, choices: ScriptedChoices[C]) -> None:
        """Do ``action``; call ``choices.finish()`` when done. Raise an
        :class:`~shinpan.adapters.sdk.answers.EngineAnswer` for anything but done."""

    @abstractmethod
    def look(self, view: ObservationBuilder) -> Turn:
        """Report the game into ``view``; return the turn as it is now."""

    def restore(self) -> None:
        """Put the game back as it was before the move that needed a choice: set it up again and do the moves
        since, with the events already recorded kept as they were."""
        assert self._setup is not None
        mark = self.events.mark()
        self.labels = self.start(self._setup)
        for action, choices in self._done:
            self.perform(action, ScriptedChoices(choices, self.labels))
        self.events.rewind(mark)

    @property
    def VALID_OBSERVATIONS(self) -> bool:  # noqa: N802 - a class's declaration, as the other capitals are
        """Whether the engine's observations are known to be valid without checking each against the schema: no
        engine's but the kit's own reference engine's, which the whole suite tests. Every other engine's are
        checked, so that a broken one is answered ``error`` (it costs one example)."""
        return False

    def cards(self) -> Sequence[str]:
        """The cards the engine implements (:attr:`CARDS`; override to compute them, e.g. from a database)."""
        return self.CARDS

    # ---------------------------------------------------------------- the contract
    def hello(self, request: HelloRequest) -> HelloResponse:
        """The handshake: the protocol, the engine and what it plays."""
        capabilities: Capabilities = {"changes": self.PLAYS.changes(request.get("changes", [])),
                                      "cards": list(self.cards()), "mechanics": list(self.MECHANICS),
                                      "observables": list(self.OBSERVABLES)}
        rules = self.PLAYS.capability()
        if rules is not None:
            capabilities["rules"] = rules
        if self.PROTOCOL is None:
            return cast(HelloResponse, {"status": "error", "message": (
                f"{type(self).__name__} does not say which protocol it was written for: set PROTOCOL in its class "
                f"(C-1.2; CHANGELOG.md lists each protocol's changes)")})
        if request["protocol"] != self.PROTOCOL:
            return cast(HelloResponse, {"status": "error", "message": protocol_mismatch(request["protocol"],
                                                                                          self.PROTOCOL)})
        return {"status": "ok", "protocol": self.PROTOCOL, "engine": self.ENGINE, "capabilities": capabilities}

    def new_game(self, request: NewGameRequest) -> Response:
        """Forget the previous game; the next setup plays under these rules."""
        self.rules, self.seed, self._setup = request["rules"], request["seed"], None
        return {"status": "ok"}

    def setup(self, request: SetupRequest) -> Response:
        """Build the starting state (or answer why not)."""
        if self.rules is None:
            return {"status": "error", "message": "setup before new_game"}
        self._setup, self._done, self.events = Setup.parsed(request["state"]), [], EventRecorder()
        setup = self._setup
        return self._answer(lambda: setattr(self, "labels", self.start(setup)))

    def act(self, request: ActRequest) -> Response:
        """Do one move with its scripted choices."""
        if self._setup is None:
            return {"status": "error", "message": "act before setup"}
        try:
            action = _ACTION(request["action"])
        except ActionError as error:
            return {"status": "error", "message": f"action: {error}"}
        response = self._answer(lambda: self._perform(action, request["choices"]))
        if response["status"] == "ok":  # a rejected move changed nothing (C-4.1): restore() must not play it again
            self._done.append((action, request["choices"]))
        return response

    def observe(self, request: ObserveRequest) -> ObserveResponse:
        """The game now, as an observation."""
        if self._setup is None:
            return {"status": "error", "message": "observe before setup"}
        try:
            view = ObservationBuilder(self.OBSERVABLES, schema_checked=not self.VALID_OBSERVATIONS)
            turn = self.look(view)
            view.events(self.events.drain())
            return {"status": "ok", "observation": view.build(turn)}
        except EngineAnswer as raised:
            return raised.response()  # type: ignore[return-value]

    def stop(self, request: StopRequest) -> Response:
        """The run is over."""
        self._setup = None
        return {"status": "ok"}

    # ---------------------------------------------------------------- helpers
    def _perform(self, action: Action, choices: list[Choice]) -> None:
        mark = self.events.mark()
        try:
            self.perform(action, ScriptedChoices(choices, self.labels))
        except ChoiceNeeded:
            self.events.rewind(mark)
            self.restore()
            raise

    def _answer(self, work: Callable[[], object]) -> Response:
        return cast(Response, answer(work))


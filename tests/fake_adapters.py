"""Fake adapters that prove each status of the runner. Loaded with ``-p tests.fake_adapters``.

Each wraps the reference adapter and breaks one thing, so that a run against it must end with one
particular status — never a silent pass.
"""

from __future__ import annotations

from typing import Any

from shinpan.adapters.contract import (
    ActRequest,
    HelloRequest,
    HelloResponse,
    ObserveRequest,
    ObserveResponse,
    Response,
    SetupRequest,
)
from shinpan.adapters.reference import ReferenceSimulator
from shinpan.adapters.registry import ADAPTERS


class NoObservables(ReferenceSimulator):
    """Reports no optional observation field: checks of them are UNOBSERVABLE."""

    def hello(self, request: HelloRequest) -> HelloResponse:
        response = super().hello(request)
        response["capabilities"]["observables"] = []
        return response


class NoCards(ReferenceSimulator):
    """Implements no card: every scenario is UNSUPPORTED."""

    def hello(self, request: HelloRequest) -> HelloResponse:
        response = super().hello(request)
        response["capabilities"]["cards"] = []
        return response


class MismatchOnAct(ReferenceSimulator):
    """Claims every move needed an unscripted choice: SCRIPT_MISMATCH."""

    def act(self, request: ActRequest) -> Response:
        return {"status": "script_mismatch", "message": "wanted a choice of kind 'anything'"}


class AssertsOnAct(ReferenceSimulator):
    """An in-process adapter whose own code fails an assert during a move: the adapter's ERROR, not a FAIL."""

    def act(self, request: ActRequest) -> Response:
        assert request["action"]["type"] == "no such move", "the adapter's own check failed"
        return super().act(request)


class CurrentRulesOnly(ReferenceSimulator):
    """Plays only the rules in force today (capabilities.rules), and no change's both sides."""

    def hello(self, request: HelloRequest) -> HelloResponse:
        response = super().hello(request)
        response["capabilities"]["changes"] = []
        response["capabilities"]["rules"] = {"current": True}
        return response


class ErrorOnSetup(ReferenceSimulator):
    """Fails to build any state: ERROR."""

    def setup(self, request: SetupRequest) -> Response:
        return {"status": "error", "message": "the fake cannot build states"}


class NeverSick(ReferenceSimulator):
    """A wrong engine: reports no creature as summoning sick. Scenarios that check sickness FAIL."""

    def observe(self, request: ObserveRequest) -> ObserveResponse:
        response = super().observe(request)
        observation: dict[str, Any] = response.get("observation", {})
        for view in observation.get("players", {}).values():
            for obj in view["battle"]:
                obj["summoning_sick"] = False
        return response


class WrongProtocol(ReferenceSimulator):
    """Speaks another protocol version: the handshake fails and every scenario is an ERROR."""

    def hello(self, request: HelloRequest) -> HelloResponse:
        response = super().hello(request)
        response["protocol"] = 99
        return response


class GarbageObservation(ReferenceSimulator):
    """Answers observe with something that breaks the schema: ERROR under --validate."""

    def observe(self, request: ObserveRequest) -> ObserveResponse:
        return {"status": "ok", "observation": {"turn": "soon"}}


class SupportsNothing(ReferenceSimulator):
    """Declares no ruleset, card, mechanic or observable: every scenario is UNSUPPORTED."""

    def hello(self, request: HelloRequest) -> HelloResponse:
        response = super().hello(request)
        response["capabilities"] = {"changes": [], "cards": [], "mechanics": [], "observables": []}
        return response


ROTATED = {"deck": "hand", "hand": "mana", "mana": "shields", "shields": "graveyard", "graveyard": "deck"}


class AlwaysWrong(ReferenceSimulator):
    """A thoroughly wrong engine: each zone shows another zone's cards, every flag of a creature is
    negated, powers are off by 1000 and moves are reported backwards. Every scenario FAILs."""

    def observe(self, request: ObserveRequest) -> ObserveResponse:
        response = super().observe(request)
        observation: dict[str, Any] = response.get("observation", {})
        for view in observation.get("players", {}).values():
            original = {zone: view[zone] for zone in ROTATED}
            for zone, source in ROTATED.items():
                view[zone] = original[source]
            for obj in view["battle"]:
                for flag in ("tapped", "summoning_sick", "can_attack", "attacking"):
                    if flag in obj:  # summoning_sick is reported for the turn player's objects only
                        obj[flag] = not obj[flag]
                obj["power"] = (obj["power"] or 0) + 1000
        for event in observation.get("events", []):
            if event["type"] == "moved":
                event["from"], event["to"] = event["to"], event["from"]
        return response


class LoopsOnce(ReferenceSimulator):
    """Its engine loops forever on the first move of the run (later ones are fine): that scenario is a
    TIMEOUT (the in-process time limit), every other one passes."""

    def __init__(self) -> None:
        super().__init__()
        self.looped = False

    def act(self, request: ActRequest) -> Response:
        if not self.looped:
            self.looped = True
            while True:
                pass
        return super().act(request)


class LoopsOnEveryMove(ReferenceSimulator):
    """Its engine loops forever on every move: each scenario that moves is a TIMEOUT (the in-process time limit)."""

    def act(self, request: ActRequest) -> Response:
        while True:
            pass


HOSTILE = "\x1b]0;pwned\x07\x1b[2J\u202eevil\u2028\x85"
"""Text that would retitle and clear a terminal, reverse what follows, and break a line for some readers."""


class Hostile(ReferenceSimulator):
    """Names its engine with terminal escape sequences and fails every setup with more: ERROR everywhere, and
    nothing of it may reach a terminal raw."""

    def hello(self, request: HelloRequest) -> HelloResponse:
        response = super().hello(request)
        response["engine"] = {**response["engine"], "name": f"engine{HOSTILE}"}  # a copy: the reference's is shared
        return response

    def setup(self, request: SetupRequest) -> Response:
        return {"status": "error", "message": f"cannot{HOSTILE}build"}


class HostileOnMoves(Hostile):
    """Names its engine with terminal escape sequences, builds every board and fails every move with more: a finding
    whose printed scenario (a board and a move) reproduces, and whose text must reach no terminal raw."""

    def setup(self, request: SetupRequest) -> Response:
        return ReferenceSimulator.setup(self, request)

    def act(self, request: ActRequest) -> Response:
        return {"status": "error", "message": f"cannot{HOSTILE}move"}


FAKES = {
    "fake-loops": LoopsOnEveryMove,
    "fake-hostile": Hostile,
    "fake-loops-once": LoopsOnce,
    "fake-no-observables": NoObservables,
    "fake-no-cards": NoCards,
    "fake-mismatch": MismatchOnAct,
    "fake-error": ErrorOnSetup,
    "fake-never-sick": NeverSick,
    "fake-wrong-protocol": WrongProtocol,
    "fake-garbage": GarbageObservation,
    "fake-supports-nothing": SupportsNothing,
    "fake-always-wrong": AlwaysWrong,
    "fake-asserts": AssertsOnAct,
}
ADAPTERS.update(FAKES)

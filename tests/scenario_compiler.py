"""Compile a scenario's text back to its script, with the step library's own definitions and no engine: each step's
phrase is matched to the one step definition lint finds for it, and the step function runs on a :class:`Duel`
whose adapter only records what it is sent (and answers every move with ``ok``).

The two steps that read the game compile as they would on a game still in its starting state: 〜はタップされている
asks whether the card is in a mana zone of the setup (the printer's round-trip strategy checks a mana card's tap
state only for cards the setup put in a mana zone), and 次の…のターンになる is not printed.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler

from shinpan.adapters import cards
from shinpan.adapters.contract import (
    ActRequest,
    HelloRequest,
    HelloResponse,
    NewGameRequest,
    Observable,
    ObserveRequest,
    ObserveResponse,
    Response,
    Rules,
    SetupRequest,
)
from shinpan.adapters.reference import ReferenceSimulator
from shinpan.lint import STEP_TYPES, step_definitions
from shinpan.session import AdapterSession
from shinpan.steps.duel import Duel
from shinpan.steps.printer import Move, Script

OBSERVABLES: list[Observable] = ["tapped", "tapped_mana", "power", "summoning_sick", "can_attack", "attacking", "lost",
                                 "waiting", "events", "effects", "equipment", "seals", "linked", "face", "deck_order"]
ZONES = ("deck", "hand", "mana", "shields", "graveyard", "hyperspatial")


class Recorder(ReferenceSimulator):
    """A simulator that records the setup, each move and its choices. Unless it ``plays`` (each request on the
    reference engine, whose observations the steps that read the game then see), it plays nothing: every move is
    ``ok`` and the game stays in its starting state."""

    def __init__(self, plays: bool = False) -> None:
        super().__init__()
        self.plays = plays
        self.state: dict[str, Any] | None = None
        self.moves: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []

    def hello(self, request: HelloRequest) -> HelloResponse:
        response = super().hello(request)
        response["capabilities"]["cards"] = _card_names()
        response["capabilities"]["observables"] = OBSERVABLES
        return response

    def new_game(self, request: NewGameRequest) -> Response:
        return super().new_game(request) if self.plays else {"status": "ok"}

    def setup(self, request: SetupRequest) -> Response:
        self.state = copy.deepcopy(dict(request["state"]))
        return super().setup(request) if self.plays else {"status": "ok"}

    def act(self, request: ActRequest) -> Response:
        self.moves.append((copy.deepcopy(dict(request["action"])), copy.deepcopy([dict(c) for c in request["choices"]])))
        return super().act(request) if self.plays else {"status": "ok"}

    def observe(self, request: ObserveRequest) -> ObserveResponse:
        if self.plays:
            return super().observe(request)
        assert self.state is not None
        players = {side: {**{zone: list(view.get(zone, [])) for zone in ZONES}, "battle": list(view.get("battle", []))}
                   for side, view in self.state["players"].items()}
        return {"status": "ok", "observation": {"turn": self.state["turn"], "players": players}}


class RecordingDuel(Duel):
    """A scenario's game that records each check instead of judging it."""

    def check(self, check: dict[str, Any]) -> None:
        assert self.session.observer is not None
        self.start()
        self.session.observer({"kind": "check", "check": check})


@cache
def _card_names() -> list[str]:
    return [entry.name for entry in cards.load()]


def compile_scenario(feature_text: str, *, plays: bool = False, rules: Rules | None = None) -> Script:
    """The script of the only scenario of ``feature_text`` (a feature file's text), under ``rules`` (none in force, by
    default), played on the reference engine if ``plays`` (else on no engine)."""
    document: Any = Parser().parse(feature_text)
    document["uri"] = "printed.feature"
    (pickle,) = Compiler().compile(document)
    recorder = Recorder(plays)
    session = AdapterSession(recorder, "recorder")
    duel = RecordingDuel(session, cards.load(), rules or {"label": "recorded", "changes": []}, 0)
    events: list[dict[str, Any]] = []
    session.observer = events.append
    definitions = step_definitions()
    for step in pickle["steps"]:
        kind = STEP_TYPES[step["type"]]
        (found,) = [d for d in definitions if d.type in (None, kind) and d.parser.is_matching(step["text"])]
        found.step_func(duel=duel, **found.parser.parse_arguments(step["text"]))
    duel.start()
    assert recorder.state is not None
    moves = iter(recorder.moves)
    steps: list[Move | dict[str, Any]] = []
    for event in events:
        if event["kind"] == "act":
            action, choices = next(moves)
            steps.append(Move(action, tuple(choices), bool(event["attempt"])))
        else:
            steps.append(event["check"])
    return Script(recorder.state, tuple(steps))

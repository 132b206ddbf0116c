#!/usr/bin/env python3
"""shinpan example adapter — Python, served as a subprocess.

A template for simulator authors whose engine is written in Python. It speaks the shinpan contract as JSON
lines on stdin/stdout around a toy engine that knows two plain creatures, and declares only what it supports,
so a run finds PASS and UNSUPPORTED, and no FAIL:

    shinpan run --adapter 'cmd:python adapters/examples/python/adapter.py' --validate

Copy it, replace the toy engine (``Game``) with calls into yours, and widen ``CARDS``, ``MECHANICS`` and
``OBSERVABLES`` as you go. It needs only the kit's contract package (``pip install shinpan``; importing it
loads no pytest). The same class also runs in-process: ``--adapter py:adapter:ExampleAdapter`` with this
folder on ``PYTHONPATH``.

What the server (:func:`shinpan.adapters.server.serve`) does for you:
  - one response line per request, in order; a request that is not JSON is answered ``error``;
  - stdout carries nothing but responses: whatever the engine prints (``print``, C extensions, child
    processes) goes to stderr, whose tail the kit shows on CRASH / TIMEOUT / ERROR;
  - an exception in the engine costs that request (``error``), not the run.
What you do: answer ``unsupported`` (with a message) for anything you cannot do — never a wrong state; name
cards by the scenario's labels and keep your own ids to yourself.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from shinpan.adapters.contract import PROTOCOL_VERSION
from shinpan.adapters.server import serve

ENGINE = {"name": "shinpan-example-python", "version": "0.1.0", "language": "Python"}
# Cards (names as in the kit's cards.yaml) the toy engine implements: two plain creatures and their power.
POWER = {"テスト用クリーチャーA": 2000, "テスト用クリーチャーB": 3000}
CARDS = list(POWER)
# Mechanics (values of @requires tags) it implements.
MECHANICS = ["zones", "summon", "tap", "summoning_sickness", "turns"]
# Observation fields it can report.
OBSERVABLES = ["tapped", "power", "summoning_sick", "can_attack", "events", "lost", "deck_order"]
ZONES = ("deck", "hand", "mana", "shields", "graveyard", "hyperspatial")
PLAYERS = ("me", "opp")


class Unsupported(Exception):
    """The engine lacks what the request needs: answered ``unsupported``."""


class Rejected(Exception):
    """The rules forbid the move; nothing changed: answered ``rejected``."""


class ScriptMismatch(Exception):
    """A scripted choice was not asked for (or one was needed and not scripted): ``script_mismatch``."""


# ------------------------------------------------------------------ a toy engine
@dataclass
class Creature:
    card: str
    tapped: bool
    since: int
    """The turn its card entered the battle zone (summoning sickness, 301.5)."""


@dataclass
class Side:
    zones: dict[str, list[str]]
    battle: list[Creature] = field(default_factory=list)
    lost: bool = False


class Game:
    """Two players' zones, turns and plain creatures. Like many real engines it ends the game when a player
    must draw from an empty deck; the suite gives the decks the cards its turns draw."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.names: dict[str, str] = state["cards"]
        turn = state["turn"]
        self.turn = {"number": turn["number"], "active": turn["active"], "step": turn.get("step", "main")}
        self.owner: dict[str, str] = {}
        self.sides: dict[str, Side] = {}
        self.events: list[dict[str, Any]] = []
        for player in PLAYERS:
            view = state["players"].get(player, {})
            if view.get("tapped_mana"):
                raise Unsupported("tapped mana is not implemented")
            side = Side({zone: list(view.get(zone, [])) for zone in ZONES})
            for obj in view.get("battle", []):
                if len(obj["cards"]) != 1:
                    raise Unsupported("objects of several cards (evolution) are not implemented")
                if obj.get("attacking"):
                    raise Unsupported("attacking creatures are not implemented")
                card = obj["cards"][0]
                arrived = card in obj.get("arrived_this_turn", [])
                side.battle.append(Creature(card, bool(obj.get("tapped")), self.turn["number"] - (0 if arrived else 1)))
            self.sides[player] = side
            for label in [*(c for zone in ZONES for c in side.zones[zone]), *(o.card for o in side.battle)]:
                self._place(label, player)
        if set(self.names) - set(self.owner):
            raise ValueError(f"cards declared but not placed: {sorted(set(self.names) - set(self.owner))}")
        if state.get("effects"):
            raise Unsupported("effects are not implemented")

    def _place(self, label: str, player: str) -> None:
        if label not in self.names:
            raise ValueError(f"label {label} is not declared in cards")
        if label in self.owner:
            raise ValueError(f"card {label} is placed twice")
        self.owner[label] = player

    def _zone_of(self, label: str) -> str:
        side = self.sides[self.owner[label]]
        if any(o.card == label for o in side.battle):
            return "battle"
        return next(zone for zone in ZONES if label in side.zones[zone])

    def move(self, label: str, to: str, cause: str, position: str = "top") -> None:
        """Every move goes through here: a card that changes zones is a new object (rule 400.5)."""
        if label not in self.owner:
            raise ValueError(f"unknown card label {label}")
        if to == "deck" and position == "shuffled":
            raise Unsupported("shuffling a deck is not implemented")
        player = self.owner[label]
        side = self.sides[player]
        origin = self._zone_of(label)
        if origin == "battle":
            side.battle = [o for o in side.battle if o.card != label]
        else:
            side.zones[origin].remove(label)
        if to == "battle":
            side.battle.append(Creature(label, False, self.turn["number"]))
        elif to == "deck" and position == "top":
            side.zones["deck"].insert(0, label)
        else:
            side.zones[to].append(label)  # the deck's bottom, or any other zone
        self.events.append({"type": "moved", "card": label, "from": origin, "to": to, "player": player,
                            "cause": cause})

    def creature(self, label: str) -> Creature:
        side = self.sides.get(self.owner.get(label, ""))
        found = next((o for o in side.battle if o.card == label), None) if side else None
        if found is None:
            raise Rejected(f"{label} is not in the battle zone")
        return found

    def draw(self, player: str) -> None:
        deck = self.sides[player].zones["deck"]
        if not deck:
            self.sides[player].lost = True  # this engine's deck-out: the game is over
            return
        self.move(deck[0], "hand", "draw")

    def act(self, action: dict[str, Any], choices: list[dict[str, Any]]) -> None:
        """Do one action of the contract: each action type this engine implements has a handler in ``ACTIONS``."""
        loser = next((p for p in PLAYERS if self.sides[p].lost), None)
        if loser is not None:
            raise Rejected(f"the game is over: {loser} lost")
        print(f"[toy engine] {action['type']} {action}")  # engines print: the server sends this to stderr
        handler = self.ACTIONS.get(action["type"])
        if handler is None:
            raise Unsupported(f"action type {action['type']} is not implemented")
        handler(self, action)
        if choices:
            raise ScriptMismatch(f"scripted choice(s) never asked for: {', '.join(c['kind'] for c in choices)}")

    def _summon(self, action: dict[str, Any]) -> None:
        if self._zone_of(action["card"]) != "hand":
            raise Rejected(f"{action['card']} is not in the hand")
        if self.owner[action["card"]] != self.turn["active"]:
            raise Rejected("only the active player summons")
        self.move(action["card"], "battle", "summon")

    def _put_into_battle(self, action: dict[str, Any]) -> None:
        if action.get("with"):
            raise Unsupported("several cards entering at once is not implemented")
        self.move(action["card"], "battle", "put")
        self.creature(action["card"]).tapped = bool(action.get("tapped"))

    def _move(self, action: dict[str, Any]) -> None:
        self.move(action["card"], action["to"], "rule", action.get("position", "top"))

    def _destroy(self, action: dict[str, Any]) -> None:
        for label in action["cards"]:
            self.creature(label)  # all or nothing: each must be a creature before any moves
        for label in action["cards"]:
            self.move(label, "graveyard", "destroy")

    def _tap(self, action: dict[str, Any]) -> None:
        self.creature(action["card"]).tapped = True

    def _untap(self, action: dict[str, Any]) -> None:
        self.creature(action["card"]).tapped = False

    def _draw(self, action: dict[str, Any]) -> None:
        for _ in range(action.get("count", 1)):
            self.draw(action["player"])

    def _end_turn(self, action: dict[str, Any]) -> None:
        active = "opp" if self.turn["active"] == "me" else "me"
        self.turn = {"number": self.turn["number"] + 1, "active": active, "step": "main"}
        for obj in self.sides[active].battle:
            obj.tapped = False
        self.draw(active)

    ACTIONS: ClassVar[dict[str, Callable[[Game, dict[str, Any]], None]]] = {
        "summon": _summon,
        "put_into_battle": _put_into_battle,
        "move": _move,
        "destroy": _destroy,
        "tap": _tap,
        "untap": _untap,
        "draw": _draw,
        "end_turn": _end_turn,
    }
    """The action types this engine implements, each with its handler; any other is answered ``unsupported``."""

    def observe(self) -> dict[str, Any]:
        players = {}
        for player, side in self.sides.items():
            view: dict[str, Any] = {zone: list(cards) for zone, cards in side.zones.items()}
            view["lost"] = side.lost
            view["battle"] = [{
                "cards": [o.card], "tapped": o.tapped, "power": POWER[self.names[o.card]],
                "summoning_sick": o.since >= self.turn["number"],
                "can_attack": o.since < self.turn["number"] and not o.tapped and player == self.turn["active"],
            } for o in side.battle]
            players[player] = view
        events, self.events = self.events, []
        return {"turn": dict(self.turn), "players": players, "events": events}


# ------------------------------------------------------------------ the contract
class ExampleAdapter:
    """One method per request ``cmd``: a request dict in, a response dict out (shinpan's ``Simulator``)."""

    def __init__(self) -> None:
        self.changes: list[str] = []
        self.rules: dict[str, Any] | None = None
        self.game: Game | None = None

    def hello(self, request: dict[str, Any]) -> dict[str, Any]:
        # The kit lists every rule change it knows ({id, title, date} or {id, title, after, by}). Declare those
        # whose both sides your engine plays; a scenario naming another one in @since/@until is UNSUPPORTED.
        # Nothing in this toy engine depends on any change, so it plays them all; a real engine lists the
        # changes its code asks about (``"2021-03-16" in self.rules["changes"]``), or none for the newest rules.
        self.changes = [change["id"] for change in request.get("changes", [])]
        capabilities = {"changes": self.changes, "cards": CARDS, "mechanics": MECHANICS,
                        "observables": OBSERVABLES}
        return {"status": "ok", "protocol": PROTOCOL_VERSION, "engine": ENGINE, "capabilities": capabilities}

    def new_game(self, request: dict[str, Any]) -> dict[str, Any]:
        # rules: a label for logs, and the ids of the changes in force (ignore ids you do not know)
        self.rules, self.game = request["rules"], None
        return {"status": "ok"}

    def setup(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.rules is None:
            return {"status": "error", "message": "setup before new_game"}
        return _answer(lambda: setattr(self, "game", Game(request["state"])))

    def act(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self.game
        if game is None:
            return {"status": "error", "message": "act before setup"}
        return _answer(lambda: game.act(request["action"], request.get("choices", [])))

    def observe(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.game is None:
            return {"status": "error", "message": "observe before setup"}
        return {"status": "ok", "observation": self.game.observe()}

    def stop(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"status": "ok"}


def _answer(work: Any) -> dict[str, Any]:
    """Do ``work`` and answer with the status its outcome stands for."""
    try:
        work()
    except Unsupported as error:
        return {"status": "unsupported", "message": str(error)}
    except Rejected as error:
        return {"status": "rejected", "message": str(error)}
    except ScriptMismatch as error:
        return {"status": "script_mismatch", "message": str(error)}
    return {"status": "ok"}


if __name__ == "__main__":
    sys.exit(serve(ExampleAdapter()))  # type: ignore[arg-type]  # plain dicts in and out

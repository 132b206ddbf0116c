"""The in-process adapter for the reference engine.

It speaks the contract's messages (dicts) and translates them to calls on
:class:`shinpan.reference_engine.Game`, keeping the map between the scenario's labels and the engine's
cards. The engine gets no special path: everything goes through the same messages a subprocess
adapter would exchange.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from shinpan import __version__, cards
from shinpan.adapters.contract import (
    PROTOCOL_VERSION,
    ActRequest,
    HelloRequest,
    HelloResponse,
    NewGameRequest,
    Observable,
    Observation,
    ObserveRequest,
    ObserveResponse,
    Response,
    SetupRequest,
    State,
    StopRequest,
)
from shinpan.adapters.contract import Choice as ContractChoice
from shinpan.reference_engine import (
    CardDatabase,
    Game,
    IllegalAction,
    Player,
    RulesState,
    ScriptMismatch,
    UnsupportedByEngine,
)
from shinpan.reference_engine.core.characteristics import power
from shinpan.reference_engine.core.choices import Choice, ChoiceScript
from shinpan.reference_engine.core.effects import Duration
from shinpan.reference_engine.core.errors import InvalidSetup
from shinpan.reference_engine.core.events import (
    AbilityTriggered,
    Attacked,
    BecameSource,
    Event,
    ManaTapped,
    Moved,
    Reconstructed,
    Replaced,
)
from shinpan.reference_engine.core.objects import Card
from shinpan.reference_engine.core.sickness import can_attack, is_summoning_sick
from shinpan.reference_engine.core.turns import Step, Turn
from shinpan.reference_engine.core.zones import CARD_ZONES, DeckPosition, Zone
from shinpan.reference_engine.game import MECHANICS
from shinpan.reference_engine.transitions.flip import FlipBy

PLAYERS: dict[str, Player] = {"me": Player.P1, "opp": Player.P2}
NAMES: dict[Player, str] = {v: k for k, v in PLAYERS.items()}
OBSERVABLES: list[Observable] = ["tapped", "tapped_mana", "power", "summoning_sick", "can_attack", "attacking",
                                 "lost", "waiting", "events", "effects", "equipment", "seals", "linked", "face",
                                 "deck_order"]


class BadMessage(Exception):
    """A request that names something it did not declare; answered with status ``error``."""


class ReferenceSimulator:
    """The reference engine behind the Simulator contract."""

    def __init__(self) -> None:
        registry = cards.load()
        self.database = CardDatabase.from_entries(entry.data for entry in registry)
        self.rules: RulesState | None = None
        self.seed = 0
        self.game: Game | None = None
        self.labels: dict[str, Card] = {}
        self.seen_events = 0

    # ---------------------------------------------------------------- contract
    def hello(self, request: HelloRequest) -> HelloResponse:
        """The handshake. The engine plays both sides of every change the kit lists: the ones its rules ask
        about (:data:`shinpan.reference_engine.core.rules_state.MODELLED`) switch its behaviour, and no scenario it
        implements depends on the others."""
        return {
            "status": "ok",
            "protocol": PROTOCOL_VERSION,
            "engine": {"name": "shinpan-reference", "version": __version__, "language": "Python"},
            "capabilities": {
                "changes": [change["id"] for change in request.get("changes", [])],
                "cards": self.database.names,
                "mechanics": list(MECHANICS),
                "observables": list(OBSERVABLES),
            },
        }

    def new_game(self, request: NewGameRequest) -> Response:
        rules = request["rules"]
        return _answer(lambda: self._new_game(RulesState.of(rules["label"], rules["changes"]), request["seed"]))

    def setup(self, request: SetupRequest) -> Response:
        return _answer(lambda: self._setup(request["state"]))

    def act(self, request: ActRequest) -> Response:
        return _answer(lambda: self._act(request["action"], self._script(request["choices"])))

    def observe(self, request: ObserveRequest) -> ObserveResponse:
        if self.game is None:
            return {"status": "error", "message": "observe before setup"}
        return {"status": "ok", "observation": self._observation(self.game)}

    def stop(self, request: StopRequest) -> Response:
        self.game = None
        return {"status": "ok"}

    # ------------------------------------------------------------------ setup
    def _new_game(self, rules: RulesState, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        self.game = None

    def _setup(self, state: State) -> None:
        if self.rules is None:
            raise BadMessage("setup before new_game")
        game = Game(self.database, self.rules, self.seed)
        turn = state["turn"]
        game.set_turn(Turn(turn["number"], PLAYERS[turn["active"]], Step(turn.get("step", "main"))))
        declared: dict[str, str] = state["cards"]
        self.labels = {}

        def card(label: str, owner: Player, where: str) -> Card:
            if label not in declared:
                raise BadMessage(f"{where}: label {label!r} is not declared in 'cards'")
            if label in self.labels:
                raise BadMessage(f"{where}: card {label!r} is placed twice")
            self.labels[label] = game.create_card(declared[label], owner)
            return self.labels[label]

        equipped: list[tuple[Any, str, str]] = []
        for side, player in PLAYERS.items():
            view = state["players"][side]
            for zone in CARD_ZONES:
                for i, label in enumerate(view.get(zone.value, [])):
                    game.place(card(label, player, f"players/{side}/{zone}/{i}"), zone)
            for i, label in enumerate(view.get("tapped_mana", [])):
                if label not in view.get("mana", []):
                    raise BadMessage(f"players/{side}/tapped_mana/{i}: {label!r} is not in that player's mana")
                game.tap(self.labels[label])
            for i, obj in enumerate(view.get("battle", [])):
                where = f"players/{side}/battle/{i}"
                pile = [card(label, player, f"{where}/cards/{j}") for j, label in enumerate(obj["cards"])]
                arrived = [self._label(label, f"{where}/arrived_this_turn")
                           for label in obj.get("arrived_this_turn", [])]
                if any(not any(a is c for c in pile) for a in arrived):
                    raise BadMessage(f"{where}/arrived_this_turn: names a card that is not in this object")
                placed = game.place_object(pile, player, tapped=obj.get("tapped", False), arrived_this_turn=arrived,
                                           attacking=obj.get("attacking", False),
                                           treated_as_creature=obj.get("treated_as_creature", False))
                if "equipped_to" in obj:
                    equipped.append((placed, obj["equipped_to"], f"{where}/equipped_to"))
        for piece, label, where in equipped:
            target = game.state.object_of(self._label(label, where))
            if target is None:
                raise BadMessage(f"{where}: {label!r} is not in the battle zone")
            piece.attached_to = target
        unplaced = sorted(set(declared) - set(self.labels))
        if unplaced:
            raise BadMessage(f"cards: declared but not placed in any zone: {', '.join(unplaced)}")
        self.game = game
        for i, effect in enumerate(state.get("effects", [])):
            self._apply_effect(effect, f"effects/{i}")
        self.seen_events = len(game.log)

    # ---------------------------------------------------------------- actions
    def _act(self, action: Mapping[str, Any], script: ChoiceScript) -> None:
        game = self._game()
        kind = action["type"]
        if kind == "summon":
            game.summon(self._label(action["card"]), script, sources=self._labels(action.get("sources", [])))
        elif kind == "put_into_battle":
            game.put_into_battle(self._label(action["card"]), tapped=action.get("tapped", False), choices=script,
                                 sources=self._labels(action.get("sources", [])),
                                 together=self._labels(action.get("with", [])))
        elif kind == "devolve":
            game.devolve(self._label(action["card"]), Zone(action["to"]), script)
        elif kind == "put_under":
            game.put_under(self._label(action["target"]), self._labels(action["cards"]), script)
        elif kind == "rearrange_under":
            game.rearrange_under(self._label(action["target"]), self._labels(action["order"]))
            script.finish()
        elif kind == "move":
            by = PLAYERS[action["by"]] if "by" in action else None
            game.move(self._label(action["card"]), Zone(action["to"]),
                      position=DeckPosition(action.get("position", "top")), by=by, choices=script)
        elif kind == "destroy":
            game.destroy([self._label(label) for label in action["cards"]], script)
        elif kind in ("tap", "untap"):
            (game.tap if kind == "tap" else game.untap)(self._label(action["card"]))
            script.finish()
        elif kind == "attack":
            target = action["target"]
            aim: Player | Card = PLAYERS[target["player"]] if "player" in target else self._label(target["card"])
            game.attack(self._label(action["attacker"]), target=aim, choices=script)
        elif kind == "end_turn":
            game.end_turn()
            script.finish()
        elif kind == "draw":
            game.draw(PLAYERS[action["player"]], action.get("count", 1))
            script.finish()
        elif kind == "charge_mana":
            game.charge_mana(self._label(action["card"]))
            script.finish()
        elif kind == "g_link":
            game.g_link(self._labels(action["cards"]), script)
        elif kind == "awaken_link":
            game.awaken_link(self._labels(action["cards"]), script)
        elif kind == "unlink":
            game.unlink(self._label(action["card"]), script)
        elif kind == "flip":
            game.flip(self._label(action["card"]), FlipBy(action.get("by", "other")), script)
        elif kind == "seal":
            game.seal(self._label(action["card"]), script)
        elif kind == "unseal":
            game.unseal(self._label(action["card"]), script)
        elif kind == "swap":
            game.swap(self._label(action["card"]), self._label(action["with"]), script)
        elif kind == "cast":
            game.cast(self._label(action["card"]), script)
        elif kind == "discard":
            game.discard(self._label(action["card"]), script)
        elif kind == "tap_mana":
            game.tap_mana(self._labels(action["cards"]), script)
        elif kind == "break":
            game.break_shields(self._label(action["breaker"]), self._labels(action["shields"]), script)
        elif kind == "equip":
            game.equip(self._label(action["card"]), self._label(action["to"]), script)
        elif kind == "side_jump":
            game.side_jump(self._label(action["card"]), self._label(action["onto"]), script)
        elif kind == "mugetsu":
            game.mugetsu(self._label(action["card"]), self._labels(action["tools"]), script)
        elif kind == "stop_treating_as_creature":
            game.stop_treating_as_creature(self._label(action["card"]), script)
        elif kind == "resolve":
            game.resolve(script)
        elif kind == "apply_effect":
            self._apply_effect(action["effect"], "action/effect")
            script.finish()
        else:
            raise UnsupportedByEngine(f"action type {kind!r} is not implemented")

    def _script(self, choices: list[ContractChoice]) -> ChoiceScript:
        return ChoiceScript([
            Choice(c["kind"], tuple(self._label(label, f"choices/{i}/picks") for label in c["picks"]),
                   PLAYERS[c["player"]])
            for i, c in enumerate(choices)
        ])

    def _apply_effect(self, effect: Mapping[str, Any], where: str) -> None:
        if effect["kind"] == "ignore_abilities":
            self._game().ignore_abilities(self._label(effect["target"], f"{where}/target"))
            return
        if effect["kind"] != "power":
            raise UnsupportedByEngine(f"{where}: effect kind {effect['kind']!r} is not implemented")
        self._game().apply_power_modifier(self._label(effect["target"], f"{where}/target"), effect["amount"],
                                          Duration(effect.get("duration", "end_of_turn")))

    # ------------------------------------------------------------ observation
    def _observation(self, game: Game) -> Observation:
        label_of = {id(card): label for label, card in self.labels.items()}

        def labels(cards_: list[Card]) -> list[str]:
            return [label_of[id(c)] for c in cards_]

        players: dict[str, Any] = {}
        for name, player in PLAYERS.items():
            state = game.state.players[player]
            view: dict[str, Any] = {zone.value: labels(state.zones[zone]) for zone in CARD_ZONES}
            view["tapped_mana"] = [label_of[id(c)] for c in state.zones[Zone.MANA] if c.serial in state.tapped_mana]
            view["battle"] = [
                {
                    "cards": labels(obj.cards),
                    "tapped": obj.tapped,
                    "power": power(game.state, obj),
                    "summoning_sick": is_summoning_sick(game.state, obj),
                    "can_attack": can_attack(game.state, obj),
                    "attacking": obj.attacking,
                    "effects": [{"kind": "power", "amount": m.amount} for m in game.state.modifiers
                                if m.target == obj.serial],
                    "equipment": [label_of[id(e.top)] for e in game.state.equipment_of(obj)],
                    "seals": labels(obj.seals),
                    "linked": labels(obj.linked),
                    "face": obj.top.name,
                }
                for obj in state.battle
            ]
            view["lost"] = state.lost
            players[name] = view
        new_events = game.log[self.seen_events:]
        self.seen_events = len(game.log)
        turn = game.state.turn
        return {
            "turn": {"number": turn.number, "active": NAMES[turn.active], "step": turn.step.value},
            "players": players,
            "waiting": [{"card": label_of[id(p.card)], "ability": p.index} for p in game.state.waiting],
            "events": [shown for e in new_events if (shown := _event(e, label_of)) is not None],
        }

    # ---------------------------------------------------------------- helpers
    def _game(self) -> Game:
        if self.game is None:
            raise BadMessage("act before setup")
        return self.game

    def _labels(self, labels: list[str], where: str = "action") -> list[Card]:
        return [self._label(label, where) for label in labels]

    def _label(self, label: str, where: str = "action") -> Card:
        if label not in self.labels:
            raise BadMessage(f"{where}: unknown card label {label!r}")
        return self.labels[label]


def _event(event: Event, label_of: Mapping[int, str]) -> dict[str, Any] | None:
    """An engine event as the contract reports it (an attack declaration, or an object becoming the sources of an
    evolution, is not an event there)."""
    if isinstance(event, Moved):
        return {"type": "moved", "card": label_of[id(event.card)], "from": event.source.value,
                "to": event.destination.value, "player": NAMES[event.player], "cause": event.cause.value}
    if isinstance(event, Replaced):
        return {"type": "replaced", "card": label_of[id(event.source)], "ability": event.ability,
                "affected": label_of[id(event.card)]}
    if isinstance(event, Reconstructed):
        return {"type": "reconstructed", "cards": [label_of[id(c)] for c in event.cards],
                "player": NAMES[event.player]}
    if isinstance(event, AbilityTriggered):
        return {"type": "triggered", "card": label_of[id(event.card)], "ability": event.ability}
    if isinstance(event, ManaTapped):
        return {"type": "mana_tapped", "card": label_of[id(event.card)], "mana": event.mana}
    assert isinstance(event, Attacked | BecameSource)  # the contract reports neither as an event
    return None


def _answer(work: Callable[[], None]) -> Response:
    """Run ``work`` and turn the engine's outcome into a contract response."""
    try:
        work()
    except UnsupportedByEngine as reason:
        return {"status": "unsupported", "message": str(reason)}
    except IllegalAction as reason:
        return {"status": "rejected", "message": str(reason)}
    except ScriptMismatch as reason:
        return {"status": "script_mismatch", "message": str(reason)}
    except (BadMessage, InvalidSetup) as reason:
        return {"status": "error", "message": str(reason)}
    return {"status": "ok"}

"""The in-process adapter for the reference engine.

It speaks the contract's messages (dicts) and translates them to calls on
:class:`shinpan.reference_engine.Game`, keeping the map between the scenario's labels and the engine's
cards. The engine gets no special path: everything goes through the same messages a subprocess
adapter would exchange.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from shinpan import __version__
from shinpan.adapters import cards
from shinpan.adapters.contract import (
    PROTOCOL_VERSION,
    ActRequest,
    ChoiceKind,
    HelloRequest,
    HelloResponse,
    NewGameRequest,
    Observable,
    Observation,
    ObserveRequest,
    ObserveResponse,
    PlayerName,
    Response,
    SetupRequest,
    State,
    StopRequest,
)
from shinpan.adapters.contract import Choice as ContractChoice
from shinpan.adapters.contract import ChoiceNeeded as ChoiceNeededMessage
from shinpan.adapters.sdk.answers import Question
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
from shinpan.reference_engine.core.errors import ChoiceNeeded, InvalidSetup
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
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.sickness import can_attack, is_summoning_sick
from shinpan.reference_engine.core.turns import Step, Turn
from shinpan.reference_engine.core.zones import CARD_ZONES, DeckPosition, Zone
from shinpan.reference_engine.game import MECHANICS
from shinpan.reference_engine.transitions.flip import FlipBy

PLAYERS: dict[str, Player] = {"me": Player.P1, "opp": Player.P2}
NAMES: dict[Player, PlayerName] = {Player.P1: "me", Player.P2: "opp"}
OBSERVABLES: list[Observable] = ["tapped", "tapped_mana", "power", "summoning_sick", "can_attack", "attacking",
                                 "lost", "waiting", "events", "effects", "equipment", "seals", "linked", "face",
                                 "deck_order"]


Action = Mapping[str, Any]
"""An ``act`` request's action, as the contract sends it."""
Handler = Callable[["ReferenceSimulator", Game, Action, ChoiceScript], None]
ACTIONS: dict[str, Handler] = {}
"""Each action type of the contract and the handler that does it on the engine (filled by :func:`_handles`)."""


def _handles(*kinds: str) -> Callable[[Handler], Handler]:
    """Register the decorated method as the handler of the action types ``kinds``."""
    def register(handler: Handler) -> Handler:
        ACTIONS.update(dict.fromkeys(kinds, handler))
        return handler
    return register


ON_ONE_CARD: dict[str, Callable[[Game, Card, ChoiceScript | None], None]] = {
    "unlink": Game.unlink,
    "seal": Game.seal,
    "unseal": Game.unseal,
    "cast": Game.cast,
    "discard": Game.discard,
    "stop_treating_as_creature": Game.stop_treating_as_creature,
}
"""The actions on one card (``card``) whose Game method takes that card and the choices."""

ON_CARDS: dict[str, Callable[[Game, Sequence[Card], ChoiceScript | None], None]] = {
    "g_link": Game.g_link,
    "awaken_link": Game.awaken_link,
    "tap_mana": Game.tap_mana,
}
"""The actions on a list of cards (``cards``) whose Game method takes those cards and the choices."""

ON_ONE_CARD_WITHOUT_CHOICES: dict[str, Callable[[Game, Card], None]] = {
    "tap": Game.tap,
    "untap": Game.untap,
    "charge_mana": Game.charge_mana,
}
"""The actions on one card (``card``) that ask for no choice: any scripted choice is unused."""


class BadMessage(Exception):
    """A request that names something it did not declare; answered with status ``error``."""


class QuestionAsked(Exception):
    """A move needed a choice the script lacks; the game is as before it: answered ``choice_needed``."""

    def __init__(self, message: str, choice: ChoiceNeededMessage) -> None:
        super().__init__(message)
        self.choice = choice


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
        self.state: State | None = None
        """The setup's starting state, and the moves done since (``history``): what puts the game back as it was
        before a move that needs a choice (``choice_needed``), by playing them again (the engine is deterministic)."""
        self.history: list[ActRequest] = []

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
        self.state, self.history = request["state"], []
        return _answer(lambda: self._setup(request["state"]))

    def act(self, request: ActRequest) -> Response:
        response = _answer(lambda: self._act_or_ask(request))
        if response["status"] in ("ok", "rejected"):
            self.history.append(request)
        return response

    def _act_or_ask(self, request: ActRequest) -> None:
        """Do the move; if it needs a choice the script lacks, put the game back as it was and ask it as data."""
        try:
            self._act(request["action"], self._script(request["choices"]))
        except ChoiceNeeded as needed:
            labels = [self._label_of(card) for card in needed.options]
            self._replay()
            question = Question.of(cast(ChoiceKind, needed.kind), NAMES[cast(Player, needed.player)], labels)
            raise QuestionAsked(str(needed), question.to_message()) from None

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
        placing = _Placing(game, state["cards"])
        self.labels = placing.labels
        for side, player in PLAYERS.items():
            view = state["players"][side]
            placing.zones(view, player, f"players/{side}")
            for i, obj in enumerate(view.get("battle", [])):
                placing.battle_object(obj, player, f"players/{side}/battle/{i}")
        placing.equip()
        unplaced = sorted(set(placing.declared) - set(self.labels))
        if unplaced:
            raise BadMessage(f"cards: declared but not placed in any zone: {', '.join(unplaced)}")
        self.game = game
        for i, effect in enumerate(state.get("effects", [])):
            self._apply_effect(effect, f"effects/{i}")
        self.seen_events = len(game.log)

    # ---------------------------------------------------------------- actions
    def _act(self, action: Action, script: ChoiceScript) -> None:
        """Do ``action`` with its choices ``script``: each action type of the contract has one handler below."""
        game = self._game()
        handler = ACTIONS.get(action["type"])
        if handler is None:
            raise UnsupportedByEngine(f"action type {action['type']!r} is not implemented")
        handler(self, game, action, script)

    @_handles(*ON_ONE_CARD)
    def _on_one_card(self, game: Game, action: Action, script: ChoiceScript) -> None:
        ON_ONE_CARD[action["type"]](game, self._label(action["card"]), script)

    @_handles(*ON_CARDS)
    def _on_cards(self, game: Game, action: Action, script: ChoiceScript) -> None:
        ON_CARDS[action["type"]](game, self._labels(action["cards"]), script)

    @_handles(*ON_ONE_CARD_WITHOUT_CHOICES)
    def _on_one_card_without_choices(self, game: Game, action: Action, script: ChoiceScript) -> None:
        ON_ONE_CARD_WITHOUT_CHOICES[action["type"]](game, self._label(action["card"]))
        script.finish()

    @_handles("summon")
    def _summon(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.summon(self._label(action["card"]), script, sources=self._labels(action.get("sources", [])))

    @_handles("put_into_battle")
    def _put_into_battle(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.put_into_battle(self._label(action["card"]), tapped=action.get("tapped", False), choices=script,
                             sources=self._labels(action.get("sources", [])),
                             together=self._labels(action.get("with", [])))

    @_handles("devolve")
    def _devolve(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.devolve(self._label(action["card"]), Zone(action["to"]), script)

    @_handles("put_under")
    def _put_under(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.put_under(self._label(action["target"]), self._labels(action["cards"]), script)

    @_handles("rearrange_under")
    def _rearrange_under(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.rearrange_under(self._label(action["target"]), self._labels(action["order"]))
        script.finish()

    @_handles("move")
    def _move(self, game: Game, action: Action, script: ChoiceScript) -> None:
        by = PLAYERS[action["by"]] if "by" in action else None
        game.move(self._label(action["card"]), Zone(action["to"]),
                  position=DeckPosition(action.get("position", "top")), by=by, choices=script)

    @_handles("destroy")
    def _destroy(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.destroy(self._labels(action["cards"]), script)

    @_handles("attack")
    def _attack(self, game: Game, action: Action, script: ChoiceScript) -> None:
        target = action["target"]
        aim: Player | Card = PLAYERS[target["player"]] if "player" in target else self._label(target["card"])
        game.attack(self._label(action["attacker"]), target=aim, choices=script)

    @_handles("end_turn")
    def _end_turn(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.end_turn()
        script.finish()

    @_handles("draw")
    def _draw(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.draw(PLAYERS[action["player"]], action.get("count", 1))
        script.finish()

    @_handles("flip")
    def _flip(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.flip(self._label(action["card"]), FlipBy(action.get("by", "other")), script)

    @_handles("swap")
    def _swap(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.swap(self._label(action["card"]), self._label(action["with"]), script)

    @_handles("break")
    def _break(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.break_shields(self._label(action["breaker"]), self._labels(action["shields"]), script)

    @_handles("equip")
    def _equip(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.equip(self._label(action["card"]), self._label(action["to"]), script)

    @_handles("side_jump")
    def _side_jump(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.side_jump(self._label(action["card"]), self._label(action["onto"]), script)

    @_handles("mugetsu")
    def _mugetsu(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.mugetsu(self._label(action["card"]), self._labels(action["tools"]), script)

    @_handles("resolve")
    def _resolve(self, game: Game, action: Action, script: ChoiceScript) -> None:
        game.resolve(script)

    @_handles("apply_effect")
    def _apply_effect_action(self, game: Game, action: Action, script: ChoiceScript) -> None:
        self._apply_effect(action["effect"], "action/effect")
        script.finish()

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
                    **({"summoning_sick": is_summoning_sick(game.state, obj)} if player is game.state.turn.active
                       else {}),
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
    def _replay(self) -> None:
        """Put the game back as it was before the move that needed a choice: set it up again and do again the
        moves done since (the same seed gives the same game); the events not yet observed stay unobserved."""
        assert self.state is not None
        seen = self.seen_events
        self._setup(self.state)
        for done in self.history:
            self._act(done["action"], self._script(done["choices"]))
        self.seen_events = seen

    def _label_of(self, card: object) -> str:
        return next(label for label, known in self.labels.items() if known is card)

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


class _Placing:
    """Builds a setup's starting state: each declared card placed once, where the scenario says."""

    def __init__(self, game: Game, declared: dict[str, str]) -> None:
        self.game = game
        self.declared = declared
        self.labels: dict[str, Card] = {}
        self.equipped: list[tuple[BattleObject, str, str]] = []
        """Equipment placed, with the label of the creature it is equipped to and where the scenario said so."""

    def card(self, label: str, owner: Player, where: str) -> Card:
        """The declared card ``label``, created for ``owner``; each label is placed once."""
        if label not in self.declared:
            raise BadMessage(f"{where}: label {label!r} is not declared in 'cards'")
        if label in self.labels:
            raise BadMessage(f"{where}: card {label!r} is placed twice")
        self.labels[label] = self.game.create_card(self.declared[label], owner)
        return self.labels[label]

    def placed(self, label: str, where: str) -> Card:
        """A card already placed."""
        if label not in self.labels:
            raise BadMessage(f"{where}: unknown card label {label!r}")
        return self.labels[label]

    def zones(self, view: Mapping[str, Any], player: Player, where: str) -> None:
        """The player's cards outside the battle zone, and which of the mana is tapped."""
        for zone in CARD_ZONES:
            for i, label in enumerate(view.get(zone.value, [])):
                self.game.place(self.card(label, player, f"{where}/{zone}/{i}"), zone)
        for i, label in enumerate(view.get("tapped_mana", [])):
            if label not in view.get("mana", []):
                raise BadMessage(f"{where}/tapped_mana/{i}: {label!r} is not in that player's mana")
            self.game.tap(self.labels[label])

    def battle_object(self, obj: Mapping[str, Any], player: Player, where: str) -> None:
        """One object of the player's battle zone, its cards top first."""
        pile = [self.card(label, player, f"{where}/cards/{j}") for j, label in enumerate(obj["cards"])]
        arrived = [self.placed(label, f"{where}/arrived_this_turn") for label in obj.get("arrived_this_turn", [])]
        if any(not any(a is c for c in pile) for a in arrived):
            raise BadMessage(f"{where}/arrived_this_turn: names a card that is not in this object")
        placed = self.game.place_object(pile, player, tapped=obj.get("tapped", False), arrived_this_turn=arrived,
                                        attacking=obj.get("attacking", False),
                                        treated_as_creature=obj.get("treated_as_creature", False))
        if "equipped_to" in obj:
            self.equipped.append((placed, obj["equipped_to"], f"{where}/equipped_to"))

    def equip(self) -> None:
        """Equip each piece of equipment to its creature, once every object is placed."""
        for piece, label, where in self.equipped:
            target = self.game.state.object_of(self.placed(label, where))
            if target is None:
                raise BadMessage(f"{where}: {label!r} is not in the battle zone")
            piece.attached_to = target


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
    except QuestionAsked as asked:
        return {"status": "choice_needed", "message": str(asked), "choice": asked.choice}
    except IllegalAction as reason:
        return {"status": "rejected", "message": str(reason)}
    except ScriptMismatch as reason:
        return {"status": "script_mismatch", "message": str(reason)}
    except (BadMessage, InvalidSetup) as reason:
        return {"status": "error", "message": str(reason)}
    return {"status": "ok"}

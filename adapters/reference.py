"""The in-process adapter for the reference engine, on the adapter SDK.

An :class:`~shinpan.adapters.sdk.EngineAdapter` like any other: the setup walker builds the board through
hooks over :class:`shinpan.reference_engine.Game`, each typed action has its handler below, and the engine's own
errors become the SDK's answers (:class:`_EngineAnswers`). The engine gets no special path: everything goes
through the same messages a subprocess adapter exchanges.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, cast

from shinpan import __version__
from shinpan.adapters import build, cards
from shinpan.adapters.contract import (
    PROTOCOL_VERSION,
    ChoiceKind,
    EngineInfo,
    HelloRequest,
    HelloResponse,
    Observable,
    PlayerName,
)
from shinpan.adapters.sdk import (
    Action,
    BadRequest,
    BoardHooks,
    EngineAdapter,
    LabelMap,
    ObservationBuilder,
    Pile,
    Question,
    Rejected,
    ScriptedChoices,
    ScriptMismatch,
    Setup,
    Turn,
    Unsupported,
    build_board,
)
from shinpan.adapters.sdk import actions as act
from shinpan.adapters.sdk.actions import Effect
from shinpan.adapters.sdk.answers import ChoiceNeeded as QuestionAnswer
from shinpan.adapters.sdk.vocabulary import CARD_ZONES, CardZone
from shinpan.reference_engine import (
    CardDatabase,
    Game,
    IllegalAction,
    Player,
    RulesState,
    UnsupportedByEngine,
)
from shinpan.reference_engine import (
    ScriptMismatch as EngineScriptMismatch,
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
from shinpan.reference_engine.core.objects import Card
from shinpan.reference_engine.core.rules_state import MODELLED
from shinpan.reference_engine.core.sickness import can_attack, is_summoning_sick
from shinpan.reference_engine.core.turns import Step
from shinpan.reference_engine.core.turns import Turn as EngineTurn
from shinpan.reference_engine.core.waiting import in_resolution_order
from shinpan.reference_engine.core.zones import DeckPosition, Zone
from shinpan.reference_engine.game import MECHANICS
from shinpan.reference_engine.transitions.flip import FlipBy

PLAYERS: dict[PlayerName, Player] = {"me": Player.P1, "opp": Player.P2}
NAMES: dict[Player, PlayerName] = {Player.P1: "me", Player.P2: "opp"}
ZONES: tuple[tuple[CardZone, Zone], ...] = tuple((zone, Zone(zone)) for zone in CARD_ZONES)
"""Each card zone of the contract and the engine's zone of that name."""
ZONE_OF: dict[str, Zone] = {zone.value: zone for zone in Zone}
STEP_OF: dict[str, Step] = {step.value: step for step in Step}
"""The engine's zone and step of each name (a look-up: calling the enum costs several times more, at every card of
every setup)."""

MODELLED_CHANGES: tuple[str, ...] = MODELLED
"""The changes of the rules whose both sides the reference engine plays (the kit reads them here: only this adapter
imports the engine)."""

Handler = Callable[["ReferenceSimulator", Any, ChoiceScript], None]
HANDLERS: dict[type[Action], Handler] = {}
"""Each action type of the contract and the handler that does it on the engine (filled by :func:`_handles`)."""


def _handles(*kinds: type[Action]) -> Callable[[Handler], Handler]:
    """Register the decorated method as the handler of the action types ``kinds``."""
    def register(handler: Handler) -> Handler:
        HANDLERS.update(dict.fromkeys(kinds, handler))
        return handler
    return register


ON_ONE_CARD: dict[type[Action], Callable[[Game, Card, ChoiceScript | None], None]] = {
    act.Unlink: Game.unlink, act.Seal: Game.seal, act.Unseal: Game.unseal, act.Cast: Game.cast,
    act.Discard: Game.discard, act.StopTreatingAsCreature: Game.stop_treating_as_creature,
}
"""The actions on one card (``card``) whose Game method takes that card and the choices."""

ON_CARDS: dict[type[Action], Callable[[Game, Sequence[Card], ChoiceScript | None], None]] = {
    act.GLink: Game.g_link, act.AwakenLink: Game.awaken_link, act.TapMana: Game.tap_mana,
}
"""The actions on a list of cards (``cards``) whose Game method takes those cards and the choices."""

WITHOUT_CHOICES: dict[type[Action], Callable[[Game, Card], None]] = {
    act.Tap: Game.tap, act.Untap: Game.untap, act.ChargeMana: Game.charge_mana,
}
"""The actions on one card (``card``) that ask for no choice: any scripted choice is unused."""


class ReferenceSimulator(EngineAdapter[Card], BoardHooks[Card, Card]):
    """The reference engine behind the Simulator contract; it is its own board's hooks."""

    ENGINE: ClassVar[EngineInfo] = {"name": "shinpan-reference", "version": __version__, "language": "Python"}
    PROTOCOL = PROTOCOL_VERSION  # the kit's own engine: written for the protocol the kit speaks, whichever it is
    MECHANICS = MECHANICS
    OBSERVABLES: ClassVar[tuple[Observable, ...]] = (
        "tapped", "tapped_mana", "power", "summoning_sick", "can_attack", "attacking", "lost", "waiting", "events",
        "effects", "equipment", "seals", "linked", "face", "deck_order")

    @property
    def READS_ONLY(self) -> bool:  # noqa: N802 - the attribute :attr:`AdapterSession.copies` reads
        """The kit's own engine only reads what it is given (it parses the setup, keeps the rules, the choices):
        the kit sends its requests without copying them. A subclass may do otherwise: it is given copies."""
        return type(self) is ReferenceSimulator

    @property
    def VALID_OBSERVATIONS(self) -> bool:  # noqa: N802 - the attribute :class:`EngineAdapter` reads
        """The kit's own engine builds observations the whole suite checks: each is not checked again against the
        schema (the duplicate-card check stays). A subclass is another engine: its observations are checked."""
        return type(self) is ReferenceSimulator

    def __init__(self) -> None:
        super().__init__()
        self.database = CardDatabase.from_entries(entry.data for entry in cards.load())
        self.game: Game | None = None
        self.seen_events = 0
        """How much of the engine's log the observations have reported."""

    def hello(self, request: HelloRequest) -> HelloResponse:
        """The SDK's handshake, with the engine's build (:mod:`shinpan.adapters.build`) — said by the reference
        engine itself only: a subclass answers otherwise, and is another engine."""
        response = super().hello(request)
        if type(self) is ReferenceSimulator:
            response["engine"] = {**self.ENGINE, "build": dict(build.reference())}  # type: ignore[typeddict-item]
        return response

    def cards(self) -> Sequence[str]:
        """Every card of the registry the engine can build (its database)."""
        return self.database.names

    # ------------------------------------------------------------------ setup: the board's hooks
    def start(self, setup: Setup) -> LabelMap[Card]:
        """A new game under the rules of ``new_game``, built by the setup walker."""
        assert self.rules is not None
        with _EngineAnswers(self.labels):
            self.game = Game(self.database, RulesState.of(self.rules["label"], self.rules["changes"]), self.seed)
            labels = build_board(setup, self).labels
        self.seen_events = len(self.game.log)
        return labels

    def set_turn(self, turn: Turn) -> None:
        self._game().set_turn(EngineTurn(turn.number, PLAYERS[turn.active], STEP_OF[turn.step]))

    def new_card(self, label: str, name: str, owner: PlayerName) -> Card:
        return self._game().create_card(name, PLAYERS[owner])

    def put_card(self, card: Card, zone: CardZone, owner: PlayerName) -> None:
        self._game().place(card, ZONE_OF[zone])

    def tap_mana(self, card: Card, owner: PlayerName) -> None:
        self._game().tap(card)

    def put_object(self, pile: Pile[Card], owner: PlayerName) -> Card:
        self._game().place_object(pile.cards, PLAYERS[owner], tapped=pile.setup.tapped,
                                  arrived_this_turn=pile.arrived_this_turn, attacking=pile.setup.attacking,
                                  treated_as_creature=pile.setup.treated_as_creature)
        return pile.top

    def equip(self, piece: Card, creature: Card) -> None:
        state = self._game().state
        equipment, target = state.object_of(piece), state.object_of(creature)
        assert equipment is not None and target is not None
        equipment.attached_to = target

    def apply_effect(self, effect: Effect, target: Card) -> None:
        game = self._game()
        if effect.kind == "ignore_abilities":
            game.ignore_abilities(target)
        else:
            game.apply_power_modifier(target, effect.amount or 0, Duration(effect.duration))

    def add_waiting(self, card: Card, ability: int) -> None:
        self._game().add_waiting(card, ability)

    # ------------------------------------------------------------------ moves
    def perform(self, action: Action, choices: ScriptedChoices[Card]) -> None:
        """Do ``action`` with its choices: each action type of the contract has one handler below."""
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise action.unsupported()
        script = ChoiceScript([Choice(kind, picks, PLAYERS[player]) for kind, player, picks in choices.scripted])
        with _EngineAnswers(self.labels):
            handler(self, action, script)

    def restore(self) -> None:
        """Play the moves since the setup again, the log's reported part kept as it was."""
        seen = self.seen_events
        super().restore()
        self.seen_events = seen

    @_handles(*ON_ONE_CARD)
    def _on_one_card(self, action: Any, script: ChoiceScript) -> None:
        ON_ONE_CARD[type(action)](self._game(), self.labels.card(action.card), script)

    @_handles(*ON_CARDS)
    def _on_cards(self, action: Any, script: ChoiceScript) -> None:
        ON_CARDS[type(action)](self._game(), self.labels.cards(action.cards), script)

    @_handles(*WITHOUT_CHOICES)
    def _without_choices(self, action: Any, script: ChoiceScript) -> None:
        WITHOUT_CHOICES[type(action)](self._game(), self.labels.card(action.card))
        script.finish()

    @_handles(act.Summon)
    def _summon(self, action: act.Summon, script: ChoiceScript) -> None:
        self._game().summon(self.labels.card(action.card), script, sources=self.labels.cards(action.sources))

    @_handles(act.PutIntoBattle)
    def _put_into_battle(self, action: act.PutIntoBattle, script: ChoiceScript) -> None:
        self._game().put_into_battle(self.labels.card(action.card), tapped=action.tapped, choices=script,
                                     sources=self.labels.cards(action.sources),
                                     together=self.labels.cards(action.with_))

    @_handles(act.Devolve)
    def _devolve(self, action: act.Devolve, script: ChoiceScript) -> None:
        self._game().devolve(self.labels.card(action.card), Zone(action.to), script)

    @_handles(act.PutUnder)
    def _put_under(self, action: act.PutUnder, script: ChoiceScript) -> None:
        self._game().put_under(self.labels.card(action.target), self.labels.cards(action.cards), script)

    @_handles(act.RearrangeUnder)
    def _rearrange_under(self, action: act.RearrangeUnder, script: ChoiceScript) -> None:
        self._game().rearrange_under(self.labels.card(action.target), self.labels.cards(action.order))
        script.finish()

    @_handles(act.Move)
    def _move(self, action: act.Move, script: ChoiceScript) -> None:
        by = PLAYERS[action.by] if action.by is not None else None
        self._game().move(self.labels.card(action.card), Zone(action.to), position=DeckPosition(action.position),
                          by=by, choices=script)

    @_handles(act.Destroy)
    def _destroy(self, action: act.Destroy, script: ChoiceScript) -> None:
        self._game().destroy(self.labels.cards(action.cards), script)

    @_handles(act.Attack)
    def _attack(self, action: act.Attack, script: ChoiceScript) -> None:
        target = action.target
        aim = PLAYERS[target.player] if isinstance(target, act.AtPlayer) else self.labels.card(target.card)
        self._game().attack(self.labels.card(action.attacker), target=aim, choices=script)

    @_handles(act.EndTurn)
    def _end_turn(self, action: act.EndTurn, script: ChoiceScript) -> None:
        self._game().end_turn()
        script.finish()

    @_handles(act.Draw)
    def _draw(self, action: act.Draw, script: ChoiceScript) -> None:
        self._game().draw(PLAYERS[action.player], action.count)
        script.finish()

    @_handles(act.Flip)
    def _flip(self, action: act.Flip, script: ChoiceScript) -> None:
        self._game().flip(self.labels.card(action.card), FlipBy(action.by), script)

    @_handles(act.Swap)
    def _swap(self, action: act.Swap, script: ChoiceScript) -> None:
        self._game().swap(self.labels.card(action.card), self.labels.card(action.with_), script)

    @_handles(act.Break)
    def _break(self, action: act.Break, script: ChoiceScript) -> None:
        self._game().break_shields(self.labels.card(action.breaker), self.labels.cards(action.shields), script)

    @_handles(act.Equip)
    def _equip(self, action: act.Equip, script: ChoiceScript) -> None:
        self._game().equip(self.labels.card(action.card), self.labels.card(action.to), script)

    @_handles(act.SideJump)
    def _side_jump(self, action: act.SideJump, script: ChoiceScript) -> None:
        self._game().side_jump(self.labels.card(action.card), self.labels.card(action.onto), script)

    @_handles(act.Mugetsu)
    def _mugetsu(self, action: act.Mugetsu, script: ChoiceScript) -> None:
        self._game().mugetsu(self.labels.card(action.card), self.labels.cards(action.tools), script)

    @_handles(act.Resolve)
    def _resolve(self, action: act.Resolve, script: ChoiceScript) -> None:
        self._game().resolve(script)

    @_handles(act.ApplyEffect)
    def _apply_effect_action(self, action: act.ApplyEffect, script: ChoiceScript) -> None:
        self.apply_effect(action.effect, self.labels.card(action.effect.target, "action/effect/target"))
        script.finish()

    # ------------------------------------------------------------------ observation
    def look(self, view: ObservationBuilder) -> Turn:
        """The game as the contract reports it, and the events of the engine's log not yet reported."""
        game, labels = self._game(), self.labels
        state = game.state
        effects: dict[int, list[dict[str, Any]]] = {}  # each object's power modifiers, in the order they apply
        for m in state.modifiers:
            effects.setdefault(m.target, []).append({"kind": "power", "amount": m.amount})
        equipment: dict[int, list[str]] = {}  # each object's equipment, in the order of the battle zones
        for piece in state.objects():
            if piece.attached_to is not None:
                equipment.setdefault(id(piece.attached_to), []).append(labels.label(piece.top))
        active = state.turn.active
        for name, player in PLAYERS.items():
            side = state.players[player]
            zones = side.zones
            for zone, engine_zone in ZONES:
                if cards := zones[engine_zone]:  # an empty zone is the view's own default
                    view.zone(name, zone, labels.labels(cards))
            tapped = side.tapped_mana
            view.tapped_mana(name, labels.labels([c for c in zones[Zone.MANA] if c.serial in tapped]) if tapped else [])
            view.lost(name, side.lost)
            for obj in side.battle:
                sick = is_summoning_sick(state, obj)
                sickness = {"summoning_sick": sick} if player is active else {}
                view.battle_object(
                    name, labels.labels(obj.cards), tapped=obj.tapped, power=power(state, obj),
                    can_attack=can_attack(state, obj, sick=sick), attacking=obj.attacking, **sickness,
                    effects=effects.get(obj.serial, []), equipment=equipment.get(id(obj), []),
                    seals=labels.labels(obj.seals) if obj.seals else [],
                    linked=labels.labels(obj.linked) if obj.linked else [], face=obj.cards[0].name)
        for pending in in_resolution_order(state.waiting, state.turn.active):  # C-7.1: as they would resolve
            view.waiting(labels.label(pending.card), pending.index)
        view.events([shown for e in game.log[self.seen_events:] if (shown := _event(e, labels)) is not None])
        self.seen_events = len(game.log)
        turn = state.turn
        return Turn(turn.number, NAMES[turn.active], turn.step.value)

    def _game(self) -> Game:
        if self.game is None:
            raise BadRequest("act before setup")
        return self.game


class _EngineAnswers:
    """The engine's own errors as the SDK's answers (the cards of a question named by their labels). A class, not a
    generator: it is entered at every move and setup, and costs a third as much."""

    def __init__(self, labels: LabelMap[Card]) -> None:
        self.labels = labels

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, _: object) -> None:
        if isinstance(error, UnsupportedByEngine):
            raise Unsupported(str(error)) from None
        if isinstance(error, IllegalAction):
            raise Rejected(str(error)) from None
        if isinstance(error, ChoiceNeeded):
            question = Question.of(cast(ChoiceKind, error.kind), NAMES[cast(Player, error.player)],
                                   self.labels.labels(cast(Sequence[Card], error.options)))
            raise QuestionAnswer(question) from None
        if isinstance(error, EngineScriptMismatch):
            raise ScriptMismatch(str(error)) from None
        if isinstance(error, InvalidSetup):
            raise BadRequest(str(error)) from None


def _event(event: Event, labels: LabelMap[Card]) -> dict[str, Any] | None:
    """An engine event as the contract reports it (an attack declaration, or an object becoming the sources of an
    evolution, is not an event there)."""
    if isinstance(event, Moved):
        return {"type": "moved", "card": labels.label(event.card), "from": event.source.value,
                "to": event.destination.value, "player": NAMES[event.player], "cause": event.cause.value}
    if isinstance(event, Replaced):
        return {"type": "replaced", "card": labels.label(event.source), "ability": event.ability,
                "affected": labels.label(event.card)}
    if isinstance(event, Reconstructed):
        return {"type": "reconstructed", "cards": labels.labels(event.cards), "player": NAMES[event.player]}
    if isinstance(event, AbilityTriggered):
        return {"type": "triggered", "card": labels.label(event.card), "ability": event.ability}
    if isinstance(event, ManaTapped):
        return {"type": "mana_tapped", "card": labels.label(event.card), "mana": event.mana}
    assert isinstance(event, Attacked | BecameSource)  # the contract reports neither as an event
    return None

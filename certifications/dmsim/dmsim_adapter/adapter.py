"""DMSIM behind the contract: what it plays, and the SDK's three methods (start, perform, look)."""

from __future__ import annotations

from typing import Any, ClassVar

from dmsim_adapter.cards import implemented
from dmsim_adapter.engine import KIT_ZONES, Game, ZoneType
from shinpan.adapters.contract import EngineInfo, Observable, PlayerName
from shinpan.adapters.sdk import (
    Action,
    EngineAdapter,
    LabelMap,
    ObservationBuilder,
    Rejected,
    RulesPlayed,
    ScriptedChoices,
    Setup,
    Turn,
    build_board,
    card_models,
)
from shinpan.adapters.sdk.actions import (
    ApplyEffect,
    Cast,
    ChargeMana,
    Destroy,
    Discard,
    Draw,
    EndTurn,
    Move,
    PutIntoBattle,
    Resolve,
    Seal,
    Summon,
    Tap,
    Unseal,
    Untap,
)
from shinpan.adapters.sdk.vocabulary import CARD_ZONES, PLAYERS


class DmsimAdapter(EngineAdapter[Any]):
    """DMSIM (snapshot 686c63e), today's rules."""

    ENGINE: ClassVar[EngineInfo] = {"name": "DMSIM", "version": "686c63e", "language": "Python"}
    PROTOCOL = 3
    MECHANICS = ("zones", "summon", "tap", "summoning_sickness", "speed_attacker", "turns", "mana", "evolution",
                 "neo_evolution", "triggers", "replacement_effects", "spells", "power_modifiers", "seal")
    OBSERVABLES: ClassVar[tuple[Observable, ...]] = ("tapped", "tapped_mana", "power", "summoning_sick",
                                                     "can_attack", "lost", "waiting", "events", "deck_order", "seals",
                                                     "effects")
    PLAYS = RulesPlayed.current_only()

    def __init__(self) -> None:
        super().__init__()
        self.definitions = implemented()
        self.models = card_models()

    def cards(self) -> list[str]:
        return sorted(self.definitions)

    def start(self, setup: Setup) -> LabelMap[Any]:
        self.game = Game(self.definitions, self.events, self._ability_index)
        board = build_board(setup, self.game)
        self.game.labels = board.labels
        self.game.finish_setup()
        return board.labels

    def perform(self, action: Action, choices: ScriptedChoices[Any]) -> None:
        game = self.game
        if game.game.state.game_over:
            raise Rejected("the game is over")
        game.chooser.choices, game.chooser.order = choices, []
        try:
            self._do(action)
        finally:
            game.chooser.choices = None
            game.release_triggered()
        game.settle_decks()
        choices.finish()

    def _do(self, action: Action) -> None:
        """One move, by DMSIM's own operations; an action type it lacks is UNSUPPORTED. First the moves of cards."""
        game, card = self.game, self.labels.card
        match action:
            case Summon(card=label, sources=sources):
                game.summon(card(label), [card(source) for source in sources])
            case PutIntoBattle(card=label, tapped=tapped, with_=others, sources=()):
                for each in self._enter_order([card(label), *(card(other) for other in others)]):
                    game.move(each, ZoneType.BATTLE, tapped=tapped)
            case Move(card=label, to=to, position=position, by=by) if to in KIT_ZONES:
                game.move(card(label), KIT_ZONES[to], position=position, by=by)
            case Discard(card=label):
                game.discard(card(label))
            case Destroy(cards=labels):
                game.destroy([card(label) for label in labels])
            case Cast(card=label):
                game.cast(card(label))
            case Seal(card=label):
                game.seal(game.top(card(label)))
            case Unseal(card=label):
                game.unseal(game.top(card(label)))
            case _:
                self._do_in_turn(action)

    def _enter_order(self, cards: list[Any]) -> list[Any]:
        """Cards put into the battle zone together enter one at a time (409.1f), as DMSIM's effects put them, in
        the order the turn player picks (C-4.13)."""
        choices = self.game.chooser.choices
        if len(cards) == 1 or choices is None:
            return cards
        active: PlayerName = "me" if self.game.game.state.turn_player_index == 0 else "opp"
        order = list(choices.take("enter_order", by=active, options=cards))
        if len(order) != len(cards) or any(not any(c is o for o in order) for c in cards):
            raise Rejected("the enter_order choice must name every card put into the battle zone, once")
        return order

    def _do_in_turn(self, action: Action) -> None:
        """The moves of a turn that are not moves of a card between zones."""
        game, card = self.game, self.labels.card
        match action:
            case Tap(card=label) | Untap(card=label):
                game.tap(card(label), isinstance(action, Tap))
            case Draw(player=player, count=count):
                game.draw(player, count)
            case ChargeMana(card=label):
                game.charge(card(label))
            case EndTurn():
                game.end_turn()
            case Resolve():
                game.resolve()
            case ApplyEffect(effect=effect):
                game.apply_effect(effect, card(effect.target))
            case _:
                raise action.unsupported()

    def look(self, view: ObservationBuilder) -> Turn:
        game, labels = self.game, self.labels
        state = game.game.state
        active: PlayerName = "me" if state.turn_player_index == 0 else "opp"
        for player in PLAYERS:
            for zone in CARD_ZONES:
                if zone in KIT_ZONES:
                    view.zone(player, zone, labels.labels(game.cards_in(player, KIT_ZONES[zone])))
            view.tapped_mana(player, labels.labels(c for c in game.cards_in(player, ZoneType.MANA) if c.tapped))
            view.lost(player, state.loser is game.players[player])
            for creature in game.cards_in(player, ZoneType.BATTLE):
                pile = game.pile(creature)
                sick = {"summoning_sick": game.sick(creature)} if player == active else {}
                ready = player == active and game.can_attack(creature)
                view.battle_object(player, labels.labels(pile), tapped=bool(creature.tapped),
                                   power=game.power(creature), can_attack=ready,
                                   seals=labels.labels(game.seals(creature)), effects=game.effects(creature), **sick)
        for source, ability in game.waiting():
            if source is not None:
                view.waiting(labels.label(source), ability)
        return Turn(state.turn, active)

    def _ability_index(self, name: str, form: str) -> int | None:
        model = self.models[name]
        forms = [i for i, ability in enumerate(model.abilities or ()) if ability.form == form]
        return forms[0] if len(forms) == 1 else None


def make_adapter() -> DmsimAdapter:
    """The factory ``py:dmsim_adapter:make_adapter`` names."""
    return DmsimAdapter()

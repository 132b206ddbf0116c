#!/usr/bin/env python3
"""shinpan example adapter — Python, on the kit's adapter SDK, served as a subprocess.

A template for simulator authors whose engine is written in Python: a toy engine that knows two plain creatures,
behind :class:`~shinpan.adapters.sdk.EngineAdapter`, which does the contract (the handshake, typed requests,
statuses, a game put back when a move needs a choice). It declares only what it plays, so a run finds PASS and
UNSUPPORTED, and no FAIL:

    shinpan run --adapter 'cmd:python adapters/examples/python/adapter.py' --validate

Copy it (or start with ``shinpan new-adapter DIR``), replace the toy ``Game`` with calls into your engine, and
widen ``CARDS``, ``MECHANICS`` and ``OBSERVABLES`` as you go. It needs only the kit's contract package
(``pip install shinpan``; importing it loads no pytest). The same class runs in-process too:
``--adapter py:adapter:ExampleAdapter`` with this folder on ``PYTHONPATH``.

The SDK answers for you: an :class:`~shinpan.adapters.sdk.Unsupported` raised anywhere is UNSUPPORTED with its
reason, a :class:`~shinpan.adapters.sdk.Rejected` is ``rejected``, a choice the script lacks is asked as data.
The server (:func:`shinpan.adapters.server.serve`) keeps stdout for the protocol: the toy engine's prints go to
stderr, whose tail the kit shows on a failure.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from shinpan.adapters.contract import EngineInfo, Observable, PlayerName
from shinpan.adapters.sdk import (
    Action,
    BoardHooks,
    EngineAdapter,
    EventRecorder,
    LabelMap,
    ObservationBuilder,
    Pile,
    Rejected,
    ScriptedChoices,
    Setup,
    Turn,
    Unsupported,
    build_board,
)
from shinpan.adapters.sdk.actions import Destroy, Draw, EndTurn, Move, PutIntoBattle, Summon, Tap, Untap
from shinpan.adapters.sdk.vocabulary import CARD_ZONES, PLAYERS, ZONES, CardZone, MoveCause, Zone
from shinpan.adapters.server import serve

POWER = {"テスト用クリーチャーA": 2000, "テスト用クリーチャーB": 3000}
"""The cards (names as in the kit's cards.yaml) the toy engine implements, and their power."""


# ------------------------------------------------------------------ a toy engine
@dataclass(eq=False)
class Card:
    name: str
    owner: PlayerName
    tapped: bool = False
    since: int = 0
    """The turn it entered the battle zone (summoning sickness, 301.5)."""


class Game(BoardHooks[Card, Card]):
    """Two players' zones, turns and plain creatures. Like many real engines it ends the game when a player must
    draw from an empty deck; the suite gives the decks the cards its turns draw. The setup walker builds it
    through the hooks (``set_turn``, ``new_card``, ``put_card``, ``put_object``); those it leaves out (tapped mana,
    equipment, applied effects) answer UNSUPPORTED."""

    def __init__(self, events: EventRecorder) -> None:
        self.events = events
        self.labels: LabelMap[Card] = LabelMap()
        self.turn = Turn(1, "me")
        self.zones: dict[PlayerName, dict[Zone, list[Card]]] = {p: {z: [] for z in ZONES} for p in PLAYERS}
        self.lost: set[PlayerName] = set()

    def set_turn(self, turn: Turn) -> None:
        self.turn = turn

    def new_card(self, label: str, name: str, owner: PlayerName) -> Card:
        if name not in POWER:
            raise Unsupported(f"card 《{name}》 is not implemented", card=name)
        return Card(name, owner)

    def put_card(self, card: Card, zone: CardZone, owner: PlayerName) -> None:
        self.zones[owner][zone].append(card)

    def put_object(self, pile: Pile[Card], owner: PlayerName) -> Card:
        if len(pile.cards) > 1:
            raise Unsupported("objects of several cards are not implemented", mechanic="evolution")
        if pile.setup.attacking:
            raise Unsupported("attacking creatures are not implemented", mechanic="attack")
        pile.top.tapped = pile.setup.tapped
        pile.top.since = self.turn.number - (0 if pile.arrived_this_turn else 1)
        self.zones[owner]["battle"].append(pile.top)
        return pile.top

    def zone_of(self, card: Card) -> Zone:
        return next(zone for zone, cards in self.zones[card.owner].items() if card in cards)

    def move(self, card: Card, to: Zone, cause: MoveCause, position: str = "top") -> None:
        """Every move goes through here: a card that changes zones is a new object (rule 400.5)."""
        origin = self.zone_of(card)
        if origin == to:
            raise Rejected(f"{card.name} is already in the {to}")
        if to == "deck" and position == "shuffled":
            raise Unsupported("shuffling a deck is not implemented", mechanic="zones")
        self.zones[card.owner][origin].remove(card)
        card.tapped, card.since = False, self.turn.number
        self.zones[card.owner][to].insert(0 if to == "deck" and position == "top" else len(self.zones[card.owner][to]),
                                          card)
        self.events.moved(self.labels.label(card), origin, to, card.owner, cause)

    def creature(self, card: Card) -> Card:
        if self.zone_of(card) != "battle":
            raise Rejected(f"{card.name} is not in the battle zone")
        return card

    def still_on(self) -> None:
        if self.lost:
            raise Rejected(f"the game is over: {', '.join(sorted(self.lost))} lost")

    def summon(self, card: Card) -> None:
        if self.zone_of(card) != "hand" or card.owner != self.turn.active:
            raise Rejected("only the active player summons, from the hand")
        self.move(card, "battle", "summon")

    def destroy(self, cards: Iterable[Card]) -> None:
        for creature in [self.creature(card) for card in cards]:  # all or nothing
            self.move(creature, "graveyard", "destroy")

    def draw(self, player: PlayerName, count: int = 1) -> None:
        for _ in range(count):
            deck = self.zones[player]["deck"]
            if not deck:
                self.lost.add(player)  # this engine's deck-out: the game is over
                return
            self.move(deck[0], "hand", "draw")

    def end_turn(self) -> None:
        active: PlayerName = "opp" if self.turn.active == "me" else "me"
        self.turn = Turn(self.turn.number + 1, active)
        for creature in self.zones[active]["battle"]:
            creature.tapped = False
        self.draw(active)


# ------------------------------------------------------------------ the contract, on the SDK
class ExampleAdapter(EngineAdapter[Card]):
    """The toy engine behind the contract: what it plays, and three methods."""

    ENGINE: ClassVar[EngineInfo] = {"name": "shinpan-example-python", "version": "0.2.0", "language": "Python"}
    PROTOCOL = 3  # the contract this adapter follows (CHANGELOG.md): never the kit's constant
    CARDS = tuple(POWER)
    MECHANICS = ("zones", "summon", "tap", "summoning_sickness", "turns")
    OBSERVABLES: ClassVar[tuple[Observable, ...]] = ("tapped", "power", "summoning_sick", "can_attack", "events",
                                                     "lost", "deck_order")

    def start(self, setup: Setup) -> LabelMap[Card]:
        """A new game of the setup (the walker calls the game's hooks in the documented order)."""
        self.game = Game(self.events)
        self.game.labels = build_board(setup, self.game).labels
        return self.game.labels

    def perform(self, action: Action, choices: ScriptedChoices[Card]) -> None:
        """One move: each action type this engine implements is a case; any other is UNSUPPORTED."""
        game, card = self.game, self.labels.card
        game.still_on()
        print(f"[toy engine] {action.type} {action}")  # engines print: the server sends this to stderr
        match action:
            case Summon(card=label, sources=()):
                game.summon(card(label))
            case PutIntoBattle(card=label, tapped=tapped, with_=(), sources=()):
                game.move(card(label), "battle", "put")
                card(label).tapped = tapped
            case Move(card=label, to=to, position=position):
                game.move(card(label), to, "put", position)  # an effect puts it there
            case Destroy(cards=labels):
                game.destroy(card(label) for label in labels)
            case Tap(card=label) | Untap(card=label):
                if game.zone_of(card(label)) == "mana":  # this toy keeps no tapped mana
                    raise Unsupported("tapped mana is not implemented", mechanic="mana")
                game.creature(card(label)).tapped = isinstance(action, Tap)
            case Draw(player=player, count=count):
                game.draw(player, count)
            case EndTurn():
                game.end_turn()
            case _:
                raise action.unsupported()
        choices.finish()

    def look(self, view: ObservationBuilder) -> Turn:
        """The game as an observation (the builder keeps the declared fields and checks the result)."""
        game = self.game
        for player in PLAYERS:
            for zone in CARD_ZONES:
                view.zone(player, zone, self.labels.labels(game.zones[player][zone]))
            view.lost(player, player in game.lost)
            for creature in game.zones[player]["battle"]:
                turn_player, sick = player == game.turn.active, creature.since >= game.turn.number
                ready = turn_player and not sick and not creature.tapped
                view.battle_object(player, [self.labels.label(creature)], tapped=creature.tapped,
                                   power=POWER[creature.name], can_attack=ready,
                                   **({"summoning_sick": sick} if turn_player else {}))  # 301.5: the turn player's
        return game.turn


if __name__ == "__main__":
    sys.exit(serve(ExampleAdapter()))

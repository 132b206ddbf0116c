"""The event pipeline (イベントの処理): the one road every zone move takes.

Stages, in order, for a batch of simultaneous moves:

1. **look back**: for every object about to leave the battle zone, remember its state just before
   the move (:class:`~reference_engine.events.LastKnown`, 603.5c);
2. **perform**: take the cards out of their zones and put them into their destinations; a card
   entering the battle zone becomes a new object and remembers the turn (301.5); an object that
   leaves takes all its cards with it, each to its owner's zone, and the effects on it end;
3. **record**: append what happened to the game's event log.

Replacement effects (609) and triggered abilities (603) are further stages of this pipeline; they
hook in here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference_engine.characteristics import power
from reference_engine.events import DeckPosition, LastKnown, Moved, MoveRequest
from reference_engine.players import Player
from reference_engine.state import BattleObject, Card, GameState
from reference_engine.zones import Zone


class Pipeline:
    """Performs events on a game state and records them."""

    def __init__(self, state: GameState, log: list[Moved]) -> None:
        self.state = state
        self.log = log

    def move(self, requests: Sequence[MoveRequest]) -> list[Moved]:
        """Perform the moves in ``requests`` as one simultaneous event; return what happened."""
        leaving = self._look_back(requests)
        performed: list[Moved] = []
        for request in requests:
            performed.extend(self._perform(request, leaving))
        self.log.extend(performed)
        return performed

    def _look_back(self, requests: Sequence[MoveRequest]) -> dict[int, LastKnown]:
        snapshots: dict[int, LastKnown] = {}
        for request in requests:
            obj = self.state.object_of(request.card)
            if obj is not None and obj.serial not in snapshots:
                snapshots[obj.serial] = LastKnown(
                    cards=tuple(obj.cards), controller=obj.controller, tapped=obj.tapped,
                    power=power(self.state, obj),
                )
        return snapshots

    def _perform(self, request: MoveRequest, leaving: dict[int, LastKnown]) -> list[Moved]:
        obj = self.state.object_of(request.card)
        if obj is not None:
            return self._object_leaves(obj, request, leaving[obj.serial])
        holder, source = self.state.zone_of(request.card)
        self.state.players[holder].zones[source].remove(request.card)
        self.state.players[holder].tapped_mana.discard(request.card.serial)
        player = self._put(request.card, request)
        return [Moved(request.card, player, source, request.destination, request.cause)]

    def _object_leaves(self, obj: BattleObject, request: MoveRequest, last: LastKnown) -> list[Moved]:
        self.state.players[obj.controller].battle.remove(obj)
        self.state.modifiers = [m for m in self.state.modifiers if m.target != obj.serial]
        moved = []
        for card in obj.cards:
            card.entered_battle_turn = None
            player = self._put(card, request)
            moved.append(Moved(card, player, Zone.BATTLE, request.destination, request.cause, last))
        return moved

    def _put(self, card: Card, request: MoveRequest) -> Player:
        destination = request.destination
        if destination is Zone.BATTLE:
            controller = request.controller if request.controller is not None else card.owner
            card.entered_battle_turn = self.state.turn.number
            self.state.players[controller].battle.append(
                BattleObject(cards=[card], controller=controller, tapped=request.tapped)
            )
            return controller
        zone = self.state.players[card.owner].zones[destination]
        if destination is Zone.DECK and request.position is DeckPosition.TOP:
            zone.insert(0, card)
        else:
            zone.append(card)
        if destination is Zone.MANA and request.tapped:
            self.state.players[card.owner].tapped_mana.add(card.serial)
        return card.owner

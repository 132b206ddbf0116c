"""The event pipeline (イベントの処理): the one road every zone move takes.

Stages, in order, for a batch of simultaneous moves:

1. **replace**: a self-replacement of the moving card changes where it goes (609; 《恋愛妖精アジサイ》:
   destroyed → mana zone instead). A replaced event did not happen, so nothing triggers on it (603.2d);
2. **look back**: for every object about to leave the battle zone, remember its state just before
   the move (:class:`~reference_engine.events.LastKnown`, 603.5c), and every card's civilizations
   where it was;
3. **perform**: take the cards out of their zones and put them into their destinations; a card
   entering the battle zone becomes a new object and remembers the turn (301.5); an object that
   leaves takes all its cards with it, each to its owner's zone, and the effects on it end;
4. **record**: append what happened to the game's event log;
5. **trigger**: check every triggered ability against the batch (:mod:`reference_engine.triggers`);
   those that trigger wait in the game state until resolved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from reference_engine.abilities import Replacement
from reference_engine.characteristics import abilities_ignored, civilizations, is_evolution, power
from reference_engine.events import AbilityTriggered, DeckPosition, Event, LastKnown, Moved, MoveRequest
from reference_engine.players import Player
from reference_engine.rulesets import Ruleset
from reference_engine.state import BattleObject, Card, GameState
from reference_engine.triggers import check_moves
from reference_engine.zones import Zone


class Pipeline:
    """Performs events on a game state, records them, and checks the triggers they cause."""

    def __init__(self, state: GameState, log: list[Event], ruleset: Ruleset) -> None:
        self.state = state
        self.log = log
        self.ruleset = ruleset

    def move(self, requests: Sequence[MoveRequest]) -> list[Moved]:
        """Perform the moves in ``requests`` as one simultaneous event; return what happened."""
        requests = [self._replace(r) for r in requests]
        leaving = self._look_back(requests)
        before = {id(r.card): self._civilizations_before(r.card) for r in requests}
        performed: list[Moved] = []
        for request in requests:
            performed.extend(self._perform(request, leaving, before))
        self.log.extend(performed)
        for pending in check_moves(self.state, self.ruleset, performed):
            self.state.waiting.append(pending)
            self.log.append(AbilityTriggered(pending.card, pending.index))
        return performed

    def _replace(self, request: MoveRequest) -> MoveRequest:
        obj = self.state.object_of(request.card)
        if obj is None or request.destination is not Zone.GRAVEYARD or abilities_ignored(self.state, obj):
            return request
        for ability in obj.top.definition.abilities:
            if isinstance(ability, Replacement):
                return replace(request, destination=ability.instead)
        return request

    def _civilizations_before(self, card: Card) -> tuple[str, ...]:
        return civilizations(self.state, card)

    def _look_back(self, requests: Sequence[MoveRequest]) -> dict[int, LastKnown]:
        snapshots: dict[int, LastKnown] = {}
        for request in requests:
            obj = self.state.object_of(request.card)
            if obj is not None and obj.serial not in snapshots:
                top = obj.top.definition
                snapshots[obj.serial] = LastKnown(
                    cards=tuple(obj.cards), controller=obj.controller, tapped=obj.tapped,
                    power=power(self.state, obj), civilizations=top.civilizations, races=top.races,
                    cost=top.cost, evolution=is_evolution(obj), abilities_ignored=abilities_ignored(self.state, obj),
                )
        return snapshots

    def _perform(self, request: MoveRequest, leaving: dict[int, LastKnown],
                 before: dict[int, tuple[str, ...]]) -> list[Moved]:
        obj = self.state.object_of(request.card)
        if obj is not None:
            return self._object_leaves(obj, request, leaving[obj.serial])
        holder, source = self.state.zone_of(request.card)
        self.state.players[holder].zones[source].remove(request.card)
        self.state.players[holder].tapped_mana.discard(request.card.serial)
        player = self._put(request.card, request)
        return [Moved(request.card, player, source, request.destination, request.cause, by=request.by,
                      civilizations_before=before[id(request.card)])]

    def _object_leaves(self, obj: BattleObject, request: MoveRequest, last: LastKnown) -> list[Moved]:
        self.state.players[obj.controller].battle.remove(obj)
        self.state.modifiers = [m for m in self.state.modifiers if m.target != obj.serial]
        self.state.ignored.discard(obj.serial)
        moved = []
        for card in obj.cards:
            card.entered_battle_turn = None
            player = self._put(card, request)
            moved.append(Moved(card, player, Zone.BATTLE, request.destination, request.cause, last, by=request.by,
                               civilizations_before=last.civilizations))
        return moved

    def _put(self, card: Card, request: MoveRequest) -> Player:
        card.moves += 1
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

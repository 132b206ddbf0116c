"""The event pipeline (イベントの処理): the one road every zone move takes.

Stages, in order, for a batch of simultaneous moves:

1. **replace**: the proposed moves are offered, as one batch, to the replacement effects in force
   (:mod:`shinpan.reference_engine.pipeline.replacements`, 609, the only place replacements apply), which may change
   them ("かわりに"); a replaced event did not happen, so nothing triggers on it (603.2d); what a
   replacement does after its event (「そうしたら」, 101.5a) is done after stage 5;
2. **look back**: for every object about to leave the battle zone, remember its state just before
   the move (:class:`~shinpan.reference_engine.core.events.LastKnown`, 603.5c: computed characteristics, whether it
   was an evolution creature, whether its abilities were ignored), and every moving card's
   civilizations where it was; where only the top card leaves (退化), decide the reconstruction of
   what stays (:func:`shinpan.reference_engine.transitions.reconstruction.plan`), so that a choice the rules forbid is
   rejected before anything moves;
3. **perform**: take the cards out of their zones and put them into their destinations; a card
   entering the battle zone becomes a new object and remembers the turn (301.5), or, put onto
   sources (進化), the top of an object made of it and its sources; an object that leaves takes all
   its cards with it, each to its owner's zone, and the effects on it end — except a linked god, which
   leaves alone while the other gods stay (804.7), and a creature that is not an evolution creature,
   whose other cards go to the graveyard wherever its top card goes (seed 003); an object that loses only
   its top card is reconstructed (801.4), which is not an entering; a card put into a deck goes on top, at the
   bottom or is shuffled in (:class:`~shinpan.reference_engine.core.zones.DeckPosition`), and several cards of one
   object put on top of or under a deck at once are refused, their order not being in the rules material;
4. **record**: append what happened to the game's event log;
5. **trigger**: check every triggered ability against the cards that moved
   (:mod:`shinpan.reference_engine.pipeline.triggers`); those that trigger wait in the game state until resolved. Only
   :class:`~shinpan.reference_engine.core.events.Moved` events are checked: a reconstruction is not an entering
   (801.4c) and a replaced event did not happen (603.2d).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import cached_property

from shinpan.reference_engine.core.abilities import Replacement
from shinpan.reference_engine.core.characteristics import civilizations, is_evolution_creature, last_known
from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.errors import IllegalAction, UnsupportedByEngine
from shinpan.reference_engine.core.events import (
    AbilityTriggered,
    Cause,
    Event,
    LastKnown,
    Moved,
    MoveRequest,
    Reconstructed,
)
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.rules_state import RulesState
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.core.waiting import Pending
from shinpan.reference_engine.core.zones import DeckPosition, Zone
from shinpan.reference_engine.pipeline import follow_ups, replacements
from shinpan.reference_engine.pipeline.triggers import check_moves
from shinpan.reference_engine.transitions import reconstruction, unlink

Civilizations = dict[int, tuple[str, ...]]
"""Each moving card's civilizations just before the move, by ``id`` of the card."""


class Pipeline:
    """Performs events on a game state, records them, and checks the triggers they cause."""

    def __init__(self, state: GameState, log: list[Event], rules: RulesState, seed: int = 0) -> None:
        self.state = state
        self.log = log
        self.rules = rules
        self.script: ChoiceScript | None = None
        """The choices of the action being performed, for moves whose caller passes none (effects resolving)."""
        self.seed = seed

    @cached_property
    def random(self) -> random.Random:
        """The game's source of randomness (shuffling), seeded with the game's seed when first used: most games
        shuffle nothing, and seeding a generator is a tenth of building a small board."""
        return random.Random(self.seed)

    def move(self, requests: Sequence[MoveRequest], choices: ChoiceScript | None = None, *,
             all_or_nothing: bool = False) -> list[Event]:
        """Perform the moves in ``requests`` as one simultaneous event; return what happened.

        ``all_or_nothing`` (入れ替え, 701.26b): if the replacement stage would move any card other than as
        proposed (elsewhere, or not at all), nothing happens — no card moves and no replacement applies — and
        the result is empty.
        """
        script = choices if choices is not None else self.script if self.script is not None else ChoiceScript()
        if self.rules.cards_put_together_enter_one_at_a_time and _entering_together(requests):
            return self._one_at_a_time(requests, script)
        requests = [self._which_god(request, script) for request in requests]
        outcome = replacements.replace_batch(self.state, self.rules, requests, script, self._follow_up)
        if all_or_nothing and not _as_proposed(requests, outcome.requests):
            return []
        performed: list[Event] = list(outcome.replaced)
        proposed = outcome.requests
        for request in proposed:
            if request.destination is Zone.BATTLE and request.beneath is None:
                owner = request.card.owner
                self._check_d2(request.card, request.controller if request.controller is not None else owner)
            self._check_deck_order(request)
            self._check_seals(request)
        leaving = self._look_back(proposed)
        before = self._civilizations_before(proposed)
        plans = {
            id(request): self._plan_reconstruction(request, script) for request in proposed if request.only_top
        }
        for request in proposed:
            performed.extend(self._perform(request, leaving, before, plans.get(id(request)), script))
        self.log.extend(performed)
        self.wait(check_moves(self.state, self.rules, [e for e in performed if isinstance(e, Moved)]))
        for later in outcome.later:  # what a replacement does after its event: 「そうしたら」 (101.5a)
            later(script)
        return performed

    def _which_god(self, request: MoveRequest, script: ChoiceScript) -> MoveRequest:
        """804.7: an effect that moves a linked creature moves one of its gods only — the one the linked creature's
        controller chooses (choice ``god_leaves``; 804.7 does not say who, the G・リンク reminder text says one is
        chosen). A move that names a card (109.2a) moves that god, and nothing is asked."""
        obj = self.state.object_of(request.card)
        if not request.creature or obj is None or len(obj.linked) < 2:
            return request
        god = script.one_of("god_leaves", list(obj.linked), by=obj.controller, what="one of the linked gods")
        return replace(request, card=god)

    def _one_at_a_time(self, requests: Sequence[MoveRequest], script: ChoiceScript) -> list[Event]:
        """409.1f (保留状態): the cards one effect puts into the battle zone together are held, then enter one at a
        time, each entering its own event with its own trigger check. The order is the choice ``enter_order`` of
        the player whose effect it is (the turn player when the move names none): 409.1f does not say who."""
        by = requests[0].by or self.state.turn.active
        picks = script.take("enter_order", by=by, options=[r.card for r in requests]).picks
        if sorted(map(id, picks)) != sorted(id(r.card) for r in requests):
            raise IllegalAction("enter_order must name every card put into the battle zone together, once")
        order = [next(r for r in requests if r.card is card) for card in picks]
        return [event for request in order for event in self.move([request], script)]

    def wait(self, triggered: Iterable[Pending]) -> None:
        """Abilities that triggered wait to resolve (待機), each recorded as triggered (誘発) — whatever triggered
        them: a zone change or an attack."""
        for pending in triggered:
            self.state.waiting.append(pending)
            self.log.append(AbilityTriggered(pending.card, pending.index))

    def draw(self, player: Player, count: int = 1) -> None:
        """カードを引く: move the top ``count`` cards of ``player``'s deck to the hand, one at a time."""
        for _ in range(count):
            deck = self.state.players[player].zones[Zone.DECK]
            if not deck:
                return
            self.move([MoveRequest(deck[0], Zone.HAND, Cause.DRAW)])

    def _follow_up(self, source: Card, controller: Player, ability: Replacement, script: ChoiceScript) -> None:
        assert ability.then is not None
        follow_ups.run(self, source, controller, ability.then, script)

    def _look_back(self, requests: Sequence[MoveRequest]) -> dict[int, LastKnown]:
        snapshots: dict[int, LastKnown] = {}
        for request in requests:
            obj = self.state.object_of(request.card)
            if obj is not None and obj.serial not in snapshots:
                snapshots[obj.serial] = last_known(self.state, obj)
        return snapshots

    def _civilizations_before(self, requests: Sequence[MoveRequest]) -> Civilizations:
        """Where each moving card is now, its civilizations there (for "from A to B" conditions)."""
        cards = [card for request in requests for card in (request.card, *request.onto)]
        return {id(card): civilizations(self.state, card) for card in cards}

    def _plan_reconstruction(self, request: MoveRequest, choices: ChoiceScript) -> reconstruction.Plan:
        obj = self.state.object_of(request.card)
        if obj is None or obj.top is not request.card:
            raise IllegalAction(f"only the top card of a battle-zone object can leave alone ({request.card.name})")
        return reconstruction.plan(obj, is_evolution_creature(obj), self.rules, choices)

    def _perform(self, request: MoveRequest, leaving: dict[int, LastKnown], before: Civilizations,
                 rebuilt: reconstruction.Plan | None, script: ChoiceScript) -> list[Event]:
        obj = self.state.object_of(request.card)
        if obj is not None and rebuilt is not None:
            return self._top_leaves(obj, request, leaving[obj.serial], rebuilt)
        if obj is not None and len(obj.linked) > 1:
            return self._god_leaves(obj, request, leaving[obj.serial], script)
        if obj is not None:
            return list(self._object_leaves(obj, request, leaving[obj.serial]))
        holder, source = self.state.zone_of(request.card)
        self.state.players[holder].zones[source].remove(request.card)
        self.state.players[holder].tapped_mana.discard(request.card.serial)
        if request.destination is Zone.BATTLE and request.onto:
            return self._enter_onto(request, source, before)
        if request.destination is Zone.BATTLE and request.beneath is not None:
            return self._put_beneath(request, request.beneath, source, before)
        player = self._put(request.card, request)
        return [Moved(request.card, player, source, request.destination, request.cause, by=request.by,
                      civilizations_before=before[id(request.card)])]

    def _object_leaves(self, obj: BattleObject, request: MoveRequest, last: LastKnown) -> list[Moved]:
        self.state.players[obj.controller].battle.remove(obj)
        self.state.modifiers = [m for m in self.state.modifiers if m.target != obj.serial]
        self.state.ignored.discard(obj.serial)
        under_to_graveyard = reconstruction.under_go_to_graveyard(obj, last.evolution)
        moved = []
        for card in obj.cards:
            card.entered_battle_turn = None
            if under_to_graveyard and card is not obj.top:  # not an evolution creature: its other cards (seed 003)
                moved.append(self._under_to_graveyard(card, last))
                continue
            player = self._put(card, request)
            moved.append(Moved(card, player, Zone.BATTLE, request.destination, request.cause, last, by=request.by,
                               civilizations_before=last.civilizations))
        return moved

    def _god_leaves(self, obj: BattleObject, request: MoveRequest, last: LastKnown,
                    script: ChoiceScript) -> list[Event]:
        """804.7: one god of a linked creature leaves with only its own pile; the other gods stay
        (:func:`shinpan.reference_engine.transitions.unlink.god_leaves`). The god leaves as a creature (109.2b): its
        last known state is the linked creature's, with the god's pile as its cards."""
        part = obj.part_of(request.card)
        unlink.god_leaves(self.state, obj, part, script)
        own = replace(last, cards=tuple(part))
        moved: list[Event] = []
        for card in part:
            card.entered_battle_turn = None
            player = self._put(card, request)
            moved.append(Moved(card, player, Zone.BATTLE, request.destination, request.cause, own, by=request.by,
                               civilizations_before=last.civilizations))
        return moved

    def _top_leaves(self, obj: BattleObject, request: MoveRequest, last: LastKnown,
                    rebuilt: reconstruction.Plan) -> list[Event]:
        """退化: only the top card leaves; what stays is the reconstruction plan's (801.4)."""
        top = obj.top
        self.state.players[obj.controller].battle.remove(obj)
        top.entered_battle_turn = None
        events: list[Event] = [
            Moved(top, self._put(top, request), Zone.BATTLE, request.destination, request.cause, last,
                  by=request.by, civilizations_before=last.civilizations)
        ]
        for card in rebuilt.to_graveyard:
            card.entered_battle_turn = None
            events.append(self._under_to_graveyard(card, last))
        for remaining in reconstruction.carry_over(self.state, obj, rebuilt):
            self.state.players[remaining.controller].battle.append(remaining)
            events.append(Reconstructed(tuple(remaining.cards), remaining.controller))
        return events

    def _under_to_graveyard(self, card: Card, last: LastKnown) -> Moved:
        """A card from under a top card that left goes to its owner's graveyard by a rule, straight from under it
        (not as a creature: 109.2b, old 801.4b)."""
        card.moves += 1
        self.state.players[card.owner].zones[Zone.GRAVEYARD].append(card)
        return Moved(card, card.owner, Zone.BATTLE, Zone.GRAVEYARD, Cause.RULE, last,
                     civilizations_before=card.definition.civilizations)

    def _enter_onto(self, request: MoveRequest, source: Zone, before: Civilizations) -> list[Event]:
        """進化: the card enters on top of its sources, which become the cards under it (801.1b, 403.4a).

        A source in the battle zone stays there (its object becomes part of the new one); a source
        elsewhere (墓地進化) enters the battle zone with it and remembers the turn (301.5).
        """
        controller = request.controller if request.controller is not None else request.card.owner
        cards = [request.card]
        request.card.moves += 1
        events: list[Event] = [Moved(request.card, controller, source, Zone.BATTLE, request.cause, by=request.by,
                                     civilizations_before=before[id(request.card)])]
        for card in request.onto:
            obj = self.state.object_of(card)
            if obj is not None:
                self.state.players[obj.controller].battle.remove(obj)
                cards.extend(obj.cards)
                continue
            owner, zone = self.state.zone_of(card)
            self.state.players[owner].zones[zone].remove(card)
            card.entered_battle_turn = self.state.turn.number
            card.moves += 1
            cards.append(card)
            events.append(Moved(card, controller, zone, Zone.BATTLE, request.cause, by=request.by,
                                civilizations_before=before[id(card)]))
        request.card.entered_battle_turn = self.state.turn.number
        self.state.players[controller].battle.append(BattleObject(cards, controller, tapped=request.tapped))
        return events

    def _put_beneath(self, request: MoveRequest, beneath: Card, source: Zone, before: Civilizations) -> list[Event]:
        """下に置く: the card goes to the bottom of the object's cards (403.4a); it is now in the battle zone."""
        obj = self.state.object_of(beneath)
        if obj is None:
            raise IllegalAction(f"{beneath.name} is not in the battle zone")
        obj.cards.append(request.card)
        request.card.entered_battle_turn = self.state.turn.number
        request.card.moves += 1
        return [Moved(request.card, obj.controller, source, Zone.BATTLE, request.cause, by=request.by,
                      civilizations_before=before[id(request.card)])]

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
            zone.append(card)  # the deck's bottom, or the end of an unordered zone
        if destination is Zone.DECK and request.position is DeckPosition.SHUFFLED:
            self.random.shuffle(zone)
        if destination is Zone.MANA and request.tapped:
            self.state.players[card.owner].tapped_mana.add(card.serial)
        return card.owner

    def _check_d2(self, card: Card, controller: Player) -> None:
        """The D2 field rule (a D2 field leaves when another enters) is not implemented: refuse, never guess."""
        battle = self.state.players[controller].battle
        if card.definition.is_d2_field and any(o.top.definition.is_d2_field for o in battle):
            raise UnsupportedByEngine("a D2 field entering while another is in play (D2 field rule) is not implemented")

    def _check_seals(self, request: MoveRequest) -> None:
        """Where the seals (封印, 116) of a creature go when it leaves the battle zone is not in the rules material:
        refuse rather than guess (or lose them)."""
        obj = self.state.object_of(request.card)
        if obj is not None and obj.seals and request.destination is not Zone.BATTLE:
            raise UnsupportedByEngine(f"{obj.top.name} leaves the battle zone with {len(obj.seals)} seal(s): where "
                                      "seals go then is not in the rules material")

    def _check_deck_order(self, request: MoveRequest) -> None:
        """Several cards of one object put on top of or under a deck at once go in some order; the rules material
        does not say who decides it, so the engine refuses rather than guess (shuffled in, the order is moot)."""
        obj = self.state.object_of(request.card)
        if request.destination is not Zone.DECK or request.position is DeckPosition.SHUFFLED \
                or obj is None or request.only_top:
            return
        going = obj.part_of(request.card)
        if len(obj.linked) < 2 and reconstruction.under_go_to_graveyard(obj, is_evolution_creature(obj)):
            going = going[:1]  # the cards under a non-evolution creature go to the graveyard instead
        if len(going) > 1:
            raise UnsupportedByEngine(f"{len(going)} cards of one creature put into the deck at once: in which order "
                                      "is not in the rules material")


def _as_proposed(proposed: Sequence[MoveRequest], performed: Sequence[MoveRequest]) -> bool:
    """Whether every proposed card still moves to the proposed zone (how it enters, e.g. untapped, may differ)."""
    return all(any(p.card is q.card and p.destination is q.destination for q in performed) for p in proposed)


def _entering_together(requests: Sequence[MoveRequest]) -> bool:
    """Whether one effect puts several cards into the battle zone at once (not under a card, 403.4a; 409.1f)."""
    return len(requests) > 1 and all(r.destination is Zone.BATTLE and r.beneath is None for r in requests)

"""Planted bugs (仕込んだバグ): variants of the reference engine, each breaking one general rule the way a real
simulator does. They are test fixtures, never shipped as adapters: ``shinpan explore`` must find every one
within its default budget (tests/test_explore_planted.py).

Each variant is an in-process adapter (``py:tests.planted_bugs:NAME``) that wraps the reference adapter and, only
while one of its requests is being answered, replaces one function of the engine with a wrong one. The reference
engine the exploration compares against runs in the same process between those requests, unchanged.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Any
from unittest import mock

from shinpan.adapters import reference as reference_adapter
from shinpan.adapters.reference import ReferenceSimulator
from shinpan.reference_engine.core import characteristics, sickness
from shinpan.reference_engine.core.abilities import TriggerEvent
from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.effects import Duration
from shinpan.reference_engine.core.errors import IllegalAction
from shinpan.reference_engine.core.events import Cause, MoveRequest
from shinpan.reference_engine.core.objects import Card
from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.core.zones import DeckPosition, Zone
from shinpan.reference_engine.game import Game
from shinpan.reference_engine.pipeline import pipeline as pipeline_module
from shinpan.reference_engine.pipeline import replacements, triggers
from shinpan.reference_engine.pipeline.pipeline import Pipeline
from shinpan.reference_engine.transitions import carrying, link, reconstruction, seal, swap, unlink
from shinpan.reference_engine.transitions import evolution as evolution_

Patch = tuple[Any, str, Callable[[Any], Any]]
"""Where a bug goes: an object, the name of its attribute, and a function of the original giving the wrong one."""


class Planted(ReferenceSimulator):
    """The reference adapter with ``patches`` in force while it answers."""

    def __init__(self, patches: Sequence[Patch]) -> None:
        super().__init__()
        self.patches = patches

    @contextlib.contextmanager
    def _bugs(self) -> Iterator[None]:
        with contextlib.ExitStack() as stack:
            for owner, name, wrong in self.patches:
                stack.enter_context(mock.patch.object(owner, name, wrong(getattr(owner, name))))
            yield

    def setup(self, request: Any) -> Any:
        with self._bugs():
            return super().setup(request)

    def act(self, request: Any) -> Any:
        with self._bugs():
            return super().act(request)

    def observe(self, request: Any) -> Any:
        with self._bugs():
            return super().observe(request)


# ---------------------------------------------------------------- the bugs
def destroy_one_at_a_time() -> Planted:
    """破壊 of several creatures at once done one creature at a time: each destruction is its own event, so a
    watcher destroyed first never sees the others go (603.5c look-back over one event)."""

    def wrong(original: Any) -> Any:
        def destroy(self: Game, cards: Sequence[Card], choices: ChoiceScript | None = None) -> None:
            tops: list[Card] = []
            for card in cards:
                obj = self.state.object_of(card)
                if obj is None:
                    raise IllegalAction(f"{card.name} is not in the battle zone")
                top = obj.part_of(card)[0]
                if not any(t is top for t in tops):
                    tops.append(top)
            for top in tops:
                self.pipeline.move([MoveRequest(top, Zone.GRAVEYARD, Cause.DESTROY)], choices)
            if choices is not None:
                choices.finish()
        return destroy

    return Planted([(Game, "destroy", wrong)])


def untap_both_players() -> Planted:
    """The untap step untaps both players' creatures, not only the turn player's (the turn player's things)."""

    def wrong(original: Any) -> Any:
        def begin(self: Game) -> None:
            for player in (Player.P1, Player.P2):
                for obj in self.state.players[player].battle:
                    if not obj.seals and not obj.top.definition.is_fortress:
                        obj.tapped = False
            original(self)
        return begin

    return Planted([(Game, "_begin_turn", wrong)])


def ignored_enter_abilities_trigger() -> Planted:
    """An 「出た時」 ability whose abilities are ignored (無視) still triggers."""

    def wrong(original: Any) -> Any:
        def check(state: GameState, rules: Any, holder: Any, ability: Any, moved: Any) -> bool:
            if ability.event is TriggerEvent.ENTERS:
                holder = replace(holder, ignored=False)
            return bool(original(state, rules, holder, ability, moved))
        return check

    return Planted([(triggers, "_triggers", wrong)])


def leave_trigger_per_card() -> Planted:
    """A leave ability fires once for every card of a creature made of several cards (an evolution creature and
    its sources), as if each card left as a creature of its own."""

    def wrong(original: Any) -> Any:
        def check(state: GameState, rules: Any, holder: Any, ability: Any, moved: Any) -> bool:
            if moved.last_known is not None and not moved.as_creature:
                cards = (moved.card, *(c for c in moved.last_known.cards if c is not moved.card))
                moved = replace(moved, last_known=replace(moved.last_known, cards=cards))
            return bool(original(state, rules, holder, ability, moved))
        return check

    return Planted([(triggers, "_leave_triggers", wrong)])


def battle_to_graveyard_not_destroyed() -> Planted:
    """Only a 破壊 effect counts as destroying: a creature put into the graveyard from the battle zone by any other
    move (an effect that moves it, a swap) triggers no 「破壊された時」 ability."""

    def wrong(original: Any) -> Any:
        def check(state: GameState, rules: Any, holder: Any, ability: Any, moved: Any) -> bool:
            if ability.event is TriggerEvent.DESTROYED and moved.cause is not Cause.DESTROY:
                return False
            return bool(original(state, rules, holder, ability, moved))
        return check

    return Planted([(triggers, "_leave_triggers", wrong)])


def waiting_dropped_when_source_leaves() -> Planted:
    """A waiting ability is forgotten when its card leaves the battle zone before it resolves."""

    def wrong(original: Any) -> Any:
        def move(self: Pipeline, requests: Any, choices: Any = None, **kwargs: Any) -> Any:
            before = list(self.state.waiting)
            performed = original(self, requests, choices, **kwargs)
            gone = [p for p in before if self.state.object_of(p.card) is None]
            self.state.waiting = [p for p in self.state.waiting if not any(p is g for g in gone)]
            return performed
        return move

    return Planted([(Pipeline, "move", wrong)])


def second_replacement_applies() -> Planted:
    """An event already replaced is offered to the replacement effects again, so a second one may replace it too
    (609.3, 101.5: one replacement per event)."""

    def wrong(original: Any) -> Any:
        def replace_batch(state: GameState, rules: Any, requests: Sequence[MoveRequest], choices: Any,
                          follow_up: Any) -> Any:
            outcome = original(state, rules, requests, choices, follow_up)
            if not outcome.replaced:
                return outcome
            again = original(state, rules, [replace(r, replacing=False) for r in outcome.requests], choices,
                             follow_up)
            outcome.requests = again.requests
            outcome.replaced.extend(again.replaced)
            outcome.later.extend(again.later)
            return outcome
        return replace_batch

    return Planted([(replacements, "replace_batch", wrong)])


def replacement_turn_order_reversed() -> Planted:
    """When both players have a replacement effect for one event, the non-turn player's applies first (609.8)."""

    def wrong(original: Any) -> Any:
        def order(state: GameState) -> tuple[Player, Player]:
            first, second = original(state)
            return second, first
        return order

    return Planted([(replacements, "deciding_order", wrong)])


def reconstruction_untaps() -> Planted:
    """What stays after the top card of an evolution creature left is untapped, whatever the tap state of the
    creature that left (801.4)."""

    def wrong(original: Any) -> Any:
        def carry_over(state: GameState, old: Any, result: Any) -> Any:
            objects = original(state, old, result)
            for obj in objects:
                obj.tapped = False
            return objects
        return carry_over

    return Planted([(reconstruction, "carry_over", wrong)])


def link_tapped_only_if_all() -> Planted:
    """Linked gods are tapped only if every god was tapped (804.3, 804.3a: tapped if any was)."""

    def wrong(original: Any) -> Any:
        def carry_over(state: GameState, gods: Sequence[Any], linked: Any) -> None:
            original(state, gods, linked)
            linked.tapped = all(g.tapped for g in gods)
        return carry_over

    return Planted([(link, "carry_over", wrong)])


def unlink_loses_effects() -> Planted:
    """When a link comes apart, the gods lose the resolved effects the linked creature had (804.4: they keep them)."""

    def wrong(original: Any) -> Any:
        def carry_over(state: GameState, linked: Any, pieces: Sequence[Any], choices: Any) -> None:
            original(state, linked, pieces, choices)
            serials = {piece.serial for piece in pieces}
            state.modifiers = [m for m in state.modifiers if m.target not in serials]
        return carry_over

    return Planted([(unlink, "carry_over", wrong)])


def swap_keeps_effects() -> Planted:
    """A creature swapped in (入れ替え) keeps the resolved effects of the one it replaced (701.26a: only its tap state
    and attack carry)."""

    def wrong(original: Any) -> Any:
        def swap_(pipeline_: Any, out: Card, into: Card, choices: Any = None) -> Any:
            state = pipeline_.state
            leaving = state.object_of(out)
            effects = [m for m in state.modifiers if leaving is not None and m.target == leaving.serial]
            entered = original(pipeline_, out, into, choices)
            if entered is not None:
                state.modifiers.extend(replace(m, target=entered.serial) for m in effects)
            return entered
        return swap_

    return Planted([(swap, "swap", wrong)])


def sealed_creature_untaps() -> Planted:
    """A sealed creature untaps in its controller's untap step (116.2a: it neither taps nor untaps)."""

    def wrong(original: Any) -> Any:
        def begin(self: Game) -> None:
            for obj in self.state.players[self.state.turn.active].battle:
                if not obj.top.definition.is_fortress:
                    obj.tapped = False
            original(self)
        return begin

    return Planted([(Game, "_begin_turn", wrong)])


def unsealed_to_hand() -> Planted:
    """A seal that comes off goes to its owner's hand (701.23: to the graveyard)."""

    def wrong(original: Any) -> Any:
        def unseal(state: GameState, card: Card) -> Any:
            sealed = state.object_of(card)
            removed = sealed.seals[-1] if sealed is not None and sealed.seals else None
            obj = original(state, card)
            if removed is not None:
                state.players[removed.owner].zones[Zone.GRAVEYARD].remove(removed)
                state.players[removed.owner].zones[Zone.HAND].append(removed)
            return obj
        return unseal

    return Planted([(seal, "unseal", wrong)])


def returning_creature_stays_tapped() -> Planted:
    """A creature that leaves the battle zone tapped and is put into it again comes back tapped, as if it were the
    same creature (400.5: it is a new object, put as the effect says)."""
    left_tapped = "_planted_left_tapped"  # remembered on the card, which lives as long as its game

    def remember(original: Any) -> Any:
        def move(self: Pipeline, requests: Sequence[MoveRequest], *args: Any, **kwargs: Any) -> Any:
            for request in requests:
                obj = self.state.object_of(request.card)
                if obj is not None and request.destination is not Zone.BATTLE:
                    setattr(request.card, left_tapped, obj.tapped)
            return original(self, requests, *args, **kwargs)
        return move

    def restore(original: Any) -> Any:
        def put_into_battle(self: Game, card: Card, *args: Any, **kwargs: Any) -> None:
            original(self, card, *args, **kwargs)
            obj = self.state.object_of(card)
            if obj is not None and getattr(card, left_tapped, False):
                obj.tapped = True
        return put_into_battle

    return Planted([(Pipeline, "move", remember), (Game, "put_into_battle", restore)])


def replacement_to_deck_top() -> Planted:
    """A replacement effect that sends a card to the bottom of the deck puts it on top (609: the card goes where
    the replacement says)."""

    def wrong(original: Any) -> Any:
        def plan(*args: Any, **kwargs: Any) -> Any:
            moves, later = original(*args, **kwargs)
            return [replace(m, position=DeckPosition.TOP) if m.destination is Zone.DECK else m for m in moves], later
        return plan

    return Planted([(replacements, "_plan", wrong)])


def swap_carries_equipment() -> Planted:
    """The creature a swap brings in is equipped with what the one that left had (seed 000's table: 入れ替わった時,
    装備 ×)."""

    def wrong(original: Any) -> Any:
        def do(pipeline: Any, out: Card, into: Card, choices: ChoiceScript | None = None) -> Any:
            leaving = pipeline.state.object_of(out)
            gear = list(pipeline.state.equipment_of(leaving)) if leaving is not None else []
            entered = original(pipeline, out, into, choices)
            if entered is not None and gear:
                carrying.attach(gear, entered)
            return entered
        return do

    return Planted([(swap, "swap", wrong)])


def own_watcher_sees_opponents() -> Planted:
    """An ability that watches its controller's own creatures (「自分の」) also sees the opponent's."""

    def wrong(original: Any) -> Any:
        def matches(subject: Any, holder: Any, card: Card, looks: Any) -> bool:
            if subject.who.name == "OWN":
                looks = replace(looks, controller=holder.controller)
            return bool(original(subject, holder, card, looks))
        return matches

    return Planted([(triggers, "_matches", wrong)])


# ---------------------------------------------------------------- general play (issue 30): durations, the turn's
# structure, keywords and static abilities under an ignore effect, abilities that wait, moves of every kind
def end_of_turn_effects_last() -> Planted:
    """A power change 「ターン終了時まで」 outlives the end of the turn: the turn ends and the effect stays (an
    effect until the end of the turn ends when the turn does)."""

    def wrong(original: Any) -> Any:
        def end_turn(self: Game) -> None:
            kept = [m for m in self.state.modifiers if m.duration is Duration.END_OF_TURN]
            original(self)
            self.state.modifiers.extend(m for m in kept if m not in self.state.modifiers)
        return end_turn

    return Planted([(Game, "end_turn", wrong)])


def permanent_effects_end_with_turn() -> Planted:
    """Every resolved power change ends at the end of the turn, including those that last for good (an effect with
    no duration lasts as long as its object)."""

    def wrong(original: Any) -> Any:
        def end_turn(self: Game) -> None:
            original(self)
            self.state.modifiers = [m for m in self.state.modifiers if m.duration is not Duration.PERMANENT]
        return end_turn

    return Planted([(Game, "end_turn", wrong)])


def mana_stays_tapped() -> Planted:
    """The untap step untaps the turn player's creatures but not their mana zone (the turn player's things untap
    at the start of their turn: their tapped mana too)."""

    def wrong(original: Any) -> Any:
        def begin(self: Game) -> None:
            active = self.state.turn.active
            tapped = set(self.state.players[active].tapped_mana)
            original(self)
            self.state.players[active].tapped_mana.update(tapped)
        return begin

    return Planted([(Game, "_begin_turn", wrong)])


def draw_from_the_bottom() -> Planted:
    """A player draws the bottom card of the deck (カードを引く: the top card goes to the hand)."""

    def wrong(original: Any) -> Any:
        def draw(self: Pipeline, player: Player, count: int = 1) -> None:
            for _ in range(count):
                deck = self.state.players[player].zones[Zone.DECK]
                if not deck:
                    return
                self.move([MoveRequest(deck[-1], Zone.HAND, Cause.DRAW)])
        return draw

    return Planted([(Pipeline, "draw", wrong)])


def attacking_creature_stays_untapped() -> Planted:
    """A creature that attacks does not tap (攻撃: the attacker taps as it attacks)."""

    def wrong(original: Any) -> Any:
        def attack(self: Game, card: Card, *args: Any, **kwargs: Any) -> None:
            obj = self.state.object_of(card)
            was = obj.tapped if obj is not None else False
            original(self, card, *args, **kwargs)
            if obj is not None:
                obj.tapped = was
        return attack

    return Planted([(Game, "attack", wrong)])


def attack_outlasts_the_turn() -> Planted:
    """A creature still attacking when its turn ends is still attacking in the next turn (an attack ends with the
    turn at the latest)."""

    def wrong(original: Any) -> Any:
        def end_turn(self: Game) -> None:
            attacking = [obj for obj in self.state.objects() if obj.attacking]
            original(self)
            for obj in attacking:
                obj.attacking = True
        return end_turn

    return Planted([(Game, "end_turn", wrong)])


def evolution_creatures_summoning_sick() -> Planted:
    """An evolution creature that entered this turn is summoning sick (801.3: an evolution creature is not)."""
    return Planted([(sickness, "is_evolution_creature", lambda original: lambda obj: False)])


def ignored_keywords_still_apply() -> Planted:
    """A creature whose abilities are ignored (無視) keeps its keywords: スピードアタッカー still lets it attack the
    turn it entered (301.5 with an ignored keyword: ignored abilities do nothing)."""

    def wrong(original: Any) -> Any:
        def has_keyword(obj: Any, name: str, state: Any = None) -> bool:
            return bool(original(obj, name, None))
        return has_keyword

    return Planted([(sickness, "has_keyword", wrong)])


def put_tapped_enters_untapped() -> Planted:
    """A card an effect puts into the battle zone tapped (タップして出す) enters untapped."""

    def wrong(original: Any) -> Any:
        def put_into_battle(self: Game, card: Card, *args: Any, **kwargs: Any) -> None:
            kwargs["tapped"] = False
            original(self, card, *args, **kwargs)
        return put_into_battle

    return Planted([(Game, "put_into_battle", wrong)])


def seal_from_the_bottom() -> Planted:
    """A seal is the bottom card of its owner's deck (116.1a: the top card)."""

    def wrong(original: Any) -> Any:
        def seal_(state: GameState, card: Card) -> Any:
            obj = state.object_of(card)
            deck = state.players[obj.top.owner].zones[Zone.DECK] if obj is not None else []
            if len(deck) > 1:
                deck.insert(0, deck.pop())
            return original(state, card)
        return seal_

    return Planted([(seal, "seal", wrong)])


def broken_shields_to_graveyard() -> Planted:
    """A broken shield goes to the graveyard (ブレイク: the shield goes to its owner's hand)."""

    def wrong(original: Any) -> Any:
        def move(self: Pipeline, requests: Sequence[MoveRequest], *args: Any, **kwargs: Any) -> Any:
            requests = [replace(r, destination=Zone.GRAVEYARD) if r.cause is Cause.BREAK else r for r in requests]
            return original(self, requests, *args, **kwargs)
        return move

    return Planted([(Pipeline, "move", wrong)])


def linked_power_of_the_first_god() -> Planted:
    """Linked gods have the power of the leftmost god alone (804: a linked creature has every god's
    characteristics, its power their sum)."""

    def wrong(original: Any) -> Any:
        def power(state: GameState, obj: Any) -> int | None:
            if len(obj.linked) < 2:
                return original(state, obj)  # type: ignore[no-any-return]
            first = obj.linked[0].definition.power
            return None if first is None else first + sum(m.amount for m in state.modifiers if m.target == obj.serial)
        return power

    return Planted([(characteristics, "power", wrong), (reference_adapter, "power", wrong)])


def leave_to_deck_unseen() -> Planted:
    """A creature put from the battle zone into the deck triggers no 「離れた時」 ability (603.5c: leaving is
    leaving, whatever the destination)."""

    def wrong(original: Any) -> Any:
        def check(state: GameState, rules: Any, holder: Any, ability: Any, moved: Any) -> bool:
            if moved.destination is Zone.DECK and ability.event is TriggerEvent.LEAVES:
                return False
            return bool(original(state, rules, holder, ability, moved))
        return check

    return Planted([(triggers, "_leave_triggers", wrong)])


def graveyard_evolution_refused() -> Planted:
    """墓地進化 is refused: an evolution onto cards of the graveyard is rejected as if its sources had to be in the
    battle zone (801.2: an evolution creature is put onto its sources wherever its ability takes them from)."""

    def wrong(original: Any) -> Any:
        def check(state: GameState, evolution: Any, sources: Sequence[Card], controller: Player) -> Any:
            if evolution.zone != "battle":
                raise IllegalAction("the sources are not in the battle zone")
            return original(state, evolution, sources, controller)
        return check

    return Planted([(evolution_, "_check_sources", wrong)])


def sealed_creature_drops_equipment() -> Planted:
    """A creature that is sealed loses its equipment, as if the seal made it another creature (seed 000's table:
    封印された時, 装備 ○ — the equipment stays equipped)."""

    def wrong(original: Any) -> Any:
        def carry_over(state: GameState, obj: Any) -> None:
            original(state, obj)
            carrying.attach(state.equipment_of(obj), None)
        return carry_over

    return Planted([(seal, "carry_over", wrong)])


def _sick_unless(spared: Callable[[Any], bool]) -> Callable[[Any], Any]:
    """A wrong summoning sickness: the objects ``spared`` holds for are judged as if nothing spared them."""

    def wrong(original: Any) -> Any:
        def is_sick(state: GameState, obj: Any) -> bool:
            if not spared(obj):
                return bool(original(state, obj))
            awakened, linked = obj.awakened, obj.linked
            obj.awakened, obj.linked = False, linked[:1]
            try:
                return bool(original(state, obj))
            finally:
                obj.awakened, obj.linked = awakened, linked
        return is_sick

    return wrong


def awakened_face_summoning_sick() -> Planted:
    """A face shown by 覚醒 keeps the summoning sickness of the creature that awakened (805.6: it is not sick; seed
    000's table, クリーチャーに裏返った時・召酔)."""
    wrong = _sick_unless(lambda obj: bool(obj.awakened))
    return Planted([(sickness, "is_summoning_sick", wrong), (reference_adapter, "is_summoning_sick", wrong)])


def linked_gods_summoning_sick() -> Planted:
    """Linked gods are summoning sick if a god entered this turn (804.5: a linked creature is not; seed 000's table,
    リンクした時・召酔)."""
    wrong = _sick_unless(lambda obj: len(obj.linked) > 1)
    return Planted([(sickness, "is_summoning_sick", wrong), (reference_adapter, "is_summoning_sick", wrong)])


def sealed_creature_with_abilities_can_attack() -> Planted:
    """A sealed creature can still attack unless it is a vanilla creature of one card: the engine asks whether a
    creature is sealed only on its path for plain creatures (116.2a: any sealed creature is ignored and cannot
    attack)."""

    def wrong(original: Any) -> Any:
        def can_attack(state: GameState, obj: Any, *, sick: bool | None = None) -> bool:
            if not obj.seals or (len(obj.cards) == 1 and not obj.top.definition.abilities):
                return bool(original(state, obj, sick=sick))
            seals, obj.seals = obj.seals, []
            try:
                return bool(original(state, obj, sick=sick))
            finally:
                obj.seals = seals
        return can_attack

    return Planted([(sickness, "can_attack", wrong), (reference_adapter, "can_attack", wrong)])


def evolution_stays_tapped_at_untap() -> Planted:
    """The untap step untaps the turn player's creatures of one card but leaves an evolution creature (a pile)
    tapped (every creature of the turn player untaps at the start of their turn)."""

    def wrong(original: Any) -> Any:
        def begin(self: Game) -> None:
            piles = [obj for obj in self.state.players[self.state.turn.active].battle if obj.tapped
                     and len(obj.cards) > 1]
            original(self)
            for obj in piles:
                obj.tapped = True
        return begin

    return Planted([(Game, "_begin_turn", wrong)])


def devolved_creature_never_sick() -> Planted:
    """The creature left by devolving is never summoning sick, as before the January 2014 change (timeline #2: since
    then, a card left on top that entered this turn is sick; seed 000's table, 退化した時・召酔)."""

    def wrong(original: Any) -> Any:
        def plan(*args: Any, **kwargs: Any) -> Any:
            return replace(original(*args, **kwargs), spared_sickness=True)
        return plan

    return Planted([(reconstruction, "plan", wrong)])


def swapped_in_creature_not_sick() -> Planted:
    """A creature that comes into the battle zone by a swap (入れ替え) takes over the entry turn of the one it
    replaced, so it is not summoning sick if that one was not (seed 000's table, 入れ替わった時・召酔: it is sick)."""

    def wrong(original: Any) -> Any:
        def swap_(pipeline_: Any, out: Card, into: Card, choices: Any = None) -> Any:
            leaving = pipeline_.state.object_of(out)
            entered_turn = leaving.top.entered_battle_turn if leaving is not None else None
            entered = original(pipeline_, out, into, choices)
            if entered is not None and entered_turn is not None:
                into.entered_battle_turn = entered_turn
            return entered
        return swap_

    return Planted([(swap, "swap", wrong)])


def leave_watcher_once_per_event() -> Planted:
    """A leave watcher triggers at most once for one event, however many of the creatures it watches leave in it
    (a simulator that asks each ability "did this event trigger you?" rather than "for which creatures?"; 603.5c:
    once for each creature it sees leave)."""

    def wrong(original: Any) -> Any:
        def check_moves(state: GameState, rules: Any, batch: Sequence[Any]) -> list[Any]:
            pending, seen = [], set()
            for waiting in original(state, rules, batch):
                key = (id(waiting.card), waiting.index)
                if waiting.ability.event in (TriggerEvent.LEAVES, TriggerEvent.DESTROYED) and key in seen:
                    continue
                seen.add(key)
                pending.append(waiting)
            return pending
        return check_moves

    return Planted([(pipeline_module, "check_moves", wrong)])


def returned_to_hand_replaces_any_leave() -> Planted:
    """A replacement of 「手札に戻る時」 waits for a creature leaving the battle zone for any zone, as if it were
    「離れる時」 (609.1: it replaces only the event it names)."""

    def wrong(original: Any) -> Any:
        def events(state: GameState, request: MoveRequest) -> list[str]:
            kinds = original(state, request)
            return [*kinds, "returned_to_hand"] if "leaves" in kinds and "returned_to_hand" not in kinds else kinds
        return events

    return Planted([(replacements, "_events", wrong)])


PLANTED: dict[str, Callable[[], Planted]] = {
    factory.__name__: factory for factory in (
        destroy_one_at_a_time, untap_both_players, ignored_enter_abilities_trigger, leave_trigger_per_card,
        battle_to_graveyard_not_destroyed, waiting_dropped_when_source_leaves, second_replacement_applies,
        replacement_turn_order_reversed, reconstruction_untaps, link_tapped_only_if_all, unlink_loses_effects,
        swap_keeps_effects, sealed_creature_untaps, unsealed_to_hand, returning_creature_stays_tapped,
        replacement_to_deck_top, swap_carries_equipment, own_watcher_sees_opponents,
        end_of_turn_effects_last, permanent_effects_end_with_turn, mana_stays_tapped, draw_from_the_bottom,
        attacking_creature_stays_untapped, attack_outlasts_the_turn, evolution_creatures_summoning_sick,
        ignored_keywords_still_apply, put_tapped_enters_untapped, seal_from_the_bottom,
        broken_shields_to_graveyard, linked_power_of_the_first_god, leave_to_deck_unseen, graveyard_evolution_refused,
        sealed_creature_drops_equipment, awakened_face_summoning_sick, linked_gods_summoning_sick,
        sealed_creature_with_abilities_can_attack, evolution_stays_tapped_at_untap, devolved_creature_never_sick,
        swapped_in_creature_not_sick, leave_watcher_once_per_event, returned_to_hand_replaces_any_leave,
    )
}
"""Every planted bug, by the name its adapter spec uses (``py:tests.planted_bugs:<name>``)."""



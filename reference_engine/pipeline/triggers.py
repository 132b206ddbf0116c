"""Trigger conditions (誘発条件), rule 603: checked by the pipeline after every batch of moves.

Which state a condition is checked in depends on the zone it names (seed 001, 603.5):

* **enters** (バトルゾーンに出た時) looks at the state after the move: every enter ability in the
  battle zone is checked, the entering cards' own included (603.5a). Only a card that moved into the
  battle zone enters it: an object left by reconstruction did not (801.4c, the pipeline reports it as
  :class:`~shinpan.reference_engine.core.events.Reconstructed`, never as a move), and a card that went under
  another (進化元, 403.4a) did not enter as a creature;
* **put into** a zone (マナゾーンに置かれた時) looks at the card in its new zone, with the continuous
  effects that apply there (603.5b);
* **leaves** / **destroyed** (離れた時 / 破壊された時) look back at the state just before the move
  (603.5c). A card that left in the same event has its abilities looked back at too, and then the rules state
  (:class:`~shinpan.reference_engine.core.rules_state.RulesState`) says what it can see: its own card (a class ability
  such as 「自分のクリーチャーが破壊された時」, ``own_pig_triggers_when_itself_destroyed``), the other cards that
  left with it (``leave_triggers_see_other_cards``), and whether an ability that was ignored just before
  leaving counts (``ignored_abilities_trigger_on_leaving``);
* **from A to B** needs the condition both before and after the move.

"Destroyed" is leaving the battle zone for the graveyard, whatever moved it (a swap too: the
《「忍」の鬼 ジライヤ齋》 Q&A in seed 001). A move that a replacement effect changed is checked as it was
performed: the replaced event did not happen (603.2d), so a creature put into the mana zone instead
of being destroyed triggers no destroyed ability.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from shinpan.reference_engine.core.abilities import Subject, Triggered, TriggerEvent, Who
from shinpan.reference_engine.core.characteristics import abilities_ignored, civilizations, races
from shinpan.reference_engine.core.events import LastKnown, Moved
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.rules_state import RulesState
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.core.waiting import Pending, Tracked, icons_of
from shinpan.reference_engine.core.zones import Zone


@dataclass(frozen=True)
class Holder:
    """A card whose triggered abilities are checked: in the battle zone now, or just left it in this event."""

    card: Card
    controller: Player
    ignored: bool
    left: LastKnown | None = None
    """Its state just before it left the battle zone in this event; ``None`` if it is in the battle zone."""
    entered: bool = False
    """Whether it entered the battle zone in this event (it was not there to see anything leave)."""


@dataclass(frozen=True)
class Looks:
    """The characteristics a condition checks, in one state (before or after the move)."""

    controller: Player
    civilizations: tuple[str, ...]
    races: tuple[str, ...]
    name: str
    type_line: str = ""


def check_moves(state: GameState, rules: RulesState, batch: Sequence[Moved]) -> list[Pending]:
    """Every triggered ability that this batch of simultaneous moves triggers, in the order checked."""
    pending: list[Pending] = []
    for holder in _holders(state, batch):
        for index, ability in enumerate(holder.card.definition.abilities):
            if not isinstance(ability, Triggered):
                continue
            for moved in batch:
                if _triggers(state, rules, holder, ability, moved):
                    pending.append(with_icons(state, rules, _pending(state, holder, index, ability, moved)))
    return pending


def check_attack(state: GameState, rules: RulesState, attacker: BattleObject) -> list[Pending]:
    """The 攻撃する時 abilities that the attack declared by ``attacker`` triggers.

    Its own (このクリーチャーが攻撃する時) and those of other cards in the battle zone whose subject it is
    (自分のクリーチャーが攻撃する時). The attacking creature is remembered as そのクリーチャー.
    """
    card = attacker.top
    looks = Looks(attacker.controller, civilizations(state, card), races(state, card), card.name,
                  card.definition.type_line)
    pending: list[Pending] = []
    for obj in state.objects():
        if abilities_ignored(state, obj):
            continue
        for own in obj.ability_cards:
            holder = Holder(own, obj.controller, False)
            # a linked god's このクリーチャー is the linked creature: the attacker, when it is part of it
            subject = own if obj is attacker else card
            for index, ability in enumerate(own.definition.abilities):
                if (isinstance(ability, Triggered) and ability.event is TriggerEvent.ATTACKS
                        and _matches(ability.subject, holder, subject, looks)):
                    waiting = Pending(own, index, ability, obj.controller, track(state, own, Zone.BATTLE),
                                      track(state, card, Zone.BATTLE))
                    pending.append(with_icons(state, rules, waiting))
    return pending


def _holders(state: GameState, batch: Sequence[Moved]) -> Iterator[Holder]:
    entered = {id(m.card) for m in batch if m.destination is Zone.BATTLE}
    for obj in state.objects():
        ignored = abilities_ignored(state, obj)
        for card in obj.ability_cards:
            yield Holder(card, obj.controller, ignored, entered=id(card) in entered)
    for moved in batch:
        last = moved.last_known
        if last is not None and moved.as_creature and moved.destination is not Zone.BATTLE:
            yield Holder(moved.card, last.controller, last.abilities_ignored, left=last)


def _triggers(state: GameState, rules: RulesState, holder: Holder, ability: Triggered, moved: Moved) -> bool:
    event = ability.event
    if ability.by_opponent and moved.by is not holder.controller.opponent:
        return False
    if event is TriggerEvent.ENTERS:
        return (holder.left is None and not holder.ignored and moved.destination is Zone.BATTLE
                and moved.source is not Zone.BATTLE
                and (not ability.subject.creature or _is_creature_now(state, moved.card))
                and _matches(ability.subject, holder, moved.card, _after(state, moved)))
    if event is TriggerEvent.PUT_INTO:
        return (holder.left is None and not holder.ignored and moved.destination is ability.destination
                and _matches(ability.subject, holder, moved.card, _after(state, moved)))
    if event is TriggerEvent.MOVED and ability.source is not Zone.BATTLE:
        return (holder.left is None and not holder.ignored and moved.source is ability.source
                and moved.destination is ability.destination
                and _matches(ability.subject, holder, moved.card, _before(moved))
                and _matches(ability.subject, holder, moved.card, _after(state, moved)))
    if event in (TriggerEvent.LEAVES, TriggerEvent.DESTROYED, TriggerEvent.MOVED):
        return _leave_triggers(state, rules, holder, ability, moved)
    return False


def _leave_triggers(state: GameState, rules: RulesState, holder: Holder, ability: Triggered, moved: Moved) -> bool:
    """離れた時 / 破壊された時 / from the battle zone to B: the move is looked back at, in the state just before it
    (603.5c); what the holder can see of it is :func:`_looks_back`'s."""
    event = ability.event
    if moved.source is not Zone.BATTLE or moved.destination is Zone.BATTLE or moved.last_known is None:
        return False
    if event is TriggerEvent.DESTROYED and moved.destination is not Zone.GRAVEYARD:
        return False
    if event is TriggerEvent.MOVED and moved.destination is not ability.destination:
        return False
    if ability.subject.creature and not (moved.as_creature and moved.last_known.creature):
        return False  # 「クリーチャーが離れた時」: a card from under another, or a non-creature object, is no creature
    return (_looks_back(rules, holder, ability.subject, moved.card)
            and _matches(ability.subject, holder, moved.card, _before(moved))
            and (event is not TriggerEvent.MOVED
                 or _matches(ability.subject, holder, moved.card, _after(state, moved))))


def _is_creature_now(state: GameState, card: Card) -> bool:
    """Whether ``card`` is the top card of a battle-zone object: it entered as a creature, not under one
    (a source put under an evolution card, 墓地進化, or a card put under a creature, 403.4a)."""
    obj = state.object_of(card)
    return obj is not None and obj.top is card


def _looks_back(rules: RulesState, holder: Holder, subject: Subject, card: Card) -> bool:
    """Whether a leave ability of ``holder`` can see ``card`` leave (603.5c, and its history)."""
    itself = card is holder.card
    if subject.who is Who.THIS:
        return itself and (not holder.ignored or rules.ignored_abilities_trigger_on_leaving)
    if subject.who is Who.OTHER and itself:
        return False
    if holder.left is None:
        return not holder.ignored and not holder.entered
    if holder.ignored and not rules.ignored_abilities_trigger_on_leaving:
        return False
    if itself:
        return (subject.who is Who.THIS_OR_OTHER_OWN or subject.counts_itself_always
                or rules.own_pig_triggers_when_itself_destroyed)
    return rules.leave_triggers_see_other_cards


def _matches(subject: Subject, holder: Holder, card: Card, looks: Looks) -> bool:
    itself = card is holder.card
    who = subject.who
    if who is Who.THIS and not itself:
        return False
    if who is Who.OTHER and itself:
        return False
    if who in (Who.OWN, Who.THIS_OR_OTHER_OWN) and looks.controller is not holder.controller:
        return False
    if subject.race is not None and subject.race not in looks.races:
        return False
    if subject.civilization is not None and subject.civilization not in looks.civilizations:
        return False
    if subject.card_type is not None and subject.card_type not in looks.type_line:
        return False
    return subject.name_contains is None or subject.name_contains in looks.name


def _before(moved: Moved) -> Looks:
    last = moved.last_known
    if last is not None:
        top = last.top if moved.as_creature else moved.card
        return Looks(last.controller, last.civilizations if moved.as_creature else moved.civilizations_before,
                     last.races if moved.as_creature else moved.card.definition.races, moved.card.name,
                     top.definition.type_line)
    return Looks(moved.player, moved.civilizations_before, moved.card.definition.races, moved.card.name,
                 moved.card.definition.type_line)


def _after(state: GameState, moved: Moved) -> Looks:
    obj = state.object_of(moved.card)
    controller = obj.controller if obj is not None else moved.player
    return Looks(controller, civilizations(state, moved.card), races(state, moved.card), moved.card.name,
                 moved.card.definition.type_line)


def _pending(state: GameState, holder: Holder, index: int, ability: Triggered, moved: Moved) -> Pending:
    if holder.left is not None:
        mine = track(state, holder.card, _zone(state, holder.card), holder.left)
    else:
        mine = track(state, holder.card, Zone.BATTLE)
    that = track(state, moved.card, moved.destination, moved.last_known)
    return Pending(holder.card, index, ability, holder.controller, mine, that)


def _zone(state: GameState, card: Card) -> Zone:
    return state.zone_of(card)[1]


def track(state: GameState, card: Card, zone: Zone, last_known: LastKnown | None = None) -> Tracked:
    """Remember ``card``, now in ``zone``, for a waiting ability: with its creature if it is the top of one."""
    obj = state.object_of(card)
    creature = obj.creatures if obj is not None and obj.top is card else frozenset()
    return Tracked(card, zone, card.moves, last_known, creature)


def with_icons(state: GameState, rules: RulesState, pending: Pending) -> Pending:
    """The ability as it waits: from 2019-12-12 an ability that uses icon abilities waits with their contents
    (603.3a); before, nothing is read until it resolves."""
    effect = pending.ability.effect
    if effect.kind != "use_icons" or not rules.icon_abilities_wait_with_contents:
        return pending
    tracked = pending.holder if effect.of == "this" else pending.that
    return replace(pending, icons=icons_of(state.creatures_now(tracked)))

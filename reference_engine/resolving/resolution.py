"""Resolving waiting abilities (解決), rules 603 and 605.

The controller's scripted choices decide what the rules let them decide: the order among their own
waiting abilities (choice ``order``: the card whose ability resolves next), whether to use an optional
ability (``use``: the card, or nothing to decline) and its targets (``target``).

An ability that refers to the card whose move triggered it (そのカード) finds it in the zone it went
to; it has lost the card if that zone is hidden or the card has moved again since (seed 001). An
effect that needs a characteristic of a card that is no longer in the battle zone uses its last
known information, from just before it left (seed 002 case 2, 605.2e); a card still in the battle
zone is read as it is now if it is still the top card of its object. A card that has become the
evolution source of another (進化元) is no longer the object it was: it is read as it was just before
(seed 002 case 2: a タマシード evolved on is read as the タマシード).

An effect on "このクリーチャー" / "そのクリーチャー" (a pump) applies to the objects that are now that creature
(:meth:`shinpan.reference_engine.core.state.GameState.creatures_now`): the transitions in between decided it (seed 000).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from shinpan.reference_engine.core.abilities import Effect
from shinpan.reference_engine.core.cards import CardDefinition
from shinpan.reference_engine.core.characteristics import civilizations, power, tap_prevented
from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.effects import Duration, PowerModifier
from shinpan.reference_engine.core.errors import IllegalAction, UnsupportedByEngine
from shinpan.reference_engine.core.events import BecameSource, Cause, LastKnown, Moved, MoveRequest
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.core.waiting import Pending, Tracked, icons_of, in_resolution_order
from shinpan.reference_engine.core.zones import Zone
from shinpan.reference_engine.pipeline.pipeline import Pipeline
from shinpan.reference_engine.transitions import swap


@dataclass(frozen=True)
class Known:
    """The characteristics an effect reads of a card: now, or as last known before it left the battle zone."""

    power: int | None
    cost: int | None
    definition: CardDefinition
    """The printed characteristics of its top card (its card type, what it can evolve from)."""
    civilizations: tuple[str, ...]

    def as_card(self) -> CardDefinition:
        """Its top card's printed facts with the civilizations it had (what an evolution accepts as a source)."""
        return replace(self.definition, civilizations=self.civilizations)


def next_pending(state: GameState, choices: ChoiceScript) -> Pending:
    """The ability to resolve next: the turn player's first, in the order they choose (choice ``order``)."""
    ordered = in_resolution_order(state.waiting, state.turn.active)
    mine = [p for p in ordered if p.controller is ordered[0].controller]
    sources: list[Card] = []
    for p in mine:
        if not any(p.card is s for s in sources):
            sources.append(p.card)
    if len(sources) == 1:  # one legal answer: not a choice
        choices.forced("order", by=mine[0].controller, answer=sources)
        return mine[0]
    # whose abilities resolve orders them
    (card,) = _cards(choices, "order", exactly=1, by=mine[0].controller, options=sources)
    for p in mine:
        if p.card is card:
            return p
    raise IllegalAction(f"{card.name} has no ability waiting to resolve for that player")


def resolve(pipeline: Pipeline, pending: Pending, choices: ChoiceScript) -> None:
    """Resolve one waiting ability."""
    ability = pending.ability
    if ability.condition is not None and not _condition(pipeline, pending, ability.condition):
        return
    if ability.optional:
        used = _cards(choices, "use", exactly=None, by=pending.controller, options=[pending.card])
        if not used:
            return
        if len(used) != 1 or used[0] is not pending.card:
            raise IllegalAction("the 'use' choice names a card other than the ability's own")
    EFFECTS[ability.effect.kind](pipeline, pending, ability.effect, choices)


def known(pipeline: Pipeline, tracked: Tracked | None) -> Known:
    """What an effect reads of ``tracked``: its object now if it is still in the battle zone, else its last info."""
    if tracked is None:
        raise UnsupportedByEngine("this effect needs the card that triggered it")
    obj = pipeline.state.object_of(tracked.card)
    if obj is not None and obj.top is tracked.card and tracked.zone is Zone.BATTLE and not tracked.lost():
        top = obj.top.definition
        return Known(power(pipeline.state, obj), top.cost, top, civilizations(pipeline.state, obj.top))
    last = tracked.last_known or _the_creature(pipeline, tracked) or _last_known_in_log(pipeline, tracked.card)
    if isinstance(last, BattleObject):  # still in the battle zone as another card (進化): read it now
        top = last.top.definition
        return Known(power(pipeline.state, last), top.cost, top, civilizations(pipeline.state, last.top))
    if last is not None:
        return Known(last.power, last.cost, last.top.definition, last.civilizations)
    card = tracked.card.definition
    return Known(card.power, card.cost, card, card.civilizations)


def _the_creature(pipeline: Pipeline, tracked: Tracked) -> BattleObject | LastKnown | None:
    """そのクリーチャー through carry-over (seed 000 待機/対象, seed 002): a *creature* the ability aims at may have
    become another card's creature meanwhile (進化, …). Then the object that is that creature now is read, or, if
    it has left, its state just before it left (looking back at the evolved creature, seed 002). Not for a
    non-creature such as a タマシード: it is read as it was (:func:`_last_known_in_log`)."""
    if not tracked.creature or not tracked.card.definition.is_creature:
        return None
    now = pipeline.state.creatures_now(tracked)
    if len(now) == 1:
        return now[0]
    for event in reversed(pipeline.log):
        if isinstance(event, Moved) and event.last_known is not None and event.as_creature \
                and event.last_known.creatures & tracked.creature:
            return event.last_known
    return None


def _last_known_in_log(pipeline: Pipeline, card: Card) -> LastKnown | None:
    """The card's object as it was the last time it stopped existing: it left the battle zone, or it became the
    evolution sources of another card (both 過去の状態)."""
    for event in reversed(pipeline.log):
        if isinstance(event, Moved) and event.card is card and event.last_known is not None:
            return event.last_known
        if isinstance(event, BecameSource) and event.last_known.top is card:
            return event.last_known
    return None


def _condition(pipeline: Pipeline, pending: Pending, name: str) -> bool:
    if name == "was_evolution":
        last = pending.holder.last_known
        return last is not None and last.evolution
    if name == "linked":
        obj = pipeline.state.object_of(pending.card)
        return obj is not None and len(obj.linked) > 1  # G・リンク (reference_engine/transitions/link.py)
    if name == "total_shields_at_most_6":
        return sum(len(pipeline.state.players[p].zones[Zone.SHIELDS]) for p in Player) <= 6
    raise UnsupportedByEngine(f"condition {name!r} is not implemented")


def _cards(choices: ChoiceScript, kind: str, exactly: int | None, *, by: Player,
           options: Sequence[Card]) -> list[Card]:
    picks = list(choices.take(kind, by=by, options=options).picks)
    if exactly is not None and len(picks) != exactly:
        raise IllegalAction(f"the choice {kind!r} must name {exactly} card(s), not {len(picks)}")
    return picks


def _choose(pending: Pending, choices: ChoiceScript, candidates: Sequence[Card], what: str) -> Card | None:
    """One target among ``candidates`` (choice ``target``), chosen by the ability's controller; nothing is
    asked when there is none."""
    if not candidates:
        return None
    return choices.one_of("target", candidates, by=pending.controller, what=what)


def _objects(pipeline: Pipeline, pending: Pending, whose: str) -> list[BattleObject]:
    player = pending.controller if whose == "own" else pending.controller.opponent
    return list(pipeline.state.players[player].battle)


# ------------------------------------------------------------------ effects
def _draw(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    pipeline.draw(pending.controller, effect.amount)


def _lose_game(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    pipeline.state.players[pending.controller].lost = True


def _move_that_card(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    that = pending.that
    if that is None or that.lost() or effect.zone is None:
        return  # lost: moved to a hidden zone or moved again before resolution (seed 001)
    pipeline.move([MoveRequest(that.card, effect.zone, Cause.PUT, by=pending.controller)])


def _destroy(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    reference = known(pipeline, pending.that).power if effect.power else None
    candidates = []
    for obj in _objects(pipeline, pending, effect.whose):
        value = power(pipeline.state, obj)
        if effect.power == "equal_to_that" and value != reference:
            continue
        if effect.power == "at_most_that" and (value is None or reference is None or value > reference):
            continue
        candidates.append(obj.top)
    target = _choose(pending, choices, candidates, "the creature to destroy")
    if target is not None:
        pipeline.move([MoveRequest(target, Zone.GRAVEYARD, Cause.DESTROY, by=pending.controller, creature=True)])


def _tap(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    tops = [o.top for o in _objects(pipeline, pending, effect.whose)]
    target = _choose(pending, choices, tops, "the creature to tap")
    obj = pipeline.state.object_of(target) if target is not None else None
    if obj is not None and not tap_prevented(pipeline.state, obj, by=pending.controller):
        obj.tapped = True


def _mana_to_graveyard(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    """(whose)のマナゾーンからカードをamount枚まで選び、持ち主の墓地に置く: the controller picks up to ``amount``."""
    player = pending.controller if effect.whose == "own" else pending.controller.opponent
    mana = pipeline.state.players[player].zones[Zone.MANA]
    picks = _cards(choices, "target", exactly=None, by=pending.controller, options=mana) if mana else []
    if len(picks) > effect.amount or not all(any(p is m for m in mana) for p in picks) \
            or len({id(p) for p in picks}) != len(picks):
        raise IllegalAction(f"the 'target' choice must name up to {effect.amount} different cards of that mana zone")
    if picks:
        pipeline.move([MoveRequest(card, Zone.GRAVEYARD, Cause.PUT, by=pending.controller) for card in picks],
                           choices)


def _put_from_graveyard(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    cost = known(pipeline, pending.that).cost
    wanted = None if cost is None or effect.cost_plus is None else cost + effect.cost_plus
    graveyard = pipeline.state.players[pending.controller].zones[Zone.GRAVEYARD]
    candidates = [c for c in graveyard if c.definition.is_creature and c.definition.cost == wanted
                  and (not effect.civilizations or set(effect.civilizations) & set(civilizations(pipeline.state, c)))]
    target = _choose(pending, choices, candidates, "the creature to put into the battle zone")
    if target is not None:
        pipeline.move([MoveRequest(target, Zone.BATTLE, Cause.PUT, controller=pending.controller)])


def _cast_from_hand(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    hand = pipeline.state.players[pending.controller].zones[Zone.HAND]

    def castable(card: Card) -> bool:
        d = card.definition
        return (d.type_line == "呪文" and bool(set(d.civilizations) & set(effect.civilizations))
                and d.cost is not None and effect.max_cost is not None and d.cost <= effect.max_cost
                and (effect.race in d.races or (effect.keyword is not None and d.has_keyword(effect.keyword))))

    target = _choose(pending, choices, [c for c in hand if castable(c)], "the spell to cast")
    if target is not None:
        if target.definition.abilities:
            raise UnsupportedByEngine(f"casting {target.name}: spell effects are not implemented")
        pipeline.move([MoveRequest(target, Zone.GRAVEYARD, Cause.CAST, by=pending.controller)])


def _return_self_to_battle(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    if not pending.holder.lost():
        pipeline.move([MoveRequest(pending.card, Zone.BATTLE, Cause.PUT, controller=pending.controller)])


def _put_from_hand_or_deck_top(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    zones = pipeline.state.players[pending.controller].zones
    pool = list(zones[Zone.HAND]) + zones[Zone.DECK][:1]
    candidates = [c for c in pool if c.definition.is_creature and not c.definition.is_evolution
                  and c.definition.cost is not None and effect.max_cost is not None
                  and c.definition.cost <= effect.max_cost]
    target = _choose(pending, choices, candidates, "the creature to put into the battle zone")
    if target is not None:
        pipeline.move([MoveRequest(target, Zone.BATTLE, Cause.PUT, controller=pending.controller)])


def _swap_with_graveyard(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    if pending.holder.lost():
        return
    graveyard = pipeline.state.players[pending.controller].zones[Zone.GRAVEYARD]
    candidates = [c for c in graveyard if c.definition.is_creature and not c.definition.is_evolution
                  and c.definition.cost is not None and effect.max_cost is not None
                  and c.definition.cost <= effect.max_cost]
    target = _choose(pending, choices, candidates, "the creature to swap with")
    if target is not None:
        swap.swap(pipeline, pending.card, target)


def _pump_creature(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    """このクリーチャー / そのクリーチャーのパワーを+N: every object that is now that creature (seed 000)."""
    tracked = pending.holder if effect.of == "this" else pending.that
    for obj in pipeline.state.creatures_now(tracked):
        pipeline.state.modifiers.append(PowerModifier(obj.serial, effect.amount, Duration.END_OF_TURN))


def _use_icons(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    """Use the icon abilities of このクリーチャー / そのクリーチャー (603.3a): the contents it waited with, or, before
    2019-12-12, the icons of the creature as it is now (none if its top card has none: the ability fizzles)."""
    icons = pending.icons
    if icons is None:
        icons = icons_of(pipeline.state.creatures_now(pending.holder if effect.of == "this" else pending.that))
    for icon in icons:
        EFFECTS[icon.kind](pipeline, pending, icon, choices)


def _search_evolution_from_that(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    """そのカードから進化できる進化クリーチャーを1枚、山札から手札に加える: that card is read as :func:`known` says."""
    that = known(pipeline, pending.that)
    deck = pipeline.state.players[pending.controller].zones[Zone.DECK]
    candidates = [c for c in deck if c.definition.is_creature and c.definition.evolution is not None
                  and c.definition.evolution.accepts(that.as_card())]
    target = _choose(pending, choices, candidates, "the evolution creature to put into the hand")
    if target is not None:
        pipeline.move([MoveRequest(target, Zone.HAND, Cause.PUT, by=pending.controller)])


def _never(pipeline: Pipeline, pending: Pending, effect: Effect, choices: ChoiceScript) -> None:
    raise UnsupportedByEngine(f"effect {effect.kind!r} is not implemented (its trigger cannot happen here)")


EFFECTS: dict[str, Callable[[Pipeline, Pending, Effect, ChoiceScript], None]] = {
    "draw": _draw,
    "lose_game": _lose_game,
    "move_that_card": _move_that_card,
    "destroy": _destroy,
    "tap": _tap,
    "put_from_graveyard": _put_from_graveyard,
    "cast_from_hand": _cast_from_hand,
    "return_self_to_battle": _return_self_to_battle,
    "put_creature_from_hand_or_deck_top": _put_from_hand_or_deck_top,
    "swap_with_graveyard": _swap_with_graveyard,
    "destroy_self_after_attack": _never,
    "discard_same_cost_spell": _never,
    "power_of_target": _never,
    "mana_to_graveyard": _mana_to_graveyard,
    "pump_creature": _pump_creature,
    "use_icons": _use_icons,
    "search_evolution_from_that": _search_evolution_from_that,
}
"""Each effect kind of :data:`shinpan.reference_engine.core.abilities.EFFECTS` and how it resolves."""

"""Computed characteristics (特性). Nothing here is stored: every value is derived when asked.

Power is the top card's printed power, plus static abilities that change it (its own, and other
objects' that apply to it as it is now), plus every resolved power modifier on the object. A static
ability's effect is never stored, so it is never carried over: it applies to whatever qualifies at the
moment (seed 000, 解決による引き継ぎ). A card's civilizations are its printed ones unless a static ability
changes them where the card is (《薫風妖精コートニー》: mana cards have every civilization). A
continuous effect applies the instant a card is put into a zone (603.5b), so a trigger that checks a
characteristic after a move sees the changed value.

An object's abilities are ignored (無視) while a resolved effect says so (``GameState.ignored``) or a
static ability in force says so (:class:`~shinpan.reference_engine.core.abilities.IgnoreAbilities`); ignored
abilities add no keywords, no static effects, replace nothing and trigger on nothing.
"""

from __future__ import annotations

from shinpan.reference_engine.core.abilities import Static
from shinpan.reference_engine.core.events import LastKnown
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.core.zones import Zone

ALL_CIVILIZATIONS: tuple[str, ...] = ("光", "水", "闇", "火", "自然")


def abilities_ignored(state: GameState, obj: BattleObject) -> bool:
    """Whether the object's abilities are ignored (無視): by a resolved effect, or by a static ability in force.

    A static ignoring ability works unless its own object's abilities are ignored by a resolved effect;
    ignoring abilities that ignore each other are not modelled (no such case yet).
    """
    if obj.serial in state.ignored:
        return True
    top = obj.top.definition
    if not top.is_creature or top.cost is None:
        return False
    cost, ignored = top.cost, state.ignored
    for side in state.players.values():  # plain loops, no lists: this runs many times at every observation
        for other in side.battle:
            if other is obj or other.serial in ignored:
                continue
            for card in other.ability_cards:
                at_most = card.definition.ignores_creatures_costing_at_most
                if at_most is not None and cost <= at_most:
                    return True
    return False


def statics(state: GameState, obj: BattleObject) -> list[Static]:
    """The static abilities the object has now (none while its abilities are ignored)."""
    printed = [a for card in obj.ability_cards for a in card.definition.statics]
    return printed if printed and not abilities_ignored(state, obj) else []  # most objects have none: nothing to ask


def power(state: GameState, obj: BattleObject) -> int | None:
    """The object's current power, or ``None`` if its top card has no power."""
    if len(obj.linked) > 1:
        # G・リンク: one creature with every linked god's characteristics (the keyword's reminder text)
        powers = [top.definition.power for top in obj.linked]
        printed = None if any(p is None for p in powers) else sum(p for p in powers if p is not None)
    else:
        printed = obj.top.definition.power
    if printed is None:
        return None
    total = printed + sum(m.amount for m in state.modifiers if m.target == obj.serial)
    if obj.is_creature:
        for other in state.players[obj.controller].battle:
            if other is obj:
                continue
            for lord in statics(state, other):
                if (lord.name == "power_to_other_own_civilization"
                        and lord.civilization in obj.top.definition.civilizations):
                    total += lord.amount
    for ability in statics(state, obj):
        if ability.name == "power_per_graveyard_race":
            graveyard = state.players[obj.controller].zones[Zone.GRAVEYARD]
            total += ability.amount * sum(1 for c in graveyard if ability.race in c.definition.races)
    return total


def has_keyword(obj: BattleObject, name: str, state: GameState | None = None) -> bool:
    """Whether the object has the keyword ability ``name`` (from its ability cards, unless ignored)."""
    if not any(card.definition.has_keyword(name) for card in obj.ability_cards):
        return False
    return state is None or not abilities_ignored(state, obj)


def is_evolution_creature(obj: BattleObject) -> bool:
    """Whether the object is an evolution creature (進化クリーチャー, 801).

    A card of an evolution type is one; a NEO creature is one only while cards are under it (802.3).
    """
    top = obj.top.definition
    if not top.is_creature:
        return False
    evolution = top.evolution
    if evolution is not None and evolution.neo:
        return len(obj.cards) > 1
    return top.is_evolution


def civilizations(state: GameState, card: Card) -> tuple[str, ...]:
    """The card's civilizations where it is now (603.5b: changed the instant it is put into a zone)."""
    printed = card.definition.civilizations
    try:
        holder, zone = state.zone_of(card)
    except LookupError:
        return printed
    if zone is Zone.MANA:
        for obj in state.players[holder].battle:
            if any(s.name == "mana_all_civilizations" for s in statics(state, obj)):
                return ALL_CIVILIZATIONS
    return printed


def races(state: GameState, card: Card) -> tuple[str, ...]:
    """The card's races where it is now: a creature in the battle zone also has the races that its
    controller's static abilities add to creatures of its civilization (《宇宙 タコンチュ》)."""
    printed = card.definition.races
    obj = state.object_of(card)
    if obj is None or obj.top is not card or not obj.is_creature:
        return printed
    added = [s.race for holder in state.players[obj.controller].battle for s in statics(state, holder)
             if s.name == "race_grant" and s.race is not None
             and (s.civilization is None or s.civilization in civilizations(state, card))]
    return printed + tuple(r for r in dict.fromkeys(added) if r not in printed)


def tap_prevented(state: GameState, obj: BattleObject, by: Player) -> bool:
    """Whether an effect of ``by``'s spell or ability cannot tap ``obj``: its controller has a static
    ability that keeps the opponent's effects from tapping their creatures (《弩闘!桃天守閣》)."""
    if by is obj.controller or not obj.is_creature:
        return False
    return any(s.name == "no_tap_by_opponent_effects"
               for holder in state.players[obj.controller].battle for s in statics(state, holder))


def last_known(state: GameState, obj: BattleObject) -> LastKnown:
    """The object's state now, to be remembered as its last known state (過去の状態) when it stops existing."""
    top = obj.top.definition
    return LastKnown(
        cards=tuple(obj.cards), controller=obj.controller, tapped=obj.tapped, power=power(state, obj),
        civilizations=top.civilizations, races=races(state, obj.top), cost=top.cost,
        evolution=is_evolution_creature(obj),
        abilities_ignored=abilities_ignored(state, obj), creature=obj.is_creature, creatures=obj.creatures,
    )

"""Waiting abilities (待機中の能力): triggered abilities between triggering and resolving.

A triggered ability does not act when it triggers: it waits, remembering what it needs to resolve —
which card has it and who controls it, the card whose move triggered it (そのカード / そのクリーチャー)
and where that card went, and the last known states (過去の状態) of both if they left the battle zone.

"このクリーチャー" and "そのクリーチャー" are remembered as a creature identity
(:attr:`~shinpan.reference_engine.core.objects.BattleObject.creatures`), not as a card: when the creature evolves,
links, flips, … before the ability resolves, the transition's ``carry_over`` decides whether the objects it
makes are still that creature (seed 000's 待機/対象 column);
:meth:`shinpan.reference_engine.core.state.GameState.creatures_now` finds them.

An ability that uses icon abilities (アイコン能力) waits with the icons' contents from 2019-12-12 (603.3a,
``RulesState.icon_abilities_wait_with_contents``): they are read when it triggers and kept in :attr:`Pending.icons`
(:func:`shinpan.reference_engine.pipeline.triggers.with_icons`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from shinpan.reference_engine.core.abilities import Effect, Icon, Triggered
from shinpan.reference_engine.core.events import LastKnown
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.zones import Zone


@dataclass(frozen=True)
class Tracked:
    """A card an ability found in its new zone, and how many zone moves it had made by then."""

    card: Card
    zone: Zone
    moves: int
    last_known: LastKnown | None
    """Its state just before it left the battle zone, if the triggering move took it out of there."""
    creature: frozenset[int] = frozenset()
    """The creature it was the top card of when the ability triggered (このクリーチャー / そのクリーチャー);
    empty if it was not the top card of a battle-zone object."""

    def lost(self) -> bool:
        """Whether the ability has lost the card: it went to a hidden zone, or it moved again (seed 001)."""
        return self.zone.is_hidden or self.card.moves != self.moves


@dataclass(frozen=True)
class Pending:
    """One triggered ability waiting to resolve."""

    card: Card
    """The card that has the ability."""
    index: int
    """The ability's index in the card's structured abilities."""
    ability: Triggered
    controller: Player
    holder: Tracked
    """The ability's own card, found where it was after the triggering event."""
    that: Tracked | None = None
    """The card whose move triggered the ability, if a move did."""
    icons: tuple[Effect, ...] | None = None
    """The contents of the icon abilities it uses, read when it triggered (603.3a, from 2019-12-12); ``None``:
    read them on resolution."""


THAT_EFFECTS: frozenset[str] = frozenset({"move_that_card", "search_evolution_from_that", "put_from_graveyard_cheaper",
                                         "put_from_deck_same_cost"})
"""Effects that always read the card whose move triggered the ability (そのカード / そのクリーチャー)."""


def reads_that(effect: Effect) -> bool:
    """Whether an effect reads the card whose move triggered its ability: it cannot wait without a trigger."""
    return effect.kind in THAT_EFFECTS or effect.of == "that" or effect.power is not None


def icons_of(objects: list[BattleObject]) -> tuple[Effect, ...]:
    """The contents of the icon abilities these objects have (their ability cards'), as they are now."""
    return tuple(a.effect for obj in objects for card in obj.ability_cards for a in card.definition.abilities
                 if isinstance(a, Icon))


def in_resolution_order(waiting: Iterable[Pending], active: Player) -> list[Pending]:
    """The waiting abilities as they resolve: the turn player's first, then the other player's, each player's in the
    order they triggered (the controller picks among its own with the ``order`` choice when they resolve)."""
    return sorted(waiting, key=lambda pending: pending.controller is not active)

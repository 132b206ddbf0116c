"""What the game is made of: cards and battle-zone objects (カード, オブジェクト).

A *card* (カード) is the physical card and keeps its identity, and its memories, across zones. An
*object* is what a pile of cards is in the battle zone: the top card gives its characteristics and
the cards below it are its sources (進化元) or other stacked cards. Effects live on objects; the
turn a card entered the battle zone lives on the card (rule 301.5).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from shinpan.reference_engine.core.cards import CardDefinition
from shinpan.reference_engine.core.players import Player

_next_serial = itertools.count(1)


def new_identity() -> frozenset[int]:
    """A creature identity that no object has had before."""
    return frozenset({next(_next_serial)})


@dataclass(eq=False)
class Card:
    """One physical card. Compared by identity: two copies of a card are two cards."""

    definition: CardDefinition
    owner: Player
    entered_battle_turn: int | None = None
    """The number of the turn in which this card last entered the battle zone (301.5), if it is there."""
    moves: int = 0
    """How many times the card has changed zones: an ability that found it after one move loses it after the next."""
    serial: int = field(default_factory=lambda: next(_next_serial))
    printed: CardDefinition | None = None
    """The front face of a double-faced card (両面カード); ``definition`` is the face shown now."""

    def __post_init__(self) -> None:
        if self.printed is None:
            self.printed = self.definition

    @property
    def name(self) -> str:
        """The card's name (of the face shown)."""
        return self.definition.name

    def other_face(self) -> CardDefinition | None:
        """The face that flipping would show, if the card has two."""
        front = self.printed
        if front is None or front.back is None:
            return None
        return front.back if self.definition is front else front

    def __repr__(self) -> str:
        return f"<Card {self.name} #{self.serial}>"


@dataclass(eq=False)
class BattleObject:
    """An element in the battle zone: a pile of cards, top first (e.g. an evolution creature)."""

    cards: list[Card]
    controller: Player
    tapped: bool = False
    attacking: bool = False
    serial: int = field(default_factory=lambda: next(_next_serial))
    linked: list[Card] = field(default_factory=list)
    """G・リンク (804): the tops of the linked gods, left to right; each part is its top card and the
    cards after it up to the next linked top. Empty when the object is not linked."""
    attached_to: BattleObject | None = None
    """For equipment (クロスギア, ウエポン, オーラ): the creature it is equipped to (装備)."""
    seals: list[Card] = field(default_factory=list)
    """封印 (116): face-down cards on top of this object; while any is there the creature is ignored."""
    awakened: bool = False
    """Its top face was shown by 覚醒 (805.6): not affected by summoning sickness."""
    treated_as_creature: bool = False
    """An effect makes this non-creature (e.g. a タマシード) be treated as a creature too."""
    spared_sickness: bool = False
    """It stayed after devolving before the ``devolve-sickness`` change (January 2014): not summoning-sick, whatever
    its cards' entry turns (timeline #2)."""
    creatures: frozenset[int] = frozenset()
    """Which creatures this object is (このクリーチャー / そのクリーチャー): the identities that waiting abilities
    and the effects aimed at a creature refer to (:class:`shinpan.reference_engine.core.waiting.Tracked`). A new
    object is a new creature; a transition's ``carry_over`` decides whether the objects it makes continue the old ones'
    identities (seed 000's 待機/対象 column, helpers in :mod:`shinpan.reference_engine.transitions.carrying`)."""

    def __post_init__(self) -> None:
        if not self.creatures:
            self.creatures = new_identity()

    @property
    def is_creature(self) -> bool:
        """Whether the object is a creature now (its top card's type, or an effect treating it as one)."""
        return self.cards[0].definition.is_creature or self.treated_as_creature

    def parts(self) -> list[list[Card]]:
        """The linked gods' piles, left to right (one pile when not linked)."""
        if len(self.linked) < 2:
            return [list(self.cards)]
        starts = [next(i for i, c in enumerate(self.cards) if c is top) for top in self.linked]
        ends = [*starts[1:], len(self.cards)]
        return [self.cards[a:b] for a, b in zip(starts, ends, strict=True)]

    def part_of(self, card: Card) -> list[Card]:
        """The cards that leave the battle zone when an effect moves ``card``: its linked god's pile when the
        object is linked (804.7, one god leaves alone), else the whole object."""
        return next(part for part in self.parts() if card in part)  # by identity: Card has no __eq__

    @property
    def top(self) -> Card:
        """The top card, which gives the object its characteristics."""
        return self.cards[0]

    @property
    def ability_cards(self) -> list[Card]:
        """The cards whose abilities the object has: every linked card's when it is linked (G・リンク: one
        creature with each god's characteristics, its abilities included), else its top card's."""
        return list(self.linked) if len(self.linked) > 1 else [self.cards[0]]

    @property
    def under(self) -> list[Card]:
        """The cards below the top card, in order from just below the top."""
        return self.cards[1:]

    def __repr__(self) -> str:
        return f"<Object {[c.name for c in self.cards]} #{self.serial}>"

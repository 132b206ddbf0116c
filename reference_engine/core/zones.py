"""Zones (ゾーン), rule 400."""

from __future__ import annotations

from enum import StrEnum


class Zone(StrEnum):
    """The zones a card can be in. The battle zone holds objects (piles of cards), the others cards."""

    DECK = "deck"
    """山札: hidden, ordered top first."""
    HAND = "hand"
    """手札: hidden."""
    MANA = "mana"
    """マナゾーン: public."""
    SHIELDS = "shields"
    """シールドゾーン: hidden."""
    BATTLE = "battle"
    """バトルゾーン: public; holds objects made of one or more cards."""
    GRAVEYARD = "graveyard"
    """墓地: public."""
    HYPERSPATIAL = "hyperspatial"
    """超次元ゾーン: public; psychic creatures and draghearts wait here."""

    @property
    def is_hidden(self) -> bool:
        """Whether a card moved into this zone is lost to abilities that were tracking it (非公開ゾーン)."""
        return self in (Zone.DECK, Zone.HAND, Zone.SHIELDS)


class DeckPosition(StrEnum):
    """Where a card put into a deck goes (山札の上 / 山札の一番下 / 山札に加えてシャッフルする).

    The deck is ordered, top first; a card drawn or looked at from the top is the first.
    """

    TOP = "top"
    """山札の上: it becomes the top card."""
    BOTTOM = "bottom"
    """山札の一番下: it becomes the bottom card."""
    SHUFFLED = "shuffled"
    """山札に加えてシャッフルする: it is put into the deck and the deck is shuffled (the game's seeded randomness)."""


CARD_ZONES: tuple[Zone, ...] = tuple(z for z in Zone if z is not Zone.BATTLE)
"""The zones that hold plain cards rather than objects."""

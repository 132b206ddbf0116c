"""Checks of where cards are (ゾーン): in a zone or not, how many a zone holds, which is at an end of it, in how many
places a card is. ``card`` is a label from the setup; ``player`` is ``me`` or ``opp``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from shinpan.adapters.contract import PlayerName
from shinpan.adapters.sdk.vocabulary import Zone
from shinpan.running.checks.form import Observed
from shinpan.running.checks.observed import Observation, place_counts, places, where

End = Literal["top", "bottom"]
"""The end of a zone's list a :class:`Position` names: ``top`` (first listed) or ``bottom`` (last listed)."""
ENDS: tuple[End, ...] = get_args(End)


@dataclass(frozen=True)
class InZone(Observed, kind="in_zone"):
    """The card is (``present``) or is not in the player's zone (ゾーンにある); in the battle zone, "in" means among
    the cards of one of the player's objects."""

    player: PlayerName
    zone: Zone
    card: str
    present: bool

    def seen(self, observation: Observation) -> str | None:
        view = observation["players"][self.player]
        card, zone = self.card, self.zone
        found = any(card in obj["cards"] for obj in view["battle"]) if zone == "battle" else card in view[zone]
        if found == self.present:
            return None
        return f"expected 《{card}》 in {self.player}'s {zone}, but {where(observation, card)}" if self.present else \
            f"expected 《{card}》 not to be in {self.player}'s {zone}, but it is"


@dataclass(frozen=True)
class ZoneCount(Observed, kind="zone_count"):
    """The number of cards in the player's zone (枚数; in the battle zone, over every object)."""

    player: PlayerName
    zone: Zone
    count: int

    def seen(self, observation: Observation) -> str | None:
        view = observation["players"][self.player]
        actual = sum(len(o["cards"]) for o in view["battle"]) if self.zone == "battle" else len(view[self.zone])
        return None if actual == self.count else \
            f"{self.player}'s {self.zone} has {actual} cards, expected {self.count}"


@dataclass(frozen=True)
class Position(Observed, kind="position"):
    """The card is the top (一番上: first listed) or the bottom (一番下: last listed) card of the player's zone (the
    deck, read with ``deck_order``)."""

    player: PlayerName
    zone: Zone
    end: End
    card: str

    def seen(self, observation: Observation) -> str | None:
        cards = observation["players"][self.player][self.zone]
        actual = (cards[0] if self.end == "top" else cards[-1]) if cards else None
        if actual == self.card:
            return None
        return f"{self.player}'s {self.zone} is {cards} (top first): its {self.end} is {actual!r}, " \
               f"expected 《{self.card}》"


@dataclass(frozen=True)
class Places(Observed, kind="places"):
    """In how many places the observation shows the card: the lists of every zone and the cards and seals of every
    battle-zone object (a card is in exactly one place: ``count`` 1)."""

    card: str
    count: int

    def seen(self, observation: Observation) -> str | None:
        if place_counts(observation).get(self.card, 0) == self.count:
            return None
        found = places(observation, self.card)
        return f"《{self.card}》 is in {len(found)} places ({'; '.join(found) or 'none'}), expected {self.count}"

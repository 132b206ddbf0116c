"""Events (イベント): every change of the game, as values.

An action proposes events; the pipeline (:mod:`shinpan.reference_engine.pipeline.pipeline`) performs them and
records what happened. The record of a card leaving the battle zone keeps the object's last known
state (:class:`LastKnown`), which leave abilities and resolving effects look back at (603.5c, 605.2e).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from shinpan.reference_engine.core.objects import Card
from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.zones import DeckPosition, Zone


class Cause(StrEnum):
    """Why a card moves. Abilities that trigger on a kind of move ask for it (e.g. 破壊された時)."""

    SUMMON = "summon"  # 召喚
    PUT = "put"  # 効果で出す・置く
    DESTROY = "destroy"  # 破壊
    DRAW = "draw"  # ドロー
    CHARGE = "charge"  # マナチャージ
    RULE = "rule"  # a rule moved it (e.g. state-based, or reconstruction 801.4)
    UNDER = "under"  # 下に置く: put under a card in the battle zone (403.4a)
    SWAP = "swap"  # 入れ替え (701.26a)
    CAST = "cast"  # 呪文を唱えた: the spell goes to the graveyard
    DISCARD = "discard"  # 捨てる: from the hand to the graveyard
    BREAK = "break"  # ブレイク: a shield goes to its owner's hand


@dataclass(frozen=True)
class MoveRequest:
    """A proposed zone move of one card; a battle-zone object moves when its top card is named."""

    card: Card
    destination: Zone
    cause: Cause
    controller: Player | None = None
    """Who will control the card if it enters the battle zone; its owner when ``None``."""
    tapped: bool = False
    """Whether it enters the battle zone (or mana zone) tapped."""
    position: DeckPosition = DeckPosition.TOP
    by: Player | None = None
    """The player whose effect or action moves the card (相手によって…), if known."""
    onto: tuple[Card, ...] = ()
    """Entering the battle zone: the sources it is put onto (進化), top first (801.1b, 403.4a)."""
    beneath: Card | None = None
    """Put under a card in the battle zone: any card of the object it goes to the bottom of (403.4a)."""
    only_top: bool = False
    """Leaving the battle zone: only this card, the top card, leaves its object (退化, 801.4)."""
    agent: Card | None = None
    """The card whose action makes the move, when a replacement asks (the creature that breaks a shield)."""
    replacing: bool = False
    """This move is (part of) a replacing event: it is never offered to replacement effects (101.5, 101.5a)."""
    creature: bool = False
    """The effect moves the creature ``card`` is part of, not that card alone (破壊する: it chose a creature): for
    a linked creature, only one god leaves, the one its controller chooses (804.7, choice ``god_leaves``)."""


@dataclass(frozen=True)
class LastKnown:
    """An object's state just before it left the battle zone (過去の状態): its computed characteristics."""

    cards: tuple[Card, ...]
    controller: Player
    tapped: bool
    power: int | None
    civilizations: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    cost: int | None = None
    evolution: bool = False
    """Whether it was an evolution creature (ジャババ・ハット's 「墓地に置かれる直前に進化クリーチャーだったら」)."""
    abilities_ignored: bool = False
    creature: bool = True
    """Whether it was a creature (a ドラグハート・フォートレス, or a タマシード not treated as one, was not): only a
    creature leaves as one for 「クリーチャーが離れた時」."""
    creatures: frozenset[int] = frozenset()
    """Which creatures it was (このクリーチャー / そのクリーチャー), for an effect aimed at one of them that resolves
    after it left (:attr:`shinpan.reference_engine.core.objects.BattleObject.creatures`)."""

    @property
    def top(self) -> Card:
        """The card that was on top, whose characteristics the object had."""
        return self.cards[0]


@dataclass(frozen=True)
class Moved:
    """A card changed zones. ``last_known`` is set when it left the battle zone."""

    card: Card
    player: Player
    """The player whose zone the card is now in."""
    source: Zone
    destination: Zone
    cause: Cause
    last_known: LastKnown | None = None
    by: Player | None = None
    civilizations_before: tuple[str, ...] = ()
    """The card's civilizations just before the move, where it was (for 'from A to B' conditions)."""

    @property
    def as_creature(self) -> bool:
        """Whether the card moved as a creature: not from under another card of its object (109.2b)."""
        return self.last_known is None or self.last_known.top is self.card


@dataclass(frozen=True)
class Attacked:
    """A creature declared an attack (攻撃する時 triggers)."""

    card: Card
    player: Player


@dataclass(frozen=True)
class TapForMana:
    """A proposed event: a card in the mana zone is tapped to produce ``mana`` mana (マナを支払う)."""

    card: Card
    mana: int = 1


@dataclass(frozen=True)
class ManaTapped:
    """A mana card was tapped and produced ``mana`` mana (the mana count as it was when tapped)."""

    card: Card
    mana: int


@dataclass(frozen=True)
class Reconstructed:
    """The cards left after a top card left stay in the battle zone as an object (再構築, 801.4).

    This is not an entering event: the object was already in the battle zone (801.4c), so nothing
    that waits for a card entering the battle zone sees it.
    """

    cards: tuple[Card, ...]
    """The remaining object's cards, top first."""
    player: Player


@dataclass(frozen=True)
class BecameSource:
    """An object became the evolution sources (進化元) of a card put on top of it: it no longer exists as itself.

    ``last_known`` is its state just before, which an effect that still refers to its top card looks back at
    (seed 002: a タマシード that became an evolution creature is read as the タマシード).
    """

    last_known: LastKnown


@dataclass(frozen=True)
class AbilityTriggered:
    """A triggered ability triggered and now waits (誘発): the card that has it and the ability's index."""

    card: Card
    ability: int


@dataclass(frozen=True)
class Replaced:
    """A replacement effect (置換効果, 609) of ``source``'s ability changed how ``card`` moved.

    The event it replaced never happened (609, 603.2d): nothing that waits for that event sees it.
    """

    source: Card
    ability: int
    """Index of the replacing ability in the source card's structured abilities."""
    card: Card


Event = Moved | Reconstructed | Replaced | Attacked | AbilityTriggered | ManaTapped | BecameSource
"""Every kind of performed event the engine records."""

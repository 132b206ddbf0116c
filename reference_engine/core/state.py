"""Where everything is (ゲームの状態): the players' zones, the effects in force and the abilities waiting.

The cards and battle-zone objects themselves are in :mod:`shinpan.reference_engine.core.objects`; the
state says which zone holds each of them, and what applies to them now.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shinpan.reference_engine.core.effects import PowerModifier
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.turns import Turn
from shinpan.reference_engine.core.waiting import Pending, Tracked
from shinpan.reference_engine.core.zones import CARD_ZONES, Zone

PLAYERS = tuple(Player)
"""The players in order, P1 first (iterating the enum itself costs far more, and objects() runs at every check)."""


@dataclass
class PlayerState:
    """One player's zones. Order matters in the deck (top first) and under battle-zone objects."""

    player: Player
    zones: dict[Zone, list[Card]] = field(default_factory=lambda: {z: [] for z in CARD_ZONES})
    battle: list[BattleObject] = field(default_factory=list)
    tapped_mana: set[int] = field(default_factory=set)
    """Serials of the tapped cards in the mana zone."""
    lost: bool = False


@dataclass
class GameState:
    """The whole game at one moment."""

    turn: Turn
    players: dict[Player, PlayerState]
    modifiers: list[PowerModifier] = field(default_factory=list)
    """Resolved effects in force, each attached to one object."""
    ignored: set[int] = field(default_factory=set)
    """Serials of the objects whose abilities a resolved effect makes ignored (能力を無視する)."""
    waiting: list[Pending] = field(default_factory=list)
    """Triggered abilities waiting to resolve (待機中の能力), as
    :class:`shinpan.reference_engine.core.waiting.Pending`."""

    @classmethod
    def empty(cls, turn: Turn) -> GameState:
        """A game with both players' zones empty."""
        return cls(turn=turn, players={p: PlayerState(p) for p in PLAYERS})

    def objects(self) -> list[BattleObject]:
        """Every object in the battle zone, P1's first."""
        players = self.players
        return [*players[PLAYERS[0]].battle, *players[PLAYERS[1]].battle]

    def equipment_of(self, obj: BattleObject) -> list[BattleObject]:
        """The equipment (装備品) equipped to ``obj``."""
        return [o for o in self.objects() if o.attached_to is obj]

    def object_of(self, card: Card) -> BattleObject | None:
        """The battle-zone object ``card`` belongs to, if any."""
        for player in PLAYERS:  # plain loops: this runs at every move and observation
            for obj in self.players[player].battle:
                for each in obj.cards:
                    if each is card:
                        return obj
        return None

    def zone_of(self, card: Card) -> tuple[Player, Zone]:
        """Where ``card`` is: the player whose zone holds it, and the zone."""
        for player, state in self.players.items():  # ``in`` compares cards by identity (Card has no __eq__), in C
            zones = state.zones
            for zone in CARD_ZONES:
                if card in zones[zone]:
                    return player, zone
            for obj in state.battle:
                if card in obj.cards or card in obj.seals:
                    return player, Zone.BATTLE
        raise LookupError(f"{card!r} is not in the game")

    def creatures_now(self, tracked: Tracked | None) -> list[BattleObject]:
        """The objects that are now the creature ``tracked`` was (as each transition's ``carry_over`` decided)."""
        if tracked is None or not tracked.creature:
            return []
        return [obj for obj in self.objects() if obj.creatures & tracked.creature]

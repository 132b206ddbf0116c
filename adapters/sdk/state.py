"""The declarative starting state of ``setup.json`` as typed values (初期状態).

:meth:`Setup.from_message` reads a ``setup`` request's ``state``; :meth:`Setup.to_message` writes one. A
generator builds a :class:`Setup`; an adapter walks one with :mod:`shinpan.adapters.sdk.board`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from shinpan.adapters.contract import PlayerName
from shinpan.adapters.sdk.actions import Effect, Label, Labels, to_json
from shinpan.adapters.sdk.remembered import Remembered
from shinpan.adapters.sdk.vocabulary import CARD_ZONES, PLAYERS, CardZone, TurnStep


@dataclass(frozen=True)
class Turn:
    """Whose turn, which (counted from 1 across both players), and its step."""

    number: int
    active: PlayerName
    step: TurnStep = "main"


@dataclass(frozen=True)
class BattleObject:
    """An object in the battle zone (``setup.json#/$defs/battle_object``): its cards top to bottom, and flags."""

    cards: Labels
    tapped: bool = False
    arrived_this_turn: Labels = ()
    """Its cards that entered the battle zone this turn (301.5 remembers it per card)."""
    attacking: bool = False
    treated_as_creature: bool = False
    equipped_to: Label | None = None
    """For equipment: a card of the creature it is equipped to."""


@dataclass(frozen=True)
class PlayerSetup:
    """One player's cards (``setup.json#/$defs/player_state``): each zone's labels (the deck top first), which
    mana is tapped, and the battle zone's objects."""

    deck: Labels = ()
    hand: Labels = ()
    mana: Labels = ()
    tapped_mana: Labels = ()
    shields: Labels = ()
    graveyard: Labels = ()
    hyperspatial: Labels = ()
    battle: tuple[BattleObject, ...] = ()

    def zone(self, zone: CardZone) -> Labels:
        """The labels in ``zone``."""
        labels: Labels = getattr(self, zone)
        return labels


@dataclass(frozen=True)
class Waiting:
    """A triggered ability already waiting to resolve: the card that has it, and its index among the card's
    structured abilities."""

    card: Label
    ability: int


@dataclass(frozen=True)
class Setup:
    """A starting state: every card declared (label -> card name), the turn, both players, applied effects."""

    cards: Mapping[Label, str]
    turn: Turn
    players: Mapping[PlayerName, PlayerSetup]
    effects: tuple[Effect, ...] = field(default=())
    waiting: tuple[Waiting, ...] = field(default=())

    @classmethod
    def from_message(cls, state: Mapping[str, Any]) -> Setup:
        """A ``setup`` request's ``state``."""
        players = {p: _player(state["players"].get(p, {})) for p in PLAYERS}
        return cls(dict(state["cards"]), Turn(**state["turn"]), players,
                   tuple(Effect(**e) for e in state.get("effects", ())),
                   tuple(Waiting(**w) for w in state.get("waiting", ())))

    @classmethod
    def parsed(cls, state: Mapping[str, Any]) -> Setup:
        """:meth:`from_message`, parsed once per starting state (:mod:`~shinpan.adapters.sdk.remembered`): the value
        is shared, and read only, as a frozen value is."""
        return _PARSED(state)

    def to_message(self) -> dict[str, Any]:
        """As ``setup.json`` writes it (empty zones and flags at their default left out)."""
        message: dict[str, Any] = to_json(self)
        return message


_PARSED: Final = Remembered(Setup.from_message)


def _player(view: Mapping[str, Any]) -> PlayerSetup:
    zones = {zone: tuple(view.get(zone, ())) for zone in (*CARD_ZONES, "tapped_mana")}
    battle = tuple(_object(obj) for obj in view.get("battle", ()))
    return PlayerSetup(**zones, battle=battle)


def _object(obj: Mapping[str, Any]) -> BattleObject:
    return BattleObject(tuple(obj["cards"]), bool(obj.get("tapped", False)), tuple(obj.get("arrived_this_turn", ())),
                        bool(obj.get("attacking", False)), bool(obj.get("treated_as_creature", False)),
                        obj.get("equipped_to"))

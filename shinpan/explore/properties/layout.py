"""Laying out a property's board (配置): a small builder of ``setup.json`` states that labels the cards as the
generated boards do (the name the first time, then a letter)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shinpan.adapters.sdk.vocabulary import PLAYERS as PLAYERS  # the players, for the properties
from shinpan.explore.boards import Labels
from shinpan.explore.pool import Card


def other(player: str) -> str:
    """The other player."""
    return "opp" if player == "me" else "me"


class Layout:
    """A starting state being laid out: whose turn, each player's zones and battle-zone objects, resolved effects."""

    def __init__(self, active: str, number: int = 3) -> None:
        self.labels = Labels()
        self.turn = {"number": number, "active": active}
        self.players: dict[str, dict[str, Any]] = {player: {"battle": []} for player in PLAYERS}
        self.effects: list[dict[str, Any]] = []
        self.controllers: dict[str, str] = {}
        """The controller of each object, by its top card's label."""

    @property
    def active(self) -> str:
        """Whose turn it is."""
        return str(self.turn["active"])

    def put(self, player: str, zone: str, card: Card) -> str:
        """A card into a zone other than the battle zone (a deck is filled top first); its label."""
        label = self.labels.label(card)
        self.players[player].setdefault(zone, []).append(label)
        return label

    def object(self, player: str, pile: Sequence[Card], *, tapped: bool = False, attacking: bool = False,
               arrived: Sequence[int] = ()) -> list[str]:
        """An object of ``pile`` (top first) in ``player``'s battle zone, tapped or attacking as said, the cards at
        the positions ``arrived`` having entered this turn; its labels."""
        cards = [self.labels.label(card) for card in pile]
        obj: dict[str, Any] = {"cards": cards, "tapped": tapped or attacking}
        if attacking:
            obj["attacking"] = True
        if arrived:
            obj["arrived_this_turn"] = [cards[i] for i in arrived]
        self.players[player]["battle"].append(obj)
        self.controllers[cards[0]] = player
        return cards

    def entry(self, top: str) -> dict[str, Any]:
        """The setup entry of the object whose top card is ``top``."""
        return next(obj for view in self.players.values() for obj in view["battle"] if obj["cards"][0] == top)

    def pump(self, top: str, amount: int, duration: str = "end_of_turn") -> None:
        """A resolved power effect on the object whose top is ``top``."""
        effect: dict[str, Any] = {"kind": "power", "target": top, "amount": amount}
        if duration != "end_of_turn":
            effect["duration"] = duration
        self.effects.append(effect)

    def ignore(self, top: str) -> None:
        """A resolved effect making the object's abilities ignored."""
        self.effects.append({"kind": "ignore_abilities", "target": top})

    @property
    def state(self) -> dict[str, Any]:
        """The starting state."""
        state: dict[str, Any] = {"cards": dict(self.labels.cards), "turn": dict(self.turn),
                                 "players": {p: dict(v) for p, v in self.players.items()}}
        if self.effects:
            state["effects"] = list(self.effects)
        return state

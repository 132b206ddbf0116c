"""The two players of a duel (対戦する2人のプレイヤー)."""

from __future__ import annotations

from enum import IntEnum


class Player(IntEnum):
    """A player seat. ``P1`` is the scenario's 自分 and ``P2`` its 相手 at the contract boundary."""

    P1 = 0
    P2 = 1

    @property
    def opponent(self) -> Player:
        """The other player (相手)."""
        return Player.P2 if self is Player.P1 else Player.P1

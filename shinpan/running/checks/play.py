"""Checks of play rather than of the board: whether a player has lost (敗北), whether the rules rejected the latest
move (拒否される)."""

from __future__ import annotations

from dataclasses import dataclass

from shinpan.adapters.contract import PlayerName
from shinpan.running.checks.form import CheckForm, Observed
from shinpan.running.checks.observed import Observation


@dataclass(frozen=True)
class Lost(Observed, kind="lost"):
    """Whether the player has lost (敗北; a missing ``lost`` field is false)."""

    player: PlayerName
    value: bool

    def seen(self, observation: Observation) -> str | None:
        actual = bool(observation["players"][self.player].get("lost"))
        return None if actual is self.value else f"{self.player} lost: {actual}, expected {self.value}"


@dataclass(frozen=True)
class Rejected(CheckForm, kind="rejected"):
    """Whether the rules rejected the latest move (拒否される; its answer, not the observation)."""

    value: bool

    @property
    def needs_observation(self) -> bool:
        return False

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        if self.value:
            return None if rejection is not None else "the move was allowed, but the rules forbid it"
        return None if rejection is None else f"the move was rejected: {rejection}"

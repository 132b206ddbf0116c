"""Turn structure (ターンの進行), rule 500."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from shinpan.reference_engine.core.players import Player


class Step(StrEnum):
    """The steps of a turn, in order."""

    START = "start"  # ターン開始ステップ (untap)
    DRAW = "draw"  # ドローステップ
    MANA = "mana"  # マナチャージステップ
    MAIN = "main"  # メインステップ
    ATTACK = "attack"  # 攻撃ステップ
    END = "end"  # ターン終了ステップ


@dataclass(frozen=True)
class Turn:
    """Which turn it is. Turn numbers count every turn of the game from 1, both players' alike."""

    number: int
    active: Player
    step: Step = Step.MAIN

    def next(self) -> Turn:
        """The opponent's turn that follows this one, at its start step."""
        return Turn(self.number + 1, self.active.opponent, Step.START)

    def latest_turn_of(self, player: Player) -> int:
        """The number of the most recent turn that ``player`` began (this one, or the one before)."""
        return self.number if player is self.active else self.number - 1

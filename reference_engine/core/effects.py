"""Effects already applied to objects (適用された効果).

A *resolved* effect (解決による効果) — from a spell, or a triggered or activated ability — is
attached to the object it was applied to and stays with that object for its duration. The
carry-over rules decide what happens to it when objects change (evolution, link, …). Effects of
static abilities (常在型能力) are not stored here: they are computed afresh every time
(:mod:`shinpan.reference_engine.core.characteristics`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Duration(StrEnum):
    """How long a resolved effect lasts."""

    END_OF_TURN = "end_of_turn"
    """このターンの終わりまで: ends in the end step of the turn (rule 513)."""
    PERMANENT = "permanent"
    """No stated end: lasts while the object exists."""


@dataclass(frozen=True)
class PowerModifier:
    """パンプアップ / パワー低下: the object's power is changed by ``amount``."""

    target: int
    """Serial of the object the effect applies to."""
    amount: int
    duration: Duration = Duration.END_OF_TURN

"""The Japanese words the steps understand, and what they mean in the contract."""

from __future__ import annotations

from dataclasses import dataclass

from shinpan.adapters.cards import CARD_REFERENCE
from shinpan.adapters.contract import PlayerName

PLAYERS: dict[str, PlayerName] = {"自分": "me", "相手": "opp"}
"""自分 = the scenario's own side; 相手 = the opponent."""

ZONES: dict[str, str] = {
    "山札": "deck",
    "手札": "hand",
    "マナゾーン": "mana",
    "シールドゾーン": "shields",
    "バトルゾーン": "battle",
    "墓地": "graveyard",
    "超次元ゾーン": "hyperspatial",
}

DECK_POSITIONS: dict[str, str] = {"一番上": "top", "一番下": "bottom"}
"""山札の一番上 / 山札の一番下: a place in the deck (top first), as the contract's ``position``."""

TURN_STEPS: dict[str, str] = {
    "ターン開始ステップ": "start",
    "ドローステップ": "draw",
    "マナチャージステップ": "mana",
    "メインステップ": "main",
    "攻撃ステップ": "attack",
    "ターン終了ステップ": "end",
}
"""The steps of a turn (500番台), as the contract's ``turn.step``."""

DURATIONS: dict[str, str] = {"このターンの終わりまで": "end_of_turn", "期限なく": "permanent"}
"""How long an effect lasts, as the contract's ``duration``: until the end of the turn, or with no end."""

PLAYER_PATTERN = "|".join(PLAYERS)
TURN_STEP_PATTERN = "|".join(TURN_STEPS)
DURATION_PATTERN = "|".join(DURATIONS)
DECK_POSITION_PATTERN = "|".join(DECK_POSITIONS)
ZONE_PATTERN = "|".join(ZONES)
CARD_ZONE_PATTERN = "|".join(z for z in ZONES if z != "バトルゾーン")
"""Zones that hold plain cards (not the battle zone, whose objects have their own steps)."""
CARD_PATTERN = r"《[^《》]+》(?:\([^()\s]+\))?"
CARDS_PATTERN = rf"{CARD_PATTERN}(?:(?:と|、){CARD_PATTERN})*"
"""One or more card references joined by と or 、: 《A》と《B》."""


@dataclass(frozen=True)
class CardRef:
    """A card as a step names it: its name and the scenario's label for it (the name by default)."""

    name: str
    label: str


def card_refs(text: str) -> list[CardRef]:
    """Every card reference in ``text``, in order."""
    return [CardRef(m["name"], m["label"] or m["name"]) for m in CARD_REFERENCE.finditer(text)]


def card_ref(text: str) -> CardRef:
    """The single card reference in ``text``."""
    refs = card_refs(text)
    if len(refs) != 1:
        raise ValueError(f"expected exactly one card reference like 《name》 in {text!r}")
    return refs[0]


def signed_int(text: str) -> int:
    """Read ``+2000``, ``-2000``, ``－2000`` or ``2000`` as an integer."""
    return int(text.replace("＋", "+").replace("－", "-").replace("−", "-"))

"""The Japanese words the steps understand, and what they mean in the contract: read from the contract's typed
vocabulary (:mod:`shinpan.adapters.sdk.vocabulary`, its terms), never spelled here again."""

from __future__ import annotations

from dataclasses import dataclass

from shinpan.adapters.cards import CARD_REFERENCE
from shinpan.adapters.contract import PlayerName
from shinpan.adapters.sdk.vocabulary import (
    DECK_POSITION_TERMS,
    DURATION_TERMS,
    PLAYER_TERMS,
    TURN_STEP_TERMS,
    ZONE_TERMS,
    DeckPosition,
    Duration,
    TurnStep,
    Zone,
)

PLAYERS: dict[str, PlayerName] = {term.japanese: name for name, term in PLAYER_TERMS.items()}
"""自分 = the scenario's own side; 相手 = the opponent."""

ZONES: dict[str, Zone] = {term.japanese: name for name, term in ZONE_TERMS.items()}
"""山札, 手札, マナゾーン, シールドゾーン, バトルゾーン, 墓地, 超次元ゾーン, as the contract's zones."""

DECK_POSITIONS: dict[str, DeckPosition] = {DECK_POSITION_TERMS[end].japanese: end for end in ("top", "bottom")}
"""山札の一番上 / 山札の一番下: a place in the deck (top first), as the contract's ``position``."""

TURN_STEPS: dict[str, TurnStep] = {term.japanese: name for name, term in TURN_STEP_TERMS.items()}
"""The steps of a turn (500番台), as the contract's ``turn.step``."""

DURATIONS: dict[str, Duration] = {term.japanese: name for name, term in DURATION_TERMS.items()}
"""How long an effect lasts, as the contract's ``duration``: until the end of the turn, or with no end."""

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

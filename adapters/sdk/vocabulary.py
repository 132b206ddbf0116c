"""The contract's vocabulary as typed data (契約の語彙): the words every message is made of.

Zones, players, turn steps, choice kinds, effect kinds, observation fields, event types and mechanics, each with
its Japanese term. One language-neutral document is the source: ``adapters/vocabulary.json`` (:func:`document`,
``shinpan vocabulary --format json``); the mechanics and choice kinds here are read from it, and
``tests/test_vocabulary_document.py`` keeps the literals here, the schemas' enums, the action types and the
explorer's drawers in step with it, and checks that every ``@requires`` tag of the suite and every mechanic of
the reference engine is one of its mechanics.

A generator (``shinpan explore``) reads this module to know what a setup and a move may hold, and prunes it by
an adapter's capabilities: :func:`playable_mechanics` and :data:`shinpan.adapters.sdk.actions.ACTION_TYPES`.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final, Literal, cast, get_args

from shinpan.adapters.contract import ChoiceKind as ChoiceKind  # a word of the vocabulary, typed in the contract
from shinpan.adapters.contract import Observable, PlayerName

Zone = Literal["deck", "hand", "mana", "shields", "battle", "graveyard", "hyperspatial"]
"""A zone (ゾーン) of a player: ``common.json#/$defs/zone``."""
CardZone = Literal["deck", "hand", "mana", "shields", "graveyard", "hyperspatial"]
"""A zone of plain cards, every zone but the battle zone: ``common.json#/$defs/card_zone``."""
TurnStep = Literal["start", "draw", "mana", "main", "attack", "end"]
"""A step of a turn (ステップ): ``common.json#/$defs/step``."""
DeckPosition = Literal["top", "bottom", "shuffled"]
"""Where a card put into the deck goes: ``action.json#/$defs/move`` ``position``."""
EffectKind = Literal["power", "ignore_abilities"]
"""An effect already applied by resolution (解決による効果): ``common.json#/$defs/effect``."""
Duration = Literal["end_of_turn", "permanent"]
"""How long an applied effect lasts."""
EventType = Literal["moved", "triggered", "replaced", "reconstructed", "mana_tapped"]
"""What an observation's events report: ``observation.json#/$defs/event``."""
MoveCause = Literal["summon", "put", "destroy", "draw", "charge", "rule", "under", "swap", "cast", "discard",
                    "break"]
"""Why a card moved, in a ``moved`` event."""
FlipWay = Literal["awaken", "dragon_release", "other"]
"""How a double-faced card shows its other face (``flip``'s ``by``)."""
SwapWay = Literal["swap", "revolution_change", "j_change"]
"""How a swap is named on the card (``swap``'s ``via``)."""

PLAYERS: Final[tuple[PlayerName, ...]] = get_args(PlayerName)
ZONES: Final[tuple[Zone, ...]] = get_args(Zone)
CARD_ZONES: Final[tuple[CardZone, ...]] = get_args(CardZone)
TURN_STEPS: Final[tuple[TurnStep, ...]] = get_args(TurnStep)
DECK_POSITIONS: Final[tuple[DeckPosition, ...]] = get_args(DeckPosition)
DURATIONS: Final[tuple[Duration, ...]] = get_args(Duration)
CHOICE_KINDS: Final[tuple[ChoiceKind, ...]] = get_args(ChoiceKind)
EFFECT_KINDS: Final[tuple[EffectKind, ...]] = get_args(EffectKind)
OBSERVABLES: Final[tuple[Observable, ...]] = get_args(Observable)
EVENT_TYPES: Final[tuple[EventType, ...]] = get_args(EventType)
MOVE_CAUSES: Final[tuple[MoveCause, ...]] = get_args(MoveCause)


@dataclass(frozen=True)
class Term:
    """One word of the vocabulary: its name in messages, the Japanese term, and what it means."""

    name: str
    japanese: str
    meaning: str


TURN_STEP_TERMS: Final[dict[TurnStep, Term]] = {
    "start": Term("start", "ターン開始ステップ", "abilities at the start of the turn"),
    "draw": Term("draw", "ドローステップ", "the active player draws"),
    "mana": Term("mana", "マナチャージステップ", "the active player may charge one card as mana"),
    "main": Term("main", "メインステップ", "summoning, casting and the like"),
    "attack": Term("attack", "攻撃ステップ", "attacks"),
    "end": Term("end", "ターン終了ステップ", "effects until the end of the turn end"),
}

DECK_POSITION_TERMS: Final[dict[DeckPosition, Term]] = {
    "top": Term("top", "一番上", "the deck's first card"),
    "bottom": Term("bottom", "一番下", "the deck's last card"),
    "shuffled": Term("shuffled", "シャッフル", "put in, then the deck is shuffled"),
}

DURATION_TERMS: Final[dict[Duration, Term]] = {
    "end_of_turn": Term("end_of_turn", "このターンの終わりまで", "ends with the turn"),
    "permanent": Term("permanent", "期限なく", "lasts while its object stays"),
}


@cache
def document() -> dict[str, Any]:
    """The vocabulary as one language-neutral JSON document (``adapters/vocabulary.json``, valid by
    ``adapters/schema/vocabulary.json``): what ``shinpan vocabulary --format json`` prints, and the source of
    :data:`MECHANICS` and :data:`CHOICES`."""
    text = resources.files("shinpan.adapters").joinpath("vocabulary.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


PLAYER_TERMS: Final[dict[PlayerName, Term]] = {
    cast(PlayerName, name): Term(name, term["japanese"], term["meaning"])
    for name, term in document()["players"].items()}
"""The players (自分, 相手), read from the document."""

ZONE_TERMS: Final[dict[Zone, Term]] = {
    cast(Zone, name): Term(name, term["japanese"], term["meaning"]) for name, term in document()["zones"].items()}
"""The zones, read from the document."""


@dataclass(frozen=True)
class ChoiceKindTerm:
    """A kind of decision: its term, the rule that asks for it, and how many cards a legal answer picks."""

    name: ChoiceKind
    japanese: str
    rule: str
    meaning: str
    fewest: int
    """The fewest picks of a legal answer (0: the player may decline, or pick nothing)."""
    most: int | None
    """The most picks of a legal answer (``None``: as many as there are options)."""
    ordered: bool
    """Whether the order of the picks is part of the answer."""
    answered_by: str
    """Who makes the decision (the ``player`` of its scripted choice)."""


CHOICES: Final[dict[ChoiceKind, ChoiceKindTerm]] = {
    cast(ChoiceKind, name): ChoiceKindTerm(cast(ChoiceKind, name), term["japanese"], term["rule"], term["meaning"],
                                           term["fewest"], term["most"], term["ordered"], term["answered_by"])
    for name, term in document()["choice_kinds"].items()}
"""Every kind of decision a move may ask for."""


@dataclass(frozen=True)
class Mechanic:
    """A mechanic (仕組み): a part of the rules an adapter declares it implements (``capabilities.mechanics``).

    A scenario names the mechanics it needs with ``@requires:`` tags; a move needs the mechanics of its action
    type (:mod:`shinpan.adapters.sdk.actions`)."""

    name: str
    japanese: str
    rules: str
    meaning: str


MECHANICS: Final[dict[str, Mechanic]] = {
    name: Mechanic(name, term["japanese"], term["rules"], term["meaning"])
    for name, term in document()["mechanics"].items()}
"""Every mechanic of the contract, by name."""


def playable_mechanics(declared: Collection[str]) -> frozenset[str]:
    """The mechanics of the vocabulary that an adapter declaring ``declared`` plays (names it declares that the
    vocabulary does not know are left out)."""
    return frozenset(declared) & frozenset(MECHANICS)

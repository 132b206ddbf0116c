"""The contract's vocabulary as typed data (契約の語彙): the words every message is made of.

Zones, players, turn steps, choice kinds, effect kinds, observation fields, event types and mechanics, each with
its Japanese term. The JSON Schemas (``adapters/schema/*.json``) are the source of truth for every word they
list; ``tests/test_sdk_vocabulary.py`` keeps the literals here and the schemas' enums in step. Mechanics are not
in the schemas (an adapter may name any in its capabilities): this module is where they are listed, and the
test checks that every ``@requires`` tag of the suite and every mechanic of the reference engine is one of them.

A generator (``shinpan explore``) reads this module to know what a setup and a move may hold, and prunes it by
an adapter's capabilities: :func:`playable_mechanics` and :data:`shinpan.adapters.sdk.actions.ACTION_TYPES`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final, Literal, get_args

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


PLAYER_TERMS: Final[dict[PlayerName, Term]] = {
    "me": Term("me", "自分", "the scenario's own player"),
    "opp": Term("opp", "相手", "the scenario's opponent"),
}

ZONE_TERMS: Final[dict[Zone, Term]] = {
    "deck": Term("deck", "山札", "listed top first"),
    "hand": Term("hand", "手札", "a hidden zone"),
    "mana": Term("mana", "マナゾーン", "cards that can be tapped for mana"),
    "shields": Term("shields", "シールドゾーン", "face-down cards that are broken into the hand"),
    "battle": Term("battle", "バトルゾーン", "holds objects: piles of cards, top first"),
    "graveyard": Term("graveyard", "墓地", "a public zone"),
    "hyperspatial": Term("hyperspatial", "超次元ゾーン", "psychic and dragheart cards wait here"),
}


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


CHOICES: Final[dict[ChoiceKind, ChoiceKindTerm]] = {
    "order_under": ChoiceKindTerm("order_under", "下に置く順番", "403.4a",
                                  "the order, top first, of several cards put under a card at once", 0, None, True),
    "keep_attacking": ChoiceKindTerm("keep_attacking", "攻撃を続行するクリーチャー", "801.4e, 804.4a",
                                     "which of the creatures an attacker became goes on attacking", 1, 1, False),
    "replacement": ChoiceKindTerm("replacement", "適用する置換効果", "609.8, 609.9",
                                  "the card whose replacement effect applies to an event; none applies none of "
                                  "the optional ones", 0, 1, False),
    "keep_after_reconstruction": ChoiceKindTerm("keep_after_reconstruction", "再構築で残すクリーチャー",
                                                "801.4a (before 2021-03-16)",
                                                "the top cards of the creatures that stay after reconstruction",
                                                0, None, False),
    "reconstruction_sources": ChoiceKindTerm("reconstruction_sources", "再構築後の進化元",
                                             "801.4c (before 2021-03-16)",
                                             "per kept evolution creature, in order: its sources", 1, None, False),
    "order": ChoiceKindTerm("order", "解決する順番", "101.4, 603",
                            "the card whose waiting ability resolves next", 1, 1, False),
    "use": ChoiceKindTerm("use", "使うかどうか", "〜してもよい",
                          "the card, to use an optional ability; none to decline", 0, 1, False),
    "target": ChoiceKindTerm("target", "対象", "選ぶ", "what an effect chooses", 1, 1, False),
    "equipment_to": ChoiceKindTerm("equipment_to", "装備先", "804.4",
                                   "per piece of equipment of a linked creature that splits, a card of the god it "
                                   "goes to, then optionally the piece it names", 1, 2, True),
    "enter_order": ChoiceKindTerm("enter_order", "バトルゾーンに出る順番", "409.1f",
                                  "the order in which cards put into the battle zone together enter, each its own "
                                  "event", 1, None, True),
    "god_leaves": ChoiceKindTerm("god_leaves", "離れるゴッド", "804.7",
                                 "which god of a linked creature an effect that chose the creature moves", 1, 1,
                                 False),
}
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


MECHANICS: Final[dict[str, Mechanic]] = {m.name: m for m in (
    Mechanic("zones", "ゾーン", "400", "cards in zones and moves between them: put, move, destroy, draw, discard"),
    Mechanic("summon", "召喚", "301", "summoning a creature from the hand"),
    Mechanic("tap", "タップ・アンタップ", "", "tapping and untapping objects and mana"),
    Mechanic("summoning_sickness", "召喚酔い", "301.5", "a creature cannot attack the turn its card entered"),
    Mechanic("speed_attacker", "スピードアタッカー", "301.5, 101.2", "a keyword that lifts summoning sickness"),
    Mechanic("turns", "ターン", "500", "ending a turn: end-of-turn effects end, the next player untaps and draws"),
    Mechanic("attack", "攻撃", "506", "declaring an attack, and breaking shields"),
    Mechanic("spells", "呪文", "", "casting a spell: its effects are done, then it goes to the graveyard"),
    Mechanic("mana", "マナ", "", "charging mana and tapping mana cards for mana"),
    Mechanic("power_modifiers", "パワー修正", "", "effects that change a creature's power until a time"),
    Mechanic("evolution", "進化", "801", "evolution creatures put on top of their sources"),
    Mechanic("neo_evolution", "NEO進化", "802", "NEO creatures, evolution creatures when cards are under them"),
    Mechanic("reconstruction", "再構築", "801.4", "what stays when the top card of a pile leaves"),
    Mechanic("cards_under", "下に置かれたカード", "403.4", "cards put under a battle-zone object"),
    Mechanic("replacement_effects", "置換効果", "609", "effects that replace an event with another"),
    Mechanic("triggers", "誘発型能力", "603", "triggered abilities, waiting and resolving"),
    Mechanic("swap", "入れ替え", "701.26", "a battle-zone object and a card elsewhere change places"),
    Mechanic("revolution_change", "革命チェンジ", "701.26", "a swap with the hand while attacking"),
    Mechanic("j_change", "Jチェンジ", "701.26", "a swap with the mana zone"),
    Mechanic("ignore_abilities", "能力の無視", "", "effects that make an object's abilities ignored"),
    Mechanic("g_link", "G・リンク", "804", "gods linking into one creature, and unlinking"),
    Mechanic("flip", "裏返す", "701.20", "double-faced cards showing their other face"),
    Mechanic("awaken", "覚醒", "805", "psychic creatures flipping by 覚醒"),
    Mechanic("awaken_link", "覚醒リンク", "806", "psychic creatures awakening into one linked creature"),
    Mechanic("dragheart", "ドラグハート・龍解", "807", "dragheart fortresses and weapons, and 龍解"),
    Mechanic("seal", "封印", "116", "face-down cards put on an object, and removed"),
    Mechanic("equipment", "装備", "", "cross gears, weapons and auras equipped to a creature"),
    Mechanic("side_jump", "横跳び", "801.4", "an evolution card moving onto another creature"),
    Mechanic("mugetsu", "無月の門", "", "a card stacked on 魔導具 from the hand"),
    Mechanic("tamaseed", "タマシード", "", "タマシード treated as creatures, and no longer"),
)}
"""Every mechanic of the contract, by name."""


def playable_mechanics(declared: Collection[str]) -> frozenset[str]:
    """The mechanics of the vocabulary that an adapter declaring ``declared`` plays (names it declares that the
    vocabulary does not know are left out)."""
    return frozenset(declared) & frozenset(MECHANICS)

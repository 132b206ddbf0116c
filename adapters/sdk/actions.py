"""The moves of the contract as typed values (``action.json``): one frozen dataclass per action type.

Each class says, besides its fields, which mechanics an adapter needs to play it (``mechanics``; a field may
add one: ``sources`` needs ``evolution``) and which decisions it may ask for (``asks``). :data:`ACTION_TYPES`
lists them by ``type``; :func:`action_from_message` reads an ``act`` request's action and
:meth:`Action.to_message` writes one. ``tests/test_sdk_vocabulary.py`` checks every class against the schema:
same action types, same fields, same required ones, same enums.

An adapter matches on the classes instead of reading dicts::

    match action_from_message(request["action"]):
        case Summon(card=card, sources=()):
            engine.summon(labels.card(card))
        case Destroy(cards=cards):
            engine.destroy([labels.card(c) for c in cards])
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Literal

from shinpan.adapters.contract import ChoiceKind, PlayerName
from shinpan.adapters.sdk.answers import Unsupported
from shinpan.adapters.sdk.vocabulary import (
    CardZone,
    DeckPosition,
    Duration,
    EffectKind,
    FlipWay,
    SwapWay,
)

Label = str
"""A card label the scenario assigned (``common.json#/$defs/label``)."""
Labels = tuple[Label, ...]

EFFECT_MECHANICS: Final[dict[EffectKind, str]] = {"power": "power_modifiers", "ignore_abilities": "ignore_abilities"}
"""The mechanic each kind of applied effect needs."""


def _needs(mechanic: str, *, key: str | None = None) -> dict[str, str]:
    """Field metadata: the mechanic a field needs when it is given, and its key in the message if not its name."""
    return {"mechanic": mechanic, **({"key": key} if key else {})}


def _key(key: str) -> dict[str, str]:
    return {"key": key}


@dataclass(frozen=True)
class Effect:
    """An effect already applied by resolution (解決による効果): ``common.json#/$defs/effect``."""

    kind: EffectKind
    target: Label
    amount: int | None = None
    duration: Duration = "end_of_turn"

    @property
    def mechanic(self) -> str:
        """The mechanic an adapter needs to apply it."""
        return EFFECT_MECHANICS[self.kind]


@dataclass(frozen=True)
class AtPlayer:
    """An attack on a player."""

    player: PlayerName


@dataclass(frozen=True)
class AtCard:
    """An attack on the creature a card is part of."""

    card: Label


@dataclass(frozen=True)
class Action:
    """One move. Subclasses are the contract's action types."""

    type: ClassVar[str]
    mechanics: ClassVar[tuple[str, ...]]
    """The mechanics an adapter needs to play this action type."""
    asks: ClassVar[tuple[ChoiceKind, ...]] = ()
    """The decisions it may ask for (scripted with the move)."""

    def needs(self) -> frozenset[str]:
        """The mechanics this move needs: its type's, and those of the optional fields it gives."""
        extra = {f.metadata["mechanic"] for f in dataclasses.fields(self)
                 if "mechanic" in f.metadata and getattr(self, f.name) not in ((), None, False)}
        effect = getattr(self, "effect", None)
        if isinstance(effect, Effect):
            extra.add(effect.mechanic)
        return frozenset(self.mechanics) | extra

    def to_message(self) -> dict[str, Any]:
        """The action as ``action.json`` writes it; optional fields left at their default are left out."""
        return {"type": self.type, **to_json(self)}

    def unsupported(self) -> Unsupported:
        """The answer of an engine that does not implement this move (its reason names the mechanic)."""
        needs = sorted(self.needs())
        return Unsupported(f"action type {self.type!r} is not implemented", mechanic=needs[0] if needs else None)


def to_json(value: Any) -> Any:
    """A value of this module as JSON: tuples as lists, dataclasses as objects without the fields left at their
    default (keyed as the contract names them)."""
    if isinstance(value, tuple):
        return [to_json(v) for v in value]
    if isinstance(value, Mapping):
        return {k: to_json(v) for k, v in value.items()}
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return value
    message: dict[str, Any] = {}
    for f in dataclasses.fields(value):
        item = getattr(value, f.name)
        default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
        if item != default:
            message[f.metadata.get("key", f.name)] = to_json(item)
    return message


@dataclass(frozen=True)
class Summon(Action):
    """召喚: its owner summons a creature from the hand (costs taken as paid); onto ``sources`` to evolve."""

    type: ClassVar[str] = "summon"
    mechanics: ClassVar[tuple[str, ...]] = ("summon",)
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("order_under", "replacement")
    card: Label
    sources: Labels = field(default=(), metadata=_needs("evolution"))


@dataclass(frozen=True)
class PutIntoBattle(Action):
    """出す: an effect puts the card into the battle zone from wherever it is (with others at once: ``with_``)."""

    type: ClassVar[str] = "put_into_battle"
    mechanics: ClassVar[tuple[str, ...]] = ("zones",)
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("order_under", "replacement", "enter_order")
    card: Label
    tapped: bool = False
    with_: Labels = field(default=(), metadata=_key("with"))
    sources: Labels = field(default=(), metadata=_needs("evolution"))


@dataclass(frozen=True)
class Move(Action):
    """An effect moves a card (its whole object) to another zone; to the deck at ``position``."""

    type: ClassVar[str] = "move"
    mechanics: ClassVar[tuple[str, ...]] = ("zones",)
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("replacement", "keep_after_reconstruction", "reconstruction_sources",
                                              "keep_attacking")
    card: Label
    to: CardZone
    position: DeckPosition = "top"
    by: PlayerName | None = None


@dataclass(frozen=True)
class Destroy(Action):
    """破壊: an effect destroys these objects at the same time."""

    type: ClassVar[str] = "destroy"
    mechanics: ClassVar[tuple[str, ...]] = ("zones",)
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("replacement",)
    cards: Labels


@dataclass(frozen=True)
class Tap(Action):
    """タップする."""

    type: ClassVar[str] = "tap"
    mechanics: ClassVar[tuple[str, ...]] = ("tap",)
    card: Label


@dataclass(frozen=True)
class Untap(Action):
    """アンタップする."""

    type: ClassVar[str] = "untap"
    mechanics: ClassVar[tuple[str, ...]] = ("tap",)
    card: Label


@dataclass(frozen=True)
class Attack(Action):
    """攻撃: declare an attack with ``attacker``'s object on a player or a creature."""

    type: ClassVar[str] = "attack"
    mechanics: ClassVar[tuple[str, ...]] = ("attack",)
    attacker: Label
    target: AtPlayer | AtCard


@dataclass(frozen=True)
class EndTurn(Action):
    """End the turn; the next player's turn begins (untap, draw) and stops at its main step."""

    type: ClassVar[str] = "end_turn"
    mechanics: ClassVar[tuple[str, ...]] = ("turns",)


@dataclass(frozen=True)
class Draw(Action):
    """カードを引く: the top ``count`` cards of the player's deck go to the hand, one at a time."""

    type: ClassVar[str] = "draw"
    mechanics: ClassVar[tuple[str, ...]] = ("zones",)
    player: PlayerName
    count: int = 1


@dataclass(frozen=True)
class ChargeMana(Action):
    """マナチャージ: a card from the hand into the mana zone."""

    type: ClassVar[str] = "charge_mana"
    mechanics: ClassVar[tuple[str, ...]] = ("mana",)
    card: Label


@dataclass(frozen=True)
class ApplyEffect(Action):
    """A spell or ability has resolved and applied this effect."""

    type: ClassVar[str] = "apply_effect"
    mechanics: ClassVar[tuple[str, ...]] = ()
    effect: Effect


@dataclass(frozen=True)
class Devolve(Action):
    """退化: only the top card ``card`` of its object goes to its owner's zone ``to``; the rest is reconstructed."""

    type: ClassVar[str] = "devolve"
    mechanics: ClassVar[tuple[str, ...]] = ("evolution", "reconstruction")
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("keep_after_reconstruction", "reconstruction_sources",
                                              "keep_attacking", "replacement")
    card: Label
    to: CardZone


@dataclass(frozen=True)
class PutUnder(Action):
    """An effect puts ``cards`` under the object ``target`` is part of."""

    type: ClassVar[str] = "put_under"
    mechanics: ClassVar[tuple[str, ...]] = ("cards_under",)
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("order_under",)
    target: Label
    cards: Labels


@dataclass(frozen=True)
class RearrangeUnder(Action):
    """The controller rearranges the cards under ``target``'s top card into ``order`` (allowed before 2021-03-16)."""

    type: ClassVar[str] = "rearrange_under"
    mechanics: ClassVar[tuple[str, ...]] = ("cards_under",)
    target: Label
    order: Labels


@dataclass(frozen=True)
class GLink(Action):
    """G・リンク (804): the gods whose top cards are ``cards`` (left to right) link into one creature."""

    type: ClassVar[str] = "g_link"
    mechanics: ClassVar[tuple[str, ...]] = ("g_link",)
    cards: Labels


@dataclass(frozen=True)
class Unlink(Action):
    """リンク解除: the linked creature ``card`` is part of splits into its gods."""

    type: ClassVar[str] = "unlink"
    mechanics: ClassVar[tuple[str, ...]] = ("g_link",)
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("equipment_to", "keep_attacking")
    card: Label


@dataclass(frozen=True)
class AwakenLink(Action):
    """覚醒リンク: the psychic creatures whose tops are ``cards`` flip and become one linked creature."""

    type: ClassVar[str] = "awaken_link"
    mechanics: ClassVar[tuple[str, ...]] = ("awaken_link",)
    cards: Labels


FLIP_MECHANICS: Final[dict[FlipWay, tuple[str, ...]]] = {"awaken": ("flip", "awaken"),
                                                          "dragon_release": ("flip", "dragheart"), "other": ("flip",)}
"""The mechanics each way of flipping needs."""


@dataclass(frozen=True)
class Flip(Action):
    """A double-faced card, the top of its object, shows its other face (覚醒, 龍解, or another way)."""

    type: ClassVar[str] = "flip"
    mechanics: ClassVar[tuple[str, ...]] = ("flip",)
    card: Label
    by: FlipWay

    def needs(self) -> frozenset[str]:
        """覚醒 needs ``awaken``, 龍解 ``dragheart``."""
        return frozenset(FLIP_MECHANICS[self.by])


@dataclass(frozen=True)
class Seal(Action):
    """封印を付ける (116.1a): the top card of the owner's deck goes face down on ``card``'s object."""

    type: ClassVar[str] = "seal"
    mechanics: ClassVar[tuple[str, ...]] = ("seal",)
    card: Label


@dataclass(frozen=True)
class Unseal(Action):
    """封印を外す (701.23): one seal of ``card``'s object goes to its owner's graveyard."""

    type: ClassVar[str] = "unseal"
    mechanics: ClassVar[tuple[str, ...]] = ("seal",)
    card: Label


SWAP_MECHANICS: Final[dict[SwapWay, str]] = {"swap": "swap", "revolution_change": "revolution_change",
                                             "j_change": "j_change"}


@dataclass(frozen=True)
class Swap(Action):
    """入れ替え (701.26): ``card``'s object and the card ``with_`` in another zone change places."""

    type: ClassVar[str] = "swap"
    mechanics: ClassVar[tuple[str, ...]] = ("swap",)
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("replacement",)
    card: Label
    with_: Label = field(metadata=_key("with"))
    via: SwapWay = "swap"


@dataclass(frozen=True)
class Equip(Action):
    """The equipment ``card`` is equipped to the creature ``to`` is part of."""

    type: ClassVar[str] = "equip"
    mechanics: ClassVar[tuple[str, ...]] = ("equipment",)
    card: Label
    to: Label


@dataclass(frozen=True)
class SideJump(Action):
    """横跳び: ``card``, the top of an evolution creature, moves onto the creature ``onto`` is part of."""

    type: ClassVar[str] = "side_jump"
    mechanics: ClassVar[tuple[str, ...]] = ("side_jump",)
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("keep_after_reconstruction", "reconstruction_sources",
                                              "keep_attacking")
    card: Label
    onto: Label


@dataclass(frozen=True)
class Mugetsu(Action):
    """無月の門: ``card`` goes from its owner's hand into the battle zone stacked on the 魔導具 ``tools``."""

    type: ClassVar[str] = "mugetsu"
    mechanics: ClassVar[tuple[str, ...]] = ("mugetsu",)
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("order_under",)
    card: Label
    tools: Labels


@dataclass(frozen=True)
class StopTreatingAsCreature(Action):
    """The effect that treats ``card``'s object (a タマシード) as a creature ends."""

    type: ClassVar[str] = "stop_treating_as_creature"
    mechanics: ClassVar[tuple[str, ...]] = ("tamaseed",)
    card: Label


@dataclass(frozen=True)
class Resolve(Action):
    """解決: resolve every waiting ability (and those that trigger meanwhile) in the rules' order."""

    type: ClassVar[str] = "resolve"
    mechanics: ClassVar[tuple[str, ...]] = ("triggers",)
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("order", "use", "target", "replacement", "god_leaves")


@dataclass(frozen=True)
class Cast(Action):
    """呪文を唱える: its owner casts the spell ``card`` from the hand (costs taken as paid)."""

    type: ClassVar[str] = "cast"
    mechanics: ClassVar[tuple[str, ...]] = ("spells",)
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("target", "use", "replacement", "god_leaves")
    card: Label


@dataclass(frozen=True)
class Discard(Action):
    """捨てる: the owner of ``card`` puts it from the hand into the graveyard."""

    type: ClassVar[str] = "discard"
    mechanics: ClassVar[tuple[str, ...]] = ("zones",)
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("replacement",)
    card: Label


@dataclass(frozen=True)
class Break(Action):
    """ブレイク: the creature ``breaker`` breaks these shields of its opponent at once."""

    type: ClassVar[str] = "break"
    mechanics: ClassVar[tuple[str, ...]] = ("attack",)
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("replacement", "use", "target")
    breaker: Label
    shields: Labels


@dataclass(frozen=True)
class TapMana(Action):
    """マナを支払う: tap these untapped cards of one player's mana zone, one at a time."""

    type: ClassVar[str] = "tap_mana"
    mechanics: ClassVar[tuple[str, ...]] = ("mana",)
    asks: ClassVar[tuple[ChoiceKind, ...]] = ("replacement",)
    cards: Labels


ACTION_TYPES: Final[dict[str, type[Action]]] = {cls.type: cls for cls in (
    Summon, PutIntoBattle, Move, Destroy, Tap, Untap, Attack, EndTurn, Draw, ChargeMana, ApplyEffect, Devolve,
    PutUnder, RearrangeUnder, GLink, Unlink, AwakenLink, Flip, Seal, Unseal, Swap, Equip, SideJump, Mugetsu,
    StopTreatingAsCreature, Resolve, Cast, Discard, Break, TapMana,
)}
"""Every action type of the contract, by its ``type``."""


@dataclass(frozen=True)
class ActionField:
    """One field an action type takes, for a generator: its name here and its key in the message, its type, whether
    a move must give it (else its default), and the mechanic it needs when given (``sources``: evolution)."""

    name: str
    key: str
    hint: Any
    required: bool
    default: Any
    mechanic: str | None


def fields_of(cls: type[Action]) -> tuple[ActionField, ...]:
    """The fields of the action type ``cls``, in order."""
    by_name = {f.name: f for f in dataclasses.fields(cls)}
    found = []
    for name, key, hint in _fields(cls):
        f = by_name[name]
        default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        found.append(ActionField(name, key, hint, required, None if required else default,
                                 f.metadata.get("mechanic")))
    return tuple(found)


def playable(declared: frozenset[str] | set[str]) -> list[type[Action]]:
    """The action types whose own mechanics are all among ``declared`` (an adapter's capabilities)."""
    return [cls for cls in ACTION_TYPES.values() if set(cls.mechanics) <= declared]


class ActionError(ValueError):
    """A message that is not an action of the contract (the schema says exactly what)."""


def action_from_message(message: Mapping[str, Any]) -> Action:
    """The typed action of an ``act`` request's ``action``; :class:`ActionError` if it is not one."""
    cls = ACTION_TYPES.get(str(message.get("type")))
    if cls is None:
        raise ActionError(f"unknown action type {message.get('type')!r}")
    values: dict[str, Any] = {}
    for name, key, hint in _fields(cls):
        if key in message:
            values[name] = _from_json(hint, message[key], f"{cls.type}.{key}")
    try:
        return cls(**values)
    except TypeError as error:
        raise ActionError(f"{cls.type}: {error}") from None


_FIELDS: dict[str, tuple[tuple[str, str, Any], ...]] = {}


def _fields(cls: type[Action]) -> tuple[tuple[str, str, Any], ...]:
    """Each field of an action class: its name, its key in the message, and its type (read once per class)."""
    if cls.type not in _FIELDS:
        hints = typing.get_type_hints(cls)
        _FIELDS[cls.type] = tuple((f.name, f.metadata.get("key", f.name), hints[f.name])
                                  for f in dataclasses.fields(cls))
    return _FIELDS[cls.type]


def _from_json(hint: Any, value: Any, where: str) -> Any:
    """``value`` as the type ``hint`` (labels, tuples of labels, literals, the small nested values)."""
    if hint in (Effect, AtPlayer, AtCard) and isinstance(value, Mapping):
        return hint(**value)
    origin = typing.get_origin(hint)
    if origin is tuple and isinstance(value, list):
        return tuple(str(v) for v in value)
    if hint == AtPlayer | AtCard and isinstance(value, Mapping):
        return AtPlayer(**value) if "player" in value else AtCard(**value)
    if origin is Literal and value not in typing.get_args(hint):
        raise ActionError(f"{where}: {value!r} is not one of {typing.get_args(hint)}")
    return value

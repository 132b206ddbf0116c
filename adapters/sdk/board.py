"""Building the starting state (盤面の構築): the setup walker and the engine hooks it calls.

:func:`build_board` walks a :class:`~shinpan.adapters.sdk.state.Setup` in the documented order and calls a small
set of hooks (:class:`BoardHooks`) that an engine implements; it keeps the :class:`~shinpan.adapters.sdk.labels.
LabelMap` and checks what the contract leaves to the adapter (every card declared, placed once, tapped mana in
the mana zone, an arrived card in its object, equipment on a creature), each problem a
:class:`~shinpan.adapters.sdk.answers.BadRequest` naming the place in the setup.

The order:

1. the turn (:meth:`BoardHooks.set_turn`);
2. per player, ``me`` then ``opp``: each zone of cards in ``deck, hand, mana, shields, graveyard, hyperspatial``
   order, the deck from its top, each card made (:meth:`~BoardHooks.new_card`) and put (:meth:`~BoardHooks.put_card`);
   then the mana cards that are tapped (:meth:`~BoardHooks.tap_mana`);
3. per player, each battle-zone object: its pile from the bottom card up, with its flags (tapped, attacking,
   treated as a creature, and which of its cards arrived this turn) (:meth:`~BoardHooks.put_object`);
4. equipment onto the creatures it is equipped to (:meth:`~BoardHooks.equip`);
5. the effects already applied, such as a pump until the end of the turn (:meth:`~BoardHooks.apply_effect`);
6. the abilities already waiting to resolve, in order (:meth:`~BoardHooks.add_waiting`).

A hook left as it is answers :class:`~shinpan.adapters.sdk.answers.Unsupported` naming its mechanic, so an engine
implements what it plays and the rest is UNSUPPORTED, never a wrong state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from shinpan.adapters.contract import PlayerName
from shinpan.adapters.sdk.actions import Effect
from shinpan.adapters.sdk.answers import BadRequest, Unsupported
from shinpan.adapters.sdk.labels import LabelMap
from shinpan.adapters.sdk.state import BattleObject, Setup, Turn
from shinpan.adapters.sdk.vocabulary import CARD_ZONES, PLAYERS, CardZone

C = TypeVar("C")
Obj = TypeVar("Obj")


@dataclass(frozen=True)
class Pile(Generic[C]):
    """A battle-zone object's cards as the engine's cards, with its flags from the setup."""

    cards: tuple[C, ...]
    """Top to bottom, as the contract lists them."""
    arrived_this_turn: tuple[C, ...]
    """Its cards that entered the battle zone this turn (301.5 remembers it per card)."""
    setup: BattleObject

    @property
    def bottom_up(self) -> tuple[C, ...]:
        """The cards from the bottom one up: the order in which an engine that stacks cards puts them."""
        return self.cards[::-1]

    @property
    def top(self) -> C:
        """The top card: what the object is (its characteristics)."""
        return self.cards[0]


class BoardHooks(Generic[C, Obj]):
    """What :func:`build_board` asks of the engine. ``C`` is the engine's card, ``O`` its battle-zone object."""

    def set_turn(self, turn: Turn) -> None:
        """Whose turn it is, which, and its step."""
        raise Unsupported("setting the turn is not implemented", mechanic="turns")

    def new_card(self, label: str, name: str, owner: PlayerName) -> C:
        """A new card of the registry's ``name`` owned by ``owner`` (:class:`Unsupported` for a card the engine
        lacks: name it with ``card=``)."""
        raise Unsupported(f"card 《{name}》 is not implemented", card=name)

    def put_card(self, card: C, zone: CardZone, owner: PlayerName) -> None:
        """Put ``card`` at the end of ``owner``'s ``zone`` (the deck is filled from its top)."""
        raise Unsupported(f"cards in the {zone} are not implemented", mechanic="zones")

    def tap_mana(self, card: C, owner: PlayerName) -> None:
        """Tap a card of ``owner``'s mana zone."""
        raise Unsupported("tapped mana is not implemented", mechanic="mana")

    def put_object(self, pile: Pile[C], owner: PlayerName) -> Obj:
        """Put a battle-zone object, its cards and flags given by ``pile``, into ``owner``'s battle zone."""
        raise Unsupported("battle-zone objects are not implemented", mechanic="zones")

    def equip(self, piece: Obj, creature: Obj) -> None:
        """Equip the equipment ``piece`` to ``creature``."""
        raise Unsupported("equipment is not implemented", mechanic="equipment")

    def apply_effect(self, effect: Effect, target: Obj) -> None:
        """An effect already applied by resolution to the object ``target``."""
        raise Unsupported(f"applied effects of kind {effect.kind!r} are not implemented", mechanic=effect.mechanic)

    def add_waiting(self, card: C, ability: int) -> None:
        """The triggered ability ``ability`` (its index among the card's structured abilities) of ``card`` waits."""
        raise Unsupported("abilities waiting in the setup are not implemented", mechanic="triggers")


@dataclass(frozen=True)
class Board(Generic[C, Obj]):
    """What :func:`build_board` built: the labels of the cards, and the object each battle-zone card is in."""

    labels: LabelMap[C]
    objects: dict[str, Obj]
    """Label of any card of a battle-zone object -> that object."""


def build_board(setup: Setup, hooks: BoardHooks[C, Obj]) -> Board[C, Obj]:
    """Build ``setup`` through ``hooks``, in the order of the module's docstring."""
    walker = _Walker(setup, hooks)
    hooks.set_turn(setup.turn)
    for owner in PLAYERS:
        walker.card_zones(owner)
    for owner in PLAYERS:
        for i, obj in enumerate(setup.players[owner].battle):
            walker.battle_object(owner, obj, f"players/{owner}/battle/{i}")
    unplaced = sorted(set(setup.cards) - set(walker.labels))
    if unplaced:
        raise BadRequest(f"cards: declared but not placed in any zone: {', '.join(unplaced)}")
    for owner in PLAYERS:
        for i, obj in enumerate(setup.players[owner].battle):
            if obj.equipped_to is not None:
                where = f"players/{owner}/battle/{i}/equipped_to"
                hooks.equip(walker.objects[obj.cards[0]], walker.object(obj.equipped_to, where))
    for i, effect in enumerate(setup.effects):
        hooks.apply_effect(effect, walker.object(effect.target, f"effects/{i}/target"))
    for i, waiting in enumerate(setup.waiting):
        hooks.add_waiting(walker.labels.card(waiting.card, f"waiting/{i}/card"), waiting.ability)
    return Board(walker.labels, walker.objects)


class _Walker(Generic[C, Obj]):
    """The walk's memory: the cards made so far, and the object each battle-zone card is in."""

    def __init__(self, setup: Setup, hooks: BoardHooks[C, Obj]) -> None:
        self.setup = setup
        self.hooks = hooks
        self.labels: LabelMap[C] = LabelMap()
        self.objects: dict[str, Obj] = {}

    def card(self, label: str, owner: PlayerName, within: str, index: int) -> C:
        """The declared card ``label`` (the ``index``-th of the list at ``within``), made for ``owner``; each label
        is placed once. Where it is is written out only to say what is wrong there."""
        declared = self.setup.cards
        if label not in declared:
            raise BadRequest(f"{within}/{index}: label {label!r} is not declared in 'cards'")
        made = self.hooks.new_card(label, declared[label], owner)
        return self.labels.add(label, made, f"{within}/{index}" if label in self.labels else within)

    def card_zones(self, owner: PlayerName) -> None:
        """The player's cards outside the battle zone, then which of the mana is tapped."""
        player = self.setup.players[owner]
        hooks = self.hooks
        for zone in CARD_ZONES:
            if listed := player.zone(zone):
                within = f"players/{owner}/{zone}"
                for i, label in enumerate(listed):
                    hooks.put_card(self.card(label, owner, within, i), zone, owner)
        for i, label in enumerate(player.tapped_mana):
            if label not in player.mana:
                raise BadRequest(f"players/{owner}/tapped_mana/{i}: {label!r} is not in that player's mana")
            self.hooks.tap_mana(self.labels.card(label), owner)

    def battle_object(self, owner: PlayerName, obj: BattleObject, where: str) -> None:
        """One object of the player's battle zone."""
        within = f"{where}/cards"
        cards = tuple(self.card(label, owner, within, j) for j, label in enumerate(obj.cards))
        if not set(obj.arrived_this_turn) <= set(obj.cards):
            raise BadRequest(f"{where}/arrived_this_turn: names a card that is not in this object")
        placed = self.hooks.put_object(Pile(cards, tuple(self.labels.cards(obj.arrived_this_turn)), obj), owner)
        self.objects.update(dict.fromkeys(obj.cards, placed))

    def object(self, label: str, where: str) -> Obj:
        """The battle-zone object ``label`` is part of."""
        if label not in self.objects:
            raise BadRequest(f"{where}: {label!r} is not in the battle zone")
        return self.objects[label]

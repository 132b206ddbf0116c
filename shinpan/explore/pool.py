"""The card pool (カードプール) an exploration draws from: the cards of ``features/cards.yaml`` that the registry
models (test cards, and real cards whose abilities are given in structured form) and the adapter implements.

Each card is sorted into the roles a generated board gives it — a creature that stands alone, an evolution
creature put onto sources, a spell, a タマシード, a piece of equipment, a god that links, a double-faced card that
flips — from its printed type and its structured abilities only, never from its name.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from shinpan.adapters.cards import CardEntry, CardRegistry
from shinpan.adapters.sdk.abilities import (
    Ability,
    Evolution,
    GLinkPartners,
    Icon,
    Keyword,
    MugetsuGate,
    Replacement,
    Static,
    Triggered,
)
from shinpan.adapters.sdk.cards import CardModel, card_models

A = TypeVar("A", bound=Ability)


@dataclass(frozen=True)
class Card:
    """One card of the pool, with the facts a generator needs."""

    name: str
    type_line: str
    abilities: tuple[Ability, ...]
    """Its abilities, typed (:mod:`shinpan.adapters.sdk.abilities`)."""
    civilizations: tuple[str, ...]
    races: tuple[str, ...]
    back: str | None
    """The name of the other face of a double-faced card (覚醒, 龍解), if it has one."""
    back_type: str | None = None
    """The card type of the other face."""

    @cached_property
    def is_creature(self) -> bool:
        """A creature of any kind (進化, サイキック, a ツインパクト's creature side too)."""
        return "クリーチャー" in self.type_line

    def ability(self, form: type[A]) -> A | None:
        """Its first ability of this form, if it has one."""
        return next((a for a in self.abilities if isinstance(a, form)), None)

    @cached_property
    def evolution(self) -> Evolution | None:
        """Its 進化 / NEO進化 ability: how many sources, of what, from where."""
        return self.ability(Evolution)

    @property
    def sources(self) -> int:
        """How many sources its 進化 needs (0 for a card that does not evolve)."""
        evolution = self.evolution
        return evolution.sources if evolution is not None else 0

    @cached_property
    def must_evolve(self) -> bool:
        """An evolution card that cannot enter the battle zone on its own (NEO進化 may)."""
        evolution = self.evolution
        return evolution is not None and not evolution.neo

    @cached_property
    def is_spell(self) -> bool:
        """Only a spell (a ツインパクト, with a creature side, is a creature too)."""
        return "呪文" in self.type_line and not self.is_creature

    @cached_property
    def is_tamaseed(self) -> bool:
        """A タマシード."""
        return "タマシード" in self.type_line

    @cached_property
    def is_equipment(self) -> bool:
        """Equipment (装備品: クロスギア, ウエポン, オーラ), equipped to a creature."""
        return any(kind in self.type_line for kind in ("クロスギア", "ウエポン", "オーラ"))

    @cached_property
    def is_hyperspatial(self) -> bool:
        """A card that waits in the 超次元ゾーン rather than the deck (サイキック, ドラグハート)."""
        return any(kind in self.type_line for kind in ("サイキック", "ドラグハート"))

    @cached_property
    def stays_in_battle(self) -> bool:
        """Whether it can be a battle-zone object on its own (a creature that need not evolve, a タマシード,
        equipment, a fortress or a field)."""
        return not self.is_spell and not (self.is_creature and self.must_evolve)

    @cached_property
    def g_link(self) -> GLinkPartners | None:
        """Its G・リンク ability (partners, side), if it is a god."""
        return self.ability(GLinkPartners)

    @property
    def partners(self) -> tuple[str, ...]:
        """The gods it links with (none if it is not a god)."""
        link = self.g_link
        return link.partners if link is not None else ()

    @cached_property
    def mugetsu(self) -> MugetsuGate | None:
        """Its 無月の門 ability (how many 魔導具), if it has one."""
        return self.ability(MugetsuGate)


FAMILIES: dict[str, Callable[[Card], bool]] = {
    "watcher": lambda c: any(isinstance(a, Triggered) and a.event in ("enters", "put_into", "attacks", "casts")
                             for a in c.abilities),
    "leave_watcher": lambda c: any(isinstance(a, Triggered) and a.event in ("leaves", "moved") for a in c.abilities),
    "destroy_watcher": lambda c: any(isinstance(a, Triggered) and a.event == "destroyed" for a in c.abilities),
    "replacement": lambda c: c.ability(Replacement) is not None,
    "keyword": lambda c: c.ability(Keyword) is not None,
    "static": lambda c: c.ability(Static) is not None,
    "icon": lambda c: c.ability(Icon) is not None,
    "evolution": lambda c: c.evolution is not None and c.evolution.from_zone == "battle",
    "graveyard_evolution": lambda c: c.evolution is not None and c.evolution.from_zone == "graveyard",
    "god": lambda c: c.g_link is not None,
    "double_faced": lambda c: c.back is not None,
    "psychic": lambda c: c.is_hyperspatial,
    "tamaseed": lambda c: c.is_tamaseed,
    "equipment": lambda c: c.is_equipment,
    "spell": lambda c: "呪文" in c.type_line,
    "mugetsu": lambda c: c.mugetsu is not None,
    "vanilla": lambda c: c.is_creature and not c.abilities,
}
"""The card families (カードの種類) swarm generation enables (:mod:`shinpan.explore.swarm`), each a test of a card's
printed type and structured abilities: watchers (誘発型能力) of what enters or attacks, of what leaves (離れた時) and of
what is destroyed (破壊された時), replacement effects (置換効果), keywords, static and
icon abilities, evolution from the battle zone and from the graveyard (墓地進化), gods, double-faced cards,
psychic cards, タマシード, equipment, spells, 無月の門 (with the 魔導具 it stacks on), vanilla creatures."""

SOURCE_KINDS = {"creature": "is_creature", "tamaseed": "is_tamaseed", "spell": "is_spell",
                "cross_gear": "is_equipment"}
"""What an evolution card's sources are (its 進化 ability's ``of``), as a test of :class:`Card`."""


@dataclass(frozen=True)
class Pool:
    """The cards a generator may name, simplest first (shrinking prefers the first cards)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if not self.cards:
            raise ValueError("the card pool is empty: the adapter implements no modelled card")

    @cached_property
    def by_name(self) -> dict[str, Card]:
        """Each card of the pool by its name."""
        return {card.name: card for card in self.cards}

    def named(self, name: str) -> Card:
        """The pool's card ``name``."""
        return self.by_name[name]

    def subset(self, cards: Iterable[Card]) -> Pool:
        """A pool of some of these cards (in this pool's order)."""
        chosen = {card.name for card in cards}
        return Pool(tuple(card for card in self.cards if card.name in chosen))

    def companions(self, card: Card) -> tuple[Card, ...]:
        """The cards ``card`` is played with, as its abilities name them: its G・リンク partners, the 魔導具 its
        無月の門 stacks on, sources of the kind its 進化 needs, other double-faced psychic creatures (覚醒リンク).
        Found once per card and pool (a palette asks at every example)."""
        return self._once(("companions", card.name), lambda: self._companions_of(card))

    def _companions_of(self, card: Card) -> tuple[Card, ...]:
        found: list[Card] = [self.by_name[name] for name in card.partners if name in self.by_name]
        if card.mugetsu is not None:
            found += [c for c in self.cards if "魔導具" in c.races][:2]
        if card.back is not None and card.is_hyperspatial and card.is_creature:  # 覚醒リンク: two psychic creatures
            found += [c for c in self.cards if c is not card and c.back is not None and c.is_hyperspatial
                      and c.is_creature][:2]
        evolution = card.evolution
        if evolution is not None:
            kind = SOURCE_KINDS.get(evolution.of, "is_creature")
            found += [c for c in self.having(kind) if c.evolution is None and not c.is_hyperspatial
                      and evolution.civilization in (None, *c.civilizations)][:1]
        return tuple(found)

    def having(self, test: str) -> tuple[Card, ...]:
        """The cards for which the property ``test`` of :class:`Card` holds (e.g. ``"is_spell"``), found once per
        test."""
        return self._once(("having", test), lambda: tuple(card for card in self.cards if getattr(card, test)))

    def where(self, test: Callable[[Card], bool]) -> tuple[Card, ...]:
        """The cards that pass ``test``, in the pool's order, found once per test (a property's planner asks at every
        example): ``test`` is a function made once (a module's), not one made anew at each call."""
        return self._once(test, lambda: tuple(card for card in self.cards if test(card)))

    def _once(self, key: Hashable, cards: Callable[[], tuple[Card, ...]]) -> tuple[Card, ...]:
        """``cards()``, worked out once per pool and ``key`` (kept on the pool: a pool is too costly to hash as a
        key of :func:`functools.cache`)."""
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = cards()
        return found

    @cached_property
    def _found(self) -> dict[Hashable, tuple[Card, ...]]:
        """What :meth:`_once` worked out, by its key."""
        return {}

    @cached_property
    def families(self) -> dict[str, tuple[Card, ...]]:
        """The cards of each family (:data:`FAMILIES`) the pool has, in the order of the families."""
        found = {name: tuple(c for c in self.cards if test(c)) for name, test in FAMILIES.items()}
        return {name: cards for name, cards in found.items() if cards}

    @cached_property
    def standing(self) -> tuple[Card, ...]:
        """Cards that may be a battle-zone object on their own."""
        return self.having("stays_in_battle")

    @cached_property
    def evolving(self) -> tuple[Card, ...]:
        """Evolution creatures (進化, NEO進化): the tops of generated piles."""
        return tuple(card for card in self.cards if card.is_creature and card.evolution is not None)

    @cached_property
    def vanilla(self) -> tuple[Card, ...]:
        """Creatures with no ability at all (バニラ), that wait in no special zone."""
        return tuple(c for c in self.cards if c.is_creature and not c.abilities and not c.is_hyperspatial)

    @cached_property
    def simple_evolution(self) -> tuple[Card, ...]:
        """Evolution creatures whose only ability is 進化 onto creatures in the battle zone (not NEO, not 墓地進化),
        each with how many sources it needs."""
        return self.where(is_simple_evolution)

    @cached_property
    def plain(self) -> tuple[Card, ...]:
        """Cards that may be in the deck, hand, mana zone, shields or graveyard."""
        return tuple(card for card in self.cards if not card.is_hyperspatial)


def is_simple_evolution(card: Card) -> bool:
    """An evolution creature whose only ability is 進化 onto creatures in the battle zone (not NEO, not 墓地進化)."""
    return card.is_creature and len(card.abilities) == 1 and card.evolution is not None \
        and _plain_evolution(card.evolution)


def evolves_onto_one(card: Card) -> bool:
    """A simple evolution creature (:func:`is_simple_evolution`) that evolves onto one creature."""
    return is_simple_evolution(card) and card.sources == 1


def _plain_evolution(evolution: Evolution) -> bool:
    return (not evolution.neo and evolution.from_zone == "battle" and not evolution.or_more
            and evolution.of == "creature" and evolution.civilization is None)


def pool(registry: CardRegistry, implemented: Collection[str], *, only: Iterable[str] | None = None) -> Pool:
    """The pool: every modelled card of ``registry`` the adapter ``implemented`` (its capabilities' cards), or only
    the cards named in ``only``. Test cards come first, in registry order, then real cards."""
    wanted = set(only) if only is not None else None
    entries = [e for e in registry if _playable(e) and e.name in implemented and (wanted is None or e.name in wanted)]
    entries.sort(key=lambda e: e.kind != "test")
    models = card_models(registry)
    return Pool(tuple(_card(models[entry.name], registry) for entry in entries))


def _playable(entry: CardEntry) -> bool:
    """A card whose abilities are modelled and that is a card of its own (not the back face of another)."""
    return entry.modelled and "face_of" not in entry.data


def _card(model: CardModel, registry: CardRegistry) -> Card:
    back = next((face for face in model.faces[1:] if face.name in registry), None)
    return Card(model.name, model.type or "", model.abilities or (), model.civilizations, model.races,
                back.name if back else None, (back.type or "") if back else None)

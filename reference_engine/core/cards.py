"""Card definitions (カードの特性) and the database the engine plays from.

A definition holds a card's printed characteristics (rule 200): name, card type, civilizations,
cost, power, races and abilities. The engine receives definitions as plain data from its adapter;
it never reads files itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from shinpan.reference_engine.core.abilities import (
    Ability,
    Evolution,
    IgnoreAbilities,
    Keyword,
    Replacement,
    Static,
    parse_ability,
)
from shinpan.reference_engine.core.errors import UnsupportedByEngine

_POWER = re.compile(r"^(\d+)\+?$")


@dataclass(frozen=True)
class CardDefinition:
    """The printed characteristics of one card (face). What is derived from them (a creature? its keywords, its
    static abilities) is worked out once, when first asked (a definition does not change)."""

    name: str
    type_line: str
    """The card type as printed, e.g. ``クリーチャー``, ``進化クリーチャー``, ``呪文``."""
    civilizations: tuple[str, ...] = ()
    cost: int | None = None
    power: int | None = None
    """Printed power; a trailing ``+`` (パワーアタッカー etc.) is dropped; ``None`` for no power."""
    races: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = field(default=())
    back: CardDefinition | None = field(default=None, compare=False, repr=False)
    """The other face of a double-faced card (両面カード: サイキック, ドラグハート), on the front face only."""

    @cached_property
    def is_creature(self) -> bool:
        """Whether the card is a creature (クリーチャー, 進化クリーチャー, NEOクリーチャー, …)."""
        return "クリーチャー" in self.type_line

    @cached_property
    def is_evolution(self) -> bool:
        """Whether the card is an evolution creature (進化クリーチャー), rule 801."""
        return "進化" in self.type_line

    @cached_property
    def evolution(self) -> Evolution | None:
        """The card's 進化 / NEO進化 ability (how it is put onto sources), if it has one."""
        return next((a for a in self.abilities if isinstance(a, Evolution)), None)

    @cached_property
    def is_spell(self) -> bool:
        """Whether the card is only a spell (a twinpact card, with a creature side, is a creature)."""
        return "呪文" in self.type_line and not self.is_creature

    @property
    def is_tamaseed(self) -> bool:
        """Whether the card is a タマシード."""
        return "タマシード" in self.type_line

    @property
    def is_cross_gear(self) -> bool:
        """Whether the card is a クロスギア (進化クロスギア included)."""
        return "クロスギア" in self.type_line

    @property
    def is_fortress(self) -> bool:
        """Whether the card is a フォートレス, which has no tap state (seed 000)."""
        return "フォートレス" in self.type_line

    @cached_property
    def is_equipment(self) -> bool:
        """Whether the card is equipment (装備品: クロスギア, ウエポン, オーラ) that is equipped to a creature."""
        return any(kind in self.type_line for kind in ("クロスギア", "ウエポン", "オーラ"))

    @property
    def is_d2_field(self) -> bool:
        """Whether the card is a D2フィールド."""
        return "D2フィールド" in self.type_line

    def replacements(self, kind: str) -> list[Replacement]:
        """The card's replacement abilities of ``kind``."""
        return [a for a in self.abilities if isinstance(a, Replacement) and a.kind == kind]

    @cached_property
    def statics(self) -> tuple[Static, ...]:
        """The printed static abilities (read once: a definition does not change)."""
        return tuple(a for a in self.abilities if isinstance(a, Static))

    def has_keyword(self, name: str) -> bool:
        """Whether the printed abilities include the keyword ``name``."""
        return name in self.keywords

    @cached_property
    def keywords(self) -> frozenset[str]:
        """The names of the printed keyword abilities (read once: a definition does not change)."""
        return frozenset(a.name for a in self.abilities if isinstance(a, Keyword))

    @cached_property
    def ignores_creatures_costing_at_most(self) -> int | None:
        """The highest creature cost whose abilities the card's static 無視 abilities ignore (``None``: it has
        none that ignores creatures' abilities)."""
        limits = [a.creature_cost_at_most for a in self.abilities
                  if isinstance(a, IgnoreAbilities) and a.creature_cost_at_most is not None]
        return max(limits, default=None)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> CardDefinition:
        """Build a definition from a registry entry; raise :class:`UnsupportedByEngine` if unmodelled."""
        name = str(data["name"])
        faces = data.get("faces")
        if isinstance(faces, list) and len(faces) == 2 and "abilities" in data:
            front = cls.from_data({**faces[0], "abilities": data["abilities"]})
            back = cls.from_data(faces[1])
            return cls(front.name, front.type_line, front.civilizations, front.cost, front.power, front.races,
                       front.abilities, back)
        if "abilities" not in data:
            raise UnsupportedByEngine(f"card {name!r} has no modelled abilities in the registry")
        return cls(
            name=name,
            type_line=str(data.get("type") or ""),
            civilizations=tuple(str(c) for c in data.get("civilizations") or ()),
            cost=_parse_number(data.get("cost")),
            power=_parse_power(data.get("power")),
            races=tuple(str(r) for r in data.get("races") or ()),
            abilities=tuple(parse_ability(a) for a in data["abilities"] or ()),
        )


def _parse_number(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _parse_power(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and (match := _POWER.match(value)):
        return int(match.group(1))
    return None


class CardDatabase:
    """The cards the engine can play, by name, and why the others are not playable."""

    def __init__(
        self, definitions: Iterable[CardDefinition] = (), unsupported: Mapping[str, str] | None = None
    ) -> None:
        self._definitions = {d.name: d for d in definitions}
        self._unsupported = dict(unsupported or {})

    @classmethod
    def from_entries(cls, entries: Iterable[Mapping[str, Any]]) -> CardDatabase:
        """Load registry entries, keeping each card the engine cannot model with the reason."""
        definitions: list[CardDefinition] = []
        unsupported: dict[str, str] = {}
        for entry in entries:
            try:
                definitions.append(CardDefinition.from_data(entry))
            except UnsupportedByEngine as reason:
                unsupported[str(entry["name"])] = str(reason)
        return cls(definitions, unsupported)

    @property
    def names(self) -> list[str]:
        """Names of every playable card, sorted."""
        return sorted(self._definitions)

    def get(self, name: str) -> CardDefinition:
        """The definition of ``name``; :class:`UnsupportedByEngine` if it is unknown or unmodelled."""
        if name in self._definitions:
            return self._definitions[name]
        raise UnsupportedByEngine(self._unsupported.get(name, f"card {name!r} is not in the engine's database"))

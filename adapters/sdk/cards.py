"""The suite's cards as typed values (カードの特性): printed facts and structured abilities.

:func:`card_models` reads ``features/cards.yaml`` (through :mod:`shinpan.adapters.cards`) into a
:class:`CardModel` per card, its abilities parsed by :mod:`shinpan.adapters.sdk.abilities`. A card whose entry
gives no ``abilities`` is not modelled (``abilities is None``): an engine that builds cards from the registry
answers UNSUPPORTED for it. A fact the sources do not know (``unknown``) is ``None``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shinpan.adapters import cards as registry_
from shinpan.adapters.errors import SuiteError
from shinpan.adapters.sdk.abilities import Ability, AbilityFormError, parse_ability


@dataclass(frozen=True)
class CardModel:
    """One card (or one face of a double-faced card) as the registry gives it."""

    name: str
    kind: str
    """``test`` (a テスト用 card) or ``real``."""
    type: str | None
    """The card type as printed, e.g. ``クリーチャー``, ``進化クリーチャー``, ``呪文``."""
    civilizations: tuple[str, ...]
    cost: int | None
    power: int | None
    """Printed power (a trailing ``+`` dropped); ``None`` for none or unknown."""
    races: tuple[str, ...]
    abilities: tuple[Ability, ...] | None
    """``None``: the registry does not model this card's abilities."""
    faces: tuple[CardModel, ...] = ()
    """A double-faced card's two faces, front first (each with its own abilities, when given)."""
    face_of: str | None = None
    """For the back face's own entry: the name of the card it is a face of."""

    @property
    def modelled(self) -> bool:
        """Whether the registry gives this card's abilities in structured form."""
        return self.abilities is not None

    @property
    def is_creature(self) -> bool:
        """Whether its type is a creature type (クリーチャー, 進化クリーチャー, サイキック・クリーチャー, …)."""
        return self.type is not None and "クリーチャー" in self.type


def card_models(registry: registry_.CardRegistry | None = None) -> dict[str, CardModel]:
    """Every card of the registry (default: the suite's) by name; a :class:`SuiteError` (file and line) for an
    ability this model cannot read."""
    registry = registry or registry_.load()
    models: dict[str, CardModel] = {}
    for entry in registry:
        try:
            models[entry.name] = card_model(entry.data)
        except AbilityFormError as error:
            raise SuiteError(registry.path, entry.line, f"《{entry.name}》: {error}") from None
    return models


def card_model(data: Mapping[str, Any], kind: str | None = None) -> CardModel:
    """One registry entry (or face) as a :class:`CardModel`."""
    abilities = data.get("abilities")
    faces = tuple(card_model(face, kind or str(data.get("kind"))) for face in data.get("faces") or ())
    return CardModel(
        name=str(data["name"]),
        kind=kind or str(data.get("kind")),
        type=_known(data.get("type")),
        civilizations=tuple(str(c) for c in data.get("civilizations") or () if isinstance(data["civilizations"], list)),
        cost=_number(data.get("cost")),
        power=_number(data.get("power")),
        races=tuple(str(r) for r in data.get("races") or () if isinstance(data["races"], list)),
        abilities=tuple(parse_ability(a) for a in abilities or ()) if isinstance(abilities, list) else None,
        faces=faces,
        face_of=_known(data.get("face_of")),
    )


def _known(value: object) -> str | None:
    return None if value in (None, "unknown") else str(value)


def _number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = str(value).removesuffix("+")
    return int(text) if text.isdigit() else None

"""The card registry, ``features/cards.yaml``: every card a scenario may name.

Real cards carry their printed facts and text (``kind: real``); test cards (``kind: test``, named
テスト用…) carry one plain ability, also in structured form (``abilities``) so that an engine that
reads card data can generate them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from shinpan.adapters import locations, yamlfile
from shinpan.adapters.errors import SuiteError

CARD_REFERENCE = re.compile(r"《(?P<name>[^《》]+)》(?:\((?P<label>[^()\s]+)\))?")
"""How steps name a card: 《name》, optionally with a label in parentheses: 《name》(A)."""

KINDS = ("real", "test")


@dataclass(frozen=True)
class CardEntry:
    """One registry entry; ``data`` is the entry as written."""

    name: str
    kind: str
    data: dict[str, Any]
    line: int | None

    @property
    def modelled(self) -> bool:
        """Whether the entry gives its abilities in structured form."""
        return "abilities" in self.data


@dataclass(frozen=True)
class CardRegistry:
    """All entries of ``features/cards.yaml`` by name."""

    entries: dict[str, CardEntry]
    path: Path

    def __contains__(self, name: object) -> bool:
        return name in self.entries

    def __iter__(self) -> Iterator[CardEntry]:
        return iter(self.entries.values())

    def get(self, name: str) -> CardEntry:
        """The entry for ``name``; a :class:`SuiteError` naming the registry if there is none."""
        if name not in self.entries:
            raise SuiteError(self.path, None, f"no card named 《{name}》 in the registry")
        return self.entries[name]


@cache
def load(path: Path | None = None) -> CardRegistry:
    """Read and check the registry."""
    path = path or locations.features_dir() / "cards.yaml"
    data = yamlfile.load(path)
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise SuiteError(path, 1, "expected a mapping with a list 'cards'")
    entries: dict[str, CardEntry] = {}
    for index, raw in enumerate(data["cards"]):
        entry = _entry(path, index, raw)
        if entry.name in entries:
            raise SuiteError(path, entry.line, f"card 《{entry.name}》 is listed twice")
        entries[entry.name] = entry
    for entry in entries.values():
        front = entry.data.get("face_of")
        if front is not None and front not in entries:
            raise SuiteError(path, entry.line, f"《{entry.name}》 is a face of 《{front}》, which is not listed")
    return CardRegistry(entries, path)


def _entry(path: Path, index: int, raw: object) -> CardEntry:
    line = yamlfile.line_of(raw)
    if not isinstance(raw, dict):
        raise SuiteError(path, None, f"cards[{index}]: each card must be a mapping with 'name', 'kind', "
                                     f"'type' and 'text', not {type(raw).__name__} {str(raw)[:40]!r}")
    if not isinstance(raw.get("name"), str) or not raw["name"]:
        raise SuiteError(path, line, "each card needs a non-empty 'name'")
    name = raw["name"]
    kind = raw.get("kind")
    if kind not in KINDS:
        raise SuiteError(path, line, f"《{name}》: 'kind' must be one of {KINDS}, not {kind!r}")
    problem = _missing_facts(raw) or (_test_card_problem(name, raw) if kind == "test" else _abilities_problem(raw))
    if problem:
        raise SuiteError(path, line, f"《{name}》: {problem}")
    return CardEntry(name, kind, dict(raw), line)


def _missing_facts(raw: dict[str, Any]) -> str | None:
    """A card gives its type and text; a face of another card (``face_of``) may leave them to its front."""
    if "face_of" in raw:
        return None
    return next((f"missing {key!r}" for key in ("type", "text") if key not in raw), None)


def _test_card_problem(name: str, raw: dict[str, Any]) -> str | None:
    """A test card is named テスト用… and gives its abilities in structured form."""
    if not name.startswith("テスト用"):
        return "a test card's name starts with テスト用"
    if not isinstance(raw.get("abilities"), list):
        return "a test card gives its abilities as a list in 'abilities'"
    return None


def _abilities_problem(raw: dict[str, Any]) -> str | None:
    """A real card may give its abilities in structured form: then as a list."""
    return "'abilities' must be a list" if "abilities" in raw and not isinstance(raw["abilities"], list) else None

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

from shinpan.adapters import registries
from shinpan.adapters.errors import SuiteError
from shinpan.adapters.locations import SuiteFolders

CARD_REFERENCE = re.compile(r"《(?P<name>[^《》]+)》(?:\((?P<label>[^()\s]+)\))?")
"""How steps name a card: 《name》, optionally with a label in parentheses: 《name》(A)."""

@dataclass(frozen=True)
class CardEntry:
    """One registry entry; ``data`` is the entry as written."""

    name: str
    kind: str
    data: dict[str, Any]
    line: int | None
    path: Path | None = None
    """The registry file that lists it: the kit's, or a user suite's."""

    @property
    def modelled(self) -> bool:
        """Whether the entry gives its abilities in structured form."""
        return "abilities" in self.data


@dataclass(frozen=True)
class CardRegistry:
    """All entries of the suite's card registries by name."""

    entries: dict[str, CardEntry]
    path: Path
    """The registry file read last: a user suite's, else the kit's."""

    def __contains__(self, name: object) -> bool:
        return name in self.entries

    def __iter__(self) -> Iterator[CardEntry]:
        return iter(self.entries.values())

    def get(self, name: str) -> CardEntry:
        """The entry for ``name``; a :class:`SuiteError` naming the registry if there is none."""
        if name not in self.entries:
            raise SuiteError(self.path, None, f"no card named 《{name}》 in the registry")
        return self.entries[name]


def load(suite: Path | SuiteFolders | None = None) -> CardRegistry:
    """The cards of ``suite`` (default: the suite being run): the kit's registry with a user suite's laid over
    it; or, given a path, the one registry file there."""
    files = registries.layered(suite, "cards.yaml")
    return _load(files, registries.versions(files))


@cache
def _load(files: tuple[Path, ...], versions: tuple[tuple[int, int], ...]) -> CardRegistry:
    """The registry over ``files``, once per version of them: each file checked against its schema
    (``registries/schema/cards.json``), then what the schema cannot say: a face names a card that is listed."""
    found = registries.entries(files, "cards")
    entries = {entry.id: CardEntry(entry.id, str(entry.data["kind"]), dict(entry.data), entry.line, entry.path)
               for entry in found}
    for entry in found:
        front = entry.data.get("face_of")
        if front is not None and front not in entries:
            raise SuiteError(entry.path, entry.line, f"《{entry.id}》 is a face of 《{front}》, which is not listed")
    return CardRegistry(entries, files[-1])


"""The source registry (出典), ``features/sources.yaml`` (and a user suite's ``sources.yaml``): what every
``@source:`` tag and every change's ``sources`` refer to, so that each citation resolves inside the repository.

Each entry has an ``id`` and a ``title``; the rest (publisher, date or range, page title, URL, note) says where
a reader finds it. The site shows them; the lint checks that every citation names an entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from shinpan.adapters import registries
from shinpan.adapters.locations import SuiteFolders

MISSING = "the source registry is missing: every @source: must resolve to an entry here"


@dataclass(frozen=True)
class Source:
    """One source: its id, title and the line of its entry."""

    id: str
    title: str
    line: int | None = None


@dataclass(frozen=True)
class Sources:
    """Every source of the suite, by id."""

    items: tuple[Source, ...]
    path: Path
    """The registry file read last: a user suite's, else the kit's."""
    entries: tuple[registries.Entry, ...] = ()
    """The entries as written (the site shows more of an entry than its title)."""

    def __contains__(self, source_id: object) -> bool:
        return any(source.id == source_id for source in self.items)

    def title(self, source_id: str) -> str | None:
        """The title of ``source_id``, or ``None`` if the registry has no such source."""
        return next((source.title for source in self.items if source.id == source_id), None)


def load(suite: Path | SuiteFolders | None = None) -> Sources:
    """The sources of ``suite`` (default: the suite being run): the kit's ``features/sources.yaml``
    with a user suite's laid over it; or, given a path, the one registry file there."""
    files = registries.layered(suite, "sources.yaml")
    return _load(files, registries.versions(files))


@cache
def _load(files: tuple[Path, ...], versions: tuple[tuple[int, int], ...]) -> Sources:
    """The registry over ``files``, once per version of them, each file checked against its schema."""
    found = registries.entries(files, "sources", MISSING)
    return Sources(tuple(Source(e.id, str(e.data["title"]), e.line) for e in found), files[-1], found)

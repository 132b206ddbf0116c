"""The source registry (出典), ``features/sources.yaml``: what every ``@source:`` tag and every change's
``sources`` refer to, so that each citation resolves inside the repository.

Each entry has an ``id`` and a ``title``; the rest (publisher, date or range, page title, URL, note) says where
a reader finds it. The site shows them; the lint checks that every citation names an entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from shinpan.adapters import yamlfile
from shinpan.adapters.errors import SuiteError
from shinpan.adapters.locations import features_dir


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

    def __contains__(self, source_id: object) -> bool:
        return any(source.id == source_id for source in self.items)

    def title(self, source_id: str) -> str | None:
        """The title of ``source_id``, or ``None`` if the registry has no such source."""
        return next((source.title for source in self.items if source.id == source_id), None)


@cache
def load(path: Path | None = None) -> Sources:
    """Read and check ``features/sources.yaml`` (or ``path``)."""
    path = path or features_dir() / "sources.yaml"
    items: list[Source] = []
    for entry, line in yamlfile.registry_entries(path, "sources", "source"):
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or not entry.get("title"):
            raise SuiteError(path, line, "each source must be a mapping with an 'id' and a 'title'")
        if entry["id"] in {item.id for item in items}:
            raise SuiteError(path, line, f"source id {entry['id']} appears twice")
        items.append(Source(entry["id"], str(entry["title"]), line))
    return Sources(tuple(items), path)

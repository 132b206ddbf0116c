"""Where the rulings come from, as the site shows it: sources (出典) and rule numbers (ルール番号).

Scenarios cite sources with ``@source:`` tags (``seed001``, ``timeline-8``) and changes cite them in
``features/rulesets.yaml`` (``"timeline #8"``); both spellings name the same source. When the suite
has registries (``features/sources.yaml``, ``features/rules.yaml``), each source is shown with its
title, publisher, date and link, and each rule number with its title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shinpan.adapters import yamlfile
from shinpan.adapters.locations import features_dir

FIELDS = (("title", "題"), ("publisher", "発行"), ("date", "日付"), ("range", "期間"), ("page_title", "ページ名"),
          ("url", "URL"), ("versions", "版"))
"""Fields of a registry entry the site shows, with their Japanese labels."""


def source_key(source: str) -> str:
    """One spelling per source: ``timeline #8`` and ``timeline-8`` are both ``timeline-8``."""
    return re.sub(r"\s+", "-", re.sub(r"\s*#\s*", "-", source.strip()))


def source_anchor(source: str) -> str:
    """The anchor of a source on the sources page."""
    return "src-" + source_key(source)


@dataclass(frozen=True)
class Registry:
    """Entries by key (source key or rule number), each as written in its YAML file."""

    entries: dict[str, dict[str, Any]] = field(default_factory=dict)

    def info(self, key: str) -> list[tuple[str, str]]:
        """The entry's fields the site shows, as (Japanese label, text)."""
        entry = self.entries.get(key, {})
        return [(label, _text(entry[name])) for name, label in FIELDS if entry.get(name) not in (None, "", [])]

    def title(self, key: str) -> str | None:
        """The entry's title, if it has one."""
        value = self.entries.get(key, {}).get("title")
        return str(value) if value else None


def load(path: Path, keyed: str, normalise: bool) -> Registry:
    """Read a registry file if the suite has one: a list of mappings (or a mapping) keyed by ``keyed``."""
    if not path.exists():
        return Registry()
    data = yamlfile.load(path)
    items = next((v for v in data.values() if isinstance(v, (list, dict))), []) if isinstance(data, dict) else data
    entries: dict[str, dict[str, Any]] = {}
    if isinstance(items, dict):
        items = [{keyed: k, **(v if isinstance(v, dict) else {"title": v})} for k, v in items.items()]
    for item in items or []:
        if isinstance(item, dict) and keyed in item:
            key = str(item[keyed])
            entries[source_key(key) if normalise else key] = dict(item)
    return Registry(entries)


def sources() -> Registry:
    """``features/sources.yaml`` (empty if the suite has none)."""
    return load(features_dir() / "sources.yaml", "id", normalise=True)


def rules() -> Registry:
    """``features/rules.yaml`` (empty if the suite has none)."""
    return load(features_dir() / "rules.yaml", "number", normalise=False)


def describe(value: object) -> str:
    """A registry or card value as one line of text (lists joined with 、)."""
    return _text(value)


def _text(value: object) -> str:
    if isinstance(value, dict):
        return "、".join(f"{k}: {_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        return "、".join(_text(v) for v in value)
    return str(value)

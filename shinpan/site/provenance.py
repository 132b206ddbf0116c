"""Where the rulings come from, as the site shows it: sources (出典) and rule numbers (ルール番号).

Scenarios cite sources with ``@source:`` tags and changes cite them in ``features/rulesets.yaml``, both by the
ids of ``features/sources.yaml`` (``shinpan lint`` checks that each resolves). The site shows each source with
its title, publisher, date and link from that registry, and each rule number with its title from
``features/rules.yaml`` (:mod:`shinpan.suite.rules`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shinpan.suite import rules as rules_
from shinpan.suite import sources as sources_

FIELDS = (("title", "題"), ("publisher", "発行"), ("date", "日付"), ("range", "期間"), ("page_title", "ページ名"),
          ("url", "URL"), ("versions", "版"))
"""Fields of a source's entry the site shows, with their Japanese labels."""


def source_anchor(source: str) -> str:
    """The anchor of a source on the sources page."""
    return "src-" + source


@dataclass(frozen=True)
class Sources:
    """The entries of ``features/sources.yaml`` by id, each as written (the site shows more of an entry than
    :mod:`shinpan.suite.sources` keeps)."""

    entries: dict[str, dict[str, Any]]

    def info(self, source: str) -> list[tuple[str, str]]:
        """The entry's fields the site shows, as (Japanese label, text)."""
        entry = self.entries.get(source, {})
        return [(label, describe(entry[name])) for name, label in FIELDS if entry.get(name) not in (None, "", [])]

    def title(self, source: str) -> str | None:
        """The entry's title, if it has one."""
        value = self.entries.get(source, {}).get("title")
        return str(value) if value else None


def sources() -> Sources:
    """The suite's sources (the kit's ``features/sources.yaml`` and a user suite's), each entry as written."""
    return Sources({entry.id: dict(entry.data) for entry in sources_.load().entries})


def rule_title(number: str) -> str | None:
    """The title ``features/rules.yaml`` gives rule ``number``, if it lists it."""
    rule = rules_.load().get(number)
    return rule.title if rule is not None else None


def describe(value: object) -> str:
    """A registry or card value as one line of text (lists joined with 、)."""
    if isinstance(value, dict):
        return "、".join(f"{k}: {describe(v)}" for k, v in value.items())
    if isinstance(value, list):
        return "、".join(describe(v) for v in value)
    return str(value)

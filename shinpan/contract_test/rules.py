"""The contract's rules (契約の規則), read from ``docs/contract.md``: their numbers, key words and governed fields.

The document is the one source: each rule is a heading ``### C-<group>.<n> MUST|SHOULD|MUST NOT — title``
followed by a ``governs:`` line of backquoted ``file#definition.field`` references into ``adapters/schema/``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from shinpan.adapters.locations import docs_dir

HEADING = re.compile(r"^### (?P<id>C-\d+\.\d+) (?P<level>MUST NOT|MUST|SHOULD) — (?P<title>.+)$")
FIELD = re.compile(r"`(?P<ref>[a-z-]+\.json#[A-Za-z_.]+)`")


@dataclass(frozen=True)
class Rule:
    """One numbered rule: its id (``C-4.10``), key word, title, the schema fields it governs, and its text."""

    id: str
    level: str
    title: str
    governs: tuple[str, ...]
    text: str

    @property
    def key(self) -> tuple[int, int]:
        """The order of the document: group, then number."""
        group, number = self.id[2:].split(".")
        return int(group), int(number)


def document() -> Path:
    """``docs/contract.md`` as installed with the kit."""
    return docs_dir() / "contract.md"


@cache
def rules() -> dict[str, Rule]:
    """Every rule of the contract by id, in the document's order."""
    return parse(document().read_text(encoding="utf-8"))


def parse(text: str) -> dict[str, Rule]:
    """The rules of a contract document (see the module's docstring for the form)."""
    found: dict[str, Rule] = {}
    lines = text.splitlines()
    for index, line in enumerate(lines):
        heading = HEADING.match(line)
        if heading is None:
            continue
        body: list[str] = []
        for following in lines[index + 1:]:
            if following.startswith("#"):
                break
            body.append(following)
        governs_end = next((i for i, row in enumerate(body) if not row.strip()), len(body))
        governs = tuple(m["ref"] for row in body[:governs_end] for m in FIELD.finditer(row))
        text_lines = " ".join(row.strip() for row in body[governs_end:] if row.strip())
        found[heading["id"]] = Rule(heading["id"], heading["level"], heading["title"], governs, text_lines)
    return found

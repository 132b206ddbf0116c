"""Rewrite every schema excerpt in docs/adapters.md from the shipped schemas.

Each excerpt is a ```json block preceded by ``<!-- schema: FILE#/POINTER -->``; tests/test_docs.py
fails while one is stale. Run ``python scripts/refresh_schema_excerpts.py`` after changing a schema.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shinpan.adapters import schemas  # noqa: E402

EXCERPT = re.compile(r"(<!-- schema: (?P<pointer>\S+) -->\n```json\n)(?P<body>.*?)(\n```)", re.DOTALL)


def refresh(text: str) -> str:
    """``text`` with every excerpt replaced by the current schema fragment it names."""

    def current(match: re.Match[str]) -> str:
        file, _, fragment = match["pointer"].partition("#")
        node = schemas.load(file)
        for part in filter(None, fragment.split("/")):
            node = node[part]
        body = json.dumps(node, ensure_ascii=False, indent=2)
        return f"{match.group(1)}{body}{match.group(4)}"

    return EXCERPT.sub(current, text)


if __name__ == "__main__":
    guide = ROOT / "docs" / "adapters.md"
    before = guide.read_text(encoding="utf-8")
    after = refresh(before)
    guide.write_text(after, encoding="utf-8")
    print("docs/adapters.md:", "refreshed" if after != before else "already current")

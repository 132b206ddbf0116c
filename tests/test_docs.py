"""docs/adapters.md quotes the shipped schemas: every excerpt must still equal the schema it names."""

from __future__ import annotations

import json
import re

from shinpan.adapters import schemas
from shinpan.paths import PROJECT_ROOT

EXCERPT = re.compile(r"<!-- schema: (?P<pointer>\S+) -->\n```json\n(?P<body>.*?)\n```", re.DOTALL)


def test_every_schema_excerpt_in_the_guide_matches_the_schema() -> None:
    text = (PROJECT_ROOT / "docs" / "adapters.md").read_text(encoding="utf-8")
    excerpts = list(EXCERPT.finditer(text))
    assert len(excerpts) >= 10
    for match in excerpts:
        file, _, fragment = match["pointer"].partition("#")
        node = schemas.load(file)
        for part in filter(None, fragment.split("/")):
            node = node[part]
        assert json.loads(match["body"]) == node, f"docs/adapters.md: excerpt of {match['pointer']} is stale: run scripts/refresh_schema_excerpts.py"


def test_the_readme_links_the_guide() -> None:
    assert "docs/adapters.md" in (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")

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


PATH = re.compile(r"(?<![\w/.-])(?:\.\./)*((?:docs|features|shinpan|adapters|reference_engine|steps|tests|benchmarks|"
                  r"scripts)/[\w./\-]*\.(?:md|py|yaml|json|feature|yml|png|html|js|css))")
CHANGE_NAMED = re.compile(r"(?:(?:revision|change) `|@since:|@until:)(?P<id>[\w-]+)")


def _project_texts() -> list[tuple[str, str]]:
    """The project's prose and the suite's own files: the READMEs, the guides, the topic READMEs, the registries."""
    root = PROJECT_ROOT
    files = [root / "README.md", root / "CONTRIBUTING.md", *sorted(root.glob("docs/*.md")),
             *sorted(root.glob("features/**/*.md")), *sorted(root.glob("features/*.yaml"))]
    return [(str(path.relative_to(root)), path.read_text(encoding="utf-8")) for path in files]


MAPPED = {f"shinpan/{folder}/": f"{folder}/" for folder in ("adapters", "reference_engine", "steps", "features", "docs")}
"""A path in the installed package (``shinpan/adapters/…``) is, in the checkout, the top-level folder's (package-dir)."""


def _in_checkout(named: str) -> str:
    return next((f"{MAPPED[prefix]}{named[len(prefix):]}" for prefix in MAPPED if named.startswith(prefix)), named)


def test_every_file_the_docs_and_the_suite_name_exists() -> None:
    missing = [f"{name}: {match[1]}" for name, text in _project_texts() for match in PATH.finditer(text)
               if not (PROJECT_ROOT / _in_checkout(match[1])).exists()]
    assert missing == []


def test_every_named_change_of_the_rules_exists() -> None:
    """A topic README that names a change (a revision) of the rules names one of features/rulesets.yaml."""
    from shinpan.suite import rulesets

    known = set(rulesets.load().ids)
    named = [(name, match["id"]) for name, text in _project_texts() if name.startswith("features/")
             and name.endswith(".md") for match in CHANGE_NAMED.finditer(text)]
    assert named, "no change is named in the topic READMEs: the pattern is wrong"
    assert [f"{name}: {change}" for name, change in named if change not in known] == []

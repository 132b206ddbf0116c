"""Every row of the carry-over table (引き継ぎ早見表) has its code: one module of the engine's transitions.

The rows are read from ``features/carry_over/早見表.feature`` (one ``ルール:`` per row). The row → module → entry
point table is written twice, in the transitions package's docstring and in ``features/carry_over/README.md``
(with a link per row); both must list every row of the feature, name the same module and entry point, and
that module must exist, define the entry point, and name its row in its docstring. A row added without code,
or a module renamed, fails here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import cast

from gherkin.parser import Parser
from gherkin.parser_types import RuleEnvelope

from shinpan.paths import PROJECT_ROOT

FEATURE = PROJECT_ROOT / "features" / "carry_over" / "早見表.feature"
README = PROJECT_ROOT / "features" / "carry_over" / "README.md"
TRANSITIONS = PROJECT_ROOT / "reference_engine" / "transitions"
ROW = re.compile(r"^\| (?P<row>[^|]+?) \| (?P<module>[^|]+?) \| (?P<entry>[^|]+?) \|$")
LINK = re.compile(r"^\[(?P<name>\w+)\.py\]\(\.\./\.\./reference_engine/transitions/(?P=name)\.py\)$")


def _feature_rows() -> list[str]:
    """The table's row names, as the feature's rules name them, without the id key in brackets at the end."""
    document = Parser().parse(FEATURE.read_text(encoding="utf-8"))
    names = [cast(RuleEnvelope, child)["rule"]["name"] for child in document["feature"]["children"] if "rule" in child]
    return [re.sub(r" \([a-z -]+\)$", "", name) for name in names]


def _table(text: str) -> dict[str, tuple[str, str]]:
    """The rows of a ``| row | module | entry point |`` table in ``text``: row → (module, entry point)."""
    rows: dict[str, tuple[str, str]] = {}
    for line in text.splitlines():
        match = ROW.match(line.strip())
        if match and match["row"] not in ("row", "row (引き継ぎ早見表)", "---"):
            rows[match["row"]] = (match["module"], match["entry"].strip("`"))
    return rows


def _docstring(path: Path) -> str:
    return ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""


def _defines(path: Path, name: str) -> bool:
    return any(isinstance(node, ast.FunctionDef) and node.name == name for node in ast.parse(path.read_text(
        encoding="utf-8")).body)


def test_the_feature_has_the_twelve_rows_of_the_seed() -> None:
    rows = _feature_rows()
    assert len(rows) == 12 and rows[0] == "進化した時" and rows[-1] == "非進化が退化した時", rows


def _missing_code(table: dict[str, tuple[str, str]]) -> list[str]:
    """Each row of ``table`` whose module is missing, lacks the entry point, or does not name the row."""
    problems = []
    for row, (module, entry) in table.items():
        path = TRANSITIONS / f"{module}.py"
        if not path.is_file():
            problems.append(f"{row}: no module {path.relative_to(PROJECT_ROOT)}")
        elif not _defines(path, entry):
            problems.append(f"{row}: {module}.py defines no {entry}()")
        elif row not in _docstring(path):
            problems.append(f"{row}: {module}.py's docstring does not name its row")
    return problems


def test_every_row_has_a_module_that_defines_its_entry_point_and_names_the_row() -> None:
    table = _table(_docstring(TRANSITIONS / "__init__.py"))
    assert list(table) == _feature_rows()
    assert _missing_code(table) == []


def test_the_readme_links_the_same_module_for_every_row() -> None:
    code = _table(_docstring(TRANSITIONS / "__init__.py"))
    section = README.read_text(encoding="utf-8").split("## The code of each row\n")[1].split("\n## ")[0]
    readme = _table(section)
    assert list(readme) == list(code)
    for row, (link, entry) in readme.items():
        match = LINK.match(link)
        assert match is not None, f"{row}: {link} is not a link to a module of reference_engine/transitions"
        assert (match["name"], entry) == code[row], row


def test_a_row_without_code_is_reported() -> None:
    """The check above can fail: a row whose module does not exist, lacks the entry point, or is not named."""
    table = _table("| 進化した時 | evolution | carry_over |\n| 新しい行 | no_such_module | carry_over |\n"
                   "| 進化元 | evolution | no_such_entry |\n| 別の行 | evolution | carry_over |")
    assert _missing_code(table) == ["新しい行: no module reference_engine/transitions/no_such_module.py",
                                    "進化元: evolution.py defines no no_such_entry()",
                                    "別の行: evolution.py's docstring does not name its row"]

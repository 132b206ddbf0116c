"""The import layers (issue 17): no import circle among our modules, and no import that runs back up.

    steps            -> shinpan (the kit) and adapters
    shinpan (kit)    -> adapters
    adapters         -> reference_engine, only through the reference adapter (shinpan.adapters.reference)
    reference_engine -> nothing of ours

The package root ``shinpan`` (``shinpan/__init__.py``: ``__version__``) may be imported from every layer, as long
as it imports nothing of ours. Every import counts, wherever it is written: at the top, inside a function (lazy),
under ``if TYPE_CHECKING:``; relative imports are resolved. ``adapters/examples`` are templates that stand alone:
they import only the contract package an adapter may depend on, never the kit, the steps or the engine.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOP = "shinpan"
LAYERS = ("reference_engine", "adapters", "steps")
"""The top-level folders that are sub-packages of ``shinpan`` (``shinpan/<name>`` links to ``<name>/``)."""
EXAMPLES = ("adapters", "examples")
REFERENCE_ADAPTER = "shinpan.adapters.reference"
ALLOWED: dict[str, tuple[str, ...]] = {
    "reference_engine": ("reference_engine",),
    "adapters": ("adapters",),
    "kit": ("kit", "adapters"),
    "steps": ("steps", "kit", "adapters"),
}
"""The layers each layer may import (besides the root, and the reference adapter's import of the engine)."""
SDK = ("shinpan.adapters.contract", "shinpan.adapters.schemas", "shinpan.adapters.server", "shinpan.adapters.errors",
       "shinpan.adapters.registry", "shinpan.adapters.cards", "shinpan.adapters.sdk")
"""What an adapter may import of ours (docs/adapters.md, section 0)."""


@dataclass(frozen=True)
class Import:
    """One import statement's target, resolved to one of our modules."""

    module: str
    """The importing module."""
    path: Path
    line: int
    target: str
    """The module imported (the longest of ours that the statement names)."""
    written: str
    """The statement's text, for messages."""

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.module} imports {self.target} ({self.written})"


def modules(root: Path) -> dict[str, Path]:
    """Every module of ours under ``root`` by its dotted name, each file once: ``shinpan/`` without its links to
    the top-level folders, and those folders as ``shinpan.<folder>``; ``adapters/examples`` left out."""
    found: dict[str, Path] = {}
    for top in (TOP, *LAYERS):
        folder = root / top
        for path in sorted(folder.rglob("*.py")):
            relative = path.relative_to(root)
            if "__pycache__" in relative.parts or relative.parts[:2] == EXAMPLES:
                continue
            if top == TOP and relative.parts[1] in LAYERS:  # a link to a top-level folder: read there
                continue
            parts = list(relative.with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts if top == TOP else [TOP, *parts])] = path
    return found


def _ours(name: str) -> str | None:
    """``name`` as one of our dotted names (``adapters.x`` is ``shinpan.adapters.x``), or ``None``."""
    head = name.split(".")[0]
    if head == TOP:
        return name
    if head in LAYERS:
        return f"{TOP}.{name}"
    return None


def _named(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> Iterator[str]:
    """The dotted names an import statement names (``from a import b`` names ``a.b``: a module or a name in a)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[:len(package) - (node.level - 1)]
        base = ".".join([*package, base] if base else package)
    for alias in node.names:
        yield f"{base}.{alias.name}"


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The longest of our modules that ``name`` starts with."""
    ours = _ours(name)
    while ours and ours not in known:
        ours = ours.rpartition(".")[0] or None
    return ours


def imports_in(module: str, path: Path, source: str, known: dict[str, Path]) -> list[Import]:
    """Every import of one of our modules that ``source`` (module ``module``, file ``path``) writes, anywhere."""
    found = []
    for node in ast.walk(ast.parse(source, str(path))):
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        for name in _named(node, module, path.name == "__init__.py"):
            target = _resolve(name, known)
            if target is not None and target != module:
                found.append(Import(module, path, node.lineno, target, ast.unparse(node)))
    return found


def imports(root: Path, known: dict[str, Path]) -> list[Import]:
    """Every import of one of our modules, in every module of ``known`` (top-level, lazy, TYPE_CHECKING)."""
    return [item for module, path in known.items()
            for item in imports_in(module, path.relative_to(root), path.read_text(encoding="utf-8"), known)]


def layer(module: str) -> str:
    """``root`` (the package ``shinpan``), ``kit`` (the rest of ``shinpan/``), or a top-level folder's name."""
    if module == TOP:
        return "root"
    second = module.split(".")[1]
    return second if second in LAYERS else "kit"


def upward(found: list[Import]) -> list[str]:
    """The imports that break the layer order, each with the rule it breaks."""
    problems = []
    for item in found:
        source, target = layer(item.module), layer(item.target)
        if source == "root":
            problems.append(f"{item}: the package root imports nothing of ours")
        elif target == "reference_engine" and source != "reference_engine":
            if item.module != REFERENCE_ADAPTER:
                problems.append(f"{item}: only {REFERENCE_ADAPTER} imports the reference engine")
        elif target != "root" and target not in ALLOWED[source]:
            problems.append(f"{item}: {source} may import only {', '.join(ALLOWED[source])} (and the root)")
    return problems


def circles(found: list[Import]) -> list[str]:
    """Each import circle among our modules (one per group of modules that all reach each other), as the path
    that closes it."""
    edges: dict[str, dict[str, Import]] = {}
    for item in found:
        edges.setdefault(item.module, {}).setdefault(item.target, item)
    reach = {node: _reachable(node, edges) for node in edges}
    groups = {tuple(sorted(other for other in reach[node] if node in reach.get(other, ())))
              for node in edges if node in reach[node]}
    return [_closing_path(list(group), edges) for group in sorted(groups)]


def _reachable(start: str, edges: dict[str, dict[str, Import]]) -> set[str]:
    """The modules ``start`` imports, directly or through others (itself only if it is on a circle)."""
    seen: set[str] = set()
    frontier = [start]
    while frontier:
        frontier = [nxt for node in frontier for nxt in edges.get(node, {}) if nxt not in seen]
        seen.update(frontier)
    return seen


def _closing_path(group: list[str], edges: dict[str, dict[str, Import]]) -> str:
    """A shortest circle through the group's first module, each step with the file, line and import."""
    start, members = group[0], set(group)
    paths: dict[str, list[Import]] = {start: []}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt, item in sorted(edges.get(node, {}).items()):
                if nxt == start:
                    steps = [*paths[node], item]
                    return "import circle: " + " -> ".join([start, *(s.target for s in steps)]) + "\n    " + \
                        "\n    ".join(str(s) for s in steps)
                if nxt in members and nxt not in paths:
                    paths[nxt] = [*paths[node], item]
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no circle through {start}")  # a strongly connected group always has one


def check(root: Path) -> list[str]:
    """Every circle and every upward import under ``root``."""
    known = modules(root)
    found = imports(root, known)
    return sorted(circles(found)) + sorted(upward(found))


def test_no_import_circle_and_no_import_runs_back_up() -> None:
    problems = check(ROOT)
    assert not problems, f"{len(problems)} layer problem(s):\n" + "\n".join(problems)


def test_every_module_is_read_once() -> None:
    known = modules(ROOT)
    assert {"shinpan", "shinpan.cli", "shinpan.adapters.reference", "shinpan.steps", "shinpan.reference_engine"} \
        <= set(known)
    assert len(set(known.values())) == len(known)
    assert not any(".examples" in name for name in known)


def test_the_examples_import_only_the_contract_package() -> None:
    examples = sorted((ROOT.joinpath(*EXAMPLES)).rglob("*.py"))
    assert examples, f"no Python example under {'/'.join(EXAMPLES)}: the check would read nothing"
    for path in examples:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for name in _named(node, "example", False):
                    ours = _ours(name)
                    assert ours is None or ours.startswith(SDK), (
                        f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}: an example adapter stands "
                        f"alone: it may import only the contract package ({', '.join(SDK)})")


# ------------------------------------------------------------- the checker itself
def _tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for folder in LAYERS:
        (root / TOP / folder).symlink_to(root / folder, target_is_directory=True)


def test_the_checker_reports_a_circle_and_an_upward_import(tmp_path: Path) -> None:
    _tree(tmp_path, {
        "shinpan/__init__.py": '__version__ = "0"\n',
        "shinpan/cli.py": "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from shinpan.steps import duel\n",
        "steps/__init__.py": "",
        "steps/duel.py": "from shinpan import cli\n",
        "adapters/__init__.py": "",
        "adapters/contract.py": "def hello():\n    from shinpan import __version__\n    return __version__\n",
        "adapters/reference.py": "from shinpan.reference_engine.state import State\n",
        "adapters/server.py": "import shinpan.reference_engine\n",
        "reference_engine/__init__.py": "",
        "reference_engine/state.py": "from . import events\n\nclass State: ...\n",
        "reference_engine/events.py": "from .state import State\n",
    })
    problems = check(tmp_path)
    assert problems == [
        "import circle: shinpan.cli -> shinpan.steps.duel -> shinpan.cli\n"
        "    shinpan/cli.py:4: shinpan.cli imports shinpan.steps.duel (from shinpan.steps import duel)\n"
        "    steps/duel.py:1: shinpan.steps.duel imports shinpan.cli (from shinpan import cli)",
        "import circle: shinpan.reference_engine.events -> shinpan.reference_engine.state -> "
        "shinpan.reference_engine.events\n"
        "    reference_engine/events.py:1: shinpan.reference_engine.events imports shinpan.reference_engine.state "
        "(from .state import State)\n"
        "    reference_engine/state.py:1: shinpan.reference_engine.state imports shinpan.reference_engine.events "
        "(from . import events)",
        "adapters/server.py:1: shinpan.adapters.server imports shinpan.reference_engine (import "
        "shinpan.reference_engine): only shinpan.adapters.reference imports the reference engine",
        "shinpan/cli.py:4: shinpan.cli imports shinpan.steps.duel (from shinpan.steps import duel): kit may import "
        "only kit, adapters (and the root)",
    ]


def test_the_checker_reports_a_root_that_imports_and_an_engine_that_looks_up(tmp_path: Path) -> None:
    _tree(tmp_path, {
        "shinpan/__init__.py": "from shinpan.adapters import errors\n",
        "adapters/__init__.py": "",
        "adapters/errors.py": "",
        "steps/__init__.py": "",
        "reference_engine/__init__.py": "",
        "reference_engine/game.py": "def play():\n    import adapters.errors\n",
        "reference_engine/core/__init__.py": "",
        "reference_engine/core/zones.py": "from ...adapters import errors\n",
    })
    assert check(tmp_path) == [
        "reference_engine/core/zones.py:1: shinpan.reference_engine.core.zones imports shinpan.adapters.errors (from "
        "...adapters import errors): reference_engine may import only reference_engine (and the root)",
        "reference_engine/game.py:2: shinpan.reference_engine.game imports shinpan.adapters.errors (import "
        "adapters.errors): reference_engine may import only reference_engine (and the root)",
        "shinpan/__init__.py:1: shinpan imports shinpan.adapters.errors (from shinpan.adapters import errors): "
        "the package root imports nothing of ours",
    ]

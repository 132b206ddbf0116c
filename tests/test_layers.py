"""The import layers (issue 17) and the kit's rooms (issue 31): no import circle among our modules, no import that
runs back up, and one name per module.

    steps            -> shinpan (the kit) and adapters
    shinpan (kit)    -> adapters
    adapters         -> reference_engine, only through the reference adapter (shinpan.adapters.reference)
    reference_engine -> nothing of ours

Inside the kit, each room (a sub-package of ``shinpan``, or the base modules ``shinpan.errors`` and ``shinpan.paths``)
imports only the rooms below it in :data:`ROOMS`: the suite as data knows nothing of running it, running knows
nothing of exploring, and only the commands know every room.

The package root ``shinpan`` (``shinpan/__init__.py``: ``__version__``) may be imported from every layer, as long
as it imports nothing of ours. Every import counts, wherever it is written: at the top, inside a function (lazy),
under ``if TYPE_CHECKING:``; relative imports are resolved. The top-level folders ``adapters/``, ``steps/``,
``reference_engine/`` are the package's ``shinpan.adapters``, ``shinpan.steps``, ``shinpan.reference_engine``
(``[tool.setuptools.package-dir]``): imported by those names only — a bare ``import adapters.x`` (a second module of
the same file, with classes of its own) is a problem wherever it is written. ``adapters/examples`` are templates that
stand alone: they import only the contract package an adapter may depend on, never the kit, the steps or the engine.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOP = "shinpan"
LAYERS = ("reference_engine", "adapters", "steps")
"""The layers that are top-level folders, each the package's ``shinpan.<name>`` (``pyproject.toml`` maps them)."""
EXAMPLES = ("adapters", "examples")
REFERENCE_ADAPTER = "shinpan.adapters.reference"
ALLOWED: dict[str, tuple[str, ...]] = {
    "reference_engine": ("reference_engine",),
    "adapters": ("adapters",),
    "kit": ("kit", "adapters"),
    "steps": ("steps", "kit", "adapters"),
}
"""The layers each layer may import (besides the root, and the reference adapter's import of the engine)."""
ROOMS: tuple[tuple[str, ...], ...] = (
    ("errors", "paths"),
    ("outputs",),
    ("suite",),
    ("reports",),
    ("running",),
    ("running.cases",),
    ("running.plugin",),
    ("explore",),
    ("contract_test",),
    ("catalogue",),
    ("scaffold",),
    ("certify",),
    ("site",),
    ("commands",),
    ("cli", "__main__", "pytest_plugin"),
)
"""The kit's rooms from the bottom up, by their names under ``shinpan`` (a sub-package, or a module of its own); a
room imports only the rooms before it. A module is in the room of the longest name that holds it: ``running.cases``
is a room of its own, above the modules of ``running`` it uses and below the pytest plugin that runs it. At the
bottom the kit's errors and how it shows paths, then ``outputs`` (files written whole, text made printable), the
suite as data, the readings of runs, running, and what is built on running; the commands over them all, and the
entry points (the ``shinpan`` group, ``python -m shinpan``, the pytest plugin) last."""
SDK = ("shinpan.adapters.contract", "shinpan.adapters.schemas", "shinpan.adapters.server", "shinpan.adapters.errors",
       "shinpan.adapters.registry", "shinpan.adapters.cards", "shinpan.adapters.sdk")
"""What an adapter may import of ours (docs/adapters.md, section 0)."""


def package_dirs(root: Path) -> dict[str, str]:
    """The top-level folders the package maps (``adapters`` is ``shinpan.adapters``), from ``pyproject.toml``."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    mapping: dict[str, str] = config["tool"]["setuptools"]["package-dir"]
    return {folder: name for name, folder in mapping.items() if name != TOP}


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
    """Every module of ours under ``root`` by its dotted name, each file once: ``shinpan/``, and the top-level folders
    the package maps as ``shinpan.<folder>``; ``adapters/examples`` left out."""
    found: dict[str, Path] = {}
    for top in (TOP, *LAYERS):
        folder = root / top
        for path in sorted(folder.rglob("*.py")):
            relative = path.relative_to(root)
            if "__pycache__" in relative.parts or relative.parts[:2] == EXAMPLES:
                continue
            parts = list(relative.with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts if top == TOP else [TOP, *parts])] = path
    return found


def _ours(name: str) -> str | None:
    """``name`` if it is one of our dotted names (under ``shinpan``), else ``None`` (a bare ``adapters.x`` is no name
    of ours: :func:`bare_imports` reports it)."""
    return name if name.split(".")[0] == TOP else None


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


def room(module: str) -> int:
    """The rank of a kit module's room in :data:`ROOMS` (an AssertionError for a module in no room: a new room is
    placed there first)."""
    inside = module.split(".")[1:]
    ranks = [(len(name.split(".")), rank) for rank, names in enumerate(ROOMS) for name in names
             if inside[:len(name.split("."))] == name.split(".")]
    assert ranks, f"{module}: in no room of ROOMS (tests/test_layers.py): place shinpan.{inside[0]} there"
    return max(ranks)[1]


def room_name(module: str) -> str:
    """The name of a kit module's room (``running.cases``)."""
    inside = module.split(".")[1:]
    return max((name for names in ROOMS for name in names if inside[:len(name.split("."))] == name.split(".")),
               key=lambda name: len(name.split(".")))


def upward(found: list[Import]) -> list[str]:
    """The imports that break the layer order or the rooms' order, each with the rule it breaks."""
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
        elif source == target == "kit" and room(item.target) > room(item.module):
            below = [name for names in ROOMS[:room(item.module)] for name in names]
            problems.append(f"{item}: the room {room_name(item.module)} may import only the rooms below it "
                            f"({', '.join(below) or 'none'})")
    return problems


def bare_imports(root: Path) -> list[str]:
    """Every import, in every Python file under ``root`` (kit, tests, benchmarks, scripts, examples), of a mapped
    top-level folder by its bare name (``import adapters.x``, ``from steps import y``): a second module of the same
    file. The package's name (``shinpan.adapters.x``) is the one name."""
    problems = []
    mapped = package_dirs(root)
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        if any(part.startswith(".") or part in ("__pycache__", "build") for part in relative.parts):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                if name.split(".")[0] in mapped:
                    problems.append(f"{relative}:{node.lineno}: {ast.unparse(node)}: a bare import of a mapped folder; "
                                    f"import it as {TOP}.{name}")
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
    """Every circle, every upward import and every bare import under ``root``."""
    known = modules(root)
    found = imports(root, known)
    return sorted(circles(found)) + sorted(upward(found)) + bare_imports(root)


def test_no_import_circle_and_no_import_runs_back_up() -> None:
    problems = check(ROOT)
    assert not problems, f"{len(problems)} layer problem(s):\n" + "\n".join(problems)


def test_every_module_is_read_once() -> None:
    known = modules(ROOT)
    assert {"shinpan", "shinpan.cli", "shinpan.adapters.reference", "shinpan.steps", "shinpan.reference_engine"} \
        <= set(known)
    assert len(set(known.values())) == len(known)
    assert not any(".examples" in name for name in known)
    assert not [path for path in (ROOT / TOP).iterdir() if path.is_symlink()], "shinpan/ holds a link: one name each"


IMPORT_ALL = """
import importlib, inspect, json, sys
from pathlib import Path
root = Path(sys.argv[1])
for name in json.loads(sys.argv[2]):
    importlib.import_module(name)
files, classes = {}, {}
for name, module in list(sys.modules.items()):
    path = Path(getattr(module, "__file__", None) or "/").resolve()
    if root not in path.parents or any(part.startswith(".") for part in path.relative_to(root).parts):
        continue  # not ours (a virtual environment in the checkout: .venv, .tox)
    files.setdefault(str(path.relative_to(root)), []).append(name)
    for value in vars(module).values():
        if inspect.isclass(value) and value.__module__ == name:
            classes.setdefault(f"{path.relative_to(root)}:{value.__qualname__}", set()).add(id(value))
print(json.dumps({"files": files, "classes": {key: len(ids) for key, ids in classes.items()}}))
"""


def test_every_module_imports_under_one_name_and_defines_each_class_once() -> None:
    """Every module of ours imported once, in a process started from the checkout as pytest runs (the checkout on
    the path, where a bare ``adapters`` would import): no file is loaded under two names, and no class is made twice
    (two ``ShinpanError`` classes, one per name, would catch each other's errors in no ``except``)."""
    names = sorted(modules(ROOT))
    done = subprocess.run([sys.executable, "-c", IMPORT_ALL, str(ROOT), json.dumps(names)], cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    twice = {path: names for path, names in found["files"].items() if len(names) > 1}
    assert twice == {}, f"modules loaded under two names: {twice}"
    expected = {str(path.relative_to(ROOT)): name for name, path in modules(ROOT).items()}
    misnamed = {path: names[0] for path, names in found["files"].items() if path in expected
                and names != [expected[path]]}
    assert misnamed == {}, f"modules loaded under another name than the package's: {misnamed}"
    assert set(expected) <= set(found["files"]), "some modules were not imported: the check would read nothing"
    assert [key for key, count in found["classes"].items() if count > 1] == []
    assert found["classes"]["adapters/errors.py:ShinpanError"] == 1


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
    (root / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


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
        "shinpan/__init__.py:1: shinpan imports shinpan.adapters.errors (from shinpan.adapters import errors): "
        "the package root imports nothing of ours",
        "reference_engine/game.py:2: import adapters.errors: a bare import of a mapped folder; import it as "
        "shinpan.adapters.errors",
    ]


def test_the_checker_reports_a_room_that_imports_a_room_above_it_and_a_bare_import_anywhere(tmp_path: Path) -> None:
    _tree(tmp_path, {
        "shinpan/__init__.py": "",
        "shinpan/errors.py": "",
        "shinpan/suite/__init__.py": "",
        "shinpan/suite/lint.py": "def lint():\n    from shinpan.running.cases import compiler\n",
        "shinpan/running/__init__.py": "",
        "shinpan/running/cases/__init__.py": "",
        "shinpan/suite/tags.py": "",
        "shinpan/running/cases/compiler.py": "from shinpan.suite import tags\nfrom shinpan import errors\n",
        "adapters/__init__.py": "",
        "steps/__init__.py": "",
        "reference_engine/__init__.py": "",
        "shinpan/running/plugin/__init__.py": "",
        "shinpan/running/plugin/keys.py": "",
        "shinpan/running/cases/game.py": "def play():\n    from shinpan.running.plugin import keys\n",
        "tests/test_x.py": "from steps import duel\n",
    })
    assert check(tmp_path) == [
        "shinpan/running/cases/game.py:2: shinpan.running.cases.game imports shinpan.running.plugin.keys (from "
        "shinpan.running.plugin import keys): the room running.cases may import only the rooms below it (errors, "
        "paths, outputs, suite, reports, running)",
        "shinpan/suite/lint.py:2: shinpan.suite.lint imports shinpan.running.cases.compiler (from shinpan.running.cases "
        "import compiler): the room suite may import only the rooms below it (errors, paths, outputs)",
        "tests/test_x.py:1: from steps import duel: a bare import of a mapped folder; import it as shinpan.steps",
    ]

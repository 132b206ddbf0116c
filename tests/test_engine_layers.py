"""The reference engine's own layers: each sub-package imports only the ones below it, and no import runs in a circle.

The order, lowest first, is that of :data:`LAYERS`: ``core`` (values and readings) ← ``transitions`` (the
carry-over table) ← ``pipeline`` (the event pipeline) ← ``resolving`` (abilities and spells) ← ``game``
(the entry point, ``reference_engine/game.py``). Every import counts, wherever it is written: at the top, inside
a function, or under ``TYPE_CHECKING``. No engine module imports the package root (``shinpan.reference_engine``),
which re-exports the game and would make every module depend on every other.
"""

from __future__ import annotations

import ast
import graphlib

import pytest

from shinpan.paths import PROJECT_ROOT
from tests.test_layers import imports_in, modules

ENGINE = PROJECT_ROOT / "reference_engine"
PACKAGE = "shinpan.reference_engine"
LAYERS = ("core", "transitions", "pipeline", "resolving", "game")
"""The engine's layers, lowest first; ``game`` is the module ``reference_engine/game.py``."""


MODULES = {name: path for name, path in modules(PROJECT_ROOT).items() if name.startswith(PACKAGE)}
"""Every engine module by its dotted name (a package by its ``__init__.py``)."""


def _layer(module: str) -> str | None:
    """The layer a module belongs to; ``None`` for the package root."""
    rest = module.removeprefix(PACKAGE).lstrip(".")
    return rest.split(".")[0] if rest else None


def _imports(module: str, source: str) -> set[str]:
    """The engine modules ``source`` (of engine module ``module``) imports, anywhere in it."""
    return {item.target for item in imports_in(module, MODULES[module], source, MODULES)}


def _graph() -> dict[str, set[str]]:
    return {module: _imports(module, path.read_text(encoding="utf-8")) for module, path in MODULES.items()}


def _violations(graph: dict[str, set[str]]) -> list[str]:
    """Every import that runs up the layers or goes through the package root."""
    wrong: list[str] = []
    for module, targets in sorted(graph.items()):
        source = _layer(module)
        if source is None:
            continue  # the package root is the engine's public face: it may re-export any layer
        for target in sorted(targets):
            layer = _layer(target)
            if layer is None:
                wrong.append(f"{module} imports the package root")
            elif LAYERS.index(layer) > LAYERS.index(source):
                wrong.append(f"{module} ({source}) imports {target} ({layer}), a higher layer")
    return wrong


def test_every_engine_module_is_in_a_layer() -> None:
    stray = [module for module in MODULES if _layer(module) not in (*LAYERS, None)]
    assert not stray, f"engine modules outside the layers {LAYERS}: {stray}"
    assert all((ENGINE / layer / "__init__.py").is_file() for layer in LAYERS[:-1])


def test_each_layer_imports_only_the_layers_below_it() -> None:
    assert _violations(_graph()) == []


def test_no_import_circle_inside_the_engine() -> None:
    graph = _graph()
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as circle:
        pytest.fail(f"import circle: {circle.args[1]}")


def test_each_layer_states_what_it_may_import() -> None:
    for rank, layer in enumerate(LAYERS[:-1]):
        doc = ast.get_docstring(ast.parse((ENGINE / layer / "__init__.py").read_text(encoding="utf-8"))) or ""
        assert f"Layer {rank + 1} " in doc and "May import:" in doc, layer
        allowed = doc.split("May import:")[1].split("Never")[0]
        assert all(f"``{below}``" in allowed for below in LAYERS[:rank]), (layer, allowed)


@pytest.mark.parametrize(("module", "line", "problem"), [
    (f"{PACKAGE}.core.state", f"from {PACKAGE}.pipeline.pipeline import Pipeline", "higher layer"),
    (f"{PACKAGE}.transitions.swap", f"from {PACKAGE}.game import Game", "higher layer"),
    (f"{PACKAGE}.core.state", f"from {PACKAGE} import Game", "package root"),
    (f"{PACKAGE}.pipeline.follow_ups", "from ..resolving import spells", "higher layer"),
])
def test_the_check_sees_an_import_that_runs_up(module: str, line: str, problem: str) -> None:
    """The checks above can fail: a lazy import of a higher layer, or of the root, is reported."""
    graph = _graph()
    graph[module] = graph[module] | _imports(module, f"def later() -> None:\n    {line}\n")
    assert any(problem in v and v.startswith(module) for v in _violations(graph))

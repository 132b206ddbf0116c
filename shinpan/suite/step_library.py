"""The step library, named in this one place: the tooling loads it by its module's name.

The step library (``shinpan.steps``: the phrases of the feature files, mapped to the adapter contract) is the
top layer: it imports the tooling, and the tooling never imports it. The runner loads the step library as a
plugin, as pytest loads test modules — by name (:data:`PACKAGE`, whose ``pytest_plugins`` lists its modules) —
and ``shinpan lint`` reads its step definitions through :func:`load`. What the step library knows of its own
phrases — how to print a contract message back as the phrase that says it — the kit reaches the same way:
:func:`printer`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from functools import cache
from types import ModuleType
from typing import Any, Final

PACKAGE: Final = "shinpan.steps"
"""The step library's package; its ``STEP_MODULES`` (also its ``pytest_plugins``) are the modules to load."""
PRINTER: Final = "shinpan.steps.printer"
"""The scenario printer: a case's messages back to the step library's phrases, as a scenario."""


def load() -> tuple[str, ...]:
    """Import every module of the step library (their step definitions register with pytest-bdd), as pytest
    does when it loads the library as a plugin; the modules' names."""
    names: tuple[str, ...] = tuple(importlib.import_module(PACKAGE).STEP_MODULES)
    for name in names:
        importlib.import_module(name)
    return names


def duel(sink: Any, registry: Any, rules: Any, seed: int) -> Any:
    """A duel of the step library (``shinpan.steps.duel.Duel``) that hands what its steps make to ``sink``: how the
    compiler (:mod:`shinpan.running.cases.compiler`) calls the steps without pytest."""
    return importlib.import_module(f"{PACKAGE}.duel").Duel(sink, registry, rules, seed)


def printer() -> ModuleType:
    """The step library's scenario printer (``shinpan.steps.printer``: ``Heading``, ``canonical_messages``,
    ``print_scenario``, ``print_feature``, ``generated_id``), with every step module loaded."""
    load()
    return importlib.import_module(PRINTER)


class StepBook:
    """Step definitions, and which of them match each phrase (kept: a phrase recurs across the suite)."""

    def __init__(self, contexts: Iterable[Any]) -> None:
        self.contexts = list(contexts)
        self._found: dict[tuple[str | None, str], list[Any]] = {}

    def matching(self, step_type: str | None, text: str) -> list[Any]:
        """The definitions of ``step_type`` (``given``, ``when``, ``then``; any with None) whose phrase is ``text``."""
        key = (step_type, text)
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = [c for c in self.contexts if c.type in (None, step_type)
                                        and c.parser.is_matching(text)]
        return found


@cache
def library() -> StepBook:
    """The step library's own definitions (every module of :data:`PACKAGE`), loaded once."""
    from shinpan.suite import bdd_internals  # pytest-bdd's registry of step definitions

    modules = load()
    # pytest-bdd knows the step definitions of the whole process: keep only the step library's own (a test run in
    # the same process may have registered others, e.g. in a conftest of its own)
    contexts = [c for c in bdd_internals.step_contexts() if getattr(c.step_func, "__module__", None) in modules]
    unique = {(c.type, id(c.step_func), c.parser.name): c for c in contexts}
    return StepBook(unique.values())

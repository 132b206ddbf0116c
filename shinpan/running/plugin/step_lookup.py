"""What the kit hands pytest-bdd so that it does each piece of work once per run, not once per step.

pytest-bdd (the library that runs a scenario's steps) finds the definition of a step by walking every fixture
name of the session and asking pytest which of their definitions the test can see — for every step of every
scenario — then registers the matches as a temporary fixture and asks pytest for it back. The suite has a few
hundred steps over a few dozen distinct phrases per feature file, so the kit keeps the answer: the step
definitions a feature file can see are listed once per file, the definitions that match a phrase are kept per
(file, kind, phrase), and the one pytest would pick is run directly. The steps run as before: the same
definitions, through pytest-bdd's own step runner, with the same hooks.

It also reads each feature file once: pytest-bdd is given the Gherkin document :mod:`shinpan.suite.scenarios` parsed.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from shinpan.suite import bdd_internals as internals
from shinpan.suite import scenarios as suite

LOOKUP_KEY = pytest.StashKey["StepLookup"]()


class StepLookup:
    """The step definitions each collector (a feature file) can see, and which of them match each phrase."""

    def __init__(self) -> None:
        self._visible: dict[tuple[str, int], list[tuple[Any, Any]]] = {}
        self._matches: dict[tuple[str, int, Any, str], list[Any]] = {}

    def find(self, step: Any, fixturemanager: Any, node: Any) -> list[Any]:
        """The fixture definitions of the step definitions that parse ``step`` and that ``node`` can see, in the
        order pytest-bdd's own search yields them."""
        names = internals.fixture_names(fixturemanager)
        # A test item sees its parent's fixtures plus what pytest-bdd registers on the item itself (the values of
        # ``target_fixture`` steps, which are never step definitions): the parent's view is the item's.
        holder = node.parent if isinstance(node, pytest.Item) and node.parent is not None else node
        key = (holder.nodeid, len(names))
        match_key = (*key, step.type, step.name)
        found = self._matches.get(match_key)
        if found is None:
            visible = self._visible.get(key)
            if visible is None:
                visible = self._visible[key] = _step_definitions(names, fixturemanager, holder)
            found = self._matches[match_key] = [
                fixturedef for fixturedef, context in visible
                if (context.type is None or context.type == step.type) and context.parser.is_matching(step.name)
            ]
        return found

    def definition(self, step: Any, fixturemanager: Any, node: Any) -> Any:
        """The step definition pytest-bdd would run for ``step``: of those that match, the one pytest would pick,
        the closest to the test (the last once sorted by place, as pytest-bdd sorts them), or None."""
        found = self.find(step, fixturemanager, node)
        if not found:
            return None
        closest = sorted(found, key=lambda fixturedef: internals.parent_node_ids(fixturedef.baseid))[-1]
        return internals.step_context(closest.func)


@dataclass(frozen=True)
class Phrase:
    """A step as the lookup reads it: its type (``given``, ``when``, ``then``) and its text."""

    type: str | None
    name: str


def definitions_for(item: pytest.Item) -> Callable[[str | None, str], list[Any]]:
    """The step definition pytest-bdd would run for each phrase of ``item``'s feature file, as the compiler asks for
    it (:func:`shinpan.running.cases.compile_case`): a list of the one chosen, or empty."""
    lookup: StepLookup = item.config.stash[LOOKUP_KEY]
    fixturemanager = item.session._fixturemanager

    def find(step_type: str | None, text: str) -> list[Any]:
        chosen = lookup.definition(Phrase(step_type, text), fixturemanager, item)
        return [] if chosen is None else [chosen]

    return find


def _step_definitions(names: list[str], fixturemanager: Any, node: Any) -> list[tuple[Any, Any]]:
    """Every step definition visible to ``node``, with its step context, in pytest-bdd's search order."""
    found = []
    for name in names:
        for fixturedef in internals.fixture_definitions(fixturemanager, name, node):
            context = internals.step_context(fixturedef.func)
            if context is not None:
                found.append((fixturedef, context))
    return found


def _find_fixturedefs_for_step(step: Any, fixturemanager: Any, node: Any) -> Iterable[Any]:
    lookup: StepLookup | None = node.config.stash.get(LOOKUP_KEY, None)
    if lookup is None:  # a session that did not load the shinpan plugin
        return internals.original_find_step(step, fixturemanager, node)
    return iter(lookup.find(step, fixturemanager, node))


def _execute_scenario(feature: Any, scenario: Any, request: pytest.FixtureRequest) -> None:
    """pytest-bdd's own loop over a scenario's steps, with the same hooks in the same order, but the step
    definition taken from the lookup table instead of being injected as a temporary fixture and requested
    back from pytest for every step (the same definition: see :meth:`StepLookup.definition`)."""
    __tracebackhide__ = True
    lookup: StepLookup | None = request.config.stash.get(LOOKUP_KEY, None)
    if lookup is None:  # a session that did not load the shinpan plugin
        internals.original_execute_scenario(feature, scenario, request)
        return
    hook = request.config.hook
    hook.pytest_bdd_before_scenario(request=request, feature=feature, scenario=scenario)
    try:
        for step in scenario.steps:
            context = lookup.definition(step, request._fixturemanager, request.node)
            if context is None:
                error = internals.step_not_found(
                    f"Step definition is not found: {step}. "
                    f'Line {step.line_number} in scenario "{scenario.name}" '
                    f'in the feature "{scenario.feature.filename}"'
                )
                hook.pytest_bdd_step_func_lookup_error(request=request, feature=feature, scenario=scenario, step=step,
                                                       exception=error)
                raise error
            internals.execute_step(request, scenario, step, context)
    finally:
        hook.pytest_bdd_after_scenario(request=request, feature=feature, scenario=scenario)


def install(config: pytest.Config) -> None:
    """Give this session a step lookup table, and route pytest-bdd's step search through it."""
    config.stash[LOOKUP_KEY] = StepLookup()
    internals.route_step_search(_find_fixturedefs_for_step, _execute_scenario)
    keep_signatures()


def keep_signatures() -> None:
    """pytest-bdd reads each step function's signature every time the step runs; Python computes it anew unless
    the function carries it (``__signature__``), so every step definition is given its own, computed once."""
    for context in internals.step_contexts():
        function = context.step_func
        if getattr(function, "__signature__", None) is None:
            setattr(function, "__signature__", inspect.signature(function))  # noqa: B010


def share_parse(path: Path) -> None:
    """Hand pytest-bdd the Gherkin document of ``path`` that :mod:`shinpan.suite.scenarios` parsed (and keeps while the
    file is unchanged), so that pytest-bdd does not read and parse the file again."""
    parsed = suite.feature(path)
    filename = os.path.abspath(path)
    known = _CONVERTED.get(filename)
    if known is None or known[0] is not parsed:
        parser = _parsed_feature()(os.path.dirname(filename), os.path.basename(filename), parsed.document)
        known = _CONVERTED[filename] = (parsed, parser.parse())
    internals.register_feature(filename, known[1])


_CONVERTED: dict[str, tuple[suite.FeatureFile, Any]] = {}
"""pytest-bdd's reading of each file, with the parse it was made from (a changed file is parsed anew)."""


@cache
def _parsed_feature() -> type[Any]:
    """pytest-bdd's feature reader, given a document already parsed (made on first use, as its base is pytest-bdd's)."""

    class ParsedFeature(internals.feature_parser()):  # type: ignore[misc]
        def __init__(self, basedir: str, filename: str, document: dict[str, Any]) -> None:
            super().__init__(basedir, filename)
            self._document = document

        def _parse_feature_file(self) -> Any:
            return internals.gherkin_document(self._document)

    return ParsedFeature

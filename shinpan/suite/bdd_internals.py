"""Every use the kit makes of pytest-bdd's internals — names outside its documented API — in this one module.

pytest-bdd (pinned in ``pyproject.toml``) binds the scenarios, runs their steps and knows the step definitions;
the kit reads and patches a few of its inner names to map a collected test back to its scenario, to read the
step library's definitions (``shinpan lint``) and to run each step without a fixture round trip
(:mod:`shinpan.running.plugin.step_lookup`). Each such name is an :class:`Internal` of :data:`INTERNALS`; a pytest-bdd
release without one stops a run when pytest configures, before anything runs, with one line naming it and the
supported range (exit status 4; each name is looked up on first use, so importing this module never fails), and
``tests/test_bdd_internals.py`` checks them all (with the parameters and fields the kit relies on).
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, is_dataclass
from functools import cache
from importlib import metadata
from typing import Any

import pytest
from pytest_bdd import scenarios as scenarios

from shinpan.adapters.errors import ShinpanError

EXAMPLE_PARAMETER = "_pytest_bdd_example"
"""The parameter pytest-bdd gives a scenario outline's test: its callspec index is the row of the Examples."""


class PytestBddChanged(ShinpanError, ImportError):
    """The installed pytest-bdd lacks an internal the kit relies on (a release outside the supported range):
    nothing can run, so it is bad input, exit status 4, like any error of the family."""


def supported_range() -> str:
    """The pytest-bdd versions the kit supports, as its package metadata states them (``pyproject.toml``)."""
    try:
        requirements = metadata.requires("shinpan") or []
    except metadata.PackageNotFoundError:
        return "(unknown: shinpan is not installed)"
    for requirement in requirements:
        if requirement.replace("_", "-").lower().startswith("pytest-bdd"):
            return requirement.split(";")[0].strip()
    return "(not stated)"


@dataclass(frozen=True)
class Internal:
    """A name inside pytest-bdd the kit uses, with what it relies on: a function's leading parameters (the kit
    calls it, or puts its own function in its place) or the fields it reads on a class's instances."""

    module: str
    name: str
    parameters: tuple[str, ...] = ()
    fields: tuple[str, ...] = ()

    @property
    def where(self) -> str:
        return f"{self.module}.{self.name}"

    def _value(self) -> Any:
        """pytest-bdd's own value (for a function the kit has put its own in the place of: the one it replaced)."""
        if self.where in _REPLACED:
            return _REPLACED[self.where]
        return getattr(importlib.import_module(self.module), self.name)

    def problem(self) -> str | None:
        """What is missing from the installed pytest-bdd, or None."""
        try:
            value = self._value()
        except (ImportError, AttributeError):
            return f"{self.where} is missing"
        if self.parameters:
            found = tuple(inspect.signature(value).parameters)[:len(self.parameters)]
            if found != self.parameters:
                return f"{self.where} takes ({', '.join(found)}), not ({', '.join(self.parameters)})"
        if self.fields:
            known = set(dir(value)) | ({field.name for field in fields(value)} if is_dataclass(value) else set())
            lacking = [name for name in self.fields if name not in known]
            if lacking:
                return f"{self.where} has no {', '.join(lacking)}"
        return None

    def get(self) -> Any:
        """The value, or :class:`PytestBddChanged` saying what is missing."""
        problem = self.problem()
        if problem is not None:
            raise PytestBddChanged(explain(problem))
        return self._value()


_REPLACED: dict[str, Any] = {}
"""pytest-bdd's functions that :func:`route_step_search` has put the kit's in the place of, by full name."""


def explain(problem: str) -> str:
    """One line: what is missing, from which pytest-bdd, and which versions the kit supports."""
    return (f"pytest-bdd {metadata.version('pytest-bdd')}: {problem}; shinpan relies on it and supports "
            f"{supported_range()}")


TEMPLATES = Internal("pytest_bdd.scenario", "scenario_wrapper_template_registry")
TEMPLATE = Internal("pytest_bdd.parser", "ScenarioTemplate", fields=("line_number",))
STEP = Internal("pytest_bdd.parser", "Step", fields=("type", "name", "keyword", "line_number"))
SCENARIO = Internal("pytest_bdd.parser", "Scenario", fields=("name", "feature", "steps"))
FEATURE = Internal("pytest_bdd.parser", "Feature", fields=("filename",))
STEP_CONTEXTS = Internal("pytest_bdd.steps", "step_function_context_registry")
STEP_CONTEXT = Internal("pytest_bdd.steps", "StepFunctionContext",
                        fields=("type", "step_func", "parser", "converters"))
STEP_PARSER = Internal("pytest_bdd.parsers", "StepParser", fields=("is_matching", "parse_arguments"))
FIND_STEP = Internal("pytest_bdd.scenario", "find_fixturedefs_for_step",
                     parameters=("step", "fixturemanager", "node"))
EXECUTE_SCENARIO = Internal("pytest_bdd.scenario", "_execute_scenario",
                            parameters=("feature", "scenario", "request"))
EXECUTE_STEP = Internal("pytest_bdd.scenario", "_execute_step_function",
                        parameters=("request", "scenario", "step", "context"))
PARENT_IDS = Internal("pytest_bdd.scenario", "iterparentnodeids", parameters=("nodeid",))
FIXTURE_NAMES = Internal("pytest_bdd.compat", "get_fixture_names", parameters=("fixturemanager",))
FIXTURE_DEFS = Internal("pytest_bdd.compat", "getfixturedefs",
                        parameters=("fixturemanager", "fixturename", "node"))
FEATURES = Internal("pytest_bdd.feature", "features")
FEATURE_PARSER = Internal("pytest_bdd.parser", "FeatureParser", fields=("parse", "_parse_feature_file"))
GHERKIN_DOCUMENT = Internal("pytest_bdd.gherkin_parser", "GherkinDocument", fields=("from_dict",))
NOT_FOUND = Internal("pytest_bdd.exceptions", "StepDefinitionNotFoundError")

INTERNALS = (TEMPLATES, TEMPLATE, STEP, SCENARIO, FEATURE, STEP_CONTEXTS, STEP_CONTEXT, STEP_PARSER, FIND_STEP,
             EXECUTE_SCENARIO, EXECUTE_STEP, PARENT_IDS, FIXTURE_NAMES, FIXTURE_DEFS, FEATURES, FEATURE_PARSER,
             GHERKIN_DOCUMENT, NOT_FOUND)
"""Every internal of pytest-bdd the kit uses (:func:`problems` checks them all)."""


def problems() -> list[str]:
    """What the installed pytest-bdd lacks of :data:`INTERNALS`, each as one line (none: it fits)."""
    return [explain(problem) for internal in INTERNALS if (problem := internal.problem()) is not None]


@cache
def _checked(internal: Internal) -> Any:
    """pytest-bdd's value of ``internal``, looked up (and checked) on first use, not at import: a release without
    it is then named by :func:`problems` when pytest configures, before anything runs."""
    return internal.get()


def original_find_step(step: Any, fixturemanager: Any, node: Any) -> Iterable[Any]:
    """pytest-bdd's own step search (for a session the kit's plugin does not run)."""
    found: Iterable[Any] = _checked(FIND_STEP)(step, fixturemanager, node)
    return found


def original_execute_scenario(feature: Any, scenario: Any, request: pytest.FixtureRequest) -> None:
    """pytest-bdd's own loop over a scenario's steps (for a session the kit's plugin does not run)."""
    __tracebackhide__ = True
    _checked(EXECUTE_SCENARIO)(feature, scenario, request)


def step_not_found(message: str) -> Exception:
    """pytest-bdd's error for a step no definition matches."""
    error: Exception = _checked(NOT_FOUND)(message)
    return error


def feature_parser() -> type[Any]:
    """pytest-bdd's feature reader (a class)."""
    parser: type[Any] = _checked(FEATURE_PARSER)
    return parser


def gherkin_document(document: dict[str, Any]) -> Any:
    """pytest-bdd's Gherkin document, from a document gherkin-official parsed."""
    return _checked(GHERKIN_DOCUMENT).from_dict(document)


# ------------------------------------------------------------- collected tests
def scenario_line(test: object) -> int | None:
    """The line of the scenario a test function was bound from (None: not a scenario of pytest-bdd)."""
    template = _checked(TEMPLATES).get(test)
    return None if template is None else int(template.line_number)


def example_row(item: pytest.Item) -> int | None:
    """The row of the Examples a scenario outline's test runs (None: not an outline's)."""
    callspec = getattr(item, "callspec", None)
    if callspec is None:
        return None
    row: int | None = callspec.indices.get(EXAMPLE_PARAMETER)
    return row


# ----------------------------------------------------------- step definitions
def step_context(function: object) -> Any | None:
    """The step definition (pytest-bdd's step context: type, parser, function) behind a fixture function."""
    return _checked(STEP_CONTEXTS).get(function)


def step_contexts() -> list[Any]:
    """Every step definition pytest-bdd knows in this process (with the fields the kit reads on each)."""
    _checked(STEP_CONTEXT)
    return list(_checked(STEP_CONTEXTS).values())


def fixture_names(fixturemanager: Any) -> list[str]:
    """Every fixture name pytest knows (pytest has no public API for it)."""
    names: list[str] = _checked(FIXTURE_NAMES)(fixturemanager=fixturemanager)
    return names


def fixture_definitions(fixturemanager: Any, name: str, node: Any) -> list[Any]:
    """The definitions of fixture ``name`` that ``node`` can see, as pytest decides."""
    return list(_checked(FIXTURE_DEFS)(fixturemanager, name, node) or [])


def parent_node_ids(nodeid: str) -> list[str]:
    """The ids of a node's parents, the node's own included (how pytest-bdd orders definitions by place)."""
    return list(_checked(PARENT_IDS)(nodeid))


# ------------------------------------------------------------------- patching
def route_step_search(find: Callable[..., Iterable[Any]], execute: Callable[..., None]) -> None:
    """Put ``find`` in the place of pytest-bdd's step search and ``execute`` in that of its scenario loop."""
    for internal, replacement in ((FIND_STEP, find), (EXECUTE_SCENARIO, execute)):
        _REPLACED.setdefault(internal.where, internal.get())
        setattr(importlib.import_module(internal.module), internal.name, replacement)


def execute_step(request: pytest.FixtureRequest, scenario: Any, step: Any, context: Any) -> None:
    """Run one step with pytest-bdd's own step runner (its hooks, arguments and ``target_fixture``)."""
    __tracebackhide__ = True
    _checked(EXECUTE_STEP)(request, scenario, step, context)


def register_feature(filename: str, feature: Any) -> None:
    """Hand pytest-bdd its reading of a feature file, so that it does not read the file again."""
    _checked(FEATURES)[filename] = feature

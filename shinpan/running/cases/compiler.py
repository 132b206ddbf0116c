"""The compiler (翻訳): a scenario of the suite into a case, with no pytest item and no engine.

Each step of the scenario is matched to its step definition (the definitions pytest-bdd would run for it: the
step library's, or — inside a pytest session — those the feature file can see,
:mod:`shinpan.running.plugin.step_lookup`), and the definition is called, with its phrase's arguments as pytest-bdd
parses and converts them, on a duel of the step library that records what it makes instead of sending it
(:class:`~shinpan.running.cases.builder.CaseBuilder`). A step that raises ends the case there: the error becomes a
:class:`~shinpan.running.cases.model.Fault` with the status and message the pytest path gives it. A step definition may
ask for ``duel`` and its phrase's arguments, nothing else.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from shinpan.adapters import cards
from shinpan.adapters.contract import Rules
from shinpan.reports.outcomes import ScenarioSkipped, Status
from shinpan.running.cases import verdicts
from shinpan.running.cases.builder import CaseBuilder
from shinpan.running.cases.model import Case, Fault
from shinpan.suite import scenarios as suite
from shinpan.suite import step_library
from shinpan.suite.step_library import library

Definitions = Callable[[str | None, str], list[Any]]
"""The step definitions (pytest-bdd's step contexts) that match a step, by its type and text."""


def compile_case(scenario: suite.Case, rules: Rules, seed: int = 0, definitions: Definitions | None = None) -> Case:
    """The case of ``scenario`` played under ``rules`` with ``seed`` (:meth:`Case.under` replays it under others)."""
    find = definitions or library().matching
    builder = CaseBuilder()
    duel = step_library.duel(builder, cards.load(), rules, seed)
    for step in scenario.steps:
        builder.begin(step.keyword, step.text, step.line)
        try:
            fault = _call(_definition(find, scenario, step), step.text, duel)
        except (Exception, ScenarioSkipped) as error:
            fault = Fault(*verdicts.status_of_error(error))
        if fault is not None:
            builder.emit(fault, None)
            break
    values = scenario.values
    return builder.build(scenario.id, duel.setup(), mechanics=values.requires, since=values.since,
                         until=values.until)


def _definition(find: Definitions, scenario: suite.Case, step: suite.Step) -> Any:
    """The one definition that matches ``step`` (several: a :class:`Fault`); none is pytest-bdd's error."""
    found = find(step.type, step.text)
    if not found:
        from shinpan.suite import bdd_internals

        shown = f'{(step.type or "step").capitalize()} "{step.text}"'
        raise bdd_internals.step_not_found(f"Step definition is not found: {shown}. Line {step.line} in scenario "
                                           f'"{scenario.name}" in the feature "{Path(scenario.path).resolve()}"')
    if len(found) > 1:
        where = ", ".join(f"{c.step_func.__module__}.{c.step_func.__name__}" for c in found)
        return Fault(Status.ERROR, f"ambiguous step {step.text!r} (line {step.line}): matches {where}")
    return found[0]


def _call(context: Any, text: str, duel: Any) -> Fault | None:
    """Call a step definition as pytest-bdd does: its phrase's arguments, parsed and converted, and the duel."""
    if isinstance(context, Fault):
        return context
    function = context.step_func
    parameters = _parameters(function)
    parsed = context.parser.parse_arguments(text) or {}
    converted = {name: context.converters.get(name, _same)(value) for name, value in parsed.items()}
    arguments = {name: value for name, value in converted.items() if name in parameters}
    if "duel" in parameters:
        arguments["duel"] = duel
    missing = [name for name, parameter in parameters.items() if name not in arguments
               and parameter.kind == parameter.POSITIONAL_OR_KEYWORD and parameter.default is parameter.empty]
    if missing:
        return Fault(Status.ERROR, f"the step definition {function.__name__} asks for {', '.join(missing)}: a "
                                   "compiled case gives a step only its duel and its phrase's arguments")
    function(**arguments)
    return None


@cache
def _parameters(function: Callable[..., object]) -> Mapping[str, inspect.Parameter]:
    return inspect.signature(function).parameters


def _same(value: str) -> object:
    return value

"""The phrases of the step library (手順の言い回し): each step definition as its kind, its phrase as a template with
its fields named (``{player}のターンである``; a phrase declared once, :mod:`shinpan.steps.phrase`, is shown as it was
declared), the pattern it matches, and what its docstring says it does.

The definitions are read as the compiler and the lint read them (:func:`shinpan.running.cases.library`): the kit never
imports the step library, it loads it by name (:mod:`shinpan.suite.step_library`).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

KEYWORDS: Final = {"given": "前提", "when": "もし", "then": "ならば"}
"""The Gherkin keyword of each kind of step (かつ and ただし continue the kind before them)."""


@dataclass(frozen=True)
class Parameter:
    """A named part of a phrase: its name and the pattern its text must match."""

    name: str
    pattern: str


@dataclass(frozen=True)
class Definition:
    """One step definition of the library, as a reader needs it."""

    type: str
    """``given``, ``when`` or ``then``."""
    phrase: str
    """The phrase as a template: its declared template (``[…]`` an optional part), else its pattern with each
    parameter as ``{name}`` (the rest of the pattern as written)."""
    pattern: str
    """What a step's text must match: a regular expression, or the text itself."""
    parameters: tuple[Parameter, ...]
    doc: str
    """What the step does, from its definition's docstring."""
    function: str
    """Where it is defined: ``shinpan.steps.given.whose_turn``."""
    context: Any
    """pytest-bdd's step context (the parser the compiler matches with)."""

    @property
    def keyword(self) -> str:
        """前提, もし or ならば."""
        return KEYWORDS.get(self.type, self.type)


def definition(context: Any) -> Definition:
    """The step definition behind pytest-bdd's step ``context``."""
    parser = context.parser
    regex = getattr(parser, "regex", None)
    pattern = str(regex.pattern) if regex is not None else str(parser.name)
    groups = tuple(named_groups(pattern)) if regex is not None else ()
    parameters = tuple(Parameter(name, pattern[start:end][len(name) + 5:-1]) for name, start, end in groups)
    declared = getattr(parser, "phrase", None)  # a phrase declared once: its template, its fields' patterns
    if declared is not None:
        phrase = str(declared.template)
        parameters = tuple(Parameter(name, str(slot.pattern)) for name, slot in declared.slots.items())
    else:
        phrase = pattern
        for name, start, end in sorted(groups, key=lambda group: -group[1]):
            phrase = phrase[:start] + f"{{{name}}}" + phrase[end:]
    function = context.step_func
    doc = inspect.getdoc(function) or ""
    return Definition(str(context.type), phrase, pattern, parameters, " ".join(doc.split()),
                      f"{function.__module__}.{function.__name__}", context)


def named_groups(pattern: str) -> Iterator[tuple[str, int, int]]:
    """Each named group ``(?P<name>…)`` of a regular expression, outermost only: its name and where the whole group
    starts and ends in ``pattern`` (escapes and character classes are skipped over)."""
    index = 0
    while True:
        start = pattern.find("(?P<", index)
        if start < 0:
            return
        name = pattern[start + 4:pattern.index(">", start)]
        end = _group_end(pattern, start)
        yield name, start, end
        index = end


def _group_end(pattern: str, start: int) -> int:
    """Where the group that opens at ``start`` closes (just after its ``)``)."""
    depth = 0
    index = start
    in_class = False
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    raise ValueError(f"unbalanced group at {start} in {pattern!r}")

"""An example of each phrase, taken from the suite: a real step that the phrase's definition matches, with the value
of each parameter there. Of a phrase's uses, the one with the fewest steps before it in its scenario is shown (so
that what it sends depends on as little as possible), the first in the suite's order among equals."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from shinpan import paths
from shinpan.suite import scenarios as suite
from shinpan.suite.step_library import StepBook


@dataclass(frozen=True)
class Example:
    """A step of the suite that uses a phrase."""

    case: suite.Case
    index: int
    """The step's place among the scenario's steps."""
    values: Mapping[str, str | None]
    """What each parameter of the phrase is in this step (None: an optional part it leaves out)."""
    uses: int
    """How many steps of the suite use the phrase."""

    @property
    def step(self) -> suite.Step:
        return self.case.steps[self.index]

    @property
    def place(self) -> str:
        """``features/basics/召喚酔い.feature:12``."""
        return f"{paths.relative(self.case.path)}:{self.step.line}"

    @property
    def scenario(self) -> str:
        """The id of the scenario (an outline's, for a row of one)."""
        return self.case.id.split("#")[0]


def examples(book: StepBook, cases: Iterable[suite.Case]) -> dict[int, Example]:
    """The example of each step definition of ``book`` that the ``cases`` use, by the ``id`` of its step context
    (a step that several definitions match is an error the lint reports; it is no one's example)."""
    chosen: dict[int, tuple[suite.Case, int]] = {}
    uses: dict[int, int] = {}
    for case in cases:
        for index, step in enumerate(case.steps):
            found = book.matching(step.type, step.text)
            if len(found) != 1:
                continue
            key = id(found[0])
            uses[key] = uses.get(key, 0) + 1
            if key not in chosen or index < chosen[key][1]:
                chosen[key] = (case, index)
    contexts = {id(context): context for context in book.contexts}
    return {key: Example(case, index, _values(contexts[key], case.steps[index].text), uses[key])
            for key, (case, index) in chosen.items()}


def _values(context: Any, text: str) -> dict[str, str | None]:
    """The text each parameter matched (a declared phrase's parser gives typed values: its pattern the words)."""
    regex = getattr(context.parser, "regex", None)
    match = regex.fullmatch(text) if regex is not None else None
    parsed: dict[str, Any] = match.groupdict() if match is not None else context.parser.parse_arguments(text) or {}
    return {name: None if value is None else str(value) for name, value in parsed.items()}

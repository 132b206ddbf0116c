"""The step catalogue (手順の一覧): every phrase of the step library with its parameters, an example from the suite
and the contract messages that example sends — ``shinpan steps`` and the site's page of phrases.

Each :class:`Phrase` joins a step definition (:mod:`~shinpan.catalogue.phrases`), its example — a real step of
the suite being run (the kit's scenarios, then a user suite's) that the definition matches
(:mod:`~shinpan.catalogue.uses`) — and what that step sends, compiled by the step library itself on a duel that
records (:mod:`~shinpan.catalogue.sent`). A phrase no scenario uses has no example and sends nothing shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shinpan.adapters.locations import current
from shinpan.catalogue.phrases import KEYWORDS, Definition, Parameter, definition
from shinpan.catalogue.sent import Sent, sent
from shinpan.catalogue.uses import Example, examples
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite
from shinpan.suite.step_library import library

__all__ = ["KEYWORDS", "Definition", "Example", "Parameter", "Phrase", "Sent", "as_json", "catalogue"]


@dataclass(frozen=True)
class Phrase:
    """One phrase of the step library: its definition, an example from the suite, and what the example sends."""

    definition: Definition
    example: Example | None
    sent: Sent | None


def catalogue() -> tuple[Phrase, ...]:
    """Every phrase of the step library, in the library's order (its modules, then each module's order)."""
    book = library()
    folders = current()
    cases = [*suite.cases(folders.kit), *(suite.cases(folders.user) if folders.user else ())]
    found = examples(book, cases)
    rules = rulesets.load().today().as_sent()
    phrases = []
    for context in book.contexts:
        example = found.get(id(context))
        phrases.append(Phrase(definition(context), example, sent(example, rules) if example else None))
    return tuple(phrases)


def as_json(phrase: Phrase) -> dict[str, Any]:
    """One phrase as ``shinpan steps --format json`` prints it."""
    found = phrase.definition
    example = phrase.example
    values: Mapping[str, str | None] = example.values if example else {}
    return {
        "keyword": found.keyword, "type": found.type, "phrase": found.phrase, "pattern": found.pattern,
        "parameters": [{"name": p.name, "pattern": p.pattern, "example": values.get(p.name)} for p in found.parameters],
        "doc": found.doc, "definition": found.function,
        "example": None if example is None else {"step": f"{example.step.keyword} {example.step.text}",
                                                 "place": example.place, "scenario": example.scenario,
                                                 "uses": example.uses},
        "sends": None if phrase.sent is None else {"how": phrase.sent.how, "messages": list(phrase.sent.messages)},
    }

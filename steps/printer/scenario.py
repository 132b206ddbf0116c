"""Print a case (:class:`shinpan.running.cases.Case`) as a Gherkin scenario in the suite's own words, and scenarios as a
feature file.

The body is the case's phrases: 前提 for the starting state (:mod:`shinpan.steps.printer.setup`), then per move
its scripted choices and the move (もし), and the checks (ならば); a keyword repeated is written かつ. How the case's
items fall into steps does not matter: a step is printed per message (or per run of checks one phrase says). The
head is what ``shinpan lint`` asks of every scenario, for a generated one:

- ``@id:gen-<12 hex digits>`` — the digest of the case's messages (:func:`canonical.digest`): the same case prints
  the same id, and lint keeps ``gen-`` for scenarios tagged ``@generated`` (a hand-written id cannot start with it);
- ``@generated:<seed>`` — printed by a generator, with the seed of the run that found it;
- ``@rule:`` / ``@source:`` — what the scenario is about; ``@since:`` / ``@until:`` — the window it holds in, and
  ``@requires:`` — the mechanics it needs (the case's own, and the heading's);
- a triage stub, as comments above the tags: 要確認 — the rules and sources a person should confirm the scenario
  against before it joins the suite, and what the generator noted.

The same case and heading print the same text, byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shinpan.adapters import cards
from shinpan.adapters.cards import CardRegistry
from shinpan.errors import RenderError
from shinpan.running.cases import Case, Check, Fault, Move
from shinpan.running.checks import CheckForm
from shinpan.steps.printer import canonical, phrases, setup
from shinpan.suite import step_library
from shinpan.suite.tags import GENERATED_ID_PREFIX

KEYWORDS = {"given": "前提", "when": "もし", "then": "ならば"}
SCENARIO_LINE = re.compile(r"^  シナリオ: (?P<name>.+)$", re.MULTILINE)
ID_TAG = re.compile(r"@id:(?P<id>\S+)")
STEP_KEYWORDS = ("前提", "もし", "ならば", "かつ", "しかし", "但し", "ただし", "*")


@dataclass(frozen=True)
class Heading:
    """What a printed scenario says besides its steps: its name, the seed that generated it, the rules and sources it
    is about (at least one), the changes it holds from / until and the mechanics it requires (besides the case's
    own), and the triage notes for the person who confirms it (one line each)."""

    name: str
    seed: int
    rules: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    since: tuple[str, ...] = ()
    until: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


def generated_id(case: Case) -> str:
    """The id of a generated scenario: ``gen-`` and the first 12 hex digits of the digest of its messages."""
    return GENERATED_ID_PREFIX + canonical.digest(case)[:12]


def context(state: Mapping[str, Any], registry: CardRegistry) -> phrases.Context:
    """What the renderers know of a setup: each card's name, owner and zone."""
    owners: dict[str, str] = {}
    zones: dict[str, str] = {}
    for player, view in state["players"].items():
        for zone, held in view.items():
            if zone == "tapped_mana":
                continue
            labels = [label for obj in held for label in obj["cards"]] if zone == "battle" else held
            for label in labels:
                owners[label] = player
                zones[label] = zone
    return phrases.Context(names=dict(state["cards"]), owners=owners, zones=zones, registry=registry)


def steps(case: Case, registry: CardRegistry | None = None) -> list[tuple[str, str]]:
    """The case's steps as (given / when / then, phrase), in order (cards named as ``registry`` knows them: the
    suite's ``features/cards.yaml`` by default)."""
    step_library.load()  # the step modules register their renderers when imported
    state = case.setup.state
    known = context(state, registry or cards.load())
    found = [("given", phrases.render_fragment(fragment, known)) for fragment in setup.fragments(state)]
    pending: list[CheckForm] = []  # checks in a row, said by as few phrases as can say them
    for step, item in [*case.items(), (None, None)]:
        if isinstance(item, Fault):
            raise RenderError(f"the case fails to compile at {step.describe() if step else 'a step'}: {item.message}")
        if isinstance(item, Check):
            pending.append(item.check)
            continue
        while pending:
            text, said = phrases.render_checks(pending, known)
            found.append(("then", text))
            del pending[:said]
        if isinstance(item, Move):
            found.extend(("when", phrases.render_choice(choice, known)) for choice in item.choices)
            found.append(("when", phrases.render_action(item.action, item.attempt, known)))
    return found


def print_scenario(case: Case, heading: Heading, registry: CardRegistry | None = None) -> str:
    """The scenario, indented for a feature file, ending with a newline (cards named as ``registry`` knows them: the
    suite's ``features/cards.yaml`` by default)."""
    if not heading.rules and not heading.sources:
        raise RenderError("a printed scenario cites a @rule or a @source: the heading names neither")
    if "\n" in heading.name or not heading.name.strip():
        raise RenderError(f"a scenario's name is one line of text, not {heading.name!r}")
    lines = [f"  # 要確認: 自動生成(シード {heading.seed})。{_to_confirm(heading)}に照らして確かめてから、"
             "手で書いたシナリオとして加えること。"]
    lines.extend(f"  # {note}" for note in _one_line_each(heading.notes))
    lines.append("  " + " ".join(_tags(case, heading)))
    lines.append(f"  シナリオ: {heading.name.strip()}")
    lines.extend(f"    {keyword} {text}" for keyword, text in _keywords(steps(case, registry)))
    return "\n".join(lines) + "\n"


def print_feature(scenarios: Sequence[str], *, topic: str, title: str, description: Sequence[str] = ()) -> str:
    """A feature file (``# language: ja``, ``@topic:``) holding the printed scenarios. A scenario whose name an
    earlier one has (two findings of one property) gets its id after its name: names are unique in a file."""
    for line in [title, *description]:
        if line.lstrip().startswith(STEP_KEYWORDS) or "\n" in line:
            raise RenderError(f"a feature's title or description line is one line not starting with a step keyword: "
                              f"{line!r}")
    head = ["# language: ja", f"@topic:{topic}", f"機能: {title}", *(f"  {line}" for line in description)]
    return "\n".join(head) + "\n" + "".join("\n" + scenario for scenario in _named_apart(scenarios))


def _named_apart(scenarios: Sequence[str]) -> Iterator[str]:
    seen: set[str] = set()
    for scenario in scenarios:
        named = SCENARIO_LINE.search(scenario)
        if named is not None and named["name"] in seen:
            identity = ID_TAG.search(scenario)
            suffix = f"({identity['id']})" if identity is not None else f"({len(seen) + 1})"
            scenario = scenario[:named.end("name")] + suffix + scenario[named.end("name"):]
        if named is not None:
            seen.add(named["name"])
        yield scenario


def _to_confirm(heading: Heading) -> str:
    cited = [*(f"規則 {rule}" for rule in heading.rules), *(f"出典 {source}" for source in heading.sources)]
    return "・".join(cited)


def _one_line_each(notes: Sequence[str]) -> Iterator[str]:
    for note in notes:
        yield from (line.strip() for line in note.splitlines() if line.strip())


def _tags(case: Case, heading: Heading) -> list[str]:
    def each(name: str, *values: tuple[str, ...]) -> list[str]:
        return [f"@{name}:{value}" for value in dict.fromkeys(v for group in values for v in group)]

    return [f"@id:{generated_id(case)}", f"@generated:{heading.seed}", *each("rule", heading.rules),
            *each("source", heading.sources), *each("since", case.since, heading.since),
            *each("until", case.until, heading.until), *each("requires", case.mechanics, heading.requires)]


def _keywords(found: Sequence[tuple[str, str]]) -> Iterator[tuple[str, str]]:
    previous = None
    for family, text in found:
        yield ("かつ" if family == previous else KEYWORDS[family]), text
        previous = family

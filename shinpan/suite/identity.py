"""A scenario's identity (識別子): what makes one result per scenario, and file names that cannot go astray.

Every command that reads the suite refuses (bad input, exit status 4, ``path:line: message``), as
``shinpan lint`` reports:

- a tag outside the registry (:mod:`shinpan.suite.tags`);
- an ``@id`` or ``@topic`` outside :data:`NAME` — lower-case ASCII letters, digits, ``-`` and ``_``, starting
  with a letter or a digit, at most :data:`LONGEST` characters — since pages and transcripts are named
  after them;
- an id used by two scenarios (in one file or two): each would overwrite the other's result.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from shinpan import paths
from shinpan.adapters.errors import SuiteError
from shinpan.suite.tags import REGISTRY, TagValues

LONGEST = 80
"""The longest id or topic."""
NAME = re.compile(rf"[a-z0-9][a-z0-9_-]{{0,{LONGEST - 1}}}")
"""The character set of ids and topics (CONTRIBUTING.md)."""
RULE = ("lower-case ASCII letters, digits, '-' and '_', starting with a letter or digit, at most "
        f"{LONGEST} characters")


class Case(Protocol):
    """What identity needs of a case (:class:`shinpan.suite.scenarios.Case`)."""

    @property
    def id(self) -> str: ...
    @property
    def path(self) -> Path: ...
    @property
    def line(self) -> int: ...
    @property
    def scenario_line(self) -> int: ...
    @property
    def row(self) -> int | None: ...
    @property
    def values(self) -> TagValues: ...


@dataclass(frozen=True)
class Problem:
    """One problem of identity, where it is."""

    path: Path
    line: int
    message: str


def problems(cases: Iterable[Case], show: Callable[[Path], str] | None = None) -> Iterator[Problem]:
    """Every problem of identity among ``cases`` (read in order: an id is reported where it repeats, naming the
    first place, as ``show`` writes a path: by default relative to the suite's folder)."""
    place = show or _relative
    seen: dict[str, tuple[Path, int]] = {}
    repeated: set[str] = set()
    named: set[tuple[Path, str]] = set()
    for case in cases:
        if case.row in (None, 0):  # an outline's tags once, at its first row
            yield from _tag_problems(case, named)
        if not case.values.id:
            continue
        earlier = seen.setdefault(case.id, (case.path, case.line))
        if earlier != (case.path, case.line) and case.id not in repeated:
            repeated.add(case.id)
            yield Problem(case.path, case.line, f"@id {case.id} is already used at {place(earlier[0])}:{earlier[1]}")


def _tag_problems(case: Case, named: set[tuple[Path, str]]) -> Iterator[Problem]:
    values = case.values
    line = case.scenario_line
    for tag in values.unknown:
        yield Problem(case.path, line, f"tag {tag} is not in the tag registry ({', '.join(REGISTRY)}, each as "
                                       "@name:value)")
    for kind, value in [*(("id", v) for v in values.id), *(("topic", v) for v in values.topic)]:
        if not NAME.fullmatch(value) and (case.path, f"{kind}:{value}") not in named:
            named.add((case.path, f"{kind}:{value}"))
            yield Problem(case.path, line, f"@{kind}:{value}: {'an id' if kind == 'id' else 'a topic'} is {RULE}")


def _relative(path: Path) -> str:
    return paths.relative(path)


def require(cases: Iterable[Case]) -> None:
    """:class:`~shinpan.adapters.errors.SuiteError` for the first problem of identity among ``cases``."""
    for problem in problems(cases):
        raise SuiteError(problem.path, problem.line, problem.message)

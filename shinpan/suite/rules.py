"""The rule registry (総合ゲームルールの項目), ``features/rules.yaml``: every rule number an ``@rule:`` tag
cites, with a short title and the rulebook versions in which the number exists with one meaning.

A number can change meaning between versions (603.5d was the シールド・フォース rule in Ver.1.18 and is the
self-leave rule in Ver.1.48). Each :class:`RuleVersion` is a window bounded by change ids of
``features/rulesets.yaml``: it holds from just after ``start`` took effect until ``end`` took effect (``None``:
no bound known). A scenario may cite a number only where it exists: some version can hold in every state of the
rules in which the scenario asserts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from shinpan.adapters import registries
from shinpan.adapters.errors import ShinpanError
from shinpan.adapters.locations import SuiteFolders
from shinpan.suite import rulesets

MISSING = "the rule registry is missing: every @rule: must resolve to an entry here"


@dataclass(frozen=True)
class RuleVersion:
    """One meaning of a number: from just after change ``start`` until change ``end`` (ids; ``None``: unbounded)."""

    start: str | None
    end: str | None
    meaning: str

    def window(self) -> str:
        """The window in words, e.g. ``2021-03-16 → (now)``."""
        return f"{self.start or '(first known)'} → {self.end or '(now)'}"


@dataclass(frozen=True)
class Rule:
    """One rule number, its title, its versions and the line of its entry."""

    number: str
    title: str
    versions: tuple[RuleVersion, ...]
    line: int | None = None


@dataclass(frozen=True)
class Rules:
    """Every rule the suite cites, by number."""

    items: tuple[Rule, ...]
    path: Path

    def get(self, number: str) -> Rule | None:
        """The rule ``number``, or ``None``."""
        return next((rule for rule in self.items if rule.number == number), None)

    def __contains__(self, number: object) -> bool:
        return any(rule.number == number for rule in self.items)

    def with_prefix(self, prefix: str) -> tuple[Rule, ...]:
        """The rule ``prefix`` and its sub-rules (``801.4`` gives 801.4, 801.4a, … but not 801.40)."""
        return tuple(rule for rule in self.items if rule.number == prefix
                     or (rule.number.startswith(prefix) and _sub_rule_mark(rule.number[len(prefix)])))

    def matching(self, prefix: str) -> tuple[Rule, ...]:
        """As :meth:`with_prefix`, but a prefix that names no rule is a :class:`ShinpanError` (bad input)."""
        found = self.with_prefix(prefix)
        if not found:
            raise ShinpanError(f"rule {prefix!r} is not in {self.path.name} (a number like 801.4 or 801.4a)")
        return found


def _sub_rule_mark(char: str) -> bool:
    """Whether ``char``, right after a prefix, starts a sub-rule (801.4 → 801.4a; 801 → 801.4)."""
    return char.isalpha() or char == "."


def certainly_outside(version: RuleVersion, since: Iterable[str], until: Iterable[str],
                      changes: rulesets.Changes) -> bool:
    """Whether ``version`` certainly does not overlap the window ``@since``/``@until`` (ids of known changes)."""
    if version.end is not None and any(changes.ends_before(version.end, start) for start in since):
        return True
    return version.start is not None and any(changes.ends_before(end, version.start) for end in until)


def missing_states(rule: Rule, since: Sequence[str], until: Sequence[str],
                   changes: rulesets.Changes) -> tuple[str, ...]:
    """The states of the matrix (:meth:`shinpan.suite.rulesets.Changes.states`) in which a scenario with this window
    asserts while no version of ``rule`` can hold: the number is cited where it certainly does not exist."""
    def holds(state: rulesets.RulesState, start: Sequence[str], end: Sequence[str]) -> bool:
        return state.verdict(start, end, changes).status != "NOT_APPLICABLE"

    return tuple(state.label for state in changes.states()
                 if state.verdict(since, until, changes).status is None
                 and not any(holds(state, _ids(v.start), _ids(v.end)) for v in rule.versions))


def meanings(rule: Rule, since: Sequence[str], until: Sequence[str],
             changes: rulesets.Changes) -> dict[RuleVersion, tuple[str, ...]]:
    """Each version of ``rule`` that can hold in a state of the matrix where a scenario with this window asserts, with
    those states. More than one means the citation is ambiguous there: the number changed meaning inside the window,
    or the day of its change is unknown there (one number, one meaning on every day it is cited)."""
    found: dict[RuleVersion, list[str]] = {}
    for state in changes.states():
        if state.verdict(since, until, changes).status is not None:
            continue
        for version in rule.versions:
            if state.verdict(_ids(version.start), _ids(version.end), changes).status != "NOT_APPLICABLE":
                found.setdefault(version, []).append(state.label)
    return {version: tuple(labels) for version, labels in found.items()}


def _ids(change: str | None) -> tuple[str, ...]:
    return () if change is None else (change,)


def load(suite: Path | SuiteFolders | None = None) -> Rules:
    """The rules of ``suite`` (default: the suite being run): the kit's ``features/rules.yaml``
    with a user suite's laid over it; or, given a path, the one registry file there."""
    files = registries.layered(suite, "rules.yaml")
    return _load(files, registries.versions(files))


@cache
def _load(files: tuple[Path, ...], versions: tuple[tuple[int, int], ...]) -> Rules:
    """The registry over ``files``, once per version of them, each file checked against its schema."""
    found = registries.entries(files, "rules", MISSING)
    return Rules(tuple(Rule(e.id, str(e.data["title"]), _versions(e.data["versions"]), e.line) for e in found),
                 files[-1])


def _versions(raw: list[dict[str, Any]]) -> tuple[RuleVersion, ...]:
    return tuple(RuleVersion(item["from"], item["until"], str(item["meaning"])) for item in raw)

"""The rule registry (総合ゲームルールの項目), ``features/rules.yaml``: every rule number an ``@rule:`` tag
cites, with a short title and the rulebook versions in which the number exists with one meaning.

A number can change meaning between versions (603.5d was the シールド・フォース rule in Ver.1.18 and is the
self-leave rule in Ver.1.48). Each :class:`RuleVersion` is a window bounded by change ids of
``features/rulesets.yaml``: it holds from just after ``start`` took effect until ``end`` took effect (``None``:
no bound known). A scenario may cite a number only where it exists: some version can hold in every state of the
rules in which the scenario asserts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from shinpan import rulesets
from shinpan.adapters import yamlfile
from shinpan.adapters.errors import ShinpanError, SuiteError
from shinpan.adapters.locations import features_dir

NUMBER = re.compile(r"^\d{3}\.\d+[a-zA-Z]?$")


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
    """The states of the matrix (:meth:`shinpan.rulesets.Changes.states`) in which a scenario with this window
    asserts while no version of ``rule`` can hold: the number is cited where it certainly does not exist."""
    def holds(state: rulesets.RulesState, start: Sequence[str], end: Sequence[str]) -> bool:
        return state.verdict(start, end, changes).status != "NOT_APPLICABLE"

    return tuple(state.label for state in changes.states()
                 if state.verdict(since, until, changes).status is None
                 and not any(holds(state, _ids(v.start), _ids(v.end)) for v in rule.versions))


def _ids(change: str | None) -> tuple[str, ...]:
    return () if change is None else (change,)


@cache
def load(path: Path | None = None) -> Rules:
    """Read and check ``features/rules.yaml`` (or ``path``)."""
    path = path or features_dir() / "rules.yaml"
    items: list[Rule] = []
    for entry, line in yamlfile.registry_entries(path, "rules", "rule"):
        if (not isinstance(entry, dict) or not isinstance(entry.get("number"), str)
                or not NUMBER.match(entry["number"]) or not entry.get("title")):
            raise SuiteError(path, line, "each rule must be a mapping with a 'number' (like \"801.4a\", quoted) "
                                         "and a 'title'")
        if entry["number"] in {item.number for item in items}:
            raise SuiteError(path, line, f"rule {entry['number']} appears twice")
        items.append(Rule(entry["number"], str(entry["title"]), _versions(entry.get("versions"), path, line), line))
    return Rules(tuple(items), path)


def _versions(raw: object, path: Path, line: int | None) -> tuple[RuleVersion, ...]:
    expected = "'versions' must be a non-empty list of {from: ID or null, until: ID or null, meaning: text}"
    if not isinstance(raw, list) or not raw:
        raise SuiteError(path, line, expected)
    versions: list[RuleVersion] = []
    for item in raw:
        where = yamlfile.line_of(item) or line
        if (not isinstance(item, dict) or set(item) != {"from", "until", "meaning"} or not item["meaning"]
                or any(item[key] is not None and not isinstance(item[key], str) for key in ("from", "until"))):
            raise SuiteError(path, where, expected)
        versions.append(RuleVersion(item["from"], item["until"], str(item["meaning"])))
    return tuple(versions)

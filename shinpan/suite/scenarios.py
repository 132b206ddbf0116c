"""The suite as data: feature files parsed with gherkin-official into executable cases.

A *case* is one runnable scenario: a plain scenario, or one row of a scenario outline (its id is
the outline's ``@id`` plus ``#<row number>``). Cases carry every tag they inherit (feature, rule,
examples) and their steps with line numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from gherkin.errors import CompositeParserException, ParserException
from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler

from shinpan.adapters.errors import SuiteError
from shinpan.adapters.locations import current
from shinpan.suite import identity
from shinpan.suite.tags import TagValues, read_tags


@dataclass(frozen=True)
class Step:
    """One step as written (after outline substitution)."""

    keyword: str
    kind: str
    """Context (前提), Action (もし) or Outcome (ならば); And/But take the kind before them."""
    text: str
    line: int

    @property
    def type(self) -> str | None:
        """The kind as step definitions name it: ``given``, ``when`` or ``then``."""
        return STEP_TYPES.get(self.kind)


STEP_TYPES = {"Context": "given", "Action": "when", "Outcome": "then"}


@dataclass(frozen=True)
class Case:
    """One executable scenario."""

    id: str
    path: Path
    name: str
    line: int
    """The line of the scenario (for an outline row: the row)."""
    scenario_line: int
    row: int | None
    """For an outline: the 0-based index of the row among all its examples."""
    tags: tuple[str, ...]
    steps: tuple[Step, ...]

    @cached_property
    def values(self) -> TagValues:
        """The case's tags by kind (read once)."""
        return read_tags(self.tags)

    @property
    def topic(self) -> str:
        """The ``@topic`` tag, or the folder under ``features/``."""
        topics = self.values.topic
        return topics[0] if topics else self.path.parent.name


@dataclass(frozen=True)
class FeatureFile:
    """A parsed feature file: its cases and its raw gherkin document."""

    path: Path
    name: str
    tags: tuple[str, ...]
    cases: tuple[Case, ...]
    document: dict[str, Any]


def parse_feature(path: Path) -> FeatureFile:
    """Parse one feature file. Problems that stop parsing raise :class:`SuiteError` with the line."""
    raw = path.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):
        raise SuiteError(path, 1, "starts with a UTF-8 BOM, which the Gherkin parser rejects: save without BOM")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SuiteError(path, None, f"not UTF-8: {error}") from None
    try:
        document: dict[str, Any] = dict(Parser().parse(text))
    except CompositeParserException as error:
        first = error.errors[0]
        raise SuiteError(path, _line(first), f"Gherkin syntax: {_message(first)}") from None
    except ParserException as error:
        raise SuiteError(path, _line(error), f"Gherkin syntax: {_message(error)}") from None
    feature = document.get("feature")
    if feature is None:
        raise SuiteError(path, 1, "no 機能: (Feature) in the file")
    document["uri"] = str(path)
    return FeatureFile(
        path=path,
        name=feature["name"],
        tags=tuple(t["name"] for t in feature["tags"]),
        cases=tuple(_cases(path, document)),
        document=document,
    )


def _cases(path: Path, document: dict[str, Any]) -> list[Case]:
    nodes = ast_nodes(document["feature"])
    cases = []
    rows: dict[str, int] = {}
    for pickle in Compiler().compile(document):  # type: ignore[arg-type]
        scenario = nodes[pickle["astNodeIds"][0]]
        tags = tuple(t["name"] for t in pickle["tags"])
        ids = read_tags(tags).id
        base = ids[0] if ids else f"(no id: line {scenario['location']['line']})"
        row: int | None = None
        if len(pickle["astNodeIds"]) > 1:
            row = rows.get(scenario["id"], 0)
            rows[scenario["id"]] = row + 1
        steps = []
        kind = "Context"
        for step in pickle["steps"]:
            node = nodes[step["astNodeIds"][0]]
            kind = step.get("type", kind) if step.get("type") != "Unknown" else kind
            steps.append(Step(node["keyword"].strip(), kind, step["text"], node["location"]["line"]))
        cases.append(Case(
            id=base if row is None else f"{base}#{row + 1}",
            path=path,
            name=pickle["name"],
            line=pickle["location"]["line"],
            scenario_line=scenario["location"]["line"],
            row=row,
            tags=tags,
            steps=tuple(steps),
        ))
    return cases


def ast_nodes(node: Any, found: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every node of a gherkin document (or of a part of one) that has an id, by id (scenarios, steps, rows)."""
    found = {} if found is None else found
    if isinstance(node, dict):
        if "id" in node and isinstance(node["id"], str):
            found[node["id"]] = node
        for value in node.values():
            ast_nodes(value, found)
    elif isinstance(node, list):
        for value in node:
            ast_nodes(value, found)
    return found


def _line(error: Any) -> int | None:
    location = getattr(error, "location", None)
    return location.get("line") if isinstance(location, dict) else None


def _message(error: Any) -> str:
    text = str(error)
    return text.split(": ", 1)[1] if text.startswith("(") and ": " in text else text


def feature_paths(root: Path | None = None) -> list[Path]:
    """Every ``*.feature`` under ``root`` (default: the suite being run — the kit's ``features/``, or a user
    suite), sorted."""
    return sorted((root or current().own).rglob("*.feature"))


def cases(root: Path | None = None) -> list[Case]:
    """Every case of every feature file under ``root`` (default: the suite being run), file by file; a problem of
    identity (an unknown tag, an id outside the character set or used twice: :mod:`shinpan.suite.identity`) is a
    :class:`SuiteError`, as for every command that reads the suite."""
    found = [case for path in feature_paths(root) for case in feature(path).cases]
    identity.require(found)
    return found


@cache
def load_feature(path: Path, mtime_ns: int) -> FeatureFile:
    """:func:`parse_feature`, cached per file version."""
    return parse_feature(path)


def feature(path: Path) -> FeatureFile:
    """The parsed feature at ``path`` (cached while the file is unchanged)."""
    return load_feature(path.resolve(), path.stat().st_mtime_ns)

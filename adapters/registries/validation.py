"""A registry file checked against its JSON Schema, each problem named by the line of the YAML node at fault.

Two validators read the same schema, as for the contract's messages (:mod:`shinpan.adapters.schemas`):
``jsonschema-rs`` says in milliseconds whether a file is valid, and only a file that is not is read again by
``jsonschema``, whose errors name the path to the value at fault (``cards/12/abilities/0``). That path is walked
through the file's YAML nodes to the line where the value (or, for a key that is not allowed, the key) is written.

A schema may give a node an ``errorMessage`` (the keyword editors' YAML and JSON language servers show in place of
their own words): the kit shows it too, after the validator's own words where those name a key.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Final

import jsonschema_rs
import yaml

if TYPE_CHECKING:  # jsonschema is imported when a file is invalid, not at every start of the kit
    from jsonschema import Draft202012Validator, ValidationError

NAMES: Final = ("cards", "sources", "rules", "rulesets")
"""The registries that have a schema: ``schema/<name>.json`` describes ``<name>.yaml``."""

KEEP_OWN_WORDS: Final = frozenset({"required", "additionalProperties"})
"""Validators whose own message names the key at fault: an ``errorMessage`` is added to it, not put in its place."""


@dataclass(frozen=True)
class Problem:
    """One way a registry file breaks its schema: the line of the value at fault (1 for the file as a whole),
    the path to that value in the file (``("cards", 12, "abilities", 0)``), and what was expected."""

    line: int
    path: tuple[str | int, ...]
    message: str


@cache
def schema(name: str) -> dict[str, Any]:
    """The parsed schema of the registry ``name`` (``cards``), from the package data."""
    text = resources.files(__package__).joinpath("schema", f"{name}.json").read_text(encoding="utf-8")
    parsed: dict[str, Any] = json.loads(text)
    return parsed


@cache
def _fast(name: str) -> jsonschema_rs.Validator:
    return jsonschema_rs.validator_for(schema(name))


@cache
def _full(name: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema(name))


def problems(name: str, data: Any, text: str) -> list[Problem]:
    """Every way ``data`` (read from ``text``) breaks the schema of registry ``name``, in the order of the file."""
    document = as_json(data)
    if _fast(name).is_valid(document):
        return []
    root = _compose(text)
    found = {_problem(error, root) for error in _leaves(_full(name).iter_errors(document))}
    return sorted(found, key=lambda p: (p.line, where(p.path), p.message))


def as_json(value: Any) -> Any:
    """The YAML value as JSON sees it: a day (YAML reads ``2021-03-16`` as a date) as its ISO text."""
    if isinstance(value, Mapping):
        return {str(key): as_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [as_json(item) for item in value]
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


def _leaves(errors: Iterator[ValidationError]) -> Iterator[ValidationError]:
    """The errors worth showing: of an ``anyOf``/``oneOf`` that none of its branches met, the branch error that
    went deepest into the value (it names the field at fault), unless
    the node gives an ``errorMessage`` of its own; of branches as deep, one meant for a value of its type)."""
    for error in errors:
        while error.context and _own_words(error) is None:
            error = max(error.context, key=lambda branch: (len(branch.absolute_path), _fits(branch)))
        yield error


def _fits(error: ValidationError) -> bool:
    """Whether the value is of the type the failing schema asks for (a branch meant for values like it)."""
    from jsonschema import Draft202012Validator

    wanted = error.schema.get("type") if isinstance(error.schema, Mapping) else None
    types = [wanted] if isinstance(wanted, str) else wanted if isinstance(wanted, list) else []
    return any(Draft202012Validator.TYPE_CHECKER.is_type(error.instance, kind) for kind in types)


def _problem(error: ValidationError, root: yaml.Node | None) -> Problem:
    path = list(error.absolute_path)
    key = _extra_key(error)
    line = _line(root, [*path, key] if key is not None else path, key is not None) or 1
    own = _own_words(error)
    if own is None:
        message = error.message
    elif error.validator in KEEP_OWN_WORDS:
        message = f"{error.message}: {own}"
    else:
        message = own
    return Problem(line, tuple(path), message)


def _own_words(error: ValidationError) -> str | None:
    """The ``errorMessage`` the schema gives the node that failed, if any."""
    node = error.schema
    return str(node["errorMessage"]) if isinstance(node, Mapping) and "errorMessage" in node else None


def _extra_key(error: ValidationError) -> str | None:
    """For a key the schema does not allow, the first such key (its line is the one to show)."""
    if error.validator != "additionalProperties" or not isinstance(error.instance, Mapping):
        return None
    allowed = error.schema.get("properties", {}) if isinstance(error.schema, Mapping) else {}
    return next((str(k) for k in error.instance if k not in allowed), None)


def where(path: Sequence[str | int]) -> str:
    """``cards[12].abilities[0]``: a path into the file, as one would write it."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _compose(text: str) -> yaml.Node | None:
    """The file's YAML node tree (positions only; the file was already read safely once)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        node: yaml.Node | None = yaml.compose(text, Loader=loader)
    except yaml.YAMLError:
        return None
    return node


def _line(node: yaml.Node | None, path: Sequence[str | int], at_key: bool) -> int | None:
    """The 1-based line of the node at ``path`` (of the key itself, ``at_key``, for the path's last part); as deep
    as the path can be followed."""
    if node is None:
        return None
    line = node.start_mark.line + 1
    for index, part in enumerate(path):
        child = _child(node, part, at_key and index == len(path) - 1)
        if child is None:
            break
        node, line = child, child.start_mark.line + 1
    return line


def _child(node: yaml.Node, part: str | int, key: bool) -> yaml.Node | None:
    if isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
        found: yaml.Node = node.value[part]
        return found
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == str(part):
                chosen: yaml.Node = key_node if key else value_node
                return chosen
    return None

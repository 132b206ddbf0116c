"""Load the contract's JSON Schemas (package data) and validate messages against them.

Two validators read the same schemas: ``jsonschema-rs`` answers whether a message is valid (in microseconds,
so that every request the kit sends can be checked), and ``jsonschema`` says what is wrong with one that is
not (its messages name the field). A kit test checks that they agree.
"""

from __future__ import annotations

import json
import marshal
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Final

import jsonschema_rs

if TYPE_CHECKING:  # jsonschema is imported when a message is invalid, not at every start of the kit
    from jsonschema import Draft202012Validator
    from referencing import Registry

SCHEMA_FILES: Final = ("common.json", "setup.json", "action.json", "observation.json", "messages.json", "report.json",
                        "cases.json", "explore-report.json", "vocabulary.json", "certificate.json")
BASE: Final = "https://shinpan.invalid/schema/"
DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"


@cache
def load(name: str) -> dict[str, Any]:
    """The parsed schema file ``name`` (e.g. ``messages.json``)."""
    text = resources.files("shinpan.adapters").joinpath("schema", name).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def registry() -> Registry:
    """A registry holding every schema file under its ``$id``, so that relative refs resolve."""
    from referencing import Registry, Resource

    resources_ = [(BASE + name, Resource.from_contents(load(name))) for name in SCHEMA_FILES]
    return Registry().with_resources(resources_)


def protocol_version() -> int:
    """The contract's protocol version, as the schema states it."""
    return int(load("messages.json")["protocol"])


def _ref(definition: str) -> str:
    return BASE + definition if ".json" in definition else f"{BASE}messages.json#/$defs/{definition}"


@cache
def validator(definition: str) -> Draft202012Validator:
    """A validator for ``messages.json#/$defs/<definition>``, or for a schema file (``report.json``, or a
    part of one: ``report.json#/$defs/header``) given by name."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator({"$ref": _ref(definition)}, registry=registry())


@cache
def fast_validator(definition: str) -> jsonschema_rs.Validator:
    """The same schema as :func:`validator`, compiled by ``jsonschema-rs``: says only whether a message is valid."""
    rs_registry = jsonschema_rs.Registry([(BASE + name, load(name)) for name in SCHEMA_FILES])
    return jsonschema_rs.validator_for({"$schema": DRAFT, "$ref": _ref(definition)}, registry=rs_registry)


def problems(definition: str, message: Mapping[str, Any]) -> list[str]:
    """Every way ``message`` breaks the schema ``definition``, as ``path: reason`` lines (empty if valid). A string
    holding a lone surrogate (JSON's ``"\\ud800"``: no UTF-8 text can hold it) is one of them.

    A message whose exact content was found valid against ``definition`` before (a case's requests, sent again
    under each state of the matrix; the same observation) is known valid without a second walk (:data:`_VALID`)."""
    written = _marshalled(message)
    if written is not None and (definition, written) in _VALID:
        return []
    lines = [f"{path}: a string holding a lone surrogate (\\ud800-\\udfff): not valid Unicode"
             for path in (_surrogates(message) if written is None or SURROGATE_BYTES.search(written) else ())]
    if not lines and fast_validator(definition).is_valid(message):  # jsonschema-rs takes no lone surrogate
        if written is not None:
            if len(_VALID) >= VALID_KEPT:
                _VALID.clear()
            _VALID.add((definition, written))
        return []
    errors = sorted(validator(definition).iter_errors(message), key=lambda e: list(e.absolute_path))
    for error in errors:
        path = "/".join(str(p) for p in error.absolute_path) or "(root)"
        lines.append(f"{path}: {_best(error).message}")
    return lines


SURROGATE = re.compile("[\ud800-\udfff]")


def _marshalled(message: Any) -> bytes | None:
    """``message`` written by :mod:`marshal` (``None`` for a value it does not take: a ``Mapping`` that is not a
    ``dict``). In C, five times faster than JSON encoding, and two messages written alike are equal: the bytes read
    back as the message (a bool stays a bool, 1.0 a float), so they serve as the key of :data:`_VALID`.

    They also tell whether the message may hold a lone surrogate: marshal writes every string (keys too) in UTF-8
    with ``surrogatepass``, and only a surrogate encodes as ``ED A0``–``ED BF``; a chance match in the other bytes
    (a length, a number), or no bytes, leaves the decision to the walk of :func:`_surrogates`."""
    try:
        return marshal.dumps(message)
    except (ValueError, TypeError, RecursionError):
        return None


_VALID: set[tuple[str, bytes]] = set()
"""(definition, marshalled message) of the messages found valid, up to :data:`VALID_KEPT` (then it starts again)."""
VALID_KEPT: Final = 10_000


SURROGATE_BYTES = re.compile(rb"\xed[\xa0-\xbf]")


def _surrogates(value: Any, path: str = "") -> list[str]:
    """The paths of the strings (keys included) in ``value`` that hold a lone surrogate."""
    if isinstance(value, str):
        return [path or "(root)"] if SURROGATE.search(value) else []
    if isinstance(value, Mapping):
        found = [f"{path}/{key}".lstrip("/") + " (a key)" for key in value if _surrogates(key)]
        return found + [p for key, item in value.items() for p in _surrogates(item, f"{path}/{key}".lstrip("/"))]
    if isinstance(value, list):
        return [p for index, item in enumerate(value) for p in _surrogates(item, f"{path}/{index}".lstrip("/"))]
    return []


def _best(error: Any) -> Any:
    """The most specific sub-error of a oneOf failure, which names the field that is wrong."""
    from jsonschema.exceptions import best_match

    return best_match([error, *error.context]) if error.context else error

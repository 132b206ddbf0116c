"""Safe YAML loading that remembers the line of every mapping, for error messages.

Only plain YAML is read: the safe loader (no ``!!python/…`` tag makes an object, nothing runs), no
aliases (``*name``: the suite's registries never need them, and they are how a small file expands to a
huge one, a "YAML bomb"), and a value YAML reads as a date must be a real day (2021-02-30 is an error
naming its line, not a crash).
"""

from __future__ import annotations

import stat
from pathlib import Path
from typing import Any

import yaml

from shinpan.adapters.errors import SuiteError


class LineDict(dict[str, Any]):
    """A mapping read from YAML, with the 1-based line where it starts."""

    line: int = 0


# libyaml's parser when PyYAML was built with it (same safe constructors, same line marks), else the Python one
_Base: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_Base):  # type: ignore[valid-type,misc]
    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        """Build the value of ``node``; a node met a second time was reached through an alias."""
        if node in self.constructed_objects:
            raise yaml.constructor.ConstructorError(
                None, None, f"the value at line {node.start_mark.line + 1} is used again through an alias "
                "(*name); aliases are not allowed here (write the value out)", node.start_mark)
        return super().construct_object(node, deep)


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    mapping = LineDict({str(k): v for k, v in loader.construct_mapping(node, deep=True).items()})
    mapping.line = node.start_mark.line + 1
    return mapping


def _construct_timestamp(loader: _Loader, node: yaml.ScalarNode) -> Any:
    try:
        return loader.construct_yaml_timestamp(node)
    except ValueError as error:
        raise yaml.constructor.ConstructorError(None, None, f"{node.value} is not a real date ({error})",
                                                node.start_mark) from None


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)


def load(path: Path) -> Any:
    """Parse ``path`` with safe YAML (no code execution); a syntax error becomes a :class:`SuiteError`."""
    return parse(path, read_text(path))


def read_text(path: Path) -> str:
    """The text of ``path``; a file that cannot be read, is not a regular file (a folder, a pipe: never opened,
    so never waited on), or is not UTF-8, is a :class:`SuiteError`."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise SuiteError(path, None, "not a regular file (a folder, a pipe or a device): a registry is a YAML file")
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise SuiteError(path, None, f"cannot read: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise SuiteError(path, None, f"not UTF-8 text ({error.reason} at byte {error.start})") from None


def parse(path: Path, text: str) -> Any:
    """Parse ``text`` (read from ``path``) with safe YAML; a syntax error becomes a :class:`SuiteError`."""
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        line = error.problem_mark.line + 1 if error.problem_mark else None
        raise SuiteError(path, line, f"not valid YAML: {error.problem}") from None
    except yaml.YAMLError as error:  # e.g. a byte no YAML stream may hold
        raise SuiteError(path, None, f"not valid YAML: {error}") from None


def line_of(value: object) -> int | None:
    """The line a mapping started on, if it came from :func:`load`."""
    return value.line if isinstance(value, LineDict) else None

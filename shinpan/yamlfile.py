"""Safe YAML loading that remembers the line of every mapping, for error messages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from shinpan.errors import SuiteError


class LineDict(dict[str, Any]):
    """A mapping read from YAML, with the 1-based line where it starts."""

    line: int = 0


# libyaml's parser when PyYAML was built with it (same safe constructors, same line marks), else the Python one
_Base: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_Base):  # type: ignore[valid-type,misc]
    pass


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    mapping = LineDict({str(k): v for k, v in loader.construct_mapping(node, deep=True).items()})
    mapping.line = node.start_mark.line + 1
    return mapping


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load(path: Path) -> Any:
    """Parse ``path`` with safe YAML (no code execution); a syntax error becomes a :class:`SuiteError`."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise SuiteError(path, None, f"cannot read: {error.strerror}") from None
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        line = error.problem_mark.line + 1 if error.problem_mark else None
        raise SuiteError(path, line, f"not valid YAML: {error.problem}") from None


def line_of(value: object) -> int | None:
    """The line a mapping started on, if it came from :func:`load`."""
    return value.line if isinstance(value, LineDict) else None

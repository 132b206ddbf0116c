"""Messages parsed once (覚えた解析): a run sends the same starting state and the same moves again and again (the
matrix plays each scenario under every rules state), and a parsed message is a frozen value, so it is parsed once.

The key is the message written by :mod:`marshal` (in C, cheap): two messages written alike are equal (a bool stays a
bool, 1.0 a float), so a message changed in any way is parsed anew. A message that is not plain dicts and lists (a
``Mapping`` of another kind) is parsed each time; a message that does not parse raises, and nothing is kept.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Mapping
from typing import Any, Final, Generic, TypeVar

T = TypeVar("T")

KEPT: Final = 1_000
"""How many parsed messages each parser keeps (then it starts again)."""


class Remembered(Generic[T]):
    """One parser's memory: marshalled message -> parsed value."""

    def __init__(self, parse: Callable[[Mapping[str, Any]], T]) -> None:
        self.parse = parse
        self._parsed: dict[bytes, T] = {}

    def __call__(self, message: Mapping[str, Any]) -> T:
        """The parsed ``message`` (the same value as for an equal message before)."""
        try:
            key = marshal.dumps(message)  # type: ignore[arg-type]  # a Mapping that is not a dict raises here
        except (ValueError, TypeError, RecursionError):
            return self.parse(message)
        found = self._parsed.get(key)
        if found is None:
            if len(self._parsed) >= KEPT:
                self._parsed.clear()
            found = self._parsed[key] = self.parse(message)
        return found

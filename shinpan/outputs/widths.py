"""How wide the kit's tables are printed (表の幅): a terminal's width on a terminal, their natural width elsewhere.

A table squeezed to 80 columns in a file or a CI log cuts every heading to two letters; off a terminal nothing has
to fit, so a table is as wide as its contents. ``COLUMNS`` set by the user is a width asked for, and is kept.
"""

from __future__ import annotations

import os
from typing import IO, Final

NATURAL: Final = 10_000
"""A width no table reaches: a table printed this wide has its natural width (rich tables do not expand)."""


def on_a_terminal(stream: IO[str] | None) -> bool:
    """Whether ``stream`` is a terminal."""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):  # closed, or not a real file
        return False


def table_width(stream: IO[str] | None, terminal_width: int) -> int:
    """The width to print tables at on ``stream``: the terminal's (or ``COLUMNS``'s), else :data:`NATURAL`."""
    if os.environ.get("COLUMNS") or on_a_terminal(stream):
        return terminal_width
    return NATURAL


def console_width(stream: IO[str] | None) -> int | None:
    """The width for a rich Console on ``stream``: None (rich finds the terminal's) on a terminal or with
    ``COLUMNS``, else :data:`NATURAL`."""
    return None if os.environ.get("COLUMNS") or on_a_terminal(stream) else NATURAL

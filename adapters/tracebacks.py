"""An engine's traceback (エンジンのトレースバック), kept where its author reads: an exception raised inside an engine
behind a Python adapter — in this process (``py:``) or in a protocol server (``cmd:`` on the SDK) — keeps its file
and line in the ERROR's message, after :data:`MARKER`, shortened to the engine's own frames (the kit's, which
called it, are left out)."""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Final

MARKER: Final = "--- adapter traceback"
"""The line before the engine's traceback in an ERROR's message (the report and the failure text keep what
follows)."""

KIT: Final = Path(__file__).resolve().parent.parent
"""The kit's package folder: frames in it are the kit's, not the engine's."""


def engine_frames(error: BaseException, *, skip: int = 0) -> str:
    """The traceback of ``error`` without its first ``skip`` frames and without the kit's frames (all of them when
    every frame is the kit's: the reference engine's own), ending with the exception's line."""
    frames = traceback.extract_tb(error.__traceback__)[skip:]
    own = [frame for frame in frames if not _in_kit(frame.filename)]
    lines = traceback.format_list(own or frames) + traceback.format_exception_only(error)
    return "".join(lines).rstrip()


def with_traceback(message: str, error: BaseException, *, skip: int = 0) -> str:
    """``message``, then :data:`MARKER` and the engine's frames."""
    return f"{message}\n{MARKER}\n{engine_frames(error, skip=skip)}"


def _in_kit(filename: str) -> bool:
    try:
        return Path(filename).resolve().is_relative_to(KIT)
    except (OSError, ValueError):
        return False

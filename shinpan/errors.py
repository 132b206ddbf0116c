"""Errors about the suite's own input: each names the file, the line (or field) and what was expected."""

from __future__ import annotations

from pathlib import Path


class SuiteError(Exception):
    """Bad suite input. ``str()`` is one line: ``path:line: message``."""

    def __init__(self, path: Path | str, line: int | None, message: str) -> None:
        self.path = Path(path)
        self.line = line
        self.message = message
        where = f"{self.path}:{line}" if line is not None else str(self.path)
        super().__init__(f"{where}: {message}")


class RulesetError(Exception):
    """An unknown ruleset id, or a date the revisions cannot place."""

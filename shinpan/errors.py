"""Errors about input the kit was given: each becomes one line and an exit status (4: bad input).

Every error a user can cause derives from :class:`ShinpanError`; the CLI turns it into one line
(``Error: <message>``) and exit status 4, and the pytest plugin into a usage error (pytest's exit
status 4). Anything else that escapes is a bug in the kit.
"""

from __future__ import annotations

from pathlib import Path

BAD_INPUT = 4
"""The exit status of every command for bad input (pytest's ``USAGE_ERROR``): nothing was run."""


class ShinpanError(Exception):
    """Bad input: ``str()`` is one line saying where (file and line, or option) and what was expected."""

    exit_code = BAD_INPUT


class SuiteError(ShinpanError):
    """Bad suite input. ``str()`` is one line: ``path:line: message``."""

    def __init__(self, path: Path | str, line: int | None, message: str) -> None:
        self.path = Path(path)
        self.line = line
        self.message = message
        where = f"{self.path}:{line}" if line is not None else str(self.path)
        super().__init__(f"{where}: {message}")


class RulesetError(ShinpanError):
    """An unknown ruleset id, or a date the revisions cannot place."""


class ReportError(SuiteError):
    """A file given as a run report (``--report`` of ``shinpan run``) that is not one."""

"""The kit's one error family, beside the contract: every error of ours that a user can meet.

:class:`ShinpanError` is the base. ``str()`` of each is one line saying where (file and line, or option)
and what was expected; ``exit_code`` is the exit status a command ends with when the error reaches it.
The CLI turns every one into ``Error: <line>`` and that status in one place (``shinpan.cli.Shinpan``); the
pytest plugin turns bad input into a usage error (pytest's exit status 4). Anything else that escapes is a
bug in the kit.

The family lives in the contract package (no pytest, no runner) so that every layer of ours can raise and
catch it, importing downward: adapters, protocol servers and replayers written in Python, the kit and the
steps. The kit's own errors (rulesets, reports, expectations files) are in :mod:`shinpan.errors`.

=================== ========== ==========================================================================
error               exit code  meaning
=================== ========== ==========================================================================
ShinpanError        4          bad input: nothing was run
 FileError          4          a file that is not what it should be (``path:line: message``)
  SuiteError        4          a file of the suite (a feature file, ``cards.yaml``, ``rulesets.yaml``…)
 AdapterSpecError   4          an ``--adapter`` that names no adapter, or a plug-in that cannot be loaded
 AdapterError       1          the adapter answered ``error``, broke the contract, or could not be reached
  AdapterCrash      1          its process exited (or could not be started)
  AdapterTimeout    1          it did not answer in time
 ScriptMismatchError 1         it needed a choice the scenario did not script, or left one unused
=================== ========== ==========================================================================

The adapter's errors end one scenario each (ERROR, CRASH, TIMEOUT, SCRIPT_MISMATCH: see
:mod:`shinpan.reports.outcomes`), never the run; their exit code is the run's when a scenario does not pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from shinpan.adapters.text import printable

FAILED = 1
"""The exit status of a command whose subject failed: a scenario did not pass, the adapter is broken."""

BAD_INPUT = 4
"""The exit status of every command for bad input (pytest's ``USAGE_ERROR``): nothing was run."""

INTERRUPTED = 130
"""The exit status of a command interrupted (Ctrl-C, SIGTERM) outside a run of the suite (128 + SIGINT, as a shell
reports it; a run interrupted in its session ends with 2, pytest's ``INTERRUPTED``)."""


class ShinpanError(Exception):
    """An error a user can meet: ``str()`` is one line saying where and what was expected."""

    exit_code: ClassVar[int] = BAD_INPUT

    def one_line(self) -> str:
        """The line a command shows for this error (after ``Error: ``)."""
        return str(self)


class FileError(ShinpanError):
    """A file given to the kit that is not what it should be. ``str()`` is one line: ``path:line: message``."""

    def __init__(self, path: Path | str, line: int | None, message: str) -> None:
        self.path = Path(path)
        self.line = line
        self.message = printable(message, one_line=True)  # it quotes the file: a tag, a name may hold an escape
        where = f"{self.path}:{line}" if line is not None else str(self.path)
        super().__init__(printable(f"{where}: {self.message}", one_line=True))


class SuiteError(FileError):
    """A file of the suite (a feature file, a registry such as ``features/cards.yaml``) that is not what it
    should be."""


class AdapterSpecError(ShinpanError):
    """An ``--adapter`` value that names no adapter, or a plug-in that cannot be loaded. ``str()`` says why;
    ``spec`` is the value, when known."""

    def __init__(self, message: str, spec: str | None = None) -> None:
        super().__init__(message)
        self.spec = spec

    def one_line(self) -> str:
        """``--adapter SPEC: why``."""
        return f"--adapter {self.spec}: {self}" if self.spec is not None else f"--adapter: {self}"


class AdapterError(ShinpanError):
    """The adapter answered ``error``, broke the contract, or the kit could not talk to it."""

    exit_code: ClassVar[int] = FAILED


class AdapterCrash(AdapterError):
    """The adapter's process exited (or could not be started) while the kit waited for an answer."""


class AdapterGaveUp(AdapterCrash):
    """The subprocess adapter crashed or hung more times under one rules state than ``--max-restarts`` allows: it is
    not started again for that state, and each later scenario under it is a CRASH without being played."""


class AdapterTimeout(AdapterError):
    """The adapter did not answer within the scenario's time limit; it was stopped."""


class ScriptMismatchError(ShinpanError):
    """The adapter answered ``script_mismatch`` (a scripted choice left unused, or scripted for the other player)
    or ``choice_needed``: its engine needed a choice the scenario did not script. ``choice`` is that question as
    data (``messages.json#/$defs/choice_needed``), for a caller that can answer it."""

    exit_code: ClassVar[int] = FAILED

    def __init__(self, message: str, choice: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.choice = choice

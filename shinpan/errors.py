"""The kit's own errors, on the family's base :class:`~shinpan.adapters.errors.ShinpanError`.

The base, the errors of files of the suite and those of the adapter side live beside the contract
(:mod:`shinpan.adapters.errors`), where every layer can import them. All of these are bad input: one line
and exit status 4 (``BAD_INPUT``), from every command.
"""

from __future__ import annotations

from shinpan.adapters.errors import FileError, ShinpanError


class RulesetError(ShinpanError):
    """An unknown ruleset id or change, or a date the revisions cannot place."""


class ReportError(FileError):
    """A file given as a run report (``shinpan run --report``) that is not one, or cannot be read."""


class ExpectationsError(ShinpanError):
    """An expectations file that cannot be read: names the file and the entry."""


class OutputError(ShinpanError):
    """An output the command cannot write as asked: it would overwrite an input or another output, it lies in
    the suite's folder, or it is not a file that can be written. Found before anything is written."""


class RenderError(ShinpanError):
    """A contract message that no phrase of the step library says, or that two phrases claim (the scenario
    printer, :func:`shinpan.suite.step_library.printer`, cannot print the case it was given)."""


class ScaffoldError(ShinpanError):
    """``shinpan new-adapter`` cannot write its project: a folder that is not empty, an unknown language."""

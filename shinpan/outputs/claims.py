"""An output never overwrites an input or another output (出力は入力を上書きしない).

A command lists what it reads and what it writes (:class:`Claims`), and :meth:`Claims.check` refuses, before
anything is written, an output that is the same file as an input or as another output (by path after links,
and by identity on the disk, so a hard link counts too), an output inside the suite's folder, or anything
inside a folder that an output owns (``--trace DIR``: every file in it may be a transcript). Streams
(``/dev/null``, ``/dev/stdout``) are never in the way of anything. :func:`writable` finds, without creating
anything, an output that cannot be written (a folder where a file goes, a file on its way, a name too long).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from shinpan.errors import OutputError
from shinpan.outputs.atomic import is_stream


@dataclass(frozen=True)
class Claim:
    """One path a command reads or writes, named as the user gave it (an option, or an argument)."""

    label: str
    path: Path
    given: str
    owns: Callable[[Path], bool] | None = None
    """For a folder an output writes into: whether a path (relative to the folder) is one it may write."""

    def __str__(self) -> str:
        return f"{self.label} {self.given}"

    def same_as(self, other: Claim) -> bool:
        if self.path == other.path:
            return True
        try:
            return os.path.samefile(self.path, other.path)
        except OSError:
            return False

    def holds(self, other: Claim) -> bool:
        """Whether ``other`` lies in this folder where this output may write it."""
        if self.owns is None:
            return False
        try:
            inside = other.path.relative_to(self.path)
        except ValueError:
            return False
        return inside != Path() and self.owns(inside)


def _everything(path: Path) -> bool:
    return True


class Claims:
    """What one command reads and writes; :meth:`check` finds an output in the way of anything else."""

    def __init__(self, *suites: Path) -> None:
        """``suites``: the folders of the suite being run (the kit's, and a user suite's), never written into."""
        self._inputs: list[Claim] = []
        self._outputs: list[Claim] = []
        self._suites = [Path(os.path.realpath(suite)) for suite in suites]

    def reads(self, label: str, path: str | Path | None) -> None:
        """The command reads ``path`` (given as ``label``): no output may replace it."""
        if path is not None and str(path) != "-" and not is_stream(path):
            self._inputs.append(Claim(label, Path(os.path.realpath(path)), str(path)))

    def writes(self, label: str, path: str | Path | None, *, folder: bool = False,
               owns: Callable[[Path], bool] | None = None) -> None:
        """The command writes the file ``path`` (or, with ``folder``, into the folder ``path``: every file in it,
        or those ``owns`` says)."""
        if path is None or str(path) == "-" or is_stream(path):
            return
        self._outputs.append(Claim(label, Path(os.path.realpath(path)), str(path),
                                   (owns or _everything) if folder else None))

    def check(self) -> None:
        """:class:`~shinpan.errors.OutputError` naming the first output in the way of another claim."""
        for index, output in enumerate(self._outputs):
            self._check_place(output)
            for other in [*self._inputs, *self._outputs[:index], *self._outputs[index + 1:]]:
                problem = self._conflict(output, other)
                if problem:
                    raise OutputError(problem)

    def _check_place(self, output: Claim) -> None:
        for suite in self._suites:
            if output.path == suite or suite in output.path.parents:
                raise OutputError(f"{output}: is in the suite's folder ({suite}); the kit never writes there")

    def _conflict(self, output: Claim, other: Claim) -> str | None:
        kind = "the input" if other in self._inputs else "the output"
        if output.same_as(other):
            if other in self._inputs:
                return f"{output}: would overwrite the input {other}; write it elsewhere"
            return f"{output} and {other} name the same file; give each output its own"
        if output.holds(other):
            return f"{other}: is inside the folder of {output}, which the kit writes into; keep {kind} elsewhere"
        return None


def writable(option: str, path: str | None, *, folder: bool = False) -> None:
    """Whether ``path`` (a file, or with ``folder`` a folder) can be written, found without creating anything."""
    if not path:
        return
    if "\0" in path:
        raise OutputError(f"{option} {path!r}: cannot write: a file name never holds a NUL character")
    if is_stream(path):
        return
    target = Path(os.path.abspath(os.path.expanduser(path)))
    try:
        if folder and target.exists() and not target.is_dir():
            raise OutputError(f"{option} {path}: cannot write: it is not a folder")
        if not folder and target.is_dir():
            raise OutputError(f"{option} {path}: cannot write: it is a folder")
        existing = next(p for p in [target, *target.parents] if p.exists())
    except OSError as error:  # a name too long, a loop of links
        raise OutputError(f"{option} {path}: cannot write: {error.strerror or error}") from None
    if existing != target and not existing.is_dir():
        raise OutputError(f"{option} {path}: cannot write: {existing} is not a folder")
    if not os.access(existing, os.W_OK | (os.X_OK if existing.is_dir() else 0)):
        raise OutputError(f"{option} {path}: cannot write: permission denied")

"""Write a file whole or not at all (原子的な書き込み).

The text goes to a temporary file in the target's folder (``.<name>.<random>.partial``), which replaces the
target (``os.replace``, one rename on the same file system) only once it is complete. Until then the previous
file is untouched: a run killed at any instant (even by SIGKILL) leaves either the old file or the new one,
never a truncated mix; a killed writer may leave its ``.partial`` file behind, never a broken target.

A target that exists and is not a regular file (``/dev/null``, ``/dev/stdout``, a pipe) is written in place:
it is a stream, not a file to replace. A symbolic link is followed: the file it names is replaced.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

PARTIAL = ".partial"
"""The ending of a temporary file that is being written."""


def _mode(target: Path) -> int:
    """The permissions the new file gets: those of the file it replaces, else what the umask gives a new one."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


def is_stream(path: str | Path) -> bool:
    """Whether ``path`` exists and is not a regular file or a folder (a device, a pipe): written in place."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


@contextlib.contextmanager
def replaced(path: str | Path) -> Iterator[IO[str]]:
    """A text file to write ``path``'s new content to (UTF-8, ``\\n`` line ends); ``path`` gets it when the block
    ends without an error (an error or an interrupt leaves ``path`` as it was, and no temporary file)."""
    with _replacing(path, binary=False) as file:
        yield file


def write_text(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (UTF-8)."""
    with replaced(path) as file:
        file.write(text)


def write_bytes(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all."""
    with _replacing(path, binary=True) as file:
        file.write(data)


@contextlib.contextmanager
def _replacing(path: str | Path, *, binary: bool) -> Iterator[IO[Any]]:
    options: dict[str, Any] = {"mode": "wb"} if binary else {"mode": "w", "encoding": "utf-8", "newline": "\n"}
    if is_stream(path):
        with open(path, **options) as stream:
            yield stream
        return
    target = Path(os.path.realpath(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode(target)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=PARTIAL)
    try:
        os.fchmod(handle, mode)
        with os.fdopen(handle, **options) as file:
            yield file
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


@dataclass(frozen=True)
class Staged:
    """A file that another writer writes (pytest's JUnit XML) by name: it writes the temporary path beside the
    target, and :meth:`commit` moves it into place (or :meth:`discard` drops it)."""

    target: str
    temporary: str

    @classmethod
    def beside(cls, target: str | Path) -> Staged:
        """A temporary path in the folder of ``target`` (after links), unique to this process."""
        real = Path(os.path.realpath(target))
        return cls(str(real), str(real.parent / f".{real.name}.{os.getpid()}{PARTIAL}"))

    def commit(self) -> None:
        """The written file replaces the target (nothing happens if nothing was written)."""
        if os.path.exists(self.temporary):
            os.replace(self.temporary, self.target)

    def discard(self) -> None:
        """The target stays as it was; what was written is removed."""
        with contextlib.suppress(OSError):
            os.unlink(self.temporary)

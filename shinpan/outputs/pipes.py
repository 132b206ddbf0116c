"""Standard output as a Unix tool keeps it: a reader that goes away (``shinpan list | head -1``) changes nothing
but what is printed.

:class:`QuietWhenClosed` stands for ``sys.stdout``: once a write finds the pipe closed (``EPIPE``), what follows
is dropped, the file descriptor is pointed at the null device (so that nothing later — Python's last flush,
pytest's own writes — fails again), and the command goes on: a run completes its report, and every command
ends with its own exit status and no ``Broken pipe`` message.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from typing import Any, TextIO


class QuietWhenClosed:
    """A text stream that drops what is written once its reader has gone."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.reader_gone = False

    def write(self, text: str) -> int:
        if not self.reader_gone:
            try:
                return self._stream.write(text)
            except BrokenPipeError:
                self._gone()
        return len(text)

    def flush(self) -> None:
        if not self.reader_gone:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self._gone()

    def _gone(self) -> None:
        self.reader_gone = True
        with contextlib.suppress(OSError, ValueError):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self._stream.fileno())
            os.close(null)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def install() -> None:
    """Make ``sys.stdout`` quiet when its reader goes away (once per process)."""
    if not isinstance(sys.stdout, QuietWhenClosed) and sys.stdout is not None:
        sys.stdout = QuietWhenClosed(sys.stdout)


@contextlib.contextmanager
def stdout_as_file(name: str) -> Iterator[str]:
    """A path for an output given as ``-`` (``--report -``): the command writes the file there, and it goes to the
    standard output at the end, whole; meanwhile, what the command prints goes to the standard error, so that
    nothing else mixes with it. Nothing is written if the command wrote no file (a refused start)."""
    folder = tempfile.mkdtemp(prefix="shinpan-stdout-")
    path = os.path.join(folder, name)
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        yield path
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)
        try:
            if os.path.exists(path):
                with open(path, encoding="utf-8") as written:
                    shutil.copyfileobj(written, sys.stdout)
                sys.stdout.flush()
        finally:
            shutil.rmtree(folder, ignore_errors=True)

"""An in-process adapter around an engine that talks on stdout, as real engines do: ``print`` at every call,
a raw write to file descriptor 1, a child process that echoes, and an attempt to read stdin.

Served by ``python -m shinpan.adapters.server py:tests.noisy_engine:NoisyReference``, it must still earn
exactly the reference engine's statuses: the server keeps the protocol's stdout (and stdin) to itself.
"""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

from shinpan.adapters.reference import ReferenceSimulator


class NoisyReference(ReferenceSimulator):
    """The reference adapter, with an engine that prints everywhere."""

    def _chatter(self, cmd: str) -> None:
        print(f"engine: handling {cmd}")  # Python's stdout
        print('{"status": "ok"}')  # even a line that looks like a response
        os.write(1, f"engine: raw write during {cmd}\n".encode())  # the file descriptor itself
        if cmd in ("setup", "hello"):
            subprocess.run([sys.executable, "-c", "print('engine: a child process prints')"], check=True)
            sys.stdin.readline()  # must not swallow the kit's next request


def _noisy(cmd: str) -> Any:
    def method(self: NoisyReference, request: Any) -> Any:
        self._chatter(cmd)
        return getattr(ReferenceSimulator, cmd)(self, request)

    return method


for _cmd in ("hello", "new_game", "setup", "act", "observe"):
    setattr(NoisyReference, _cmd, _noisy(_cmd))

"""An in-process engine that prints at every call, as a debugging engine does — Python's stdout and stderr, the file
descriptors themselves and a child process — and gets summoning sickness wrong (tests.fake_adapters.NeverSick), so
that a run has failures for its prints to crowd (``py:tests.printing_engine:PrintingNeverSick``)."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

from tests.fake_adapters import NeverSick


class PrintingNeverSick(NeverSick):
    def _chatter(self, cmd: str) -> None:
        print(f"engine: handling {cmd}")
        print(f"engine: debug {cmd}", file=sys.stderr)
        os.write(1, f"engine: raw write during {cmd}\n".encode())
        if cmd == "hello":
            subprocess.run([sys.executable, "-c", "print('engine: a child process prints')"], check=True)


def _printing(cmd: str) -> Any:
    def method(self: PrintingNeverSick, request: Any) -> Any:
        self._chatter(cmd)
        return getattr(NeverSick, cmd)(self, request)

    return method


for _cmd in ("hello", "new_game", "setup", "act", "observe"):
    setattr(PrintingNeverSick, _cmd, _printing(_cmd))

"""A pytest plugin for the kit's tests: Ctrl-C arrives while the run writes its report, after the last scenario
(``-p tests.late_interrupt``), as a user's late Ctrl-C once did by chance."""

from __future__ import annotations

import os
import signal
from typing import Any

from shinpan.running.plugin.run import RunContext

_finish = RunContext.finish


def _interrupted_finish(self: RunContext, exit_status: int) -> Any:
    os.kill(os.getpid(), signal.SIGINT)  # delivered at once, in the middle of the ending
    return _finish(self, exit_status)


RunContext.finish = _interrupted_finish  # type: ignore[method-assign]

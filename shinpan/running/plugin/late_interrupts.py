"""An interrupt after the last scenario (遅れた中断): once the scenarios have ended and the adapter is stopped, Ctrl-C
or SIGTERM no longer breaks off the report being written; it is remembered, and the run ends with exit status 2
(interrupted) with its report whole."""

from __future__ import annotations

import signal
import threading

import pytest

SIGNALS = (signal.SIGINT, signal.SIGTERM)


def defer(session: pytest.Session) -> None:
    """From now until the session is unconfigured, an interrupt is remembered instead of raised; then the handlers
    are put back and a remembered interrupt makes the run's exit status 2."""
    config = session.config
    if threading.current_thread() is not threading.main_thread() or hasattr(config, "workerinput"):
        return
    came: list[int] = []

    def remember(signum: int, frame: object) -> None:
        came.append(signum)

    previous = {signum: signal.signal(signum, remember) for signum in SIGNALS}

    def restore() -> None:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if came:
            session.exitstatus = pytest.ExitCode.INTERRUPTED

    config.add_cleanup(restore)

"""The time limit on a scenario of an in-process adapter (a subprocess adapter keeps its own deadline)."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator

from shinpan.adapters.errors import AdapterTimeout


def can_interrupt() -> bool:
    """Whether this thread can be interrupted by a timer signal (SIGALRM: the main thread, not on Windows)."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def time_limit(seconds: float | None, message: str) -> Iterator[None]:
    """Interrupt the code inside after ``seconds`` with :class:`AdapterTimeout` (``message``): an engine that loops
    is stopped and the scenario is a TIMEOUT. No limit when ``seconds`` is None or where there are no timer
    signals."""
    if seconds is None or not can_interrupt():
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise AdapterTimeout(message)

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-6))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def timeout_message(adapter: str, limit: float) -> str:
    """What a scenario interrupted by the time limit says."""
    return f"adapter {adapter!r} did not finish the scenario in time ({limit:g} s per scenario); it was interrupted"

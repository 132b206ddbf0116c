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


class _Alarm:
    """The handler :func:`limits_kept` keeps installed, and the message of the limit in force under it."""

    kept = False
    message = ""


def _expire_kept(signum: int, frame: object) -> None:
    raise AdapterTimeout(_Alarm.message)


@contextlib.contextmanager
def limits_kept() -> Iterator[None]:
    """Inside, the timer signal's handler stays installed, so that each :func:`time_limit` only sets the timer: a
    loop of many short limits (an exploration's requests) does not install and restore a handler for each."""
    if _Alarm.kept or not can_interrupt():
        yield
        return
    previous = signal.signal(signal.SIGALRM, _expire_kept)
    _Alarm.kept = True
    try:
        yield
    finally:
        _Alarm.kept = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def time_limit(seconds: float | None, message: str) -> contextlib.AbstractContextManager[None]:
    """Interrupt the code inside after ``seconds`` with :class:`AdapterTimeout` (``message``): an engine that loops
    is stopped and the scenario is a TIMEOUT. No limit when ``seconds`` is None or where there are no timer
    signals. Under :func:`limits_kept` only the timer is set (:class:`_Timer`, a plain class: an exploration enters
    one at each request)."""
    if seconds is None or not can_interrupt():
        return contextlib.nullcontext()
    if _Alarm.kept:
        return _Timer(seconds, message)
    return _installed(seconds, message)


class _Timer:
    """A limit under :func:`limits_kept`: the timer set on entry and cleared on exit, the message of the limit
    in force swapped in and back."""

    def __init__(self, seconds: float, message: str) -> None:
        self.seconds = max(seconds, 1e-6)
        self.message = message
        self.outer = ""

    def __enter__(self) -> None:
        self.outer, _Alarm.message = _Alarm.message, self.message
        signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def __exit__(self, *_: object) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        _Alarm.message = self.outer


@contextlib.contextmanager
def _installed(seconds: float, message: str) -> Iterator[None]:
    """A limit with its own handler, installed for the code inside and put back after."""

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

"""A stop asked for (中断): Ctrl-C or SIGTERM ends an exploration where it stands, and what it reached is kept.

The signal's handler raises :class:`KeyboardInterrupt` wherever the main thread happens to be. Python drops (prints
and forgets) an exception raised where no caller can catch it: in a callback of the garbage collector (Hypothesis
keeps one, to time its collections), in a finaliser. A stop landing there was lost, and the exploration went on to
the end of its budget (seen in CI: SIGTERM sent, the command still exploring two minutes later). So the handler
also records the request, and every example and shrinking run first asks for it (:func:`check`, from
:meth:`~shinpan.explore.oracle.Tally.ran`): a stop is honoured at the latest at the next example.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

STOPPING = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop an exploration."""
_asked: list[str] = []
"""The stops asked for and not yet honoured by the end of the exploration (the first one's reason)."""


def handler(signum: int, frame: object) -> None:
    """A stopping signal's handler: the stop is recorded, then raised where the main thread is."""
    reason = f"signal {signal.Signals(signum).name}"
    _asked.append(reason)
    raise KeyboardInterrupt(reason)


def check() -> None:
    """Raise the stop asked for, if one was (its first raise may have been dropped)."""
    if _asked:
        raise KeyboardInterrupt(_asked[0])


def install() -> None:
    """Every stopping signal stops this process through :func:`handler` (a worker process, for its whole life)."""
    for number in STOPPING:
        signal.signal(number, handler)


@contextmanager
def signals_stop() -> Iterator[None]:
    """While exploring in the main thread, the stopping signals stop the exploration (through :func:`handler`); the
    handlers before, and no stop asked for, are put back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.signal(number, handler) for number in STOPPING}
    try:
        yield
    finally:
        for number, before in previous.items():
            signal.signal(number, before)
        _asked.clear()

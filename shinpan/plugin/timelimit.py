"""The time limit on each scenario of an in-process adapter (a subprocess adapter keeps its own deadline)."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Generator, Iterator

import pytest

from shinpan.adapters.errors import AdapterTimeout
from shinpan.plugin.keys import CASE_KEY
from shinpan.plugin.run import RUN_KEY


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    with _time_limit(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    with _time_limit(item):
        return (yield)


@contextlib.contextmanager
def _time_limit(item: pytest.Item) -> Iterator[None]:
    """An in-process adapter gets ``--scenario-timeout`` seconds per scenario too: a timer signal
    (SIGALRM) interrupts an engine that loops, and the scenario is a TIMEOUT. A subprocess adapter has
    its own deadline; where there are no timer signals (Windows) there is no limit."""
    context = item.config.stash.get(RUN_KEY, None)
    if (CASE_KEY not in item.stash or context is None or not context.lifecycle.in_process
            or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread()):
        yield
        return
    limit = context.options.timeout

    def expire(signum: int, frame: object) -> None:
        raise AdapterTimeout(f"adapter {context.adapter!r} did not finish the scenario in time ({limit:g} s "
                             "per scenario); it was interrupted")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)

"""Exploring on several cores (並列): worker processes, each with a seed of its own and a share of the examples.

Each worker is a process of its own (started fresh, ``spawn``), with its own adapter (a ``cmd:`` adapter runs one
child per worker) and its own share of every oracle's examples, searched with the seed of its index (worker 0 keeps
the exploration's seed). Their explorations are merged (:func:`shinpan.explore.exploration.merged`): the same seed
and number of workers give the same findings. A shared example database is a plain folder: workers — and runs on
other hosts that share or sync it — write their failures into it and replay each other's.

Stopped by the user (Ctrl-C reaches every process of the terminal's group; SIGTERM this one, or the whole group),
this process tells the workers to stop, and each returns what it had found: an interrupted exploration keeps every
example run. The workers and the manager of what they share die with this process, even when it is killed
(SIGKILL): none goes on exploring alone.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.managers
import queue
import signal
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from typing import Any

from shinpan.adapters import descendants
from shinpan.explore.exploration import Exploration, Progress, Settings, explore, merged

FLUSH = 0.25
"""Seconds between two progress reports of a worker."""


def explore_on(settings: Settings, progress: Progress | None = None) -> Exploration:
    """Explore with ``settings.workers`` processes (in this process when there is one)."""
    if settings.workers <= 1:
        return explore(settings, progress)
    context = multiprocessing.get_context("spawn")
    with SyncManager(ctx=context) as manager:
        told: Any = manager.Queue()
        stop: Any = manager.Event()
        with ProcessPoolExecutor(max_workers=settings.workers, mp_context=context, initializer=_worker_starts) as pool:
            futures = [pool.submit(_work, settings, index, told, stop) for index in range(settings.workers)]
            interrupted = False
            try:
                _relay(futures, told, progress)
            except KeyboardInterrupt:
                interrupted = True
                stop.set()
                _relay(futures, told, None)
            parts = [part for future in futures if (part := _part(future)) is not None]
    if not parts:  # stopped before any worker could return
        return Exploration(settings, "", (), 0.0, interrupted=True)
    exploration = merged(parts)
    return replace(exploration, interrupted=True) if interrupted else exploration


class SyncManager(multiprocessing.managers.SyncManager):
    """The manager of the queue and the event the workers share: it dies with this process (even by SIGKILL), and
    a signal to the whole process group (Ctrl-C, SIGTERM) leaves it running until the workers have returned what
    they reached."""

    def start(self, initializer: Callable[..., object] | None = None, initargs: Any = ()) -> None:
        super().start(_manager_starts)


def _manager_starts() -> None:
    descendants.die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _worker_starts() -> None:
    """A worker dies with this process (even by SIGKILL: no worker, and so no adapter, goes on exploring alone), and
    SIGTERM stops it as Ctrl-C does: it returns what it reached."""
    descendants.die_with_parent()

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt(f"signal {signal.Signals(signum).name}")

    signal.signal(signal.SIGTERM, interrupt)


def _part(future: Future[Exploration]) -> Exploration | None:
    """A worker's exploration; none for a worker stopped before it could return one."""
    error = future.exception()
    if isinstance(error, (KeyboardInterrupt, BrokenProcessPool)):
        return None
    return future.result()


def _relay(futures: list[Future[Exploration]], told: Any, progress: Progress | None) -> None:
    """Pass the workers' progress on until every one has finished."""
    while True:
        finished = all(f.done() for f in futures)
        try:
            while True:
                oracle, state, count = told.get_nowait()
                if progress is not None:
                    progress(oracle, state, count)
        except queue.Empty:
            pass
        if finished:
            return
        time.sleep(0.05)


def _work(settings: Settings, index: int, told: Any, stop: Any) -> Exploration:
    """One worker's share of the exploration (it stops as if interrupted once ``stop`` is set)."""
    batch = _Batch(lambda o, s, n: told.put((o, s, n)), stop.is_set)
    try:
        return explore(settings, batch, share=(index, settings.workers))
    finally:
        batch.flush()


class _Batch:
    """Progress counted in the worker and sent a few times a second (a message per example would cost more than
    the example)."""

    def __init__(self, send: Callable[[str, str, int], None], stopped: Callable[[], bool]) -> None:
        self.send = send
        self.stopped = stopped
        self.counts: dict[tuple[str, str], int] = {}
        self.last = time.monotonic()

    def __call__(self, oracle: str, state: str, count: int) -> None:
        key = (oracle, state)
        self.counts[key] = self.counts.get(key, 0) + count
        if time.monotonic() - self.last > FLUSH:
            self.flush()
            if self.stopped():  # the exploration was interrupted: this worker stops as Ctrl-C would stop it
                raise KeyboardInterrupt

    def flush(self) -> None:
        for (oracle, state), count in self.counts.items():
            self.send(oracle, state, count)
        self.counts = {}
        self.last = time.monotonic()

"""Exploring on several cores (並列): this process and worker processes beside it, each with its own adapter (a
``cmd:`` adapter runs one child per worker).

This process is worker 0: it explores at once, while the others start (fresh, ``spawn``: importing the kit takes
each about half a second). When no search (an oracle under a rules state) costs more than a worker's share of the
whole (:func:`whole`), each worker takes the next search left, the costliest first (:data:`COST`), and runs it
whole, with the exploration's seed and budget: a search's examples depend only on the seed, the oracle and the
rules, and the findings are those of one worker. Otherwise (one oracle, or one far costlier than the rest) each
worker runs a share of every search's examples with a seed of its own (worker 0 keeps the exploration's): the same
seed and number of workers give the same findings. Their explorations are merged
(:func:`shinpan.explore.exploration.merged`). A shared example database is a plain folder: workers — and runs on
other hosts that share or sync it — write their failures into it and replay each other's.

Stopped by the user (Ctrl-C reaches every process of the terminal's group; SIGTERM this one, or the whole group),
this process tells the workers to stop, and each returns what it had found: an interrupted exploration keeps every
example run. The workers die with this process, even when it is killed (SIGKILL): none goes on exploring alone.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from typing import Any

from shinpan.adapters import descendants
from shinpan.explore import stopping
from shinpan.explore.differential import ID as DIFFERENTIAL
from shinpan.explore.exploration import Exploration, Progress, Settings, Unit, explore, merged, planned

FLUSH = 0.25
"""Seconds between two progress reports of a worker."""
COST = {DIFFERENTIAL: 3.5, "one-place": 3.5}
"""What an example of an oracle costs, relative to one of the others (measured on the reference engine explored
against itself: ~2.6 ms for the differential run and one-place, ~0.75 ms for each other property)."""


def explore_on(settings: Settings, progress: Progress | None = None) -> Exploration:
    """Explore with ``settings.workers`` processes: this one, which begins at once, and ``workers - 1`` started
    beside it (in this process alone when there is one)."""
    if settings.workers <= 1:
        return explore(settings, progress)
    context = multiprocessing.get_context("spawn")
    shared = Shared(context.Queue(), context.Event(), context.Value("i", 0) if whole(settings) else None)
    with ProcessPoolExecutor(max_workers=settings.workers - 1, mp_context=context, initializer=_worker_starts,
                             initargs=(shared,)) as pool:
        futures = [pool.submit(_work, settings, index) for index in range(1, settings.workers)]
        relay = _Relay(futures, shared.told, progress)
        own: Exploration | None = None
        try:
            own = _explored(settings, 0, shared, relay.relaying(progress))
            interrupted = own.interrupted
            if not interrupted:
                relay.until_done()
        except KeyboardInterrupt:
            interrupted = True
        if interrupted:  # the others are told to stop, and waited for (their progress is no longer shown)
            shared.stop.set()
            relay.progress = None
            relay.until_done()
        parts = [part for part in (own, *(_part(future) for future in futures)) if part is not None]
    if not parts:  # stopped before any worker could return
        return Exploration(settings, "", (), 0.0, interrupted=True)
    exploration = merged(parts)
    return replace(exploration, interrupted=True) if interrupted else exploration


@dataclass(frozen=True)
class Shared:
    """What the workers share: the queue of their progress, the event that stops them, and — when the searches are
    explored whole — how many of them (:func:`costliest_first`) were taken."""

    told: Any
    stop: Any
    taken: Any


_shared: Shared | None = None
"""What this worker process shares with the others (set when it starts)."""


def _worker_starts(shared: Shared) -> None:
    """A worker dies with this process (even by SIGKILL: no worker, and so no adapter, goes on exploring alone), and
    SIGTERM stops it as Ctrl-C does: it returns what it reached."""
    descendants.die_with_parent()
    parent = multiprocessing.parent_process()
    if parent is not None and os.getppid() != parent.pid:  # killed as this worker started: adopted by another
        os._exit(1)

    stopping.install()
    shared.told.cancel_join_thread()  # a worker ends without waiting for its progress to be read: it may never be
    global _shared
    _shared = shared


def _part(future: Future[Exploration]) -> Exploration | None:
    """A worker's exploration; none for a worker stopped before it could return one."""
    error = future.exception()
    if isinstance(error, (KeyboardInterrupt, BrokenProcessPool)):
        return None
    return future.result()


class _Relay:
    """Passes the progress of the other workers on: as this one explores, and then until every one has finished."""

    def __init__(self, futures: list[Future[Exploration]], told: Any, progress: Progress | None) -> None:
        self.futures = futures
        self.told = told
        self.progress = progress
        self.last = time.monotonic()
        self.torn = False

    def relaying(self, progress: Progress | None) -> Progress:
        """This worker's progress, told with the others' a few times a second."""
        def told(oracle: str, state: str, count: int) -> None:
            if progress is not None:
                progress(oracle, state, count)
            if time.monotonic() - self.last > FLUSH:
                self.last = time.monotonic()
                self.drain()
        return told

    def drain(self) -> None:
        """Pass on what the workers told. A signal that stops this process (Ctrl-C, SIGTERM) waits while a message
        is read: raised halfway through one, it would leave the queue's pipe mid-message, and the next read would
        take a wrong length and wait forever (seen under load: the command never ended)."""
        while not self.torn:
            held = signal.pthread_sigmask(signal.SIG_BLOCK, stopping.STOPPING)
            try:
                oracle, state, count = self.told.get_nowait()
            except queue.Empty:
                return
            except BaseException:  # a signal handled in the middle of a read (it may reach another thread first)
                self.torn = True  # the pipe may be left mid-message: it is read no more (the workers do not wait on it)
                raise
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, held)
            if self.progress is not None:
                self.progress(oracle, state, count)

    def until_done(self) -> None:
        while True:
            finished = all(f.done() for f in self.futures)
            self.drain()
            if finished:
                return
            time.sleep(0.05)


def whole(settings: Settings) -> bool:
    """Whether the workers explore each oracle under each state whole (each takes the next search left, the costliest
    first), rather than a share of the examples of every one: when no search costs more than a worker's share of the
    whole, so that the workers end close together. Explored whole, a search has the examples it has on one worker:
    the findings do not depend on the number of workers."""
    costs = [_cost(oracle) for _, oracle in planned(settings)]
    return bool(costs) and max(costs) <= sum(costs) / settings.workers


def costliest_first(settings: Settings) -> list[int]:
    """The indices of the searches of :func:`planned`, the costliest first (so that the last ones are short)."""
    units = planned(settings)
    return sorted(range(len(units)), key=lambda index: -_cost(units[index][1]))


def _cost(oracle: str) -> float:
    return COST.get(oracle, 1.0)


def _work(settings: Settings, index: int) -> Exploration:
    """The share of worker ``index`` (a process of its own): it stops as if interrupted once told to."""
    assert _shared is not None
    shared = _shared
    batch = _Batch(lambda o, s, n: shared.told.put((o, s, n)), shared.stop.is_set)
    try:
        return _explored(settings, index, shared, batch)
    finally:
        batch.flush()


def _explored(settings: Settings, index: int, shared: Shared, progress: Progress | None) -> Exploration:
    """What worker ``index`` explores: the searches it takes, one at a time, until none is left (if the searches are
    explored whole), or its share of the examples of every one."""
    if shared.taken is None:
        return explore(settings, progress, share=(index, settings.workers))
    return explore(settings, progress, units=_taken(settings, shared.taken))


def _taken(settings: Settings, taken: Any) -> Iterator[Unit]:
    """The searches this worker takes, the costliest first, one at a time, until none is left."""
    units, order = planned(settings), costliest_first(settings)
    while True:
        with taken.get_lock():
            number = taken.value
            taken.value = number + 1
        if number >= len(order):
            return
        yield units[order[number]]


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

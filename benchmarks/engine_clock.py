"""A pytest plugin for the benchmarks: where a run's time goes — start-up, collection, the engine, the kit.

Loaded with ``-p engine_clock`` (this folder on ``PYTHONPATH``). It wraps the run's adapter in a stopwatch:
every contract call (hello, new_game, setup, act, observe, stop) is timed, and that time is the *engine's*
(for an in-process adapter: the adapter and the reference engine; for a ``cmd:`` adapter: the round trip to
the other process and everything there). Everything else inside the test loop is the *kit's* (pytest,
pytest-bdd, the steps, the checks, the report). At the end it writes, to the file named by
``SHINPAN_ENGINE_CLOCK``, one JSON object:

``session`` (from the session's start to its end), ``collection``, ``loop`` (running the scenarios),
``engine`` and ``calls`` (time in, and number of, contract calls), ``scenarios`` (items that ran or were
skipped), ``passed``; and ``loop_cpu``, ``engine_cpu``: the same as this process's CPU time, which a busy
machine inflates less than wall time (a ``cmd:`` adapter's own CPU is not in it).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Generator
from typing import Any

import pytest

from shinpan.running.plugin.run import RUN_KEY

COMMANDS = frozenset({"hello", "new_game", "setup", "act", "observe", "stop"})


class Clock:
    """Accumulated times of one pytest session."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.collection = 0.0
        self.loop = 0.0
        self.loop_cpu = 0.0
        self.engine = 0.0
        self.engine_cpu = 0.0
        self.calls = 0
        self.scenarios = 0
        self.passed = 0

    def timed(self, call: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def run(request: Any) -> Any:
            start, start_cpu = time.perf_counter(), time.process_time()
            try:
                return call(request)
            finally:
                self.engine += time.perf_counter() - start
                self.engine_cpu += time.process_time() - start_cpu
                self.calls += 1

        return run


class TimedSimulator:
    """The adapter, with every contract call timed."""

    def __init__(self, inner: Any, clock: Clock) -> None:
        self._inner = inner
        self._clock = clock

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._inner, name)
        return self._clock.timed(attribute) if name in COMMANDS else attribute


CLOCK = pytest.StashKey[Clock]()


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    clock = config.stash[CLOCK] = Clock()
    context = config.stash.get(RUN_KEY, None)
    if context is not None:
        context.lifecycle.wrappers.append(lambda simulator: TimedSimulator(simulator, clock))


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, Any, Any]:
    start = time.perf_counter()
    try:
        return (yield)
    finally:
        session.config.stash[CLOCK].collection += time.perf_counter() - start


@pytest.hookimpl(wrapper=True)
def pytest_runtestloop(session: pytest.Session) -> Generator[None, Any, Any]:
    start, start_cpu = time.perf_counter(), time.process_time()
    try:
        return (yield)
    finally:
        session.config.stash[CLOCK].loop += time.perf_counter() - start
        session.config.stash[CLOCK].loop_cpu += time.process_time() - start_cpu


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # counted once per scenario: at its call phase, or at its setup when it was skipped there
    clock = _CURRENT[0]
    if clock is None:
        return
    if report.when == "call" or (report.when == "setup" and report.skipped):
        clock.scenarios += 1
        clock.passed += report.passed


_CURRENT: list[Clock | None] = [None]


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    _CURRENT[0] = session.config.stash[CLOCK]


def pytest_sessionfinish(session: pytest.Session) -> None:
    clock = session.config.stash[CLOCK]
    target = os.environ.get("SHINPAN_ENGINE_CLOCK")
    if target:
        numbers = {"session": time.perf_counter() - clock.started, "collection": clock.collection,
                   "loop": clock.loop, "engine": clock.engine, "calls": clock.calls,
                   "loop_cpu": clock.loop_cpu, "engine_cpu": clock.engine_cpu,
                   "scenarios": clock.scenarios, "passed": clock.passed}
        with open(target, "w", encoding="utf-8") as file:
            json.dump(numbers, file)

"""The time limit on each scenario of an in-process adapter (a subprocess adapter keeps its own deadline)."""

from __future__ import annotations

import contextlib
from collections.abc import Generator, Iterator

import pytest

from shinpan.running.cases.timelimit import time_limit, timeout_message
from shinpan.running.plugin.keys import CASE_KEY
from shinpan.running.plugin.run import RUN_KEY


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
    """An in-process adapter gets ``--scenario-timeout`` seconds per scenario too
    (:func:`shinpan.running.cases.time_limit`: a timer signal interrupts an engine that loops, and the scenario is a
    TIMEOUT). A subprocess adapter has its own deadline; in the matrix, the executor gives each state its own
    (:mod:`shinpan.running.plugin.allstates`)."""
    context = item.config.stash.get(RUN_KEY, None)
    if CASE_KEY not in item.stash or context is None or not context.lifecycle.in_process or context.is_matrix:
        yield
        return
    limit = context.options.timeout
    with time_limit(limit, timeout_message(context.adapter, limit)):
        yield

"""A pytest plugin for the benchmarks: the wall time of each test, from its setup to its teardown, by outcome.

Loaded with ``-p item_clock`` (this folder on ``PYTHONPATH``). At the end it writes, to the file named by
``SHINPAN_ITEM_CLOCK``, one JSON object: node id -> ``[seconds, outcome]`` (``passed``, ``failed`` or ``skipped``:
the worst of the test's phases). The time covers everything pytest does for the test, building its report too.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Generator
from typing import Any

import pytest

TIMES: dict[str, list[Any]] = {}
WORST = {"passed": 0, "skipped": 1, "failed": 2}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, Any, Any]:
    start = time.perf_counter()
    try:
        return (yield)
    finally:
        TIMES.setdefault(item.nodeid, [0.0, "passed"])[0] = time.perf_counter() - start


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    entry = TIMES.setdefault(report.nodeid, [0.0, "passed"])
    if WORST[report.outcome] > WORST[entry[1]]:
        entry[1] = report.outcome


def pytest_sessionfinish(session: pytest.Session) -> None:
    target = os.environ.get("SHINPAN_ITEM_CLOCK")
    if target:
        with open(target, "w", encoding="utf-8") as file:
            json.dump(TIMES, file)

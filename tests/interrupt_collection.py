"""A pytest plugin for the kit's tests: the run is interrupted while the suite is being collected
(``-p tests.interrupt_collection``). It stops the session as Ctrl-C does (pytest's ``exit`` with the status of an
interrupted run, 2), which pytester does not re-raise in the test that runs it."""

from __future__ import annotations

import pytest


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    pytest.exit("interrupted while collecting", returncode=pytest.ExitCode.INTERRUPTED)

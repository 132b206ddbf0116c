"""Replaying a finding (再現): its case played again by the executor, as a scenario of the suite is.

A finding's case holds its setup, its moves with the choices its engine asked for, and — in its last step — the
checks its scenario makes. Played by the kit's executor (:func:`shinpan.running.cases.execute`) on the engine that
showed it, it does not pass (FAIL, or the status of the fault or difference); played on the reference engine, it passes.
"""

from __future__ import annotations

import contextlib

from shinpan.adapters.registry import AdapterOptions
from shinpan.running.cases import Case, CaseResult, execute
from shinpan.running.session import AdapterSession


def replay(case: Case, adapter: str, *, timeout: float = 5.0) -> CaseResult:
    """Play ``case`` on a fresh ``adapter``: how it ends."""
    session = AdapterSession.open(adapter, AdapterOptions(timeout=timeout))
    try:
        return execute(case, session, time_limit=timeout)
    finally:
        with contextlib.suppress(Exception):  # an adapter that fails to stop has stopped
            session.stop()

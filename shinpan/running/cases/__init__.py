"""Compiled cases (事例) and the lean executor that plays them on an adapter, with no pytest item per case.

A **case** (:class:`Case`) is the unit the matrix and explore run: a setup (:class:`Setup`: the rules, the seed, the
starting state), then steps (:class:`Step`: a Gherkin step's keyword, text and line, or empty for a generated one)
each holding the items it produced — :class:`NeedsCard`, :class:`Move` (an ``act`` with its scripted choices and
whether the rules may reject it), :class:`Check` (a form of :mod:`shinpan.running.checks`) and :class:`Fault` (a step
that could not be compiled). Build one directly in Python, or compile a scenario of the suite::

    case = compile_case(scenario, state.as_sent())        # no pytest, no engine
    result = execute(case.under(other.as_sent()), session)   # CaseResult: status, message, the step it ended in
    for outcome in Execution(case, session):                # step by step (the game observes when a check asks)
        ...

:func:`as_record` writes a case in the ``adapters/schema/cases.json`` form (``shinpan dump-cases --messages``).

The status of a scenario is named in one place for the pytest path and the executor alike: the adapter's game
(:class:`Game`, which the steps' duel plays its items on under pytest), :func:`applicability` (the rules state),
:func:`lacking` (mechanics and changes), :func:`status_of_error` and :func:`against_expectations` (XFAIL, XPASS).
"""

from __future__ import annotations

from shinpan.running.cases.compiler import compile_case
from shinpan.running.cases.executor import CaseResult, Execution, MoveOutcome, StepOutcome, execute
from shinpan.running.cases.game import Game
from shinpan.running.cases.model import Case, Check, Fault, Item, Move, Needs, NeedsCard, Setup, Step
from shinpan.running.cases.records import as_record, messages
from shinpan.running.cases.timelimit import time_limit
from shinpan.running.cases.verdicts import Judged, against_expectations, applicability, fails, lacking, status_of_error

__all__ = [
    "Case",
    "CaseResult",
    "Check",
    "Execution",
    "Fault",
    "Game",
    "Item",
    "Judged",
    "Move",
    "MoveOutcome",
    "Needs",
    "NeedsCard",
    "Setup",
    "Step",
    "StepOutcome",
    "against_expectations",
    "applicability",
    "as_record",
    "compile_case",
    "execute",
    "fails",
    "lacking",
    "messages",
    "status_of_error",
    "time_limit",
]

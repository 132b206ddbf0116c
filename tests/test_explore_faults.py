"""An adapter that crashes, hangs or dies while explored costs one example per failure and is restarted; each
failure is a counterexample of its own class, shrunk like any other. An ``unsupported`` answer skips the example,
counted by reason, never a finding."""

from __future__ import annotations

import sys

import pytest

from shinpan.explore import Settings, explore
from shinpan.explore.case import moves_of
from shinpan.explore.findings import Finding
from shinpan.suite import rulesets

TODAY = rulesets.load().today()
SEED = 7
"""The faults' seed: its first example with a fault destroys few creatures, so that shrinking it runs the fault 11
times (a hang waited out, a process restarted) where seed 0's, from a bigger board, runs it 89 times (measured: 222
shrinking runs against 1,260, to one destruction of two creatures among three cards rather than six)."""


def _explored(adapter: str, examples: int = 200,
              timeout: float = 5.0) -> tuple[int, list[tuple[str, str]], list[Finding]]:
    exploration = explore(Settings(adapter, (TODAY,), seed=SEED, examples=examples, only=("differential",),
                                   timeout=timeout))
    findings = exploration.findings
    return exploration.examples, [(f.cause.step, f.cause.what) for f in findings], findings


@pytest.mark.slow  # a hang shrunk is a timeout waited out at every shrinking step
@pytest.mark.parametrize(("adapter", "fault", "timeout"), [
    ("py:tests.explore_faults:RaisesOnDestroy", "error", 5.0),
    ("py:tests.explore_faults:HangsOnDestroy", "timeout", 0.3),
    (f"cmd:{sys.executable} -m shinpan.adapters.server py:tests.explore_faults:ExitsOnDestroy", "crash", 5.0),
])
def test_a_fault_costs_one_example_and_is_a_shrunk_counterexample_of_its_own(adapter: str, fault: str,
                                                                             timeout: float) -> None:
    examples, causes, findings = _explored(adapter, timeout=timeout)
    assert ("destroy", fault) in causes
    found = next(f for f in findings if f.cause.what == fault)
    (move,) = moves_of(found.case)  # shrunk: nothing but one destruction of several creatures (the fault's premise;
    assert len(move.action["cards"]) >= 2  # Hypothesis's shrinker may stop at three)
    assert examples > 50  # the exploration went on after each failure


def test_unsupported_moves_are_skipped_by_reason_never_found() -> None:
    exploration = explore(Settings("py:tests.explore_faults:UnsupportsSwaps", (TODAY,), examples=400,
                                   only=("differential",)))
    (result,) = exploration.results
    assert result.findings == ()
    assert result.skipped.get("unsupported: swap: act swap: swaps are not implemented", 0) > 0  # its own words


def test_only_what_the_adapter_declares_it_plays_is_generated() -> None:
    """Seen failing before boards were pruned by the adapter's mechanics: most examples were skipped, unsupported
    setups."""
    from shinpan.adapters.sdk.actions import ACTION_TYPES
    from tests.explore_faults import PlaysLittle

    exploration = explore(Settings("py:tests.explore_faults:PlaysLittle", (TODAY,), examples=200,
                                   only=("differential", "one-place")))
    assert all(not any(reason.startswith("unsupported: setup") for reason in r.skipped) for r in exploration.results)
    assert PlaysLittle.seen and all(set(ACTION_TYPES[kind].mechanics) <= set(PlaysLittle.MECHANICS)
                                    for kind in PlaysLittle.seen)

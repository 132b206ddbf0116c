"""The garbage collector while exploring (issue 38, item 2): what the process held before is frozen out of its
passes (its thresholds left as they are) — and put back as they were when the exploration
ends, however it ends; a process that froze objects of its own is left alone."""

from __future__ import annotations

import gc

import pytest

from shinpan.explore.exploration import long_lived_frozen


def test_an_exploration_freezes_what_was_there_and_puts_the_collector_back() -> None:
    before = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    with long_lived_frozen():
        assert gc.get_freeze_count() > 0 and gc.get_threshold() == before
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before


def test_the_collector_is_put_back_when_the_exploration_is_stopped() -> None:
    before = gc.get_threshold()
    with pytest.raises(KeyboardInterrupt), long_lived_frozen():
        raise KeyboardInterrupt
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before


def test_a_process_that_froze_objects_of_its_own_is_left_alone() -> None:
    gc.freeze()
    try:
        frozen, before = gc.get_freeze_count(), gc.get_threshold()
        with long_lived_frozen():
            assert gc.get_freeze_count() == frozen and gc.get_threshold() == before
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()

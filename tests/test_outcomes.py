"""A scenario's skip is pytest's skip carrying its status as data; pytest shows it as it shows its own skips."""

from __future__ import annotations

import pytest

from shinpan.reports.outcomes import ScenarioSkip, ScenarioSkipped, Status, unobservable, unsupported


def test_unsupported_skips_with_its_status_and_reason_apart() -> None:
    with pytest.raises(pytest.skip.Exception) as caught:
        unsupported("card 《X》 is not implemented by the adapter")
    assert isinstance(caught.value, ScenarioSkipped)
    assert caught.value.skip == ScenarioSkip(Status.UNSUPPORTED, "card 《X》 is not implemented by the adapter")


def test_a_reason_that_looks_like_another_status_keeps_its_own() -> None:
    with pytest.raises(ScenarioSkipped) as caught:
        unobservable("NOT_APPLICABLE: power")
    assert caught.value.skip.status == Status.UNOBSERVABLE
    assert caught.value.skip.reason == "the adapter does not report 'NOT_APPLICABLE: power'"


def test_pytest_shows_it_as_its_own_skips() -> None:
    with pytest.raises(ScenarioSkipped) as caught:
        unsupported("mechanic 'link'")
    assert caught.exconly() == "Skipped: UNSUPPORTED: mechanic 'link'"

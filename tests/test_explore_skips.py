"""No example is skipped silently: a property example that ends in a script mismatch is a counted skip that carries
the adapter's message (its first line, with no absolute path)."""

from __future__ import annotations

from typing import Any

from shinpan.adapters.reference import ReferenceSimulator
from shinpan.adapters.sdk import ScriptMismatch
from shinpan.explore import Settings, explore
from shinpan.suite import rulesets


class _MismatchesOnSeal(ReferenceSimulator):
    """The reference engine, answering every seal with a script mismatch whose message names a file by its path."""

    def perform(self, action: Any, choices: Any) -> None:
        if type(action).__name__ == "Seal":
            raise ScriptMismatch("the script does not fit this seal (see /srv/engine/seals.py line 3)\nmore")
        super().perform(action, choices)


def mismatches_on_seal() -> ReferenceSimulator:
    return _MismatchesOnSeal()


def test_a_property_example_ending_in_a_script_mismatch_is_counted_with_the_adapters_message() -> None:
    today = rulesets.load().today()
    exploration = explore(Settings("py:tests.test_explore_skips:mismatches_on_seal", (today,), examples=40,
                                   only=("seals",)))
    (result,) = exploration.results
    assert not result.findings
    reasons = [reason for reason in result.skipped if reason.startswith("script_mismatch: seal")]
    assert reasons and sum(result.skipped[r] for r in reasons) == result.examples, result.skipped
    assert all("the script does not fit this seal" in r and "/srv/" not in r and "more" not in r for r in reasons)

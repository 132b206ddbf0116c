"""An engine that plays only the rules of 2004 (a day before the first change the kit lists), as the reference
engine plays them: for the tests of the states every command plays by default (tests/test_states_played.py)."""

from __future__ import annotations

from shinpan.adapters.contract import HelloRequest, HelloResponse
from shinpan.adapters.reference import ReferenceSimulator

PLAYED = {"until": "2004-06-30"}


class OldRules(ReferenceSimulator):
    """Declares that it plays the rules up to 2004-06-30 only."""

    def hello(self, request: HelloRequest) -> HelloResponse:
        response = super().hello(request)
        response["capabilities"]["rules"] = dict(PLAYED)  # type: ignore[typeddict-item]
        return response

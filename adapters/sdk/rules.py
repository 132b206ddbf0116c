"""Which rules an engine plays (対応するルール): every state of the matrix, only today's, a range of days, or
named states — the ``rules`` capability (``messages.json#/$defs/rules_played``).

A run skips the states an engine does not play instead of scoring every scenario there UNSUPPORTED, and coverage
counts only the states it plays. ``changes`` (the changes whose both sides it plays) stays the finer tool for an
engine that plays every state but not every change; an engine that declares ``rules`` plays the states it names
whole.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from shinpan.adapters.contract import Change
from shinpan.adapters.contract import RulesPlayed as RulesPlayedMessage


@dataclass(frozen=True)
class RulesPlayed:
    """An engine's answer to "which rules do you play"."""

    every: bool = False
    current: bool = False
    first_day: dt.date | None = None
    last_day: dt.date | None = None
    states: tuple[str, ...] = ()

    @classmethod
    def every_state(cls) -> RulesPlayed:
        """Both sides of every change the kit lists (the default)."""
        return cls(every=True)

    @classmethod
    def current_only(cls) -> RulesPlayed:
        """Only the rules in force today."""
        return cls(current=True)

    @classmethod
    def between(cls, first_day: dt.date | None = None, last_day: dt.date | None = None) -> RulesPlayed:
        """The states whose day lies from ``first_day`` to ``last_day`` (either may be open)."""
        return cls(first_day=first_day, last_day=last_day)

    @classmethod
    def named(cls, *labels: str) -> RulesPlayed:
        """These states: a day (``2023-06-01``), a change id (just after it) or ``before:ID``."""
        return cls(states=labels)

    def changes(self, known: Sequence[Change]) -> list[str]:
        """The ``changes`` capability: every change the kit lists when the engine plays every state, else none
        (the states it names are played whole)."""
        return [change["id"] for change in known] if self.every else []

    def capability(self) -> RulesPlayedMessage | None:
        """The ``rules`` capability (``None`` for every state)."""
        if self.every:
            return None
        played: RulesPlayedMessage = {}
        if self.current:
            played["current"] = True
        if self.first_day is not None:
            played["from"] = self.first_day.isoformat()
        if self.last_day is not None:
            played["until"] = self.last_day.isoformat()
        if self.states:
            played["states"] = list(self.states)
        return played

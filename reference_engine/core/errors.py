"""Ways an action can fail to happen. Each maps to one contract status in the reference adapter."""

from __future__ import annotations

from collections.abc import Sequence


class EngineError(Exception):
    """Base class of the engine's own errors."""


class IllegalAction(EngineError):
    """The rules forbid the action (e.g. attacking with a summoning-sick creature). Nothing changed."""


class ScriptMismatch(EngineError):
    """A choice the rules ask for was not scripted, or a scripted choice was never asked for."""


class ChoiceNeeded(ScriptMismatch):
    """A choice the rules ask for was not scripted: which kind, who decides, and the cards among which to pick.

    The adapter answers it as data (``choice_needed``) and puts the game back as it was before the move.
    """

    def __init__(self, kind: str, player: object, options: Sequence[object], message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.player = player
        self.options = tuple(options)


class UnsupportedByEngine(EngineError):
    """The engine does not implement what was asked (a card form, a mechanic, a setup field)."""


class InvalidSetup(EngineError):
    """A starting state that the rules do not allow (e.g. a spell in the battle zone)."""

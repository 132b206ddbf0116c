"""What an engine answers instead of doing a move (応答): exceptions that become the contract's statuses.

An engine (or the adapter around it) raises one of these; :func:`answer` turns it into the response the kit
reads, with the reason as the ``message`` that reaches the report, the summary, ``shinpan compare`` and the
site:

=================== ==================== =====================================================================
raise               status               when
=================== ==================== =====================================================================
:class:`Unsupported` ``unsupported``     the engine lacks a card, mechanic or field: never a wrong state
:class:`Rejected`    ``rejected``        the rules forbid the move; nothing changed
:class:`ChoiceNeeded` ``choice_needed``  a decision the script does not answer: kind, player, options
:class:`ScriptMismatch` ``script_mismatch`` the script names the wrong player, or leaves a choice unused
:class:`BadRequest`  ``error``           the request names something it did not declare
=================== ==================== =====================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from shinpan.adapters.contract import ChoiceKind, PlayerName
from shinpan.adapters.contract import ChoiceNeeded as ChoiceNeededMessage
from shinpan.adapters.sdk.vocabulary import CHOICES


class EngineAnswer(Exception):
    """An answer other than ``ok``: ``status`` and a one-line reason."""

    status: ClassVar[str] = "error"

    def response(self) -> dict[str, Any]:
        """The contract's response for this answer."""
        return {"status": self.status, "message": str(self)}


class Unsupported(EngineAnswer):
    """The engine does not implement what the request needs (UNSUPPORTED, with the reason). Name the ``mechanic``
    (a name of :data:`~shinpan.adapters.sdk.vocabulary.MECHANICS`) or the ``card`` when you know it: the reason
    then says so, and the report groups by it."""

    status: ClassVar[str] = "unsupported"

    def __init__(self, reason: str, *, mechanic: str | None = None, card: str | None = None) -> None:
        about = [f"mechanic {mechanic}" if mechanic else "", f"card 《{card}》" if card else ""]
        named = ", ".join(a for a in about if a)
        super().__init__(f"{reason} ({named})" if named else reason)
        self.reason = reason
        self.mechanic = mechanic
        self.card = card


class Rejected(EngineAnswer):
    """The rules forbid the move, and nothing changed (a scenario may expect this)."""

    status: ClassVar[str] = "rejected"


class ScriptMismatch(EngineAnswer):
    """The script gives a decision to the wrong player, or leaves a scripted choice unused (SCRIPT_MISMATCH)."""

    status: ClassVar[str] = "script_mismatch"


class BadRequest(EngineAnswer):
    """The request names a card it did not declare, or otherwise breaks the contract (``error``)."""


@dataclass(frozen=True)
class Question:
    """A decision the engine needs answered (``common.json#/$defs/choice_needed``): which kind, whose, among
    which cards, and how many picks a legal answer has."""

    kind: ChoiceKind
    player: PlayerName
    options: tuple[str, ...]
    """The labels of the cards the player may pick from."""
    fewest: int = 1
    most: int | None = 1
    """``None``: as many as there are options."""
    ordered: bool = False

    @classmethod
    def of(cls, kind: ChoiceKind, player: PlayerName, options: Sequence[str]) -> Question:
        """A question of ``kind`` with the numbers of picks the vocabulary gives that kind."""
        term = CHOICES[kind]
        return cls(kind, player, tuple(options), term.fewest, term.most, term.ordered)

    def to_message(self) -> ChoiceNeededMessage:
        """As the contract writes it (``messages.json#/$defs/choice_needed``)."""
        most = len(self.options) if self.most is None else self.most
        return {"kind": self.kind, "player": self.player, "options": list(self.options),
                "fewest": min(self.fewest, most), "most": most, "ordered": self.ordered}


class ChoiceNeeded(EngineAnswer):
    """The move needs a decision the script does not give (``choice_needed``). The engine leaves the game as it
    was before the move; the kit scores it SCRIPT_MISMATCH, a generator answers the question and sends the move
    again."""

    status: ClassVar[str] = "choice_needed"

    def __init__(self, question: Question) -> None:
        options = ", ".join(question.options)
        super().__init__(f"the rules ask {question.player} for a choice of kind {question.kind!r} "
                         f"(options: {options}), but none was scripted")
        self.question = question

    def response(self) -> dict[str, Any]:
        """``choice_needed`` with the question as data."""
        return {**super().response(), "choice": self.question.to_message()}


def answer(work: Callable[[], object]) -> dict[str, Any]:
    """Run ``work`` and answer ``ok``, or the status of the :class:`EngineAnswer` it raised."""
    try:
        work()
    except EngineAnswer as raised:
        return raised.response()
    return {"status": "ok"}

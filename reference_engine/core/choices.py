"""Scripted choices (選択). The engine never guesses a player's decision: it asks the script.

Every choice the rules or an ability ask a player for is looked up by its kind in the choices given
with the action. A choice asked for and not scripted is a
:class:`~shinpan.reference_engine.core.errors.ChoiceNeeded` (the question as data: kind, player, options); one
scripted and never asked for, or scripted for the other player, is a
:class:`~shinpan.reference_engine.core.errors.ScriptMismatch`.

**A decision with one legal answer is not a choice**: the engine asks the script only when two or more
answers are legal. When only one is, it is taken without asking (:meth:`ChoiceScript.forced`); a scripted
answer of that kind that gives exactly that answer is accepted and counts as used, so a scenario may
script a forced decision or leave it out (docs/adapters.md, section `act`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shinpan.reference_engine.core.errors import ChoiceNeeded, IllegalAction, ScriptMismatch
from shinpan.reference_engine.core.objects import Card
from shinpan.reference_engine.core.players import Player


@dataclass(frozen=True)
class Choice:
    """One scripted answer: ``player`` decides ``kind`` by picking these cards, in order.

    The adapter turns the scenario's labels into the engine's cards; labels never reach the engine.
    """

    kind: str
    picks: tuple[Card, ...]
    player: Player


class ChoiceScript:
    """The choices scripted for one action, consumed in order per kind."""

    def __init__(self, choices: Sequence[Choice] = ()) -> None:
        self._pending = list(choices)

    def take(self, kind: str, *, by: Player, options: Sequence[Card]) -> Choice:
        """The next scripted choice of ``kind``, which the rules ask ``by`` to make among the cards ``options``;
        :class:`ChoiceNeeded` if there is none, :class:`ScriptMismatch` if the script gives that decision to the
        other player."""
        choice = self.offered(kind, by=by)
        if choice is None:
            raise ChoiceNeeded(kind, by, options, f"the rules ask {by.name} for a choice of kind {kind!r} (options: "
                               f"{', '.join(c.name for c in options)}), but none was scripted")
        return choice

    def offered(self, kind: str, *, by: Player) -> Choice | None:
        """The next scripted choice of ``kind`` if there is one: for a decision ``by`` *may* make but the
        rules do not ask for (e.g. arranging cards in the battle zone at will, 403.3)."""
        for index, choice in enumerate(self._pending):
            if choice.kind == kind:
                if choice.player is not by:
                    raise ScriptMismatch(f"the rules ask {by.name} for the choice {kind!r}, "
                                         f"but the script has {choice.player.name} making it")
                return self._pending.pop(index)
        return None

    def take_about(self, kind: str, subject: Card, *, by: Player, options: Sequence[Card]) -> Choice:
        """The scripted choice of ``kind`` that ``by`` makes about ``subject`` (one of several things decided one
        by one, e.g. the god each piece of equipment goes to): the next one whose picks after the first name
        ``subject``; else the next one that names no subject (such choices answer the rules' questions in the order
        they are asked). :class:`ChoiceNeeded` (among ``options``) if there is neither."""
        named = [i for i, c in enumerate(self._pending) if c.kind == kind and any(p is subject for p in c.picks[1:])]
        plain = [i for i, c in enumerate(self._pending) if c.kind == kind and len(c.picks) <= 1]
        if not named and not plain:
            raise ChoiceNeeded(kind, by, options, f"the rules ask {by.name} for a choice of kind {kind!r} about "
                               f"{subject.name}, but none was scripted")
        choice = self._pending[(named or plain)[0]]
        if choice.player is not by:
            raise ScriptMismatch(f"the rules ask {by.name} for the choice {kind!r}, "
                                 f"but the script has {choice.player.name} making it")
        self._pending.remove(choice)
        return choice

    def forced(self, kind: str, *, by: Player, answer: Sequence[Card]) -> tuple[Card, ...]:
        """A decision of ``kind`` whose only legal answer is ``answer``: nothing is asked. If the next scripted
        choice of that kind is ``by``'s and names exactly these cards, it is taken (it is not unused); any
        other scripted choice of that kind is left for a later decision."""
        for index, choice in enumerate(self._pending):
            if choice.kind == kind:
                if choice.player is by and _same_cards(choice.picks, answer):
                    self._pending.pop(index)
                break
        return tuple(answer)

    def one_of(self, kind: str, options: Sequence[Card], *, by: Player, what: str) -> Card:
        """The one card ``by`` picks among ``options`` (a choice of ``kind``): asked only when there are two or
        more; :class:`IllegalAction` if the pick is not one of them."""
        if len(options) == 1:
            return self.forced(kind, by=by, answer=options)[0]
        picks = self.take(kind, by=by, options=options).picks
        if len(picks) != 1 or not any(picks[0] is o for o in options):
            raise IllegalAction(f"the {kind!r} choice must name {what}, one of {[o.name for o in options]}")
        return picks[0]

    def finish(self) -> None:
        """Check that every scripted choice was used."""
        if self._pending:
            unused = ", ".join(f"{c.kind}={[p.name for p in c.picks]}" for c in self._pending)
            raise ScriptMismatch(f"scripted choices never asked for: {unused}")


def _same_cards(picks: Sequence[Card], answer: Sequence[Card]) -> bool:
    """Whether two lists name the same cards (order aside: a forced answer is a set of cards)."""
    return len(picks) == len(answer) and all(any(p is a for a in answer) for p in picks)

"""Scripted choices (選択): the decisions a scenario answers with its move, asked for by the engine.

A scenario never lets an engine guess a player's decision: it scripts them (``act``'s ``choices``), and the
engine asks :class:`ScriptedChoices` for each one as it comes. The rules of the contract, applied here once:

- a decision with **one legal answer is not a choice**: :meth:`~ScriptedChoices.forced` (or
  :meth:`~ScriptedChoices.one_of` with one option) takes it without asking, and a scripted choice of that kind
  giving exactly that answer counts as used;
- a decision the script does not answer raises :class:`~shinpan.adapters.sdk.answers.ChoiceNeeded`, the question
  as data (kind, player, the options' labels);
- a scripted choice for the other player is a :class:`~shinpan.adapters.sdk.answers.ScriptMismatch`, and so is
  one left unused when the move is done (:meth:`~ScriptedChoices.finish`);
- a pick that is not among the options is :class:`~shinpan.adapters.sdk.answers.Rejected`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from shinpan.adapters.contract import Choice, ChoiceKind, PlayerName
from shinpan.adapters.sdk.answers import ChoiceNeeded, Question, Rejected, ScriptMismatch
from shinpan.adapters.sdk.labels import LabelMap

C = TypeVar("C")


class ScriptedChoices(Generic[C]):
    """The choices scripted with one move, answered in order per kind, as the engine's cards ``C``."""

    def __init__(self, choices: Sequence[Choice], labels: LabelMap[C]) -> None:
        self.labels = labels
        self._pending = [(c["kind"], c["player"], tuple(labels.card(p, f"choices/{i}/picks") for p in c["picks"]))
                         for i, c in enumerate(choices)]

    @property
    def scripted(self) -> tuple[tuple[ChoiceKind, PlayerName, tuple[C, ...]], ...]:
        """The choices not used yet: kind, player, picks (for an engine with a choice script of its own)."""
        return tuple(self._pending)

    def take(self, kind: ChoiceKind, *, by: PlayerName, options: Sequence[C]) -> tuple[C, ...]:
        """The picks of the next scripted choice of ``kind``, a decision of ``by`` among ``options``."""
        picks = self.offered(kind, by=by)
        if picks is None:
            raise ChoiceNeeded(Question.of(kind, by, [self.labels.label(o) for o in options]))
        return picks

    def offered(self, kind: ChoiceKind, *, by: PlayerName) -> tuple[C, ...] | None:
        """The next scripted choice of ``kind``, if there is one: for a decision ``by`` may make but the rules do
        not ask for (e.g. rearranging cards at will)."""
        for index, (scripted, player, picks) in enumerate(self._pending):
            if scripted == kind:
                if player != by:
                    raise ScriptMismatch(f"the rules ask {by} for the choice {kind!r}, but the script has {player} "
                                         "making it")
                del self._pending[index]
                return picks
        return None

    def forced(self, kind: ChoiceKind, *, by: PlayerName, answer: Sequence[C]) -> tuple[C, ...]:
        """A decision whose only legal answer is ``answer``: nothing is asked, and the next scripted choice of that
        kind is used up if it is ``by``'s and names exactly these cards."""
        for index, (scripted, player, picks) in enumerate(self._pending):
            if scripted == kind:
                if player == by and _same(picks, answer):
                    del self._pending[index]
                break
        return tuple(answer)

    def one_of(self, kind: ChoiceKind, options: Sequence[C], *, by: PlayerName) -> C:
        """The one card ``by`` picks among ``options``: asked only when there are two or more."""
        if len(options) == 1:
            return self.forced(kind, by=by, answer=options)[0]
        picks = self.take(kind, by=by, options=options)
        if len(picks) != 1 or not any(picks[0] is o for o in options):
            named = ", ".join(self.labels.label(o) for o in options)
            raise Rejected(f"the {kind!r} choice must name one of {named}")
        return picks[0]

    def use(self, card: C, *, by: PlayerName) -> bool:
        """「〜してもよい」: whether ``by`` uses the optional ability of ``card`` (the ``use`` choice names the card
        to use it, nothing to decline); asked when the script does not say."""
        picks = self.take("use", by=by, options=[card])
        if picks and not (len(picks) == 1 and picks[0] is card):
            raise Rejected(f"the 'use' choice must name {self.labels.label(card)} or nothing")
        return bool(picks)

    def finish(self) -> None:
        """The move is done: a scripted choice never asked for is a script mismatch."""
        if self._pending:
            unused = ", ".join(f"{kind}={[self.labels.label(p) for p in picks]}" for kind, _, picks in self._pending)
            raise ScriptMismatch(f"scripted choices never asked for: {unused}")


def _same(picks: Sequence[object], answer: Sequence[object]) -> bool:
    """Whether two lists name the same cards (order aside: a forced answer is a set of cards)."""
    return len(picks) == len(answer) and all(any(p is a for a in answer) for p in picks)

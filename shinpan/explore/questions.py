"""The questions an engine asks (問い): a decision the move needs and the script does not give, answered by a draw.

An engine that needs a choice answers ``choice_needed`` with the question as data — which kind, the player who
decides, the cards to pick from, how many picks — and leaves the game as before the move. The explorer draws an
answer (the dice shrink it towards the fewest picks, the first options), scripts it with the move, and sends the
move again, until the engine plays it or answers otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shinpan.adapters.contract import Choice
from shinpan.adapters.sdk.vocabulary import CHOICES
from shinpan.explore.dice import Dice
from shinpan.explore.engines import Answer, AnswerStatus, Engine
from shinpan.running.cases import Move

MAX_QUESTIONS = 8
"""The most questions one move may ask before the example is given up."""
WHOLE_ORDERS = frozenset(name for name, kind in CHOICES.items() if kind.ordered and kind.most is None)
"""The kinds of question whose answer orders every option."""


def answer(dice: Dice, question: Mapping[str, Any]) -> Choice:
    """A drawn answer to ``question``: between its fewest and most picks among its options (in the order drawn
    when the order matters, else in the options' order). A question of an order of every option (``order_under``,
    ``enter_order``: the vocabulary's ordered kinds of no most) is answered with every option, in a drawn order —
    the engine's fewest says only that one pick may already be the whole order."""
    options = list(question.get("options", []))
    fewest = int(question.get("fewest", 1))
    most = int(question.get("most", 1))
    if question.get("kind") in WHOLE_ORDERS:
        fewest = most = len(options)
    picks = dice.some(options, min(fewest, len(options)), min(most, len(options)))
    if not question.get("ordered", False):
        picks = [option for option in options if option in picks]
    return {"player": question["player"], "kind": question["kind"], "picks": picks}


def played(engine: Engine, move: Move, dice: Dice, *, observed: bool = True
           ) -> tuple[Move, Answer, tuple[Mapping[str, Any], ...]]:
    """Play ``move`` on ``engine``, answering each question it asks with a draw: the move as finally played (with
    the choices scripted), the engine's last answer, and the questions it asked on the way (``observed``: whether
    the board may be observed after it, :meth:`Engine.act`)."""
    asked: list[Mapping[str, Any]] = []
    answer_ = engine.act(move, observed=observed)
    while answer_.status is AnswerStatus.CHOICE_NEEDED and answer_.choice is not None and len(asked) < MAX_QUESTIONS:
        asked.append(answer_.choice)
        move = Move(move.action, (*move.choices, answer(dice, answer_.choice)), move.attempt)
        answer_ = engine.act(move, observed=observed)
    return move, answer_, tuple(asked)


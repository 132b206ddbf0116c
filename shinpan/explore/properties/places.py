"""Every card in exactly one place (カードは常にちょうど1か所にある), over generated play.

A card that moves leaves the zone it was in and is added to the new one (400.5): at every moment each card of the
game is in exactly one place — in one zone's list, or in the battle zone as a card of one object (on top, under
others, or as a seal). Tested after the setup and after every move of generated play (the boards and moves of the
differential run, drawn from the board the engine under test shows, through the strategies of
:mod:`shinpan.explore.strategies`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from shinpan.explore.dice import Dice
from shinpan.explore.moves import playable
from shinpan.explore.properties.property import Check, Context, Plan, Property, every_card
from shinpan.explore.strategies import boards, moves
from shinpan.running.cases import Move
from shinpan.running.checks import Places


def plan(dice: Dice, context: Context) -> Plan:
    """A generated board; after it and every move, each of its cards is in exactly one place."""
    state: dict[str, Any] = dice.draw(boards(context.pool, context.mechanics))
    cards = every_card(state)
    drawers = playable(context.mechanics)

    def each(moves: Sequence[Move]) -> Sequence[Check]:
        return [Places(card, 1) for card in cards]

    def more(dice: Dice, view: Mapping[str, Any]) -> Mapping[str, Any] | None:
        drawn: Mapping[str, Any] | None = dice.draw(moves(view, state["cards"], context.pool, drawers,
                                                          context.mechanics))
        return drawn

    return Plan(state, each=each, more=more, may_reject=True)


ONE_PLACE = Property(
    id="one-place",
    title="every card is in exactly one place",
    title_ja="カードはいつもちょうど1か所にある(400.5)",
    statement="カードはゾーンを移動すると前のゾーンから離れて新しいゾーンに加わる。どの時点でも、各カードはちょうど1か所"
              "(いずれかのゾーン、またはバトルゾーンのいずれかのカードの束か封印)にある。",
    rules=("400.5",),
    sources=("dm-rule-1.48",),
    planner=plan,
)

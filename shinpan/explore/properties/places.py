"""Every card in exactly one place (カードは常にちょうど1か所にある), over generated play.

A card that moves leaves the zone it was in and is added to the new one (400.5): at every moment each card of the
game is in exactly one place — in one zone's list, or in the battle zone as a card of one object (on top, under
others, or as a seal). Tested after the setup and after every move of generated play: boards and moves drawn as
the differential run draws them (its swarms, :mod:`shinpan.explore.swarm`), each move drawn from the board the engine
under test shows. The same play checks, at every step, every property stated over general play whose premise the
step shows (:mod:`.general`): its findings are that property's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from shinpan.explore.boards import board
from shinpan.explore.dice import Dice
from shinpan.explore.moves import KIND_OF, Board, next_move, playable
from shinpan.explore.properties.property import MORE_MOVES, Check, Context, Plan, Property, every_card
from shinpan.explore.swarm import swarm
from shinpan.running.cases import Move
from shinpan.running.checks import Places


def plan(dice: Dice, context: Context) -> Plan:
    """A board drawn as the differential run draws one (its swarm: the families, board parts and move kinds this
    example enables); after it and every move, each of its cards is in exactly one place."""
    drawers = playable(context.mechanics)
    drawn = swarm(dice, context.pool, [KIND_OF[d] for d in drawers], MORE_MOVES)
    state = board(dice, context.pool, context.mechanics, drawn)
    checks = [Places(card, 1) for card in every_card(state)]
    made: set[str] = set()

    def each(moves: Sequence[Move]) -> Sequence[Check]:
        return checks

    def more(dice: Dice, view: Mapping[str, Any]) -> Mapping[str, Any] | None:
        action = next_move(dice, Board(view, state["cards"], context.pool, drawn.destination), drawers,
                           context.mechanics, drawn.kinds, made)
        if action is not None:
            made.add(str(action["type"]))
        return action

    return Plan(state, each=each, more=more, may_reject=True, least=drawn.least, most=drawn.moves,
                general=context.general)


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

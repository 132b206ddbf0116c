"""Cards under a card in the battle zone (カードの下にあるカード), rules 403.3, 403.4, 403.4a.

From 2021-03-16 (the :class:`~shinpan.reference_engine.core.rules_state.RulesState` question
``cards_under_have_fixed_order``): a card put under a card goes to the bottom of the object's cards;
when several go at once, the player chooses their order (``order_under``); and the order can never
be changed afterwards (403.4, an exception to 403.3). Before, only 403.3 applied: a player could
rearrange their cards in the battle zone freely, so the order of cards under had no effect: it is not
asked for, though an order the player gives is honoured as their arrangement.
"""

from __future__ import annotations

from collections.abc import Sequence

from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.errors import IllegalAction
from shinpan.reference_engine.core.event_pipeline import EventPipeline
from shinpan.reference_engine.core.events import Cause, MoveRequest
from shinpan.reference_engine.core.objects import Card
from shinpan.reference_engine.core.zones import Zone
from shinpan.reference_engine.transitions.evolution import order_of


def put_under(pipeline: EventPipeline, target: Card, cards: Sequence[Card], choices: ChoiceScript | None) -> None:
    """An effect puts ``cards`` (from outside the battle zone) under the object ``target`` is part of."""
    state = pipeline.state
    host = state.object_of(target)
    if host is None:
        raise IllegalAction(f"{target.name} is not in the battle zone")
    for card in cards:
        if state.object_of(card) is not None:
            raise IllegalAction(f"{card.name} is already in the battle zone")
    ordered = order_of(cards, pipeline.rules.cards_under_have_fixed_order, choices, by=host.controller)
    pipeline.move([MoveRequest(card, Zone.BATTLE, Cause.UNDER, beneath=target) for card in ordered], choices)


def rearrange_under(pipeline: EventPipeline, target: Card, order: Sequence[Card]) -> None:
    """The controller rearranges the cards under ``target``'s top card into ``order`` (top first).

    Allowed by 403.3 before 2021-03-16; forbidden by 403.4 from then on. In a linked creature the cards under are
    each god's own (804: a god keeps its pile): the cards under the god ``target`` is part of are rearranged, and the
    other gods and their piles are not cards under it.
    """
    obj = pipeline.state.object_of(target)
    if obj is None:
        raise IllegalAction(f"{target.name} is not in the battle zone")
    if pipeline.rules.cards_under_have_fixed_order:
        raise IllegalAction("the order of cards under a card cannot be changed (403.4)")
    pile = obj.part_of(target)
    under = pile[1:]
    if len({id(c) for c in order}) != len(under) or any(not any(c is u for u in under) for c in order):
        raise IllegalAction(f"the new order must list every card under {pile[0].name} once")
    start = next(index for index, card in enumerate(obj.cards) if card is pile[0]) + 1
    obj.cards[start:start + len(under)] = list(order)

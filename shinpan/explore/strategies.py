"""Explore's drawers as Hypothesis strategies (戦略): boards, swarms and moves that properties, tests and a judge's
own properties compose with ``@given``, ``map``, ``flatmap`` and ``@composite``.

    from hypothesis import given
    from shinpan.explore.strategies import boards

    @given(boards())
    def test_every_board_has_a_card_to_draw(state): ...

Each strategy draws through the same dice (:mod:`shinpan.explore.dice`) as an exploration, so a board drawn here is
one an exploration could draw, and shrinks the same way (fewer cards, the first cards of the pool, untapped).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import cache
from typing import Any

from hypothesis import strategies as st

from shinpan.adapters import cards
from shinpan.explore.boards import board
from shinpan.explore.dice import Dice
from shinpan.explore.moves import DRAWERS, Action, Board, Drawer, next_move
from shinpan.explore.pool import Pool, pool
from shinpan.explore.swarm import Swarm, swarm


@cache
def registry_pool() -> Pool:
    """Every modelled card of the registry (``features/cards.yaml``): the pool of the reference engine."""
    registry = cards.load()
    return pool(registry, {entry.name for entry in registry})


@st.composite
def swarms(draw: st.DrawFn, cards: Pool | None = None, kinds: Sequence[str] = tuple(DRAWERS),
           moves: int = 5) -> Swarm:
    """What one example enables (:func:`shinpan.explore.swarm.swarm`): card families of ``cards`` (the registry's
    by default), kinds of move among ``kinds``, ``moves`` (or more) moves at most."""
    return swarm(Dice(draw), cards or registry_pool(), kinds, moves)


@st.composite
def boards(draw: st.DrawFn, cards: Pool | None = None, mechanics: Collection[str] | None = None,
           within: Swarm | None = None) -> dict[str, Any]:
    """A starting state (``setup.json``) of cards from ``cards`` (the registry's by default), with only the parts an
    adapter that plays ``mechanics`` can set up (every part if ``None``), inside the swarm ``within`` if given
    (:func:`shinpan.explore.boards.board`)."""
    declared = frozenset(mechanics) if mechanics is not None else None
    return board(Dice(draw), cards or registry_pool(), declared, within)


@st.composite
def moves(draw: st.DrawFn, view: Mapping[str, Any], names: Mapping[str, str], cards: Pool | None = None,
          drawers: Sequence[Drawer] = tuple(DRAWERS.values()), mechanics: Collection[str] | None = None,
          favoured: Collection[str] = ()) -> Action | None:
    """A move drawn on the board an engine shows (``view``, an observation, whose labels ``names`` names), of the
    kinds ``drawers`` (favouring ``favoured``), or ``None`` where none can be drawn
    (:func:`shinpan.explore.moves.next_move`)."""
    return next_move(Dice(draw), Board(view, names, cards or registry_pool()), drawers, mechanics, favoured)

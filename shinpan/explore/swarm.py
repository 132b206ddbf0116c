"""Swarm generation (スウォーム生成): each example first draws which card families, kinds of move and destination it
favours, then draws its board and moves inside them.

Drawn uniformly, a rare conjunction — a watcher on an evolution creature, then a move of one kind to one place —
is drowned by the common ones: one card of a hundred, one kind of move of thirty. Swarm testing (Groce et al.,
ISSTA 2012) lets each example enable a few features only, so that every family and every kind of move gets its
share of the examples, and the examples that enable two of them spend their whole budget on those two. The board's
other coins (tapped or not, entered this turn or not) are independent and stay coins.

The families and kinds are drawn uniformly (:meth:`Dice.random`: Hypothesis's small draws favour the first
items, which would give the first kinds most of the budget); they shrink to fewer, so a shrunk case still names few
cards and few kinds of move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shinpan.explore.dice import Dice
from shinpan.explore.pool import Pool

PARTS = ("tapped", "arrived_this_turn", "ignore_abilities", "power")
"""The parts of a board a swarm may favour (every object has it): tapped, entered this turn, abilities ignored,
power changed."""

FAMILIES_AT_MOST = 2
"""The most card families one example enables (the palette draws at least one card of each)."""
KINDS_AT_MOST = 3
"""The most kinds of move one example favours (resolving waiting abilities is always among them)."""
LONGEST = 8
"""The most moves an example makes when its swarm asks for a long play (a rule that needs an ability to wait
while its creature evolves, then leaves, then resolves needs more than five)."""


NEEDS = {"g_link": "god", "unlink": "god", "awaken_link": "psychic", "flip": "double_faced", "equip": "equipment",
         "mugetsu": "mugetsu", "stop_treating_as_creature": "tamaseed", "cast": "spell", "side_jump": "evolution",
         "devolve": "evolution", "rearrange_under": "evolution", "resolve": "watcher"}
"""The card family a kind of move needs on the board: a swarm that favours the move enables the family too."""
BEFORE = {"unlink": ("g_link", "awaken_link"), "resolve": ("put_into_battle",), "side_jump": ("put_into_battle",),
          "unseal": ("seal",)}
"""The kinds of move that make the board another kind needs (a link to undo, an ability waiting): favoured with it."""
PLAYED_BY = {"graveyard_evolution": ("summon", "put_into_battle"), "evolution": ("summon",), "mugetsu": ("mugetsu",),
             "god": ("g_link", "unlink"), "psychic": ("awaken_link", "move"), "double_faced": ("flip",),
             "equipment": ("equip",), "tamaseed": ("stop_treating_as_creature",), "spell": ("cast",),
             "watcher": ("resolve",), "leave_watcher": ("resolve", "move"),
             "destroy_watcher": ("resolve", "destroy"), "keyword": ("apply_effect", "summon", "attack"),
             "static": ("apply_effect",)}
"""The kinds of move that play a card family's own rules: a swarm that enables the family favours them too."""


DESTINATIONS = ("graveyard", "hand", "mana", "deck", "shields")
"""The zones a swarm may favour as the destination of its moves."""
SUITE_SHARE = 4
"""One example in this many starts from the suite's boards (where the adapter can play one)."""


@dataclass(frozen=True)
class Swarm:
    """What one example enables: card families, kinds of move (by action type), and how many moves at most."""

    families: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    """The kinds of move drawn first, wherever the board allows one of them; the others only where none can be."""
    moves: int = 5
    least: int = 1
    """The fewest moves: one more for each move that makes the board a favoured one needs (half the time)."""
    part: str | None = None
    """The part of the board favoured (:data:`~shinpan.explore.boards.PARTS`), if any: every object has it."""
    destination: str | None = None
    """The zone favoured as a destination of ``move`` and ``devolve`` (the others are drawn fairly half the time)."""
    from_suite: bool = False
    """Whether the example starts from a neighbour of one of the suite's boards (:mod:`shinpan.explore.corpus`)."""


def swarm(dice: Dice, pool: Pool, kinds: Sequence[str], moves: int) -> Swarm:
    """The swarm of one example: one or two of the pool's families, one to three of ``kinds``, and either ``moves``
    or :data:`LONGEST` moves at most."""
    fair = dice.random()  # every fair choice of the swarm from one generator: two draws, not ten
    favoured = fair.sample(list(kinds), len(kinds))[:dice.count(1, KINDS_AT_MOST)]
    needed = [family for kind in favoured if (family := NEEDS.get(kind)) in pool.families]
    shuffled = fair.sample(list(pool.families), len(pool.families))
    families = list(dict.fromkeys([*needed, *shuffled[:dice.count(1, FAMILIES_AT_MOST)]]))
    favoured += [kind for family in families for kind in PLAYED_BY.get(family, ()) if kind in kinds]
    before = [first for kind in favoured for first in BEFORE.get(kind, ()) if first in kinds]
    longest = LONGEST if dice.coin() else moves
    least = min(1 + len(before), longest) if before and dice.coin() else 1  # a coin: a shrunk case may make one move
    return Swarm(tuple(families), tuple(dict.fromkeys([*favoured, *before])), longest, least,
                 part=fair.choice((None, *PARTS)), destination=fair.choice(DESTINATIONS),
                 from_suite=fair.randrange(SUITE_SHARE) == 0)

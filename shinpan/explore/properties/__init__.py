"""The rule properties (規則の性質) the explorer tests, each a module named after its rule.

=========================  ===========================================================================
property                   rule
=========================  ===========================================================================
``one-place``              400.5: every card is in exactly one place (over generated play)
``new-object``             400.5: a creature that leaves and comes back keeps nothing of before
``enter-triggers``         603.5a: enter abilities trigger once per card that enters, unless ignored
``look-back``              603.5c/603.5d: leave triggers look back; each revision's answer (also over general
                           play)
``replacement``            609/101.5: one replacement per event, the turn player's first, instead-zones (also
                           over general play)
``carry-over-pump``        the 引き継ぎ早見表's 付与/パンプ column, over its transitions
``carry-over-tap``         its タップ column
``carry-over-attack``      its 攻撃 column
``carry-over-equipment``   its 装備 column (its ○ and × cells)
``carry-over-sickness``    its 召酔 column (summoning sickness, 301.5), also over general play
``reconstruction``         801.4 (2021-03-16): one pile stays, non-creatures off the top
``reconstruction-old``     old 801.4: chosen creatures stay, the rest to the graveyard
``links``                  804: gods of two and three pieces link and come apart (also over general play)
``swaps``                  701.26: a swap carries tap state and attack only; no swap if a move is replaced (also
                           over general play)
``seals``                  116, 701.23: a sealed creature is ignored; a removed seal goes to the graveyard (also
                           over general play)
``ignored-keywords``       301.5: an ignored スピードアタッカー does not win over summoning sickness
``turns``                  the turn ends: durations end, attacks end, the next player's things untap (116.2a) (also
                           over general play)
=========================  ===========================================================================

A property is written as a ruling is (:class:`~shinpan.explore.properties.property.Property`): its statement, rule
numbers, sources and the changes from/until which it holds; ``docs/properties.md`` says how to write one. A property
may also state its rule over any step (``general``): the one-place property's generated play then checks it wherever
its premise occurs (:mod:`.general`).
"""

from __future__ import annotations

from shinpan.explore.properties.carry_over import CARRY_OVER
from shinpan.explore.properties.enter_triggers import ENTER_TRIGGERS
from shinpan.explore.properties.ignored import IGNORED_KEYWORDS
from shinpan.explore.properties.links import LINKS
from shinpan.explore.properties.look_back import LOOK_BACK
from shinpan.explore.properties.new_object import NEW_OBJECT
from shinpan.explore.properties.places import ONE_PLACE
from shinpan.explore.properties.property import Context, Plan, Property, Step, Testing
from shinpan.explore.properties.reconstruction import RECONSTRUCTION, RECONSTRUCTION_OLD
from shinpan.explore.properties.replacement import REPLACEMENT
from shinpan.explore.properties.seals import SEALS
from shinpan.explore.properties.sickness import SICKNESS
from shinpan.explore.properties.swaps import SWAPS
from shinpan.explore.properties.turns import TURNS

PROPERTIES: tuple[Property, ...] = (ONE_PLACE, NEW_OBJECT, ENTER_TRIGGERS, LOOK_BACK, REPLACEMENT, *CARRY_OVER,
                                    SICKNESS, RECONSTRUCTION, RECONSTRUCTION_OLD, LINKS, SWAPS, SEALS, TURNS,
                                    IGNORED_KEYWORDS)
"""Every property, in the order they are explored and reported."""

__all__ = ["PROPERTIES", "Context", "Plan", "Property", "Step", "Testing"]

"""The rule properties (規則の性質) the explorer tests, each a module named after its rule.

=========================  ===========================================================================
property                   rule
=========================  ===========================================================================
``one-place``              400.5: every card is in exactly one place (over generated play)
``look-back``              603.5c/603.5d: leave triggers look back; each revision's answer
``carry-over-pump``        the 引き継ぎ早見表's 付与/パンプ column, over its transitions
``carry-over-tap``         its タップ column
``carry-over-attack``      its 攻撃 column
=========================  ===========================================================================

A property is written as a ruling is (:class:`~shinpan.explore.properties.property.Property`): its statement, rule
numbers, sources and the changes from/until which it holds; ``docs/properties.md`` says how to write one.
"""

from __future__ import annotations

from shinpan.explore.properties.carry_over import CARRY_OVER
from shinpan.explore.properties.look_back import LOOK_BACK
from shinpan.explore.properties.places import ONE_PLACE
from shinpan.explore.properties.property import Context, Plan, Property, Testing

PROPERTIES: tuple[Property, ...] = (ONE_PLACE, LOOK_BACK, *CARRY_OVER)
"""Every property, in the order they are explored and reported."""

__all__ = ["PROPERTIES", "Context", "Plan", "Property", "Testing"]

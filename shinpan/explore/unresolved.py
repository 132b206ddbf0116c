"""Boards the kit cannot judge (未解決の盤面): what happens there is a rule its sources do not give.

A creature whose power is 0 or less: one engine destroys it (as a state-based check of later rulebooks would), the
reference engine keeps it, and no source the kit holds (``features/rules.yaml``, the source pages) states either
answer — the 703.4 entries they quote say nothing of power. So a difference (or a broken property) found at a step
whose board, before or after it, shows such a creature is no finding: the example stops there, skipped with
:data:`POWER_AT_MOST_ZERO` as its reason (counted), as a scenario's ``?`` stays unresolved — unless the engine's own
board shows it still in the battle zone, as the reference engine keeps it: then the engines agree on what the sources
leave open, and the difference lies elsewhere. A step where the engines agree is judged as any other, and so is every
step before. The check reads the boards the oracle has: the reference
engine's for the differential, the engine's own for a property (an engine that destroys the creature within the
very step that brings it to 0 shows no such board, and only the differential, which sees the reference engine keep
it, can leave that step unjudged).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from shinpan.explore.oracle import Skip

POWER_AT_MOST_ZERO = ("unresolved: a creature's power is 0 or less (no source of the kit says whether it is "
                      "destroyed)")
"""The skip reason of a step whose board shows a creature at power 0 or less."""


def powerless(view: Mapping[str, Any] | None) -> list[str]:
    """The top cards of the battle-zone objects of ``view`` whose power is 0 or less (none if ``view`` is None or
    does not report power)."""
    if view is None:
        return []
    return [obj["cards"][0] for player in view["players"].values() for obj in player.get("battle", [])
            if isinstance(obj.get("power"), int) and obj["power"] <= 0]


def judged(views: Iterable[Mapping[str, Any] | None], engine: Mapping[str, Any] | None = None) -> None:
    """Raise :class:`~shinpan.explore.oracle.Skip` if any of ``views`` (the boards before and after a step) shows
    a creature whose power is 0 or less: the step's outcome is a rule the kit's sources do not give. Not if
    ``engine``, the engine under test's board after the step, still has every such creature in its battle zone."""
    weak = {card for view in views for card in powerless(view)}
    if weak and (engine is None or not weak <= _in_battle(engine)):
        raise Skip(POWER_AT_MOST_ZERO)


def _in_battle(view: Mapping[str, Any]) -> set[str]:
    """The top cards of the battle-zone objects of ``view``."""
    return {obj["cards"][0] for player in view["players"].values() for obj in player.get("battle", [])}

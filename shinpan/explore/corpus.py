"""The suite's boards as seeds (コーパス): a differential example may start from a scenario of the suite and vary it.

The suite's scenarios are the rare conjunctions an expert chose — a watcher on an evolution creature, a
replacement effect met by a move to one place. Seeded fuzzing (AFL, libFuzzer) starts from such real inputs and
mutates them: an example drawn from the corpus takes one scenario's compiled board and its first moves (with their
scripted choices), and draws a neighbour of it — the other player's turn, a card swapped for another of its family,
an object tapped or untapped, fewer of its moves — before the differential run draws more moves as usual.

Scenarios are compiled only when drawn (:func:`shinpan.cases.compile_case`), so a run pays for the few it uses; a
scenario whose cards the adapter does not implement, or whose mechanics (its moves' included) it does not declare, is
never drawn.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from shinpan.adapters.contract import Rules
from shinpan.explore.boards import parts_needed
from shinpan.explore.dice import Dice
from shinpan.explore.moves import playable_action
from shinpan.explore.pool import FAMILIES, Pool
from shinpan.running.cases import Move, compile_case
from shinpan.suite import scenarios as suite


@dataclass
class Corpus:
    """The suite's scenarios an adapter can play, compiled when drawn."""

    rules: Rules
    pool: Pool
    mechanics: Collection[str]
    compiled: dict[str, tuple[Mapping[str, Any], tuple[Move, ...]] | None] = field(default_factory=dict)
    drawn: tuple[str, ...] = ()
    """The rule numbers the scenario drawn last cites (``@rule``): what an example started from it reached."""

    @cached_property
    def scenarios(self) -> tuple[suite.Case, ...]:
        """Every scenario of the suite (read once, when the first is drawn)."""
        return tuple(suite.cases())

    def seed(self, dice: Dice) -> tuple[dict[str, Any], tuple[Move, ...]] | None:
        """A neighbour of a scenario drawn fairly: its board varied, and a prefix of its moves (``None`` if the
        scenario drawn cannot be played by the adapter)."""
        scenario = dice.fair(self.scenarios)
        compiled = self._compiled(scenario)
        self.drawn = scenario.values.rule if compiled is not None else ()
        if compiled is None:
            return None
        state, moves = compiled
        return neighbour(dice, state, self.pool), tuple(moves[:dice.count(0, len(moves))])

    def _compiled(self, scenario: suite.Case) -> tuple[Mapping[str, Any], tuple[Move, ...]] | None:
        if scenario.id not in self.compiled:
            case = compile_case(scenario, self.rules)
            moves = tuple(item for step in case.steps for item in step.items if isinstance(item, Move))
            names = case.setup.state.get("cards", {}).values()
            needed = set(case.mechanics) | parts_needed(case.setup.state, self.pool)
            playable = (all(name in self.pool.by_name for name in names) and needed <= set(self.mechanics)
                        and all(playable_action(move.action, self.mechanics) for move in moves)
                        and "waiting" not in case.setup.state)
            self.compiled[scenario.id] = (case.setup.state, moves) if playable and case.setup.state else None
        return self.compiled[scenario.id]


def neighbour(dice: Dice, state: Mapping[str, Any], pool: Pool) -> dict[str, Any]:
    """``state`` varied: perhaps the other player's turn, one card swapped for another of its family (an evolution
    card for an evolution card, a watcher for a watcher), one object's tap state turned."""
    varied: dict[str, Any] = copy.deepcopy(dict(state))
    turn = varied.setdefault("turn", {"number": 2, "active": "me"})
    if dice.coin():
        turn["active"] = "opp" if turn.get("active", "me") == "me" else "me"
    labels = list(varied.get("cards", {}))
    if labels and dice.coin():
        label = dice.fair(labels)
        varied["cards"][label] = dice.fair(_kin(pool, varied["cards"][label]))
    objects = [obj for view in varied.get("players", {}).values() for obj in view.get("battle", [])]
    if objects and dice.coin():
        obj = dice.fair(objects)
        obj["tapped"] = not obj.get("tapped", False)
        if not obj["tapped"]:
            obj.pop("attacking", None)
    return varied


def _kin(pool: Pool, name: str) -> Sequence[str]:
    """The cards of the pool of the first family ``name`` is of (itself if none)."""
    card = pool.named(name)
    family = next((test for test in FAMILIES.values() if test(card)), None)
    kin = [other.name for other in pool.cards if family is not None and family(other)
           and other.is_hyperspatial == card.is_hyperspatial and other.type_line == card.type_line]
    return kin or [name]

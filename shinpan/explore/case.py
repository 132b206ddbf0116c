"""A generated case (生成されたケース): a starting state and the moves made from it, as contract messages.

This is the seam to the kit's compiled case: a generated case is built move by move while it runs (each move is
drawn from what the board shows after the previous one), and once complete it is a plain value that can be
replayed, printed as a scenario or saved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from shinpan.adapters.contract import Choice, Rules


@dataclass(frozen=True)
class Move:
    """One ``act``: the action and the choices scripted for it (answers to the questions the engine asked)."""

    action: Mapping[str, Any]
    choices: tuple[Choice, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The move as the ``act`` request carries it."""
        return {"action": dict(self.action), "choices": [dict(c) for c in self.choices]}


@dataclass(frozen=True)
class Case:
    """A generated case: the rules and seed of its game, its setup, and its moves in order."""

    rules: Rules
    seed: int
    setup: Mapping[str, Any]
    moves: tuple[Move, ...] = field(default=())

    def then(self, move: Move) -> Case:
        """This case with one more move."""
        return Case(self.rules, self.seed, self.setup, (*self.moves, move))

    def upto(self, count: int) -> Case:
        """This case with only its first ``count`` moves."""
        return Case(self.rules, self.seed, self.setup, self.moves[:count])

    @property
    def names(self) -> Mapping[str, str]:
        """Each card label and the name of its card."""
        names: Mapping[str, str] = self.setup["cards"]
        return names

    def owner(self, label: str) -> str:
        """The player whose zone the setup put ``label`` in (its owner: me or opp)."""
        for player, view in self.setup["players"].items():
            if any(label in cards for zone, cards in view.items() if zone != "battle"):
                return str(player)
            if any(label in obj["cards"] for obj in view.get("battle", [])):
                return str(player)
        raise KeyError(label)

    def as_json(self) -> dict[str, Any]:
        """The case as JSON: rules, seed, setup and moves."""
        return {"rules": dict(self.rules), "seed": self.seed, "setup": _plain(self.setup),
                "moves": [m.as_json() for m in self.moves]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Case:
        """A case from :meth:`as_json`'s form."""
        moves = tuple(Move(m["action"], tuple(m.get("choices", ()))) for m in data.get("moves", ()))
        return cls(data["rules"], int(data["seed"]), data["setup"], moves)


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, Sequence) and not isinstance(value, str):
        return [_plain(v) for v in value]
    return value

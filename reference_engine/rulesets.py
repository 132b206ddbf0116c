"""Rules revisions as values (ルールの改訂).

A :class:`Ruleset` is the revision a game is played under, plus the order of all revisions the
engine knows, so that it can say whether a given revision is in force. Code that differs between
revisions asks a named question here — never compares dates inline.
"""

from __future__ import annotations

from dataclasses import dataclass

from reference_engine.errors import UnsupportedByEngine


@dataclass(frozen=True)
class Ruleset:
    """The revision ``id`` of the ordered revisions ``order`` (oldest first)."""

    id: str
    order: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.id not in self.order:
            raise UnsupportedByEngine(f"ruleset {self.id!r} is not one of {list(self.order)}")

    def in_force(self, revision: str) -> bool:
        """Whether ``revision`` has taken effect under this ruleset (it is this one or an earlier one)."""
        if revision not in self.order:
            raise KeyError(f"unknown revision {revision!r}")
        return self.order.index(revision) <= self.order.index(self.id)

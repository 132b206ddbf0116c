"""Where a scenario's duel sends what its steps make: a :class:`CaseBuilder` keeps it as a case (compiling), a
:class:`~shinpan.running.cases.game.Game` plays it at once on an adapter (the pytest path)."""

from __future__ import annotations

from typing import Protocol

from shinpan.running.cases.model import Case, Item, Setup, Step


class ItemSink(Protocol):
    """Receives each item a step makes, with the case's setup once the game has started (None before)."""

    def emit(self, item: Item, setup: Setup | None) -> None: ...


class CaseBuilder:
    """Keeps the items of each step, step by step, and builds the case."""

    def __init__(self) -> None:
        self.setup: Setup | None = None
        """The setup, once the game started (the first move, or the first check of an observation)."""
        self._steps: list[Step] = []
        self._items: list[Item] = []

    def begin(self, keyword: str, text: str, line: int) -> None:
        """A step begins: the items after this are its own."""
        self._close()
        self._steps.append(Step(keyword, text, line))

    def emit(self, item: Item, setup: Setup | None) -> None:
        if setup is not None:
            self.setup = setup
        self._items.append(item)

    def steps(self) -> tuple[Step, ...]:
        """Every step with its items."""
        self._close()
        return tuple(self._steps)

    def build(self, case_id: str, setup: Setup, *, mechanics: tuple[str, ...] = (), since: tuple[str, ...] = (),
              until: tuple[str, ...] = ()) -> Case:
        """The case: ``setup`` unless the game started (then the setup it started with)."""
        return Case(case_id, self.setup or setup, self.steps(), mechanics=mechanics, since=since, until=until)

    def _close(self) -> None:
        if self._steps and self._items:
            last = self._steps[-1]
            self._steps[-1] = Step(last.keyword, last.text, last.line, (*last.items, *self._items))
        self._items = []

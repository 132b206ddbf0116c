"""The event pipeline as the layers below it see it: the one road every zone move takes.

A transition that moves cards (進化, 入れ替え, 無月の門, …) and a follow-up (「そうしたら」) propose their moves to
the event pipeline and never move a card themselves. They are below the pipeline, which performs a
devolution or a god leaving with the transitions' ``carry_over`` (801.4, 804.7), so they know it only as
this protocol; :class:`shinpan.reference_engine.pipeline.pipeline.Pipeline` is the one implementation.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.events import Event, MoveRequest
from shinpan.reference_engine.core.rules_state import RulesState
from shinpan.reference_engine.core.state import GameState


class EventPipeline(Protocol):
    """Performs proposed moves on a game state through every stage of the pipeline, and records them."""

    state: GameState
    log: list[Event]
    """What happened, in order (the game's event log)."""
    rules: RulesState

    @property
    def random(self) -> random.Random:
        """The game's source of randomness (shuffling)."""
        ...

    def move(self, requests: Sequence[MoveRequest], choices: ChoiceScript | None = None, *,
             all_or_nothing: bool = False) -> list[Event]:
        """Perform ``requests`` as one simultaneous event; return what happened."""
        ...

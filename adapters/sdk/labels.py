"""The map between the scenario's labels and the engine's cards (ラベル): the contract speaks only in labels.

Labels are what a scenario calls its cards (``c1``, ``テスト用クリーチャーA``); engine-internal ids never cross the
boundary. A :class:`LabelMap` is filled while the setup is built and read by every move and observation. A
label the setup did not declare is a :class:`~shinpan.adapters.sdk.answers.BadRequest` (``error``), naming where.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Generic, TypeVar

from shinpan.adapters.sdk.answers import BadRequest

C = TypeVar("C")


class LabelMap(Generic[C]):
    """Label -> engine card, and back (by identity: an engine card need not be hashable)."""

    def __init__(self) -> None:
        self._cards: dict[str, C] = {}
        self._labels: dict[int, str] = {}

    def add(self, label: str, card: C, where: str = "setup") -> C:
        """Name ``card`` by ``label``; each label is placed once."""
        if label in self._cards:
            raise BadRequest(f"{where}: card {label!r} is placed twice")
        self._cards[label] = card
        self._labels[id(card)] = label
        return card

    def card(self, label: str, where: str = "action") -> C:
        """The engine's card ``label`` names."""
        if label not in self._cards:
            raise BadRequest(f"{where}: unknown card label {label!r}")
        return self._cards[label]

    def cards(self, labels: Iterable[str], where: str = "action") -> list[C]:
        """The engine's cards, in the order of ``labels``."""
        return [self.card(label, where) for label in labels]

    def label(self, card: C) -> str:
        """The label of an engine card the setup placed."""
        found = self._labels.get(id(card))
        if found is None:
            raise BadRequest(f"the engine names a card the setup did not place: {card!r}")
        return found

    def labels(self, cards: Iterable[C]) -> list[str]:
        """The labels of engine cards, in their order."""
        listed = cards if isinstance(cards, list | tuple) else list(cards)  # read twice if one is unknown
        found = list(map(self._labels.get, map(id, listed)))  # in C: this runs for every zone of every observation
        if None in found:  # said by :meth:`label`, for the first card the setup did not place
            return [self.label(card) for card in listed]
        return found  # type: ignore[return-value]

    def names(self, card: C) -> bool:
        """Whether ``card`` is an engine card the setup placed (an engine's choice may offer other things: an
        ability, an effect; ask before :meth:`label`)."""
        return id(card) in self._labels

    def __contains__(self, label: object) -> bool:
        return label in self._cards

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

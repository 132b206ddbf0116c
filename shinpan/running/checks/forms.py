"""The check forms (確認の形): one frozen class per form, each judging itself against an observation (or, for
:class:`Rejected`, the latest move), read from and written as the JSON of ``adapters/schema/cases.json#/$defs/check``.

A form's JSON is ``{"check": KIND, FIELD: value…, "observable": FIELD}``: the fields in the order the class declares
them (a field left ``None`` is not written), ``observable`` last and only when set. ``card`` is a label from the
setup; ``player`` is ``me`` or ``opp``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from enum import Enum, StrEnum
from functools import cache
from typing import Any, ClassVar, Literal, TypeVar, get_args, get_type_hints

from shinpan.adapters.contract import PlayerName
from shinpan.adapters.sdk.vocabulary import Zone
from shinpan.running.checks.observed import Observation, in_mana, items_of, matching, object_of, places, where

End = Literal["top", "bottom"]
"""The end of a zone's list a :class:`Position` names: ``top`` (first listed) or ``bottom`` (last listed)."""
ENDS: tuple[End, ...] = get_args(End)
Word = TypeVar("Word", bound=str)


def one_of(word: object, words: tuple[Word, ...]) -> Word:
    """``word`` as one of ``words`` (a player of ``PLAYERS``, a zone of ``ZONES``, an end of :data:`ENDS`); a
    ``ValueError`` if it is none of them."""
    found = next((one for one in words if one == word), None)
    if found is None:
        raise ValueError(f"{word!r} is not one of {', '.join(words)}")
    return found


class ObjectTest(StrEnum):
    """How an :class:`ObjectField` check compares the field with its value."""

    EQUALS = "equals"
    CONTAINS = "contains"
    """The value is in the list."""
    LACKS = "lacks"
    """The value is not in the list."""
    FIRST = "first"
    """The list starts with the value."""
    EMPTY = "empty"
    """Whether the list is empty equals the value."""
    POWER_TOTAL = "power_total"
    """The ``power`` effects are not empty and their amounts add up to the value."""


class CountTest(StrEnum):
    """How a :class:`Count` check compares the number of matching items with its value."""

    EXACTLY = "=="
    AT_LEAST = ">="


class Listed(StrEnum):
    """The observed list a :class:`Count` check counts in."""

    EVENTS = "events"
    """What happened since the previous observation (出来事; a missing list is empty)."""
    WAITING = "waiting"
    """The abilities waiting to resolve (待機中の能力; a missing list is empty)."""
    OBJECTS = "objects"
    """The battle-zone objects."""


@dataclass(frozen=True)
class CheckForm(ABC):
    """確認: what a ならば step checks. ``observable``: the observation field the check reads — an adapter that does
    not report it cannot be judged on it (UNOBSERVABLE), whatever the observation says."""

    kind: ClassVar[str]
    """The form's name in JSON (``"check"``)."""
    observable: str | None = field(default=None, kw_only=True)

    @abstractmethod
    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        """``None`` if the check holds; else what was expected and what was found, in one line."""

    @property
    def needs_observation(self) -> bool:
        """Whether it is judged against an observation (every check but :class:`Rejected`)."""
        return True

    @property
    def parts(self) -> tuple[CheckForm, ...]:
        """The checks it combines (none but for :class:`AllOf`, :class:`AnyOf` and :class:`Not`)."""
        return ()

    def always_read(self) -> Iterator[str]:
        """The observables it always reads: its ``observable``, and those of the checks it combines."""
        if self.observable is not None:
            yield self.observable
        for part in self.parts:
            yield from part.always_read()

    def read_on(self, observation: Observation) -> Iterator[str]:
        """The observables it reads that depend on the observation (a :class:`Tapped` check's), in order."""
        for part in self.parts:
            yield from part.read_on(observation)

    def to_json(self) -> dict[str, Any]:
        """The form as JSON (a fresh value)."""
        found: dict[str, Any] = {"check": self.kind}
        for name, key in _keys(type(self)):
            value = getattr(self, name)
            if value is not None:
                found[key] = _written(value)
        if self.observable is not None:
            found["observable"] = self.observable
        return found

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CheckForm:
        """The form of ``data``, JSON already found to be a check of this form."""
        hints = _hints(cls)
        values = {name: _read(hints[name], data[key]) for name, key in _keys(cls) if key in data}
        return cls(**values, observable=data.get("observable"))


@dataclass(frozen=True)
class InZone(CheckForm):
    """The card is (``present``) or is not in the player's zone (ゾーンにある); in the battle zone, "in" means among
    the cards of one of the player's objects."""

    kind: ClassVar[str] = "in_zone"
    player: PlayerName
    zone: Zone
    card: str
    present: bool

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        if observation is None:
            return NOTHING_OBSERVED
        view = observation["players"][self.player]
        card, zone = self.card, self.zone
        found = any(card in obj["cards"] for obj in view["battle"]) if zone == "battle" else card in view[zone]
        if found == self.present:
            return None
        if self.present:
            return f"expected 《{card}》 in {self.player}'s {zone}, but {where(observation, card)}"
        return f"expected 《{card}》 not to be in {self.player}'s {zone}, but it is"


@dataclass(frozen=True)
class ZoneCount(CheckForm):
    """The number of cards in the player's zone (枚数; in the battle zone, over every object)."""

    kind: ClassVar[str] = "zone_count"
    player: PlayerName
    zone: Zone
    count: int

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        if observation is None:
            return NOTHING_OBSERVED
        view = observation["players"][self.player]
        actual = sum(len(o["cards"]) for o in view["battle"]) if self.zone == "battle" else len(view[self.zone])
        return None if actual == self.count else \
            f"{self.player}'s {self.zone} has {actual} cards, expected {self.count}"


@dataclass(frozen=True)
class Position(CheckForm):
    """The card is the top (一番上: first listed) or the bottom (一番下: last listed) card of the player's zone (the
    deck, read with ``deck_order``)."""

    kind: ClassVar[str] = "position"
    player: PlayerName
    zone: Zone
    end: End
    card: str

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        if observation is None:
            return NOTHING_OBSERVED
        cards = observation["players"][self.player][self.zone]
        actual = (cards[0] if self.end == "top" else cards[-1]) if cards else None
        if actual == self.card:
            return None
        return f"{self.player}'s {self.zone} is {cards} (top first): its {self.end} is {actual!r}, " \
               f"expected 《{self.card}》"


@dataclass(frozen=True)
class ObjectField(CheckForm):
    """A field of the battle-zone object (either player's) the card is part of, compared by ``test``; failing if the
    card is in none."""

    kind: ClassVar[str] = "object"
    card: str
    field: str
    test: ObjectTest
    value: Any

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        if observation is None:
            return NOTHING_OBSERVED
        card, name, test, value = self.card, self.field, self.test, self.value
        obj = object_of(observation, card)
        if obj is None:
            return f"《{card}》 is not in the battle zone; {where(observation, card)}"
        actual = obj.get(name)
        if _compared(test, actual, value):
            return None
        if test is ObjectTest.EQUALS:
            return f"{name} is {actual}, expected {value}"
        return f"{name} of the object with 《{card}》 is {actual!r}; expected {test} {value!r}"


def _compared(test: ObjectTest, actual: Any, value: Any) -> bool:
    if test is ObjectTest.EQUALS:
        return bool(actual == value)
    if test is ObjectTest.CONTAINS:
        return value in (actual or [])
    if test is ObjectTest.LACKS:
        return value not in (actual or [])
    if test is ObjectTest.FIRST:
        return isinstance(actual, list) and bool(actual) and actual[0] == value
    if test is ObjectTest.EMPTY:
        return bool((not actual) == value)
    powers = [e["amount"] for e in actual or [] if e["kind"] == "power"]
    return bool(actual) and sum(powers) == value


@dataclass(frozen=True)
class Count(CheckForm):
    """How many items of an observed list match ``where`` (every key equal, or, where the item's field is a list,
    containing the value): ``==`` or ``>=`` ``value``. Of the objects, only the ``player``'s if given."""

    kind: ClassVar[str] = "count"
    listed: Listed = field(metadata={"json": "list"})
    player: PlayerName | None = field(default=None, kw_only=True)
    where: Mapping[str, Any]
    test: CountTest
    value: int

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        if observation is None:
            return NOTHING_OBSERVED
        items = items_of(observation, self.listed, self.player)
        actual = matching(items, self.where)
        ok = actual == self.value if self.test is CountTest.EXACTLY else actual >= self.value
        return None if ok else (f"{actual} of the {self.listed} match {dict(self.where)}, expected {self.test} "
                                f"{self.value}; the {self.listed}: {items}")


@dataclass(frozen=True)
class ManaTapped(CheckForm):
    """The card is in a mana zone, and is (``value``) or is not among that player's tapped mana (マナのタップ)."""

    kind: ClassVar[str] = "mana_tapped"
    card: str
    value: bool

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        if observation is None:
            return NOTHING_OBSERVED
        card = self.card
        for view in observation["players"].values():
            if card in view["mana"]:
                actual = card in view.get("tapped_mana", [])
                return None if actual is self.value else \
                    f"the mana card's tapped state is {actual}, expected {self.value}"
        return f"《{card}》 is in no mana zone; {where(observation, card)}"


@dataclass(frozen=True)
class Tapped(CheckForm):
    """The card's tap state (位相) where it is: a card in a mana zone is judged as :class:`ManaTapped` (reading
    ``tapped_mana``), any other by its battle-zone object's ``tapped`` field (reading ``tapped``). Where the card is
    decides when the check is judged, so a step need not look at the game."""

    kind: ClassVar[str] = "tapped"
    card: str
    value: bool

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        if observation is not None and in_mana(observation, self.card):
            return ManaTapped(self.card, self.value).judge(observation, rejection)
        return ObjectField(self.card, "tapped", ObjectTest.EQUALS, self.value).judge(observation, rejection)

    def read_on(self, observation: Observation) -> Iterator[str]:
        yield "tapped_mana" if in_mana(observation, self.card) else "tapped"


@dataclass(frozen=True)
class Lost(CheckForm):
    """Whether the player has lost (敗北; a missing ``lost`` field is false)."""

    kind: ClassVar[str] = "lost"
    player: PlayerName
    value: bool

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        if observation is None:
            return NOTHING_OBSERVED
        actual = bool(observation["players"][self.player].get("lost"))
        return None if actual is self.value else f"{self.player} lost: {actual}, expected {self.value}"


@dataclass(frozen=True)
class Places(CheckForm):
    """In how many places the observation shows the card: the lists of every zone and the cards and seals of every
    battle-zone object (a card is in exactly one place: ``count`` 1)."""

    kind: ClassVar[str] = "places"
    card: str
    count: int

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        if observation is None:
            return NOTHING_OBSERVED
        found = places(observation, self.card)
        if len(found) == self.count:
            return None
        return f"《{self.card}》 is in {len(found)} places ({'; '.join(found) or 'none'}), expected {self.count}"


@dataclass(frozen=True)
class Rejected(CheckForm):
    """Whether the rules rejected the latest move (拒否される; its answer, not the observation)."""

    kind: ClassVar[str] = "rejected"
    value: bool

    @property
    def needs_observation(self) -> bool:
        return False

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        if self.value:
            return None if rejection is not None else "the move was allowed, but the rules forbid it"
        return None if rejection is None else f"the move was rejected: {rejection}"


@dataclass(frozen=True)
class AllOf(CheckForm):
    """Every check of ``of`` holds."""

    kind: ClassVar[str] = "all"
    of: tuple[CheckForm, ...]

    @property
    def parts(self) -> tuple[CheckForm, ...]:
        return self.of

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        return next((problem for part in self.of if (problem := part.judge(observation, rejection))), None)


@dataclass(frozen=True)
class AnyOf(CheckForm):
    """At least one check of ``of`` holds."""

    kind: ClassVar[str] = "any"
    of: tuple[CheckForm, ...]

    @property
    def parts(self) -> tuple[CheckForm, ...]:
        return self.of

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        problems = [part.judge(observation, rejection) for part in self.of]
        return None if any(p is None for p in problems) else "none of these holds: " + "; ".join(map(str, problems))


@dataclass(frozen=True)
class Not(CheckForm):
    """The check ``of`` does not hold."""

    kind: ClassVar[str] = "not"
    of: CheckForm

    @property
    def parts(self) -> tuple[CheckForm, ...]:
        return (self.of,)

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        held = self.of.judge(observation, rejection) is None
        return f"expected this not to hold: {self.of.to_json()}" if held else None


NOTHING_OBSERVED = "nothing was observed"

FORMS: dict[str, type[CheckForm]] = {form.kind: form for form in (
    InZone, ZoneCount, Position, ObjectField, Count, ManaTapped, Tapped, Lost, Places, Rejected, AllOf, AnyOf, Not)}
"""Every form, by its name in JSON."""


@cache
def _keys(form: type[CheckForm]) -> tuple[tuple[str, str], ...]:
    """Each field of a form but ``observable`` (in the order the class declares them) and its key in JSON."""
    return tuple((f.name, f.metadata.get("json", f.name)) for f in fields(form) if f.name != "observable")


@cache
def _hints(form: type[CheckForm]) -> dict[str, Any]:
    return get_type_hints(form)


def _read(hint: Any, value: Any) -> Any:
    if hint is CheckForm:
        return build(value)
    if hint == tuple[CheckForm, ...]:
        return tuple(build(part) for part in value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(value)
    return value


def _written(value: Any) -> Any:
    if isinstance(value, CheckForm):
        return value.to_json()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [_written(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _written(item) for key, item in value.items()}
    return value


def build(data: Mapping[str, Any]) -> CheckForm:
    """The form of ``data``, JSON already found to be a check (:func:`shinpan.running.checks.parse` finds it)."""
    return FORMS[data["check"]].from_json(data)

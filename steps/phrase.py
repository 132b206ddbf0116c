"""A phrase declared once (言い回し): a template such as ``{player}のターンである`` with a typed field for each
``{name}``, from which both the step definition's parser and the printer's sentence are derived.

    WHOSE_TURN = Phrase("[{number}ターン目の]{player}のターン[の{step}]である",
                        number=NUMBER, player=PLAYER, step=TURN_STEP)

    @given(WHOSE_TURN.parser)                     # pytest-bdd gets the typed values: player="me", number=None …
    def whose_turn(duel, player, number, step): ...

    WHOSE_TURN.write(player="me", number=None, step="draw")   # "自分のターンのドローステップである"

A template is text, fields ``{name}`` and optional parts ``[…]`` (not nested): an optional part is written when
every field in it has a value (not ``None``, not ``False``), and a field left out of the text reads back as its
slot's :attr:`Slot.absent`. Reading what was written gives the values back (:meth:`Phrase.read` ∘
:meth:`Phrase.write` is the identity on the values a slot can write), so the printer and the parser of a declared
phrase cannot disagree: ``tests/test_phrases.py`` checks it for every phrase declared.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from pytest_bdd.parsers import StepParser

from shinpan.errors import RenderError
from shinpan.steps.vocabulary import (
    CARD_PATTERN,
    DECK_POSITIONS,
    DURATIONS,
    PLAYERS,
    TURN_STEPS,
    ZONES,
    CardRef,
    card_ref,
    card_refs,
    signed_int,
)


class Slot(ABC):
    """The type of a field of a phrase: the text it matches, how that text reads as a value and back."""

    absent: ClassVar[object] = None
    """The value of a field whose optional part the text leaves out."""

    @property
    @abstractmethod
    def pattern(self) -> str:
        """A regular expression (without named groups) for the field's text."""

    @abstractmethod
    def read(self, text: str) -> Any:
        """The value ``text`` says."""

    @abstractmethod
    def write(self, value: Any) -> str:
        """The text that says ``value`` (a :class:`RenderError` if no text says it)."""


@dataclass(frozen=True)
class Words(Slot):
    """One of a table of words, each saying one value (自分 → ``me``)."""

    table: Mapping[str, object]
    what: str
    """What the words name, for messages (``a player``)."""

    @property
    def pattern(self) -> str:
        return "|".join(re.escape(word) for word in sorted(self.table, key=len, reverse=True))

    def read(self, text: str) -> object:
        return self.table[text]

    def write(self, value: Any) -> str:
        for word, meant in self.table.items():
            if meant == value:
                return word
        raise RenderError(f"{value!r} is not {self.what} ({', '.join(map(str, self.table.values()))})")


@dataclass(frozen=True)
class Flag(Slot):
    """A word said or not: ``True`` when the text says it."""

    word: str
    absent: ClassVar[object] = False

    @property
    def pattern(self) -> str:
        return re.escape(self.word)

    def read(self, text: str) -> bool:
        return True

    def write(self, value: Any) -> str:
        return self.word


@dataclass(frozen=True)
class Number(Slot):
    """A count written in digits (3ターン目)."""

    @property
    def pattern(self) -> str:
        return r"\d+"

    def read(self, text: str) -> int:
        return int(text)

    def write(self, value: Any) -> str:
        return str(int(value))


@dataclass(frozen=True)
class Signed(Slot):
    """An amount written with its sign (パワー+2000; full-width signs read too)."""

    @property
    def pattern(self) -> str:
        return r"[+\-＋－]\d+"

    def read(self, text: str) -> int:
        return signed_int(text)

    def write(self, value: Any) -> str:
        return f"{int(value):+d}"


@dataclass(frozen=True)
class Card(Slot):
    """One card: 《name》, or 《name》(label) when the scenario's label is not the name."""

    @property
    def pattern(self) -> str:
        return CARD_PATTERN

    def read(self, text: str) -> CardRef:
        return card_ref(text)

    def write(self, value: Any) -> str:
        ref: CardRef = value
        text = f"《{ref.name}》" if ref.label == ref.name else f"《{ref.name}》({ref.label})"
        if card_refs(text) != [ref]:
            raise RenderError(f"the label {ref.label!r} of 《{ref.name}》 cannot be written in a step "
                              "(a label has no spaces or parentheses)")
        return text


@dataclass(frozen=True)
class Cards(Slot):
    """One or more cards, in order, joined by と (the printer's joiner) or another of ``joiners``."""

    joiner: str = "と"
    joiners: tuple[str, ...] = ("と", "、")
    """Every word that may join two cards (the parser reads them all)."""
    fewest: int = 1
    """The fewest cards the phrase names."""

    @property
    def pattern(self) -> str:
        between = "|".join(re.escape(joiner) for joiner in self.joiners)
        return rf"{CARD_PATTERN}(?:(?:{between}){CARD_PATTERN}){{{self.fewest - 1},}}"

    def read(self, text: str) -> tuple[CardRef, ...]:
        return tuple(card_refs(text))

    def write(self, value: Any) -> str:
        refs: Sequence[CardRef] = value
        if len(refs) < self.fewest:
            raise RenderError(f"a phrase lists {self.fewest} card(s) or more, but the message names {len(refs)}")
        return self.joiner.join(CARD.write(ref) for ref in refs)


@dataclass(frozen=True)
class Prefixed(Slot):
    """A slot's text after a fixed word (パワー+2000)."""

    word: str
    item: Slot

    @property
    def pattern(self) -> str:
        return re.escape(self.word) + f"(?:{self.item.pattern})"

    def read(self, text: str) -> Any:
        return self.item.read(text.removeprefix(self.word))

    def write(self, value: Any) -> str:
        return self.word + self.item.write(value)


@dataclass(frozen=True)
class Several(Slot):
    """Several texts of one slot joined by one word (手札か墓地, パワー+2000、パワー-1000): a tuple of their values.
    The slot's text must not hold the joiner."""

    item: Slot
    joiner: str
    fewest: int = 2

    @property
    def pattern(self) -> str:
        return rf"(?:{self.item.pattern})(?:{re.escape(self.joiner)}(?:{self.item.pattern})){{{self.fewest - 1},}}"

    def read(self, text: str) -> tuple[object, ...]:
        return tuple(self.item.read(part) for part in re.findall(self.item.pattern, text))

    def write(self, value: Any) -> str:
        parts: Sequence[object] = value
        if len(parts) < self.fewest:
            raise RenderError(f"expected {self.fewest} or more values, got {list(parts)}")
        return self.joiner.join(self.item.write(part) for part in parts)


@dataclass(frozen=True)
class Text(Slot):
    """Text as it is, of a given form (the quoted move of 「…」ことを試みる)."""

    form: str
    """A regular expression the text matches."""

    @property
    def pattern(self) -> str:
        return self.form

    def read(self, text: str) -> str:
        return text

    def write(self, value: Any) -> str:
        text = str(value)
        if re.fullmatch(self.form, text) is None:
            raise RenderError(f"{text!r} cannot be written here: expected text matching {self.form}")
        return text


PLAYER: Final = Words(PLAYERS, "a player")
ZONE: Final = Words(ZONES, "a zone")
CARD_ZONE: Final = Words({word: zone for word, zone in ZONES.items() if zone != "battle"}, "a zone of plain cards")
TURN_STEP: Final = Words(TURN_STEPS, "a step of the turn")
DURATION: Final = Words(DURATIONS, "a duration")
DECK_POSITION: Final = Words(DECK_POSITIONS, "a place in the deck")
NUMBER: Final = Number()
SIGNED: Final = Signed()
CARD: Final = Card()
CARDS: Final = Cards()

_TOKEN = re.compile(r"\{(?P<field>\w+)\}|(?P<open>\[)|(?P<close>\])|(?P<text>[^{}\[\]]+)")


@dataclass(frozen=True)
class Part:
    """A run of a template: literal text, a field, or an optional part holding runs of the first two."""

    text: str = ""
    field: str | None = None
    optional: tuple[Part, ...] | None = None


DECLARED: list[Phrase] = []
"""Every phrase declared, in the order the step modules declared them."""


@dataclass(frozen=True, eq=False)
class Phrase:
    """A phrase of the step library: its template and the slot of each field (see the module's docstring)."""

    template: str
    slots: Mapping[str, Slot]
    parts: tuple[Part, ...] = field(init=False, repr=False, compare=False)
    regex: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __init__(self, template: str, **slots: Slot) -> None:
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "slots", dict(slots))
        object.__setattr__(self, "parts", _parts(template))
        named = [part.field for part in _flat(self.parts) if part.field is not None]
        if sorted(named) != sorted(slots) or len(set(named)) != len(named):
            raise ValueError(f"{template!r}: its fields {named} are not its slots {sorted(slots)}, each once")
        object.__setattr__(self, "regex", re.compile("".join(self._pattern(part) for part in self.parts)))
        DECLARED.append(self)

    def _pattern(self, part: Part) -> str:
        if part.optional is not None:
            return "(?:" + "".join(self._pattern(inner) for inner in part.optional) + ")?"
        if part.field is not None:
            return f"(?P<{part.field}>{self.slots[part.field].pattern})"
        return re.escape(part.text)

    @property
    def optional(self) -> tuple[tuple[str, ...], ...]:
        """The fields of each optional part, in order (each part is written whole or not at all)."""
        return tuple(tuple(inner.field for inner in part.optional if inner.field is not None)
                     for part in self.parts if part.optional is not None)

    @property
    def parser(self) -> PhraseParser:
        """The step definition's parser (pytest-bdd's): it matches the phrase and gives its typed values."""
        return PhraseParser(self)

    def read(self, text: str) -> dict[str, Any] | None:
        """The values ``text`` says, by field (``None`` if it is not this phrase)."""
        match = self.regex.fullmatch(text)
        if match is None:
            return None
        return {name: slot.absent if match[name] is None else slot.read(match[name])
                for name, slot in self.slots.items()}

    def write(self, **values: Any) -> str:
        """The phrase that says ``values`` (one per field; ``None`` or ``False`` leaves its optional part out)."""
        if set(values) != set(self.slots):
            raise ValueError(f"{self.template!r}: expected the values of {sorted(self.slots)}, got {sorted(values)}")
        return "".join(self._write(part, values) for part in self.parts)

    def _write(self, part: Part, values: Mapping[str, Any]) -> str:
        if part.optional is not None:
            fields = [inner.field for inner in _flat(part.optional) if inner.field is not None]
            if any(values[name] is None or values[name] is False for name in fields):
                return ""
            return "".join(self._write(inner, values) for inner in part.optional)
        if part.field is not None:
            value = values[part.field]
            if value is None:
                raise RenderError(f"{self.template!r}: {part.field} has no value, and the phrase must say one")
            return self.slots[part.field].write(value)
        return part.text


class PhraseParser(StepParser):
    """pytest-bdd's parser of a declared phrase: its name is the template; the arguments are the typed values."""

    def __init__(self, phrase: Phrase) -> None:
        super().__init__(phrase.template)
        self.phrase = phrase
        self.regex = phrase.regex

    def parse_arguments(self, name: str) -> dict[str, Any] | None:
        return self.phrase.read(name)

    def is_matching(self, name: str) -> bool:
        return self.regex.fullmatch(name) is not None


def _parts(template: str) -> tuple[Part, ...]:
    """The runs of ``template``; a :class:`ValueError` for an unbalanced or nested ``[…]``."""
    top: list[Part] = []
    inner: list[Part] | None = None
    position = 0
    for token in _TOKEN.finditer(template):
        if token.start() != position:
            break
        position = token.end()
        target = top if inner is None else inner
        if token["open"]:
            if inner is not None:
                raise ValueError(f"{template!r}: an optional part inside another")
            inner = []
        elif token["close"]:
            if inner is None:
                raise ValueError(f"{template!r}: a ] that closes nothing")
            top.append(Part(optional=tuple(inner)))
            inner = None
        elif token["field"]:
            target.append(Part(field=token["field"]))
        else:
            target.append(Part(text=token["text"]))
    if position != len(template) or inner is not None:
        raise ValueError(f"{template!r}: expected text, {{field}} and [optional part] only, balanced")
    return tuple(top)


def _flat(parts: Sequence[Part]) -> list[Part]:
    return [inner for part in parts for inner in (part.optional if part.optional is not None else (part,))]

"""A phrase declared once (issue 31.7, shinpan.steps.phrase): the parser and the printer of each declared phrase
come from one template, so what the printer writes the parser reads back as the same values — for every phrase
declared, on drawn values and on every step of the suite that a declared phrase matches."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shinpan.errors import RenderError
from shinpan.steps import phrase as phrases
from shinpan.steps.phrase import (
    DECLARED,
    Card,
    Cards,
    Flag,
    Number,
    Phrase,
    Prefixed,
    Several,
    Signed,
    Slot,
    Text,
    Words,
)
from shinpan.steps.vocabulary import CardRef
from shinpan.suite import scenarios as suite
from shinpan.suite.step_library import library

library()  # every step module loaded: every phrase of the step library declared
NAME = st.text(st.characters(blacklist_characters="《》()", blacklist_categories=("Cs", "Z", "Cc")), min_size=1,
               max_size=8)
LABEL = st.text(st.characters(blacklist_characters="《》()", blacklist_categories=("Cs", "Z", "Cc")), min_size=1,
                max_size=4)
REF = st.one_of(NAME.map(lambda name: CardRef(name, name)), st.builds(CardRef, NAME, LABEL))


def value_of(slot: Slot) -> st.SearchStrategy[Any]:
    """Any value ``slot`` can write."""
    if isinstance(slot, Words):
        return st.sampled_from(list(slot.table.values()))
    if isinstance(slot, Flag):
        return st.just(True)
    if isinstance(slot, Number):
        return st.integers(0, 10_000)
    if isinstance(slot, Signed):
        return st.integers(-100_000, 100_000)
    if isinstance(slot, Card):
        return REF
    if isinstance(slot, Cards):
        return st.lists(REF, min_size=slot.fewest, max_size=4).map(tuple)
    if isinstance(slot, Prefixed):
        return value_of(slot.item)
    if isinstance(slot, Several):
        return st.lists(value_of(slot.item), min_size=slot.fewest, max_size=4).map(tuple)
    if isinstance(slot, Text):
        return st.from_regex(slot.form, fullmatch=True)
    raise AssertionError(f"no values drawn for {slot!r}")


@st.composite
def values_of(draw: st.DrawFn, declared: Phrase) -> dict[str, Any]:
    """Values of every field; each optional part's fields all said, or all left out."""
    values = {name: draw(value_of(slot)) for name, slot in declared.slots.items()}
    for part in declared.optional:
        if draw(st.booleans()):
            values.update({name: declared.slots[name].absent for name in part})
    return values


def round_trip_breaks(declared: Phrase, values: dict[str, Any]) -> str | None:
    """Why printing ``values`` and parsing the text does not give them back (None: it does)."""
    text = declared.write(**values)
    read = declared.read(text)
    return None if read == values else f"{declared.template!r}: {values} → {text!r} → {read}"


@pytest.mark.parametrize("declared", DECLARED, ids=[d.template for d in DECLARED])
@given(data=st.data())
def test_printing_then_parsing_gives_the_same_values(declared: Phrase, data: st.DataObject) -> None:
    assert round_trip_breaks(declared, data.draw(values_of(declared))) is None


def test_every_step_definition_reads_a_declared_phrase_and_each_phrase_is_read_once() -> None:
    parsers = [getattr(context.parser, "phrase", None) for context in library().contexts]
    assert None not in parsers, [c.step_func.__name__ for c in library().contexts if not hasattr(c.parser, "phrase")]
    assert sorted(map(id, parsers)) == sorted(map(id, DECLARED))  # each declared phrase parses one step, once


def test_every_step_of_the_suite_a_declared_phrase_matches_reads_back_from_its_printing() -> None:
    declared = [(context.parser.phrase, context) for context in library().contexts if hasattr(context.parser, "phrase")]
    checked = 0
    for case in suite.cases():
        for step in case.steps:
            for phrase_, _ in declared:
                values = phrase_.read(step.text)
                if values is not None:
                    assert round_trip_breaks(phrase_, values) is None
                    checked += 1
    assert checked > 100


class _Unsigned(Signed):
    """A planted disagreement: the printer drops the sign the parser needs."""

    def write(self, value: Any) -> str:
        return str(abs(int(value)))


def test_a_printer_that_disagrees_with_its_parser_is_caught() -> None:
    broken = Phrase("{card}のパワーは{amount}される", card=phrases.CARD, amount=_Unsigned())
    DECLARED.remove(broken)  # not a phrase of the library
    assert round_trip_breaks(broken, {"card": CardRef("A", "A"), "amount": 2000}) is not None
    assert round_trip_breaks(broken, {"card": CardRef("A", "A"), "amount": -2000}) is not None


def test_a_template_whose_fields_are_not_its_slots_is_refused() -> None:
    with pytest.raises(ValueError, match="are not its slots"):
        Phrase("{player}のターンである", player=phrases.PLAYER, step=phrases.TURN_STEP)
    with pytest.raises(ValueError, match="inside another"):
        Phrase("[[{player}]]である", player=phrases.PLAYER)
    with pytest.raises(ValueError, match="balanced"):
        Phrase("[{player}である", player=phrases.PLAYER)


def test_writing_says_what_is_missing_or_unwritable() -> None:
    whose = next(d for d in DECLARED if d.template.endswith("のターン[の{step}]である"))
    assert whose.write(number=None, player="me", step=None) == "自分のターンである"
    assert whose.write(number=5, player="opp", step="draw") == "5ターン目の相手のターンのドローステップである"
    assert whose.read("5ターン目の相手のターンのドローステップである") == {"number": 5, "player": "opp", "step": "draw"}
    with pytest.raises(RenderError, match="'them' is not a player"):
        whose.write(number=None, player="them", step=None)
    with pytest.raises(RenderError, match="cannot be written in a step"):
        phrases.CARD.write(CardRef("A", "a label"))

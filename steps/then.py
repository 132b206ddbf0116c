"""ならば steps: checks against the adapter's observation. Each phrase is declared once (:mod:`shinpan.steps.phrase`),
then its step definition reads it and its renderer (check → the phrase; see
:func:`shinpan.steps.printer.phrases.check_phrase`) writes it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pytest_bdd import then

from shinpan.adapters.contract import PlayerName
from shinpan.adapters.sdk.vocabulary import Zone
from shinpan.running.checks import (
    AnyOf,
    CheckForm,
    Count,
    CountTest,
    End,
    InZone,
    Listed,
    ManaTapped,
    ObjectField,
    ObjectTest,
    Places,
    Position,
    Rejected,
    Tapped,
    ZoneCount,
)
from shinpan.steps.duel import Duel
from shinpan.steps.phrase import CARD, CARDS, DECK_POSITION, NUMBER, PLAYER, ZONE, Phrase, Several, Words
from shinpan.steps.printer.phrases import Context, check_phrase
from shinpan.steps.vocabulary import CardRef

IN_ZONE = Phrase("{player}の{zone}に{cards}が{be}", player=PLAYER, zone=ZONE, cards=CARDS,
                 be=Words({"ある": "ある", "いる": "いる"}, "a verb of being"))
NOT_IN_ZONE = Phrase("{player}の{zone}に{cards}は{be}", player=PLAYER, zone=ZONE, cards=CARDS,
                     be=Words({"ない": "ない", "いない": "いない"}, "a verb of not being"))


@then(IN_ZONE.parser)
def in_zone(duel: Duel, player: PlayerName, zone: Zone, cards: tuple[CardRef, ...]) -> None:
    """Each card is in that player's zone."""
    for ref in cards:
        duel.check(InZone(player, zone, duel.label(ref), True))


@then(NOT_IN_ZONE.parser)
def not_in_zone(duel: Duel, player: PlayerName, zone: Zone, cards: tuple[CardRef, ...]) -> None:
    """None of the cards is in that player's zone."""
    for ref in cards:
        duel.check(InZone(player, zone, duel.label(ref), False))


@check_phrase(InZone)
def say_in_zone(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if not isinstance(check, InZone) or check.observable is not None:
        return None
    be = context.be(check.card, check.zone)
    said = IN_ZONE if check.present else NOT_IN_ZONE
    verb = be if check.present else "いない" if be == "いる" else "ない"
    return said.write(player=check.player, zone=check.zone, cards=(context.ref(check.card),), be=verb), 1


IN_ONE_OF_ZONES = Phrase("{card}は{player}の{zones}のどれかにある", card=CARD, player=PLAYER, zones=Several(ZONE, "か"))


@then(IN_ONE_OF_ZONES.parser)
def in_one_of_zones(duel: Duel, card: CardRef, player: PlayerName, zones: tuple[Zone, ...]) -> None:
    """The card is in one of these zones of the player's (which one is not checked)."""
    label = duel.label(card)
    duel.check(AnyOf(tuple(InZone(player, zone, label, True) for zone in zones)))


@check_phrase(AnyOf)
def say_in_one_of_zones(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if not isinstance(check, AnyOf) or check.observable is not None or len(check.of) < 2:
        return None
    parts = [p for p in check.of if isinstance(p, InZone) and p.observable is None]
    first = parts[0] if len(parts) == len(check.of) else None
    if first is None or any((p.player, p.card, p.present) != (first.player, first.card, True) for p in parts):
        return None
    return IN_ONE_OF_ZONES.write(card=context.ref(first.card), player=first.player,
                                 zones=tuple(p.zone for p in parts)), 1


ZONE_SIZE = Phrase("{player}の{zone}のカードは{count}枚である", player=PLAYER, zone=ZONE, count=NUMBER)


@then(ZONE_SIZE.parser)
def zone_size(duel: Duel, player: PlayerName, zone: Zone, count: int) -> None:
    """The number of cards in a zone (in the battle zone: every card of every object)."""
    duel.check(ZoneCount(player, zone, count))


@check_phrase(ZoneCount)
def say_zone_size(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if not isinstance(check, ZoneCount) or check.observable is not None:
        return None
    return ZONE_SIZE.write(player=check.player, zone=check.zone, count=check.count), 1


def expect_object(duel: Duel, label: str, field: str, test: ObjectTest, value: object, *,
                  observable: bool = True) -> None:
    """Check one field of the battle-zone object the card ``label`` is in (UNOBSERVABLE if ``observable`` and
    the adapter does not report the field)."""
    duel.check(ObjectField(label, field, test, value, observable=field if observable else None))


DECK_END = Phrase("{player}の山札の{where}は{card}である", player=PLAYER, where=DECK_POSITION, card=CARD)


@then(DECK_END.parser)
def deck_position(duel: Duel, player: PlayerName, where: End, card: CardRef) -> None:
    """The card is the top (一番上) or the bottom (一番下) card of the player's deck (needs ``deck_order``)."""
    duel.check(Position(player, "deck", where, duel.label(card), observable="deck_order"))


@check_phrase(Position)
def say_deck_position(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if not isinstance(check, Position) or check.zone != "deck" or check.observable != "deck_order":
        return None
    return DECK_END.write(player=check.player, where=check.end, card=context.ref(check.card)), 1


CheckRenderer = Callable[[Sequence[CheckForm], Context], tuple[str, int] | None]


def declared_object_phrase(field: str, said: Phrase, values: Callable[[Any, Context], dict[str, Any] | None], *,
                           test: ObjectTest = ObjectTest.EQUALS) -> CheckRenderer:
    """Register the renderer of one observed check of a field of a battle-zone object (``field``, ``test``) by a
    declared phrase with a ``card`` field: ``values(value, context)`` gives its other fields (``None``: not this
    phrase)."""
    def render(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
        check = checks[0]
        if not isinstance(check, ObjectField) or (check.field, check.test, check.observable) != (field, test, field):
            return None
        fields = values(check.value, context)
        return None if fields is None else (said.write(card=context.ref(check.card), **fields), 1)
    render.__name__ = render.__qualname__ = f"say_{field}_{test}_by_{said.template}"
    return check_phrase(ObjectField)(render)


def expect_object_field(duel: Duel, card: CardRef, field: str, expected: object) -> None:
    """Check one observed field of the battle-zone object ``card`` is in (UNOBSERVABLE if not reported)."""
    expect_object(duel, duel.label(card), field, ObjectTest.EQUALS, expected)


def object_holds(field: str, template: str, words: Mapping[str, bool], doc: str) -> Phrase:
    """Declare once a phrase saying whether the yes-or-no ``field`` of the battle-zone object a card is in holds: the
    phrase (``template``, with ``{card}`` and ``{holds}``, which ``words`` say), its step definition (whose docstring
    is ``doc``) and its renderer."""
    said = Phrase(template, card=CARD, holds=Words(dict(words), " or ".join(words)))

    def step(duel: Duel, card: CardRef, holds: bool) -> None:
        expect_object_field(duel, card, field, holds)

    step.__name__ = step.__qualname__ = field
    step.__doc__ = doc
    then(said.parser, stacklevel=2)(step)
    declared_object_phrase(field, said, lambda value, context: {"holds": value})
    return said


SUMMONING_SICK = object_holds("summoning_sick", "{card}は召喚酔い{holds}", {"している": True, "していない": False},
                              "Whether summoning sickness (301.5) stops it from attacking.")
CAN_ATTACK = object_holds("can_attack", "{card}は攻撃{holds}", {"できる": True, "できない": False},
                          "Whether it could declare an attack now.")
ATTACKING = object_holds("attacking", "{card}は攻撃中{holds}", {"である": True, "ではない": False},
                         "Whether it is attacking.")

TAP_STATE = Words({"タップ": True, "アンタップ": False}, "a tap state")
TAPPED = Phrase("[{zone}の]{card}は{tapped}されている", card=CARD, tapped=TAP_STATE,
                zone=Words({"バトルゾーン": "battle", "マナゾーン": "mana"}, "the battle zone or the mana zone"))


@then(TAPPED.parser)
def tapped(duel: Duel, card: CardRef, zone: str | None, tapped: bool) -> None:
    """Its tap state (位相): of its battle-zone object, or, for a card in a mana zone, in the mana zone (where the card
    is decides when the check is judged: the ``tapped`` check of :mod:`shinpan.running.checks`). バトルゾーンの /
    マナゾーンの says where the card must be: the check reads only that zone's tap state."""
    label = duel.label(card)
    if zone == "battle":
        expect_object(duel, label, "tapped", ObjectTest.EQUALS, tapped)
    elif zone == "mana":
        duel.check(ManaTapped(label, tapped, observable="tapped_mana"))
    else:
        duel.check(Tapped(label, tapped))


@check_phrase(Tapped)
def say_tapped_where_it_is(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if not isinstance(check, Tapped) or check.observable is not None:
        return None
    return TAPPED.write(zone=None, card=context.ref(check.card), tapped=check.value), 1


declared_object_phrase("tapped", TAPPED, lambda value, context: {"zone": "battle", "tapped": value})


@check_phrase(ManaTapped)
def say_mana_tapped(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if not isinstance(check, ManaTapped) or check.observable != "tapped_mana":
        return None
    return TAPPED.write(zone="mana", card=context.ref(check.card), tapped=check.value), 1


ATTACKING_COUNT = Phrase("{player}のバトルゾーンで攻撃中のクリーチャーは{count}体である", player=PLAYER, count=NUMBER)


@then(ATTACKING_COUNT.parser)
def attacking_count(duel: Duel, player: PlayerName, count: int) -> None:
    """How many of the player's battle-zone objects are attacking (which ones is not checked)."""
    duel.check(Count(Listed.OBJECTS, {"attacking": True}, CountTest.EXACTLY, count, player=player,
                     observable="attacking"))


@check_phrase(Count)
def say_attacking_count(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if not isinstance(check, Count) or check.player is None or (
            check.listed, dict(check.where), check.test, check.observable) != \
            (Listed.OBJECTS, {"attacking": True}, CountTest.EXACTLY, "attacking"):
        return None
    return ATTACKING_COUNT.write(player=check.player, count=check.value), 1


POWER = Phrase("{card}のパワーは{power}である", card=CARD, power=NUMBER)


@then(POWER.parser)
def power(duel: Duel, card: CardRef, power: int) -> None:
    """The object's current power."""
    expect_object_field(duel, card, "power", power)


declared_object_phrase("power", POWER,
                       lambda value, context: {"power": value} if isinstance(value, int) and value >= 0 else None)

NO_POWER = Phrase("{card}にパワーはない", card=CARD)


@then(NO_POWER.parser)
def no_power(duel: Duel, card: CardRef) -> None:
    """The object has no power (a card that is not a creature: its power is null)."""
    expect_object_field(duel, card, "power", None)


declared_object_phrase("power", NO_POWER, lambda value, context: {} if value is None else None)

PLACES = Phrase("{card}はちょうど{count}か所にある", card=CARD, count=NUMBER)


@then(PLACES.parser)
def places(duel: Duel, card: CardRef, count: int) -> None:
    """In how many places the observation shows the card — the lists of every zone, the cards under and the seals
    of every battle-zone object (400.5: a card is in exactly one place at a time, so the count is 1)."""
    duel.check(Places(duel.label(card), count))


@check_phrase(Places)
def say_places(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if not isinstance(check, Places) or check.observable is not None:
        return None
    return PLACES.write(card=context.ref(check.card), count=check.count), 1


VERDICT = Phrase("その行動は{verdict}", verdict=Words({"拒否される": True, "認められる": False}, "a verdict"))


@then(VERDICT.parser)
def verdict(duel: Duel, verdict: bool) -> None:
    """Whether the rules allowed the move just tried (〜しようとする)."""
    duel.check(Rejected(verdict))


@check_phrase(Rejected)
def say_verdict(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if not isinstance(check, Rejected) or check.observable is not None:
        return None
    return VERDICT.write(verdict=check.value), 1


def how_many(count: str | int | None) -> tuple[CountTest, int]:
    """An optional count in a phrase (〜回, 〜つ) as a count check's test: exactly that many, or at least one."""
    return (CountTest.EXACTLY, int(count)) if count is not None else (CountTest.AT_LEAST, 1)


def expect_events(duel: Duel, where: Mapping[str, object], test: CountTest, value: int,
                  listed: Listed = Listed.EVENTS) -> None:
    """Since the previous observation, the events (or the waiting abilities) matching ``where``: ``==`` or
    ``>=`` ``value`` of them."""
    duel.check(Count(listed, where, test, value, observable=listed.value))


def _moved(duel: Duel, card: CardRef, source: Zone | None, dest: Zone | None) -> dict[str, object]:
    where: dict[str, object] = {"type": "moved", "card": duel.label(card)}
    if source and dest:
        where.update({"from": source, "to": dest})
    return where


MOVED = Phrase("{card}が[{source}から{dest}に][{count}回]移動した", card=CARD, source=ZONE, dest=ZONE, count=NUMBER)
NOT_MOVED = Phrase("{card}は[{source}から{dest}に]移動しなかった", card=CARD, source=ZONE, dest=ZONE)


@then(MOVED.parser)
def moved(duel: Duel, card: CardRef, source: Zone | None, dest: Zone | None, count: int | None) -> None:
    """Since the previous observation, the card moved (from one zone to the other, if they are named; exactly
    ``count`` times, if given)."""
    expect_events(duel, _moved(duel, card, source, dest), *how_many(count))


@then(NOT_MOVED.parser)
def not_moved(duel: Duel, card: CardRef, source: Zone | None, dest: Zone | None) -> None:
    """Since the previous observation, the card did not move (from one zone to the other, if they are named)."""
    expect_events(duel, _moved(duel, card, source, dest), CountTest.EXACTLY, 0)


def event_phrase(listed: Listed, keys: Sequence[str], observable: bool = True) -> Callable[
        [Callable[[Mapping[str, Any], CountTest, int, Context], str | None]], CheckRenderer]:
    """Register a renderer of one count check over ``listed`` (events or waiting) whose ``where`` has exactly these
    keys (and, with ``observable``, reads the list as its observable): ``say(where, test, value, context)``."""
    def register(say: Callable[[Mapping[str, Any], CountTest, int, Context], str | None]) -> CheckRenderer:
        def render(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
            check = checks[0]
            if not isinstance(check, Count) or check.listed != listed or sorted(check.where) != sorted(keys) \
                    or check.player is not None or check.observable != (listed.value if observable else None):
                return None
            text = say(check.where, check.test, check.value, context)
            return None if text is None else (text, 1)
        render.__name__ = render.__qualname__ = say.__name__
        render.__doc__ = say.__doc__
        return check_phrase(Count)(render)
    return register


def count_said(test: CountTest, value: int) -> tuple[int | None] | None:
    """How a phrase with an optional count field (〜回, 〜つ) says ``test value``: ``(None,)`` — no count — for at
    least one, ``(value,)`` for exactly that many; ``None`` for what it cannot say (exactly zero: the phrase of its
    own says it)."""
    if (test, value) == (CountTest.AT_LEAST, 1):
        return (None,)
    return (value,) if test is CountTest.EXACTLY and value > 0 else None


@check_phrase(Count)
def say_moved(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if not isinstance(check, Count) or check.listed is not Listed.EVENTS or check.player is not None \
            or check.observable != "events":
        return None
    where = check.where
    if where.get("type") != "moved" or sorted(where) not in (["card", "type"], ["card", "from", "to", "type"]):
        return None
    card, source, dest = context.ref(where["card"]), where.get("from"), where.get("to")
    if (check.test, check.value) == (CountTest.EXACTLY, 0):
        return NOT_MOVED.write(card=card, source=source, dest=dest), 1
    said = count_said(check.test, check.value)
    return None if said is None else (MOVED.write(card=card, source=source, dest=dest, count=said[0]), 1)

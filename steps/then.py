"""ならば steps: checks against the adapter's observation. Each phrase is followed by its renderer (check → the
phrase; see :func:`shinpan.steps.printer.phrases.check_phrase`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pytest_bdd import parsers, then

from shinpan.steps.duel import Duel
from shinpan.steps.printer.phrases import Context, Message, check_phrase
from shinpan.steps.vocabulary import (
    CARD_PATTERN,
    CARDS_PATTERN,
    DECK_POSITION_PATTERN,
    DECK_POSITIONS,
    PLAYER_PATTERN,
    PLAYERS,
    ZONE_PATTERN,
    ZONES,
    card_ref,
    card_refs,
)


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})の(?P<zone>{ZONE_PATTERN})に(?P<cards>{CARDS_PATTERN})が(ある|いる)"))
def in_zone(duel: Duel, player: str, zone: str, cards: str) -> None:
    """Each card is in that player's zone."""
    for ref in card_refs(cards):
        duel.check({"check": "in_zone", "player": PLAYERS[player], "zone": ZONES[zone], "card": duel.label(ref),
                    "present": True})


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})の(?P<zone>{ZONE_PATTERN})に(?P<cards>{CARDS_PATTERN})は(ない|いない)"))
def not_in_zone(duel: Duel, player: str, zone: str, cards: str) -> None:
    """None of the cards is in that player's zone."""
    for ref in card_refs(cards):
        duel.check({"check": "in_zone", "player": PLAYERS[player], "zone": ZONES[zone], "card": duel.label(ref),
                    "present": False})


@check_phrase("in_zone")
def say_in_zone(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if "observable" in check:
        return None
    be = context.be(check["card"], check["zone"])
    verb = be if check["present"] else "いない" if be == "いる" else "ない"
    return (f"{context.player(check['player'])}の{context.zone(check['zone'])}に{context.card(check['card'])}"
            f"{'が' if check['present'] else 'は'}{verb}", 1)


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は(?P<player>{PLAYER_PATTERN})の(?P<zones>(?:{ZONE_PATTERN})(?:か(?:{ZONE_PATTERN}))+)"
                 "のどれかにある"))
def in_one_of_zones(duel: Duel, card: str, player: str, zones: str) -> None:
    """The card is in one of these zones of the player's (which one is not checked)."""
    label = duel.label(card_ref(card))
    duel.check({"check": "any", "of": [{"check": "in_zone", "player": PLAYERS[player], "zone": ZONES[zone],
                                        "card": label, "present": True} for zone in zones.split("か")]})


@check_phrase("any")
def say_in_one_of_zones(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    parts = check["of"]
    if "observable" in check or len(parts) < 2 or any(p["check"] != "in_zone" or "observable" in p for p in parts):
        return None
    first = parts[0]
    if any((p["player"], p["card"], p["present"]) != (first["player"], first["card"], True) for p in parts):
        return None
    zones = "か".join(context.zone(p["zone"]) for p in parts)
    return f"{context.card(first['card'])}は{context.player(first['player'])}の{zones}のどれかにある", 1


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})の(?P<zone>{ZONE_PATTERN})のカードは(?P<count>\d+)枚である"))
def zone_size(duel: Duel, player: str, zone: str, count: str) -> None:
    """The number of cards in a zone (in the battle zone: every card of every object)."""
    duel.check({"check": "zone_count", "player": PLAYERS[player], "zone": ZONES[zone], "count": int(count)})


@check_phrase("zone_count")
def say_zone_size(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if "observable" in check:
        return None
    return f"{context.player(check['player'])}の{context.zone(check['zone'])}のカードは{check['count']}枚である", 1


def expect_object(duel: Duel, label: str, field: str, test: str, value: object, *, observable: bool = True) -> None:
    """Check one field of the battle-zone object the card ``label`` is in (UNOBSERVABLE if ``observable`` and
    the adapter does not report the field)."""
    check = {"check": "object", "card": label, "field": field, "test": test, "value": value}
    duel.check({**check, "observable": field} if observable else check)


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})の山札の(?P<where>{DECK_POSITION_PATTERN})は(?P<card>{CARD_PATTERN})である"))
def deck_position(duel: Duel, player: str, where: str, card: str) -> None:
    """The card is the top (一番上) or the bottom (一番下) card of the player's deck (needs ``deck_order``)."""
    duel.check({"check": "position", "player": PLAYERS[player], "zone": "deck", "end": DECK_POSITIONS[where],
                "card": duel.label(card_ref(card)), "observable": "deck_order"})


@check_phrase("position")
def say_deck_position(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if check["zone"] != "deck" or check.get("observable") != "deck_order":
        return None
    where = next(word for word, end in DECK_POSITIONS.items() if end == check["end"])
    return f"{context.player(check['player'])}の山札の{where}は{context.card(check['card'])}である", 1


def object_phrase(field: str, test: str, observable: bool = True) -> Callable[
        [Callable[[Any, Context], str | None]], Callable[[Sequence[Message], Context], tuple[str, int] | None]]:
    """Register a renderer of one check of a field of a battle-zone object (``field``, ``test``, with the
    ``observable`` the step sets, or none): ``say(value, context) -> phrase about 《card》``, where the phrase is
    ``say``'s text with ``{card}`` for the card."""
    def register(say: Callable[[Any, Context], str | None]) -> Callable[[Sequence[Message], Context],
                                                                          tuple[str, int] | None]:
        def render(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
            check = checks[0]
            if (check["field"], check["test"], check.get("observable")) != (field, test, field if observable
                                                                               else None):
                return None
            text = say(check["value"], context)
            return None if text is None else (text.format(card=context.card(check["card"])), 1)
        render.__name__ = render.__qualname__ = say.__name__
        render.__doc__ = say.__doc__
        return check_phrase("object")(render)
    return register


def expect_object_field(duel: Duel, card: str, field: str, expected: object) -> None:
    """Check one observed field of the battle-zone object ``card`` is in (UNOBSERVABLE if not reported)."""
    expect_object(duel, duel.label(card_ref(card)), field, "equals", expected)


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は召喚酔い(?P<neg>していない|している)"))
def summoning_sick(duel: Duel, card: str, neg: str) -> None:
    """Whether summoning sickness (301.5) stops it from attacking."""
    expect_object_field(duel, card, "summoning_sick", neg == "している")


@object_phrase("summoning_sick", "equals")
def say_summoning_sick(value: Any, context: Context) -> str:
    return "{card}は召喚酔い" + ("している" if value else "していない")


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は攻撃(?P<ability>できる|できない)"))
def can_attack(duel: Duel, card: str, ability: str) -> None:
    """Whether it could declare an attack now."""
    expect_object_field(duel, card, "can_attack", ability == "できる")


@object_phrase("can_attack", "equals")
def say_can_attack(value: Any, context: Context) -> str:
    return "{card}は攻撃" + ("できる" if value else "できない")


@then(parsers.re(rf"(?:(?P<zone>バトルゾーン|マナゾーン)の)?(?P<card>{CARD_PATTERN})は(?P<state>タップ|アンタップ)されている"))
def tapped(duel: Duel, card: str, zone: str | None, state: str) -> None:
    """Its tap state (位相): of its battle-zone object, or, for a card in a mana zone, in the mana zone (where the card
    is decides when the check is judged: the ``tapped`` check of :mod:`shinpan.running.checks`). バトルゾーンの /
    マナゾーンの says where the card must be: the check reads only that zone's tap state."""
    label, value = duel.label(card_ref(card)), state == "タップ"
    if zone == "バトルゾーン":
        expect_object(duel, label, "tapped", "equals", value)
    elif zone == "マナゾーン":
        duel.check({"check": "mana_tapped", "card": label, "value": value, "observable": "tapped_mana"})
    else:
        duel.check({"check": "tapped", "card": label, "value": value})


def _tap_state(value: Any) -> str:
    return ("タップ" if value else "アンタップ") + "されている"


@check_phrase("tapped")
def say_tapped_where_it_is(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    return None if "observable" in check else (f"{context.card(check['card'])}は{_tap_state(check['value'])}", 1)


@object_phrase("tapped", "equals")
def say_tapped(value: Any, context: Context) -> str:
    return "バトルゾーンの{card}は" + _tap_state(value)


@check_phrase("mana_tapped")
def say_mana_tapped(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if check.get("observable") != "tapped_mana":
        return None
    return f"マナゾーンの{context.card(check['card'])}は{_tap_state(check['value'])}", 1


@then(parsers.re(rf"(?P<player>{PLAYER_PATTERN})のバトルゾーンで攻撃中のクリーチャーは(?P<count>\d+)体である"))
def attacking_count(duel: Duel, player: str, count: str) -> None:
    """How many of the player's battle-zone objects are attacking (which ones is not checked)."""
    duel.check({"check": "count", "list": "objects", "player": PLAYERS[player], "where": {"attacking": True},
                "test": "==", "value": int(count), "observable": "attacking"})


@check_phrase("count")
def say_attacking_count(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if (check["list"], dict(check["where"]), check["test"], check.get("observable")) != \
            ("objects", {"attacking": True}, "==", "attacking") or "player" not in check:
        return None
    return f"{context.player(check['player'])}のバトルゾーンで攻撃中のクリーチャーは{check['value']}体である", 1


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は攻撃中(?P<neg>である|ではない)"))
def attacking(duel: Duel, card: str, neg: str) -> None:
    """Whether it is attacking."""
    expect_object_field(duel, card, "attacking", neg == "である")


@object_phrase("attacking", "equals")
def say_attacking(value: Any, context: Context) -> str:
    return "{card}は攻撃中" + ("である" if value else "ではない")


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})のパワーは(?P<power>\d+)である"))
def power(duel: Duel, card: str, power: str) -> None:
    """The object's current power."""
    expect_object_field(duel, card, "power", int(power))


@object_phrase("power", "equals")
def say_power(value: Any, context: Context) -> str | None:
    return "{card}のパワーは" + f"{value}である" if isinstance(value, int) and value >= 0 else None


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})にパワーはない"))
def no_power(duel: Duel, card: str) -> None:
    """The object has no power (a card that is not a creature: its power is null)."""
    expect_object_field(duel, card, "power", None)


@object_phrase("power", "equals")
def say_no_power(value: Any, context: Context) -> str | None:
    return "{card}にパワーはない" if value is None else None


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})はちょうど(?P<count>\d+)か所にある"))
def places(duel: Duel, card: str, count: str) -> None:
    """In how many places the observation shows the card — the lists of every zone, the cards under and the seals
    of every battle-zone object (400.5: a card is in exactly one place at a time, so the count is 1)."""
    duel.check({"check": "places", "card": duel.label(card_ref(card)), "count": int(count)})


@check_phrase("places")
def say_places(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    return None if "observable" in check else (f"{context.card(check['card'])}はちょうど{check['count']}か所にある", 1)


@then(parsers.re("その行動は(?P<verdict>拒否される|認められる)"))
def verdict(duel: Duel, verdict: str) -> None:
    """Whether the rules allowed the move just tried (〜しようとする)."""
    duel.check({"check": "rejected", "value": verdict == "拒否される"})


@check_phrase("rejected")
def say_verdict(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    return None if "observable" in check else ("その行動は" + ("拒否される" if check["value"] else "認められる"), 1)


def how_many(count: str | None) -> tuple[str, int]:
    """An optional count in a phrase (〜回, 〜つ) as a count check's test: exactly that many, or at least one."""
    return ("==", int(count)) if count is not None else (">=", 1)


def expect_events(duel: Duel, where: Mapping[str, object], test: str, value: int, listed: str = "events") -> None:
    """Since the previous observation, the events (or the waiting abilities) matching ``where``: ``==`` or
    ``>=`` ``value`` of them."""
    duel.check({"check": "count", "list": listed, "where": where, "test": test, "value": value,
                "observable": listed})


MOVED_BETWEEN = rf"(?:(?P<source>{ZONE_PATTERN})から(?P<dest>{ZONE_PATTERN})に)?"


def _moved(duel: Duel, card: str, source: str | None, dest: str | None) -> dict[str, object]:
    where: dict[str, object] = {"type": "moved", "card": duel.label(card_ref(card))}
    if source and dest:
        where.update({"from": ZONES[source], "to": ZONES[dest]})
    return where


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})が{MOVED_BETWEEN}(?:(?P<count>\d+)回)?移動した"))
def moved(duel: Duel, card: str, source: str | None, dest: str | None, count: str | None) -> None:
    """Since the previous observation, the card moved (from one zone to the other, if they are named; exactly
    ``count`` times, if given)."""
    expect_events(duel, _moved(duel, card, source, dest), *how_many(count))


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は{MOVED_BETWEEN}移動しなかった"))
def not_moved(duel: Duel, card: str, source: str | None, dest: str | None) -> None:
    """Since the previous observation, the card did not move (from one zone to the other, if they are named)."""
    expect_events(duel, _moved(duel, card, source, dest), "==", 0)


def event_phrase(listed: str, keys: Sequence[str], observable: bool = True) -> Callable[
        [Callable[[Mapping[str, Any], str, int, Context], str | None]],
        Callable[[Sequence[Message], Context], tuple[str, int] | None]]:
    """Register a renderer of one count check over ``listed`` (events or waiting) whose ``where`` has exactly these
    keys (and, with ``observable``, reads the list as its observable): ``say(where, test, value, context)``."""
    def register(say: Callable[[Mapping[str, Any], str, int, Context], str | None]) -> Callable[
            [Sequence[Message], Context], tuple[str, int] | None]:
        def render(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
            check = checks[0]
            where = check["where"]
            if check["list"] != listed or sorted(where) != sorted(keys) or "player" in check \
                    or check.get("observable") != (listed if observable else None):
                return None
            text = say(where, check["test"], check["value"], context)
            return None if text is None else (text, 1)
        render.__name__ = render.__qualname__ = say.__name__
        render.__doc__ = say.__doc__
        return check_phrase("count")(render)
    return register


def said_count(test: str, value: int, unit: str) -> str | None:
    """How a phrase with an optional count (〜回, 〜つ) says ``test value``: nothing for at least one, the count for
    exactly that many (none for exactly zero: the phrase of its own says it)."""
    if (test, value) == (">=", 1):
        return ""
    return f"{value}{unit}" if test == "==" and value > 0 else None


@check_phrase("count")
def say_moved(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    where = check["where"]
    if check["list"] != "events" or "player" in check or check.get("observable") != "events" \
            or where.get("type") != "moved" or sorted(where) not in (["card", "type"], ["card", "from", "to", "type"]):
        return None
    between = f"{context.zone(where['from'])}から{context.zone(where['to'])}に" if "from" in where else ""
    if (check["test"], check["value"]) == ("==", 0):
        return f"{context.card(where['card'])}は{between}移動しなかった", 1
    times = said_count(check["test"], check["value"], "回")
    return None if times is None else (f"{context.card(where['card'])}が{between}{times}移動した", 1)

"""What a differential finding's scenario checks (期待値): the reference engine's view of the facts that differ.

Each kind of fact (:mod:`shinpan.explore.observations`) becomes the check a ならば step of the suite makes
(:mod:`shinpan.running.checks`), with the reference engine's value: a card in the wrong place becomes "it is in this
zone", a wrong tap state "it is tapped", a trigger too many "its ability triggered once". A check is built only
from the reference engine's observation, so the printed scenario passes there, and fails on the engine that
showed something else.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from shinpan.adapters.sdk.vocabulary import PLAYERS, ZONES
from shinpan.explore.observations import Difference
from shinpan.running.checks import (
    CheckForm,
    Count,
    CountTest,
    InZone,
    Listed,
    Lost,
    ManaTapped,
    ObjectField,
    ObjectTest,
    Position,
    ZoneCount,
    matching,
    one_of,
)

Check = CheckForm
Observation = Mapping[str, Any]


def checks(difference: Difference, reference: Observation) -> list[Check]:
    """The checks that show ``difference`` with the reference engine's values (empty if no check form says it)."""
    build = _BUILDERS.get(difference.kind)
    return build(difference, reference) if build is not None else []


def _place(difference: Difference, reference: Observation) -> list[Check]:
    card, where = difference.subject, difference.expected
    if card is None or where is None:
        return []
    player, zone = str(where).split(":", 1)
    if zone == "battle (seal)":
        top = _holding(reference, card, "seals")
        return [_object(top, "seals", ObjectTest.CONTAINS, card)] if top else []
    return [InZone(one_of(player, PLAYERS), one_of(zone, ZONES), card, True)]


def _pile(difference: Difference, reference: Observation) -> list[Check]:
    top = difference.subject
    if top is None:
        return []
    if difference.expected is not None:
        return [_object(top, "cards", ObjectTest.EQUALS, list(difference.expected))]
    holder = _holding(reference, top, "cards")
    if holder is None:
        return _place(Difference(("place", top), _where(reference, top), None), reference)
    return [_object(holder, "cards", ObjectTest.FIRST, holder), _object(holder, "cards", ObjectTest.CONTAINS, top)]


def _field(difference: Difference, reference: Observation) -> list[Check]:
    top, value = difference.subject, difference.expected
    if top is None or value is None:
        return []
    kind = difference.kind
    if kind == "effects":
        amounts = [_json_amount(v) for v in value]
        if not amounts:
            return [_object(top, "effects", ObjectTest.EQUALS, [])]
        return [_object(top, "effects", ObjectTest.POWER_TOTAL, sum(amounts))]
    if kind == "equipment":
        return [_object(top, "equipment", ObjectTest.CONTAINS, piece) for piece in value] or \
            [_object(top, "equipment", ObjectTest.EQUALS, [])]
    if kind == "seals":
        return [_object(top, "seals", ObjectTest.EMPTY, not value)]
    if kind == "linked":
        return [_object(top, "linked", ObjectTest.EQUALS, list(value))]
    return [_object(top, kind, ObjectTest.EQUALS, value)]


def _deck(difference: Difference, reference: Observation) -> list[Check]:
    player, deck = one_of(difference.subject, PLAYERS), difference.expected or ()
    if not deck:
        return [ZoneCount(player, "deck", 0)]
    return [Position(player, "deck", "top", deck[0], observable="deck_order"),
            Position(player, "deck", "bottom", deck[-1], observable="deck_order")]


def _tapped_mana(difference: Difference, reference: Observation) -> list[Check]:
    return [ManaTapped(str(difference.subject), bool(difference.expected), observable="tapped_mana")]


def _lost(difference: Difference, reference: Observation) -> list[Check]:
    return [Lost(one_of(difference.subject, PLAYERS), bool(difference.expected), observable="lost")]


def _triggered(difference: Difference, reference: Observation) -> list[Check]:
    return [_events({"type": "triggered", "card": difference.subject}, reference)]


def _moved(difference: Difference, reference: Observation) -> list[Check]:
    card = difference.subject
    moves = Counter((e["from"], e["to"]) for e in reference.get("events", [])
                    if e["type"] == "moved" and e.get("card") == card)
    if not moves:
        return [_count(Listed.EVENTS, {"type": "moved", "card": card}, 0)]
    return [_count(Listed.EVENTS, {"type": "moved", "card": card, "from": source, "to": to}, n)
            for (source, to), n in sorted(moves.items())]


def _replaced(difference: Difference, reference: Observation) -> list[Check]:
    return [_events({"type": "replaced", "card": difference.subject}, reference)]


def _reconstructed(difference: Difference, reference: Observation) -> list[Check]:
    cards = (difference.subject or "").split(",")
    return [_events({"type": "reconstructed", "cards": cards[0]}, reference)]


def _mana_tapped(difference: Difference, reference: Observation) -> list[Check]:
    return [_events({"type": "mana_tapped", "card": difference.subject}, reference)]


def _waiting(difference: Difference, reference: Observation) -> list[Check]:
    if not reference.get("waiting"):
        return [_count(Listed.WAITING, {}, 0)]
    return [_count(Listed.WAITING, {"card": difference.subject}, len(difference.expected or ()))]


def _events(where: Mapping[str, Any], reference: Observation) -> Check:
    """Exactly as many events matching ``where`` as the reference engine reported (since the setup: the printed
    scenario observes once, after its last move)."""
    return _count(Listed.EVENTS, where, matching(reference.get("events", []), where))


def _count(listed: Listed, where: Mapping[str, Any], value: int) -> Check:
    return Count(listed, dict(where), CountTest.EXACTLY, value, observable=listed.value)


def _object(card: str, field: str, test: ObjectTest, value: Any) -> Check:
    return ObjectField(card, field, test, value, observable=None if field == "cards" else field)



def _holding(reference: Observation, card: str, field: str) -> str | None:
    """The top card of the reference's object whose ``field`` (cards, seals) holds ``card``."""
    for view in reference["players"].values():
        for obj in view["battle"]:
            if card in obj.get(field, []):
                return str(obj["cards"][0])
    return None


def _where(reference: Observation, card: str) -> str | None:
    for player, view in reference["players"].items():
        for zone, cards in view.items():
            if zone not in ("battle", "tapped_mana", "lost") and card in cards:
                return f"{player}:{zone}"
        if any(card in obj["cards"] for obj in view["battle"]):
            return f"{player}:battle"
    return None


def _json_amount(value: Any) -> int:
    import json

    data = json.loads(value) if isinstance(value, str) else value
    return int(data.get("amount", 0)) if isinstance(data, Mapping) else 0


_BUILDERS: dict[str, Callable[[Difference, Observation], list[Check]]] = {
    "place": _place, "pile": _pile,
    **dict.fromkeys(("tapped", "power", "summoning_sick", "can_attack", "attacking", "effects", "equipment", "seals",
                     "linked", "face"), _field),
    "deck": _deck, "tapped_mana": _tapped_mana, "lost": _lost,
    "events.triggered": _triggered, "events.moved": _moved, "events.replaced": _replaced,
    "events.reconstructed": _reconstructed, "events.mana_tapped": _mana_tapped,
    "waiting": _waiting,
}
"""Each kind of fact and how its reference value becomes checks."""

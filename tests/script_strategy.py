"""Hypothesis strategies for cases — a starting state, then moves (with scripted choices) and checks — over the
whole vocabulary of the contract: every zone, battle-zone piles with every flag, tapped mana, effects, every action
type with its optional fields, every choice kind, and every check form a phrase says.

What is generated is what a scenario of the suite may say: a card has one owner (the player whose zone the setup
puts it in) and every move that names a player names that owner; a player draws (or begins a turn) only while the
setup's deck has a card for it (the suite never tests deck-out).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from shinpan.adapters import cards
from shinpan.adapters.contract import Rules
from shinpan.adapters.sdk.vocabulary import CHOICE_KINDS
from shinpan.running.cases import Case, Check, Move, Setup, Step
from shinpan.running.checks import parse

Draw = Callable[[st.SearchStrategy[Any]], Any]
PLAYERS = ("me", "opp")
CARD_ZONES = ("deck", "hand", "mana", "shields", "graveyard", "hyperspatial")
ZONES = (*CARD_ZONES, "battle")
PLACES = (*ZONES, "battle", "battle", "battle")
"""Where the setup puts a card: half the time in the battle zone, where piles and their flags are."""
TURN_STEPS = ("start", "draw", "mana", "main", "attack", "end")
CHOICE_PICKS = {"use": (0, 1), "target": (0, 3), "order": (1, 1), "replacement": (0, 1),
                "keep_after_reconstruction": (1, 3), "reconstruction_sources": (1, 3), "keep_attacking": (1, 1),
                "order_under": (1, 3), "equipment_to": (1, 2), "enter_order": (1, 3), "god_leaves": (1, 1)}
"""The numbers of picks a phrase says, by choice kind (one, for a kind not listed)."""
NAMES = sorted(entry.name for entry in cards.load())
RULES: Rules = {"label": "printed", "changes": []}


@dataclass
class Board:
    """What the generator knows of the setup while it writes steps: each card's owner and zone, and how many cards
    each deck has left to draw."""

    owners: dict[str, str]
    zones: dict[str, str]
    deck_left: dict[str, int]
    active: str
    labels: list[str] = field(default_factory=list)

    def of(self, player: str) -> list[str]:
        return [label for label in self.labels if self.owners[label] == player]


def _labels(draw: Draw) -> dict[str, str]:
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=9))
    own_name = draw(st.lists(st.booleans(), min_size=len(names), max_size=len(names)))
    found: dict[str, str] = {}
    for index, (name, plain) in enumerate(zip(names, own_name, strict=True)):
        found[name if plain and names.count(name) == 1 else f"c{index}"] = name
    return found


def _piles(draw: Draw, labels: list[str]) -> list[list[str]]:
    piles: list[list[str]] = []
    for label in labels:
        if piles and draw(st.booleans()):
            piles[-1].append(label)
        else:
            piles.append([label])
    return piles


def _battle_object(draw: Draw, pile: list[str], battle: list[str]) -> dict[str, Any]:
    obj: dict[str, Any] = {"cards": pile}
    for flag in ("tapped", "attacking", "treated_as_creature"):
        if draw(st.booleans()):
            obj[flag] = True
    arrived = draw(st.lists(st.sampled_from(pile), unique=True, max_size=len(pile)))
    if arrived:
        obj["arrived_this_turn"] = arrived
    others = [label for label in battle if label not in pile]
    if others and draw(st.booleans()):
        obj["equipped_to"] = draw(st.sampled_from(others))
    return obj


def _effect(draw: Draw, labels: list[str]) -> dict[str, Any]:
    target = draw(st.sampled_from(labels))
    duration = draw(st.sampled_from([None, "end_of_turn", "permanent"]))
    effect: dict[str, Any] = {"kind": "ignore_abilities", "target": target} if draw(st.booleans()) else \
        {"kind": "power", "target": target, "amount": draw(st.integers(-9000, 9000))}
    return effect if duration is None else {**effect, "duration": duration}


@st.composite
def setups(draw: Draw) -> tuple[dict[str, Any], Board]:
    """A starting state with the board the generator writes steps on."""
    names = _labels(draw)
    labels = list(names)
    places = {label: (draw(st.sampled_from(PLAYERS)), draw(st.sampled_from(PLACES))) for label in labels}
    players: dict[str, dict[str, Any]] = {}
    battle = [label for label in labels if places[label][1] == "battle"]
    for player in PLAYERS:
        view: dict[str, Any] = {zone: [label for label in labels if places[label] == (player, zone)]
                                for zone in CARD_ZONES}
        view["tapped_mana"] = [label for label in view["mana"] if draw(st.booleans())]
        mine = [label for label in battle if places[label][0] == player]
        view["battle"] = [_battle_object(draw, pile, battle) for pile in _piles(draw, mine)]
        players[player] = view
    turn = {"number": draw(st.integers(1, 12)), "active": draw(st.sampled_from(PLAYERS)),
            "step": draw(st.sampled_from(TURN_STEPS))}
    state: dict[str, Any] = {"cards": names, "turn": turn, "players": players}
    effects = [_effect(draw, labels) for _ in range(draw(st.integers(0, 3)))]
    if effects:
        state["effects"] = effects
    board = Board(owners={label: place[0] for label, place in places.items()},
                  zones={label: place[1] for label, place in places.items()},
                  deck_left={player: len(players[player]["deck"]) for player in PLAYERS}, active=turn["active"],
                  labels=labels)
    return state, board


def _some(draw: Draw, labels: list[str], least: int = 1, most: int = 3) -> list[str]:
    unique = len(set(labels)) >= least  # a board of one card links it with itself: the schema allows it
    return list(draw(st.lists(st.sampled_from(labels), min_size=least, max_size=most, unique=unique)))


def _card_action(draw: Draw, kind: str, board: Board) -> dict[str, Any]:
    """A move of one of the types that name cards only."""
    labels = board.labels
    one = draw(st.sampled_from(labels))
    single = {"type": kind, "card": one}
    fields: dict[str, Callable[[], dict[str, Any]]] = {
        "summon": lambda: {"sources": _some(draw, labels)} if draw(st.booleans()) else {},
        "destroy": lambda: {"cards": _some(draw, labels)},
        "devolve": lambda: {"to": draw(st.sampled_from(CARD_ZONES))},
        "put_under": lambda: {"target": one, "cards": _some(draw, labels)},
        "rearrange_under": lambda: {"target": one, "order": _some(draw, labels)},
        "g_link": lambda: {"cards": _some(draw, labels, 2, 3)},
        "awaken_link": lambda: {"cards": _some(draw, labels, 2, 3)},
        "flip": lambda: {"by": draw(st.sampled_from(["awaken", "dragon_release", "other"]))},
        "equip": lambda: {"to": draw(st.sampled_from(labels))},
        "side_jump": lambda: {"onto": draw(st.sampled_from(labels))},
        "mugetsu": lambda: {"tools": _some(draw, labels)},
        "break": lambda: {"breaker": one, "shields": _some(draw, labels)},
        "swap": lambda: {"with": draw(st.sampled_from(labels)), **(
            {"via": draw(st.sampled_from(["swap", "revolution_change", "j_change"]))} if draw(st.booleans()) else {})},
    }
    extra = fields.get(kind, dict)()
    return {"type": kind, **extra} if {"cards", "target", "breaker"} & set(extra) else {**single, **extra}


def _move_action(draw: Draw, board: Board) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "move", "card": draw(st.sampled_from(board.labels)),
                              "to": draw(st.sampled_from(CARD_ZONES))}
    if action["to"] == "deck" and draw(st.booleans()):
        action["position"] = draw(st.sampled_from(["top", "bottom", "shuffled"]))
    if draw(st.booleans()):
        action["by"] = draw(st.sampled_from(PLAYERS))
    return action


def _put_into_battle(draw: Draw, board: Board) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "put_into_battle", "card": draw(st.sampled_from(board.labels))}
    extra = draw(st.sampled_from(["none", "with", "sources"]))
    if extra != "none":
        action[extra] = _some(draw, [label for label in board.labels if label != action["card"]] or board.labels)
    if draw(st.booleans()):
        action["tapped"] = draw(st.booleans())
    return action


def _attack(draw: Draw, board: Board) -> dict[str, Any]:
    target = {"player": draw(st.sampled_from(PLAYERS))} if draw(st.booleans()) else \
        {"card": draw(st.sampled_from(board.labels))}
    return {"type": "attack", "attacker": draw(st.sampled_from(board.labels)), "target": target}


def _apply_effect(draw: Draw, board: Board) -> dict[str, Any]:
    effect = _effect(draw, board.labels)
    if effect["kind"] == "power" and effect.get("duration") == "end_of_turn":
        effect.pop("duration")
    return {"type": "apply_effect", "effect": effect}


def _tap_mana(draw: Draw, board: Board) -> dict[str, Any] | None:
    owners = [player for player in PLAYERS if board.of(player)]
    return {"type": "tap_mana", "cards": _some(draw, board.of(draw(st.sampled_from(owners))))} if owners else None


def _draw(draw: Draw, board: Board) -> dict[str, Any] | None:
    player = draw(st.sampled_from(PLAYERS))
    count = draw(st.integers(1, 3))
    if board.deck_left[player] < count:
        return None
    board.deck_left[player] -= count
    return {"type": "draw", "player": player, **({"count": count} if count > 1 or draw(st.booleans()) else {})}


def _end_turn(draw: Draw, board: Board) -> dict[str, Any] | None:
    following = "opp" if board.active == "me" else "me"
    if board.deck_left[following] < 1:
        return None
    board.deck_left[following] -= 1
    board.active = following
    return {"type": "end_turn"}


MOVES: dict[str, Callable[[Draw, Board], dict[str, Any] | None]] = {
    "move": _move_action, "put_into_battle": _put_into_battle, "attack": _attack, "apply_effect": _apply_effect,
    "tap_mana": _tap_mana, "draw": _draw, "end_turn": _end_turn, "resolve": lambda draw, board: {"type": "resolve"},
}
CARD_MOVES = ("summon", "destroy", "charge_mana", "cast", "discard", "tap", "untap", "unlink", "seal", "unseal",
              "stop_treating_as_creature", "devolve", "put_under", "rearrange_under", "g_link", "awaken_link", "flip",
              "equip", "side_jump", "mugetsu", "break", "swap")


def _choice(draw: Draw, board: Board) -> dict[str, Any]:
    kind = draw(st.sampled_from(CHOICE_KINDS))
    least, most = CHOICE_PICKS.get(kind, (1, 1))
    picks = _some(draw, board.labels, least, most) if most else []
    return {"player": draw(st.sampled_from(PLAYERS)), "kind": kind, "picks": picks}


def move(draw: Draw, board: Board) -> Move | None:
    """A move of any type (None where the board allows none of the type drawn)."""
    kind = draw(st.sampled_from(sorted([*MOVES, *CARD_MOVES])))
    action = MOVES[kind](draw, board) if kind in MOVES else _card_action(draw, kind, board)
    if action is None:
        return None
    choices: Any = tuple(_choice(draw, board) for _ in range(draw(st.integers(0, 2))))
    return Move(action, choices, draw(st.booleans()))


def _object_check(draw: Draw, board: Board) -> list[dict[str, Any]]:
    card = draw(st.sampled_from(board.labels))
    other = draw(st.sampled_from(board.labels))

    def obj(field: str, test: str, value: Any, observable: bool = True) -> dict[str, Any]:
        check = {"check": "object", "card": card, "field": field, "test": test, "value": value}
        return {**check, "observable": field} if observable else check

    forms: list[Callable[[], list[dict[str, Any]]]] = [
        lambda: [obj(draw(st.sampled_from(["summoning_sick", "can_attack", "attacking"])), "equals",
                     draw(st.booleans()))],
        lambda: [obj("power", "equals", draw(st.integers(0, 20000)))],
        lambda: [obj("equipment", "contains", other)], lambda: [obj("equipment", "equals", [])],
        lambda: [obj("effects", "power_total", draw(st.integers(-9000, 9000)))], lambda: [obj("effects", "equals", [])],
        lambda: [obj("linked", "equals", [])], lambda: [obj("face", "equals", draw(st.sampled_from(NAMES)))],
        lambda: [obj("seals", "empty", draw(st.booleans()))],
        lambda: [obj("cards", "equals", _some(draw, board.labels, 1, 4), observable=False)],
        lambda: [obj("power", "equals", None)], lambda: [obj("equipment", "lacks", other)],
        lambda: [obj(draw(st.sampled_from(["equipment", "seals", "linked"])), "equals", _some(draw, board.labels))],
        lambda: [obj("effects", "equals", [{"kind": "power", "amount": amount} for amount in draw(
            st.lists(st.integers(-9000, 9000), min_size=1, max_size=3))])],
        lambda: [obj("cards", "first", card, observable=False)],
        lambda: [obj("cards", "first", card, observable=False),
                 *(obj("cards", "contains", label, observable=False) for label in _some(draw, board.labels))],
        lambda: [obj("cards", draw(st.sampled_from(["contains", "lacks"])), other, observable=False)],
    ]
    forms.append(lambda: [obj("tapped", "equals", draw(st.booleans()))])
    chosen: list[dict[str, Any]] = draw(st.sampled_from(forms))()
    return chosen


def _events(where: dict[str, Any], test: str, value: int, listed: str = "events") -> dict[str, Any]:
    return {"check": "count", "list": listed, "where": where, "test": test, "value": value, "observable": listed}


def _count_check(draw: Draw, board: Board) -> list[dict[str, Any]]:
    card, other = draw(st.sampled_from(board.labels)), draw(st.sampled_from(board.labels))
    player = draw(st.sampled_from(PLAYERS))
    test, value = draw(st.sampled_from([(">=", 1), ("==", 0), ("==", 1), ("==", 2)]))
    forms: list[Callable[[], list[dict[str, Any]]]] = [
        lambda: [_events({"type": "moved", "card": card, "from": draw(st.sampled_from(ZONES)),
                          "to": draw(st.sampled_from(ZONES))}, test, value)],
        lambda: [_events({"type": "moved", "card": card}, test, value)],
        lambda: [_events({"type": "mana_tapped", "card": card}, "==", draw(st.integers(0, 3)))],
        lambda: [_events({"type": "moved", "card": card, "to": "battle"}, "==", 0)],
        lambda: [_events({"type": "reconstructed", "cards": card}, test, value)],
        lambda: [_events({"type": "replaced", "card": card}, test, value)],
        lambda: [_events({"type": "replaced", "card": card, "affected": other}, *draw(
            st.sampled_from([(">=", 1), ("==", 1), ("==", 3)])))],
        lambda: [_events({"type": "replaced"}, "==", 0)],
        lambda: [_events({"type": "triggered", "card": card}, test, value)],
        lambda: [_events({"card": card}, test, value, listed="waiting")],
        lambda: [_events({}, "==", 0, listed="waiting")],
        lambda: [_events({"type": "mana_tapped", "card": card}, "==", 1),
                 _events({"type": "mana_tapped", "card": card, "mana": draw(st.integers(0, 5))}, "==", 1)],
        lambda: [{"check": "count", "list": "objects", "player": player, "where": {"attacking": True}, "test": "==",
                  "value": draw(st.integers(0, 4)), "observable": "attacking"}],
        lambda: [{"check": "count", "list": "objects", "player": player, "where": {}, "test": "==",
                  "value": draw(st.integers(0, 4))}],
        lambda: [{"check": "count", "list": "objects", "where": {"equipment": card}, "test": "==", "value": 0,
                  "observable": "equipment"}],
    ]
    chosen: list[dict[str, Any]] = draw(st.sampled_from(forms))()
    return chosen


def _linked(draw: Draw, board: Board) -> list[dict[str, Any]]:
    gods = _some(draw, board.labels, 2, 3)
    together = {"check": "all", "of": [{"check": "object", "card": card, "field": "linked", "test": "contains",
                                        "value": other} for card in gods for other in gods]}
    return [{**(together if draw(st.booleans()) else {"check": "not", "of": together}), "observable": "linked"}]


def check(draw: Draw, board: Board) -> list[dict[str, Any]]:
    """One check, or the few checks one phrase makes."""
    card = draw(st.sampled_from(board.labels))
    player, zone = draw(st.sampled_from(PLAYERS)), draw(st.sampled_from(ZONES))
    forms: list[Callable[[], list[dict[str, Any]]]] = [
        lambda: [{"check": "in_zone", "player": player, "zone": zone, "card": card, "present": draw(st.booleans())}],
        lambda: [{"check": "any", "of": [{"check": "in_zone", "player": player, "zone": where, "card": card,
                                          "present": True} for where in draw(st.lists(st.sampled_from(ZONES),
                                                                                      min_size=2, max_size=3))]}],
        lambda: [{"check": "zone_count", "player": player, "zone": zone, "count": draw(st.integers(0, 6))}],
        lambda: [{"check": "position", "player": player, "zone": "deck", "end": draw(st.sampled_from(["top", "bottom"])),
                  "card": card, "observable": "deck_order"}],
        lambda: [{"check": "lost", "player": player, "value": draw(st.booleans()), "observable": "lost"}],
        lambda: [{"check": "rejected", "value": draw(st.booleans())}],
        lambda: _object_check(draw, board), lambda: _count_check(draw, board),
    ]
    if len(board.labels) > 1:
        forms.append(lambda: _linked(draw, board))
    forms.append(lambda: [{"check": "mana_tapped", "card": card, "value": draw(st.booleans()),
                           "observable": "tapped_mana"}])
    forms.append(lambda: [{"check": "tapped", "card": card, "value": draw(st.booleans())}])
    chosen: list[dict[str, Any]] = draw(st.sampled_from(forms))()
    return chosen


@st.composite
def cases(draw: Draw, max_steps: int = 8) -> Case:
    """A case over the whole vocabulary (its items in one step: how they fall into steps is not printed)."""
    state, board = draw(setups())
    items: list[Move | Check] = []
    for _ in range(draw(st.integers(0, max_steps))):
        if draw(st.booleans()):
            found = move(draw, board)
            if found is not None:
                items.append(found)
        else:
            items.extend(Check(parse(check)) for check in check(draw, board))
    return Case("generated", Setup(RULES, 0, state), (Step("", "", 0, tuple(items)),))

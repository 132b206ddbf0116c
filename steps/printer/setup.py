"""A starting state (``setup``'s ``state``) cut into the fragments that 前提 phrases say, in the order they are
written: whose turn; each player's battle-zone objects; each player's other zones, a run of cards at a time (the
deck top first); then what is said of objects already placed (cards that entered this turn, 装備, an object
treated as a creature, attacking); then the effects already applied.

The fragments (each a dict with its kind under ``fragment``):

- ``turn`` — ``active``, ``number``, ``step``;
- ``zone`` — ``player``, ``zone``, ``cards``: consecutive cards of one zone other than the battle zone (in the mana
  zone, consecutive cards that are all untapped);
- ``tapped_mana`` — ``player``, ``cards``: consecutive tapped cards of the mana zone;
- ``object`` — ``player``, ``cards`` (top first), ``tapped``, ``attacking``, ``arrived``, ``treated``: a battle-zone
  object with what its phrase says at once. One card that is ``treated`` (as a creature) is said by its own
  phrase, which says ``tapped`` and nothing else; otherwise ``attacking`` goes with ``tapped`` (攻撃中の), and
  ``arrived`` (このターンに出た) with an object of one card that entered this turn;
- ``arrived`` — ``cards``: the cards of an object that entered the battle zone this turn, when ``object`` did
  not say it;
- ``treated`` — ``card``: a pile treated as a creature; ``attacking`` — ``card``: an object attacking that
  ``object`` did not say so of; ``equipped`` — ``piece``, ``to``;
- ``effect`` — ``effect``: an effect already applied (common.json ``effect``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import groupby
from typing import Any

from shinpan.adapters.sdk.vocabulary import CARD_ZONES as ZONES_OF_CARDS
from shinpan.adapters.sdk.vocabulary import PLAYERS
from shinpan.errors import RenderError

CARD_ZONES = tuple(sorted(ZONES_OF_CARDS, key=lambda zone: zone == "deck"))
"""The zones other than the battle zone, in the order their phrases are written (the deck last, as the suite does)."""


def fragments(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The fragments of ``state``, in the order their phrases are written."""
    if state.get("waiting"):  # a generated board may start with abilities waiting (shinpan.explore.boards)
        raise RenderError("the setup has abilities already waiting to resolve: no phrase of the suite sets one up")
    turn = state["turn"]
    found: list[dict[str, Any]] = [{"fragment": "turn", "active": turn["active"], "number": turn["number"],
                                    "step": turn.get("step", "main")}]
    players = state["players"]
    for player in PLAYERS:
        found.extend(_object(player, obj) for obj in players[player].get("battle", []))
    for player in PLAYERS:
        found.extend(_zones(player, players[player]))
    for player in PLAYERS:
        for obj in players[player].get("battle", []):
            found.extend(_said_of(obj))
    found.extend({"fragment": "effect", "effect": effect} for effect in state.get("effects", []))
    return found


def _zones(player: str, view: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    tapped = set(view.get("tapped_mana", []))
    stray = tapped - set(view.get("mana", []))
    if stray:
        raise RenderError(f"{player}'s tapped_mana names cards that are not in the mana zone: {sorted(stray)}")
    for zone in CARD_ZONES:
        for is_tapped, run in groupby(view.get(zone, []), key=lambda label: label in tapped):
            cards = list(run)
            yield {"fragment": "tapped_mana", "player": player, "cards": cards} if is_tapped else \
                {"fragment": "zone", "player": player, "zone": zone, "cards": cards}


def _object(player: str, obj: Mapping[str, Any]) -> dict[str, Any]:
    cards: Sequence[str] = obj["cards"]
    single = len(cards) == 1
    treated = single and bool(obj.get("treated_as_creature"))
    tapped = bool(obj.get("tapped"))
    return {"fragment": "object", "player": player, "cards": list(cards), "tapped": tapped, "treated": treated,
            "attacking": bool(obj.get("attacking")) and tapped and not treated,
            "arrived": single and not treated and list(obj.get("arrived_this_turn", [])) == list(cards)}


def _said_of(obj: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """What is said of an object after its ``object`` fragment: what that fragment could not say."""
    base = _object("", obj)
    cards: Sequence[str] = obj["cards"]
    arrived = list(obj.get("arrived_this_turn", []))
    stray = set(arrived) - set(cards)
    if stray:
        raise RenderError(f"arrived_this_turn names cards that are not in the object {list(cards)}: {sorted(stray)}")
    if arrived and not base["arrived"]:
        yield {"fragment": "arrived", "cards": arrived}
    if obj.get("treated_as_creature") and not base["treated"]:
        yield {"fragment": "treated", "card": cards[0]}
    if obj.get("attacking") and not base["attacking"]:
        yield {"fragment": "attacking", "card": cards[0]}
    if "equipped_to" in obj:
        yield {"fragment": "equipped", "piece": cards[0], "to": obj["equipped_to"]}

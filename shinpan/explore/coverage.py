"""What a run covered (網羅): per kind of move and per board feature it was drawn on, how many moves were drawn.

A rule that depends on a move meeting a part of the board — a leave watcher and a move to the deck, an ignore
effect and an attack, a seal and the untap step — is tested only by the examples that drew that pair. The
differential run counts, for every move it sends, the pairs of (the move's kind, each feature of the board it was
drawn on): the report and the terminal say how many of the possible pairs a run reached (:data:`KINDS` ×
:data:`FEATURES`). A kind of move is its action type, with its destination where it has one (``move→deck``,
``devolve→mana``), the way it is named where it has several (``swap/revolution_change``), and ``+graveyard`` for
an evolution onto cards of the graveyard (墓地進化).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from shinpan.adapters.sdk.abilities import Icon, Keyword, Replacement, Static, Triggered
from shinpan.adapters.sdk.actions import ACTION_TYPES
from shinpan.adapters.sdk.vocabulary import CARD_ZONES, DECK_POSITIONS
from shinpan.explore.moves import FLIPS, SWAP_WAYS, Board
from shinpan.explore.pool import Card


def _kinds() -> tuple[str, ...]:
    named: list[str] = []
    for kind in ACTION_TYPES:
        if kind in ("move", "devolve"):
            named += [f"{kind}→{zone}" for zone in CARD_ZONES if kind == "move" or zone != "hyperspatial"]
        elif kind == "swap":
            named += [f"swap/{way}" for way in SWAP_WAYS]
        elif kind == "flip":
            named += [f"flip/{way}" for way in FLIPS]
        else:
            named.append(kind)
        if kind in ("summon", "put_into_battle"):
            named.append(f"{kind}+graveyard")
    return tuple(named)


def kind_of(action: Mapping[str, Any], board: Board) -> tuple[str, ...]:
    """The names a move is counted under: its kind, and what more it says (a position in the deck, 墓地進化)."""
    kind = str(action["type"])
    if kind in ("move", "devolve"):
        named = [f"{kind}→{action['to']}"]
        if action["to"] == "deck":
            named.append(f"deck/{action.get('position', 'top')}")
        return tuple(named)
    if kind == "swap":
        return (f"swap/{action.get('via', 'swap')}",)
    if kind == "flip":
        return (f"flip/{action['by']}",)
    if kind in ("summon", "put_into_battle") and any(
            source in board.outside("graveyard") for source in action.get("sources", ())):
        return kind, f"{kind}+graveyard"
    return (kind,)


KINDS: tuple[str, ...] = _kinds()
"""Every kind of move the coverage names (every action type of the contract, with its destinations and ways)."""
DETAILS: tuple[str, ...] = tuple(f"deck/{position}" for position in DECK_POSITIONS)
"""What a kind of move may say besides (counted, not paired)."""


def _tops(test: Callable[[Card], bool]) -> Callable[[Board], bool]:
    return lambda board: any(map(test, board.top_cards))


def _objects(test: Callable[[Mapping[str, Any]], bool]) -> Callable[[Board], bool]:
    return lambda board: any(test(obj) for obj in board.objects())


FEATURES: dict[str, Callable[[Board], bool]] = {
    "evolution creature": _tops(lambda card: card.evolution is not None),
    "cards under": _objects(lambda obj: len(obj["cards"]) > 1),
    "tapped": _objects(lambda obj: bool(obj.get("tapped"))),
    "attacking": _objects(lambda obj: bool(obj.get("attacking"))),
    "summoning sick": _objects(lambda obj: bool(obj.get("summoning_sick"))),
    "power effect": _objects(lambda obj: bool(obj.get("effects"))),
    "sealed": _objects(lambda obj: bool(obj.get("seals"))),
    "linked": _objects(lambda obj: len(obj.get("linked", [])) > 1),
    "equipped": _objects(lambda obj: bool(obj.get("equipment"))),
    "waiting ability": lambda board: bool(board.waiting),
    "watcher": _tops(lambda card: card.ability(Triggered) is not None),
    "replacement effect": _tops(lambda card: card.ability(Replacement) is not None),
    "keyword": _tops(lambda card: card.ability(Keyword) is not None),
    "static ability": _tops(lambda card: card.ability(Static) is not None),
    "icon": _tops(lambda card: card.ability(Icon) is not None),
    "god": _tops(lambda card: card.g_link is not None),
    "double-faced": _tops(lambda card: card.back is not None),
    "psychic": _tops(lambda card: card.is_hyperspatial),
    "タマシード": _tops(lambda card: card.is_tamaseed),
    "equipment": _tops(lambda card: card.is_equipment),
    "both players' creatures": lambda board: bool(board.creatures_of("me")) and bool(board.creatures_of("opp")),
}
"""The features of a board a rule can depend on, each a test of the board a move is drawn on."""


def pairs(action: Mapping[str, Any], board: Board) -> list[str]:
    """The names a move counts under: each kind it is named by, and each (kind, feature) pair of its board."""
    kinds = kind_of(action, board)
    features = [name for name, test in FEATURES.items() if test(board)]
    return [*kinds, *(f"{kind} × {feature}" for kind in kinds if kind in KINDS for feature in features)]


RULE = "rule "
"""The prefix of a count of the examples that started from a scenario of the suite citing a rule number
(:mod:`shinpan.explore.corpus`): ``rule 603.5c``."""


def reached(counts: Mapping[str, int]) -> tuple[int, int]:
    """How many of the possible (kind, feature) pairs ``counts`` reached, and how many there are."""
    possible = {f"{kind} × {feature}" for kind in KINDS for feature in FEATURES}
    return sum(1 for name, count in counts.items() if name in possible and count), len(possible)


def total(parts: Iterable[Mapping[str, int]]) -> dict[str, int]:
    """Counts added up (the workers', the states')."""
    summed: Counter[str] = Counter()
    for part in parts:
        summed.update(part)
    return dict(sorted(summed.items()))


def premises(results: Iterable[Any], properties: Iterable[Any]) -> dict[str, int]:
    """Per rule number a property or the suite cites, how many examples reached its premise: the examples its
    properties judged (those run, less those skipped because the premise did not occur or could not be played), and
    the differential examples that started from a scenario citing it."""
    cited = {rule.id: rule.rules for rule in properties}
    reached_by: Counter[str] = Counter()
    for result in results:
        for number in cited.get(result.oracle, ()):
            reached_by[number] += result.examples - sum(result.skipped.values())
        reached_by.update({name.removeprefix(RULE): count for name, count in result.coverage.items()
                           if name.startswith(RULE)})
    return dict(sorted(reached_by.items(), key=lambda item: _numbered(item[0])))


def _numbered(rule: str) -> tuple[tuple[int, str], ...]:
    """A rule number's sort key: 116.2a before 603.5 before 603.5c before 1000.1."""
    parts = [re.fullmatch(r"(\d*)(.*)", part) for part in rule.split(".")]
    return tuple((int(m.group(1) or 0), m.group(2)) for m in parts if m is not None)


def summary(results: Iterable[Any], properties: Iterable[Any]) -> list[str]:
    """What the terminal says a run covered: the (kind × feature) pairs the differential run reached, the kinds of
    move it never drew, and the examples that reached each cited rule's premise."""
    done = list(results)
    counts = total(r.coverage for r in done)
    lines: list[str] = []
    if any(not name.startswith(RULE) for name in counts):  # the differential run drew moves
        hit, possible = reached(counts)
        never = [kind for kind in KINDS if not counts.get(kind)]
        lines.append(f"covered: {hit} of {possible} (move kind × board feature) pairs ({hit / possible:.0%}); "
                     f"{len(KINDS) - len(never)} of {len(KINDS)} kinds of move drawn"
                     + (f" (never: {', '.join(never)})" if never else ""))
    rules = premises(done, properties)
    if rules:
        lines.append("rules reached (examples): " + ", ".join(f"{rule} {count}" for rule, count in rules.items()))
    return lines

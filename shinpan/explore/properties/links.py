"""G・リンク (804): gods of two and three pieces linking into one creature, and coming apart.

Linked gods are one creature (804.3): the one object shows every god's top card, left to right; it is tapped if any
god was (804.3, 804.3a), attacking if one was (804.3b), keeps every effect applied to its gods (their pumps add up),
and is not summoning sick even if a god entered this turn (804.5). When the link comes apart (804.4, 804.4a), every
god is a creature again with the linked creature's tap state and every effect it had, and if it was attacking
exactly one of them goes on attacking.

The case: two or three gods of the turn player that can link (each names another as its partner; an evolution god
on a creature), each tapped or not, entered this turn or not, one perhaps attacking, with pumps; they link; perhaps
the link then comes apart. Over general play (:func:`over_play`), wherever gods link: the linked creature is tapped
if any god was, attacking if one was, and has every effect its gods had.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shinpan.explore.dice import Dice
from shinpan.explore.oracle import Skip
from shinpan.explore.pool import Card, Pool
from shinpan.explore.properties import expect
from shinpan.explore.properties.carry_over import PUMPS
from shinpan.explore.properties.general import object_of
from shinpan.explore.properties.layout import PLAYERS, Layout, other
from shinpan.explore.properties.property import Check, Context, Plan, Property, Step


def groups(pool: Pool) -> list[list[Card]]:
    """Groups of two or three gods that can link, left to right: each next to a partner (in a group of three the
    middle one names both others)."""
    gods = [c for c in pool.cards if c.g_link is not None]
    found: list[list[Card]] = []
    for middle in gods:
        partners = [g for g in gods if g.name in middle.partners and g is not middle]
        found += [[p, middle] if _side(p) == "left" else [middle, p] for p in partners]
        if len(partners) >= 2:
            found.append([partners[0], middle, partners[1]])
    return found


def _side(god: Card) -> str | None:
    """Which side of a link the god goes on (left or right)."""
    return god.g_link.side if god.g_link is not None else None


def _god(dice: Dice, context: Context, layout: Layout, player: str, card: Card,
         attack_allowed: bool) -> tuple[str, bool, bool, tuple[int, ...]]:
    pile = [card]
    if card.evolution is not None:
        if not context.pool.vanilla:
            raise Skip("no vanilla creature to put an evolution god on")
        pile.append(dice.pick(context.pool.vanilla))
    attacking = attack_allowed and dice.coin()
    tapped = attacking or dice.coin()
    arrived = [0] if dice.coin() else []  # entered this turn: linked, it is not summoning sick all the same (804.5)
    top = layout.object(player, pile, tapped=tapped, attacking=attacking, arrived=arrived)[0]
    pumps = tuple(dice.several(PUMPS, 0, 2))
    for amount in pumps:
        layout.pump(top, amount)
    return top, tapped, attacking, pumps


def plan(dice: Dice, context: Context) -> Plan:
    """Gods that link; then, half the time, the link comes apart."""
    found = [g for g in groups(context.pool) if all(c.evolution is None or context.plays("evolution") for c in g)]
    if not found:
        raise Skip("the engine implements no gods that link")
    group = dice.pick(found)
    layout = Layout(dice.pick(PLAYERS), dice.count(2, 5))
    player = layout.active
    gods: list[tuple[str, bool, bool, tuple[int, ...]]] = []
    for card in group:
        gods.append(_god(dice, context, layout, player, card, not any(g[2] for g in gods)))
    tops = [g[0] for g in gods]
    tapped, attacking = any(g[1] for g in gods), any(g[2] for g in gods)
    total = [p for g in gods for p in g[3]]
    layout.put(other(player), "deck", dice.pick(context.pool.vanilla or context.pool.cards))
    moves: list[dict[str, Any]] = [{"type": "g_link", "cards": tops}]
    if dice.coin():
        return Plan(layout.state, moves, after=_linked(tops, tapped, attacking, total))
    moves.append({"type": "unlink", "card": tops[0]})
    return Plan(layout.state, moves, after=_apart(tops, player, tapped, attacking, total))


def _linked(tops: Sequence[str], tapped: bool, attacking: bool, pumps: Sequence[int]) -> list[Check]:
    first = tops[0]
    return [expect.field(first, "linked", list(tops)), *(expect.field(top, "cards", first, "contains")
                                                         for top in tops[1:]),
            expect.field(first, "tapped", tapped), expect.field(first, "attacking", attacking),
            expect.pumped(first, pumps), expect.field(first, "summoning_sick", False)]


def _apart(tops: Sequence[str], player: str, tapped: bool, attacking: bool, pumps: Sequence[int]) -> list[Check]:
    checks = [check for top in tops for check in (expect.field(top, "linked", []), expect.field(top, "tapped", tapped),
                                                  expect.pumped(top, pumps))]
    return [*checks, expect.attacking(player, int(attacking))]


def over_play(step: Step, context: Context) -> list[Check]:
    """After a G・リンク of general play that happened (every god is one object): tapped if any god was (804.3a),
    attacking if one was (804.3b), with every effect on its gods (804.3)."""
    action, before = step.action, step.before
    if action is None or step.rejected or before is None or action["type"] != "g_link":
        return []
    gods = [object_of(before, card) for card in action["cards"]]
    linked = object_of(step.after, action["cards"][0])
    if linked is None or any(god is None for god in gods) or not set(action["cards"]) <= set(linked[1]["cards"]):
        return []
    was = [god[1] for god in gods if god is not None]
    if len({id(obj) for obj in was}) < len(was):  # two of them one object already: no link of separate gods
        return []
    top = action["cards"][0]
    amounts = [e["amount"] for obj in was for e in obj.get("effects", ()) if e.get("kind") == "power"]
    return [expect.field(top, "tapped", any(obj.get("tapped") for obj in was)),
            expect.field(top, "attacking", any(obj.get("attacking") for obj in was)), expect.pumped(top, amounts)]


LINKS = Property(
    id="links",
    title="gods of two and three pieces link and come apart (804)",
    title_ja="2枚・3枚のゴッドのリンクとリンクが外れる時(804)",
    statement="リンクしたゴッドは1体のクリーチャーであり、どれかのゴッドがタップされていればタップされ、攻撃中のゴッドがいれば"
              "攻撃を続け、それぞれのゴッドが受けていた効果をすべて受け、このターンに出たゴッドがいても召喚酔いしない。リンクが外れると、それぞれのゴッドはリンク中の"
              "位相と効果をすべて引き継ぎ、攻撃中だったならそのうち1体だけが攻撃を続ける。",
    rules=("804.3", "804.3b", "804.4", "804.4a", "804.5"),
    sources=("dm-rule-1.48", "seed000-table"),
    planner=plan,
    mechanics=("g_link",),
    general=over_play,
)

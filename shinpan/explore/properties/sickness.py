"""The 引き継ぎ早見表's 召酔 column (召喚酔い, summoning sickness): over its transitions, and over general play.

Summoning sickness is remembered per card (301.5): a creature is sick while its top card has not been in the battle
zone since the start of its controller's turn. The table's column says what each transition makes of it:

=========  ==========================================================================================
row        after the transition (the turn player's creature)
=========  ==========================================================================================
evolve     the evolution creature is not sick, whatever turn its sources entered (801.3)
devolve    the new top card is sick if it entered this turn (from the devolve-sickness change)
link       the linked gods are not sick, even if they entered this turn (804.5)
unlink     each god is sick if and only if its own card entered this turn (804.5a)
flip       a face shown by 覚醒 is not sick (805.6); flipped otherwise, the sickness is as it was
swap       the creature that came in by the swap is sick
seal       sealed and unsealed, the creature is sick if and only if it entered this turn
sidejump   the evolution creature that jumped is not sick, even onto a creature that entered this turn
mugetsu    the 無月の門 creature is sick, even on a 魔導具 there since before the turn
=========  ==========================================================================================

A row is tested under a rules state only where a scenario of its cell asserts (the cell's ``@since``/``@until``),
and only the case that scenario asserts: the devolve row from the devolve-sickness change (January 2014), and only
with a new top card that entered this turn — one that was there before, under an evolution creature that entered
this turn, is what the sources disagree on (devolve-sickness-own-turn, in doubt on every day): it is never drawn.

The case: one row's transition, laid out as the carry-over columns lay it out (:mod:`.carry_over`), the turn
player's, with some of its cards entered this turn. Over general play (:func:`over_play`) the rows whose answer does
not depend on when a card entered are checked wherever their move is played: an evolution summoned onto sources, a
G・リンク, an awakening, a side jump (not sick), a swap and a 無月の門 (sick, where nothing on the board could
spare them: a card with no ability, no static ability in play).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import Any

from shinpan.adapters.sdk.abilities import Evolution, Keyword, Static
from shinpan.explore.dice import Dice
from shinpan.explore.oracle import Skip
from shinpan.explore.properties import expect
from shinpan.explore.properties.carry_over import ROWS, Shape, _entries, window_changes
from shinpan.explore.properties.general import active, object_of, objects
from shinpan.explore.properties.layout import PLAYERS, Layout, other
from shinpan.explore.properties.property import Check, Context, Plan, Property, Step
from shinpan.suite import rulesets
from shinpan.suite.rulesets import RulesState

ATTRIBUTE = "sickness"


@cache
def answered(state: RulesState) -> tuple[str, ...]:
    """The rows of the column a scenario asserts under ``state`` (its window holds, no change it names in doubt)."""
    changes = rulesets.load()
    return tuple(row for row, entries in _entries(ATTRIBUTE).items()
                 if any(rulesets.scenario_verdict(state, tags, changes).status is None for _, tags in entries))


def sick(card: str, value: bool) -> Check:
    """The object ``card`` is part of is (or is not) summoning sick."""
    return expect.field(card, "summoning_sick", value)


def _arrive(dice: Dice, layout: Layout, top: str, *, forced: tuple[str, ...] = ()) -> set[str]:
    """Some of the cards of the object ``top`` (``forced`` always) entered the battle zone this turn: which."""
    entry = layout.entry(top)
    arrived = [card for card in entry["cards"] if card in forced or dice.coin()]
    if arrived:
        entry["arrived_this_turn"] = arrived
    return set(arrived)


Expected = Callable[[Dice, Layout, Shape], list[Check]]


def _not_sick(dice: Dice, layout: Layout, shape: Shape) -> list[Check]:
    for before in shape.before:
        _arrive(dice, layout, before.top)
    return [sick(shape.after[0], False)]


def _devolve(dice: Dice, layout: Layout, shape: Shape) -> list[Check]:
    under = shape.after[0]
    _arrive(dice, layout, shape.before[0].top, forced=(under,))
    return [sick(under, True)]


def _unlink(dice: Dice, layout: Layout, shape: Shape) -> list[Check]:
    return [sick(b.top, b.top in _arrive(dice, layout, b.top)) for b in shape.before]


def _flip(dice: Dice, layout: Layout, shape: Shape) -> list[Check]:
    arrived = shape.before[0].top in _arrive(dice, layout, shape.before[0].top)
    return [sick(shape.after[0], arrived and shape.moves[-1]["by"] != "awaken")]


def _sick(dice: Dice, layout: Layout, shape: Shape) -> list[Check]:
    for before in shape.before:
        _arrive(dice, layout, before.top)
    return [sick(shape.after[0], True)]


def _seal(dice: Dice, layout: Layout, shape: Shape) -> list[Check]:
    top = shape.before[0].top
    shape.moves.append({"type": "unseal", "card": top})
    return [sick(top, top in _arrive(dice, layout, top))]


def _side_jump(dice: Dice, layout: Layout, shape: Shape) -> list[Check]:
    _arrive(dice, layout, shape.before[0].top)
    onto = shape.moves[0]["onto"]
    _arrive(dice, layout, onto)
    return [sick(shape.after[0], False)]


EXPECTED: dict[str, Expected] = {"evolve": _not_sick, "devolve": _devolve, "link": _not_sick, "unlink": _unlink,
                                 "flip": _flip, "swap": _sick, "seal": _seal, "sidejump": _side_jump,
                                 "mugetsu": _sick}
"""Each row's arrivals and the sickness its cell says follows."""


def plan(dice: Dice, context: Context) -> Plan:
    """One answered row's transition of the turn player's creatures, some of their cards entered this turn; the
    sickness the cell says after it."""
    rows = [row for row in answered(context.rules) if row in EXPECTED and context.plays(*ROWS[row][1])]
    if not rows:
        raise Skip("the engine plays none of the transitions of the sickness column")
    row = dice.pick(rows)
    layout = Layout(dice.pick(PLAYERS), dice.count(2, 5))
    shape = ROWS[row][0](dice, context, layout, layout.active)
    checks = EXPECTED[row](dice, layout, shape)
    layout.put(other(layout.active), "deck", dice.pick(context.pool.vanilla or context.pool.cards))
    return Plan(layout.state, shape.moves, after=checks)


def over_play(step: Step, context: Context) -> list[Check]:
    """After a move of general play that is one of the column's transitions whose answer does not depend on when a
    card entered, of a creature of the turn player: the sickness its cell says."""
    action = step.action
    if action is None or step.rejected:
        return []
    kind, rows = str(action["type"]), answered(context.rules)
    found: list[tuple[str, str, bool]] = []  # row, card, sick
    if kind == "summon" and action.get("sources"):
        found.append(("evolve", action["card"], False))
    elif kind == "g_link":
        found.append(("link", action["cards"][0], False))
    elif kind == "flip" and action.get("by") == "awaken":
        found.append(("flip", action["card"], False))
    elif kind == "side_jump":
        found.append(("sidejump", action["card"], False))
    elif kind in ("swap", "mugetsu") and _nothing_spares(step, context, action["with" if kind == "swap" else "card"]):
        found.append(("swap" if kind == "swap" else "mugetsu", action["with" if kind == "swap" else "card"], True))
    checks = []
    for row, card, value in found:
        where = object_of(step.after, card)
        if row in rows and context.plays(*ROWS[row][1]) and where is not None and where[0] == active(step.after):
            checks.append(sick(card, value))
    return checks


def _nothing_spares(step: Step, context: Context, card: str) -> bool:
    """Whether nothing could spare the creature of ``card`` its sickness: its card is no evolution creature (801.3)
    and has no keyword (スピードアタッカー) nor static ability, and no card in the battle zone has a static ability
    (that might give one)."""
    def abilities(label: str) -> tuple[Any, ...]:
        name = step.names.get(label)
        return context.pool.named(name).abilities if name in context.pool.by_name else (Static,)

    if any(isinstance(a, (Keyword, Evolution, Static)) for a in abilities(card)):
        return False
    return not any(isinstance(a, Static) or a is Static for _, obj in objects(step.after)
                   for label in obj["cards"] for a in abilities(label))


SICKNESS = Property(
    id="carry-over-sickness",
    title="the carry-over table's summoning sickness column",
    title_ja="引き継ぎ早見表の「召酔」の列",
    statement="召喚酔いはカードごとに覚えられ、移り変わりの後は引き継ぎ早見表の「召酔」の列のとおりになる。進化・リンク・覚醒・"
              "横跳びしたクリーチャーは召喚酔いしない。入れ替えや無月の門で出たクリーチャーは召喚酔いする。退化・リンク解除・"
              "封印が外れた後は、一番上のカードがこのターンに出ていれば召喚酔いする。",
    rules=("301.5", "801.3", "804.5", "804.5a", "805.6"),
    sources=("seed000-table",),
    planner=plan,
    mechanics=("summoning_sickness",),
    clauses=partial(window_changes, ATTRIBUTE),
    clauses_of=partial(window_changes, ATTRIBUTE),
    general=over_play,
)
"""The 召酔 column."""

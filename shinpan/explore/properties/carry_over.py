"""The columns of the 引き継ぎ早見表 (seed 000's carry-over table) as properties over generated objects.

Each transition of a row — evolving, devolving, linking, unlinking, flipping, swapping, sealing, a side jump, 無月の門 —
is played on objects drawn with any state of the column's attribute (resolved pumps of any amounts, tapped or not,
attacking or not), and the attribute afterwards must be what the table's cell says: ``○`` carried over, ``×`` not,
``○※`` tapped if any was (804.3a), ``○分`` every piece gets it, ``○単`` exactly one piece does. The cells are read
from the table's scenarios (``shinpan table carry-over``), so the property follows the suite — on the days the suite
does: a cell is tested under a rules state only where its scenario asserts (its ``@since``/``@until`` window; the
devolve row's pump cell from 2019-09-27, its tap cell from 2021-03-16). A cell that is open (``?``), blank, not
applicable (``-``), outside its scenario's window or in doubt there is not tested.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import Any

from shinpan.adapters.locations import features_dir
from shinpan.explore.dice import Dice
from shinpan.explore.oracle import Skip
from shinpan.explore.pool import Card, evolves_onto_one, is_simple_evolution
from shinpan.explore.properties import expect
from shinpan.explore.properties.layout import PLAYERS, Layout, other
from shinpan.explore.properties.property import Check, Context, Plan, Property
from shinpan.running import table
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite
from shinpan.suite.rulesets import RulesState
from shinpan.suite.tags import TagValues

PUMPS = (2000, -1000, 3000)


@dataclass(frozen=True)
class Before:
    """An object whose attribute the transition may carry: its top card, tap state, attack and pumps."""

    top: str
    tapped: bool
    attacking: bool
    pumps: tuple[int, ...]
    equipment: tuple[str, ...] = ()
    """The equipment equipped to it (the 装備 column's cases equip one piece to one object)."""


@dataclass(frozen=True)
class Shape:
    """A transition as played: its moves, the objects before it whose attribute counts, the cards whose objects
    are the result (one, or each piece of a split), and the player who controls them."""

    moves: list[dict[str, Any]]
    before: list[Before]
    after: list[str]
    player: str


Row = Callable[[Dice, Context, Layout, str], Shape]
"""Lays out one row's transition for ``player`` (the turn player) and returns how it goes."""


def _state(dice: Dice, layout: Layout, player: str, pile: Sequence[Card], *, may_attack: bool = True) -> Before:
    """An object of ``pile`` with a drawn tap state, attack and pumps."""
    attacking = may_attack and player == layout.active and dice.coin()
    tapped = attacking or dice.coin()
    top = layout.object(player, pile, tapped=tapped, attacking=attacking)[0]
    pumps = tuple(dice.several(PUMPS, 0, 2))
    for amount in pumps:
        layout.pump(top, amount)
    return Before(top, tapped, attacking, pumps)


def _on_one_or_two(card: Card) -> bool:
    return is_simple_evolution(card) and card.sources <= 2


def _needs(cards: Sequence[Card], what: str) -> Sequence[Card]:
    if not cards:
        raise Skip(f"the engine implements no {what}")
    return cards


def evolve(dice: Dice, context: Context, layout: Layout, player: str) -> Shape:
    """進化した時: an evolution creature from the hand is summoned onto one or two creatures."""
    card = dice.pick(_needs(context.pool.where(_on_one_or_two), "evolution creature"))
    sources = [_state(dice, layout, player, [dice.pick(_needs(context.pool.vanilla, "vanilla creature"))],
                      may_attack=i == 0) for i in range(card.sources)]
    label = layout.put(player, "hand", card)
    return Shape([{"type": "summon", "card": label, "sources": [b.top for b in sources]}], sources, [label], player)


def devolve(dice: Dice, context: Context, layout: Layout, player: str) -> Shape:
    """退化した時: the top card of an evolution creature on one creature leaves; the creature under it stays."""
    card = dice.pick(_needs(context.pool.where(evolves_onto_one), "evolution creature"))
    before = _state(dice, layout, player, [card, dice.pick(_needs(context.pool.vanilla, "vanilla creature"))])
    under = layout.entry(before.top)["cards"][1]
    return Shape([{"type": "devolve", "card": before.top, "to": "graveyard"}], [before], [under], player)


def _gods(context: Context) -> list[Card]:
    gods = [c for c in context.pool.cards if c.g_link is not None and c.evolution is None]
    names = {c.name for c in gods}
    return [c for c in gods if any(p in names for p in c.partners)]


def _linked(dice: Dice, context: Context, layout: Layout, player: str) -> tuple[list[Before], dict[str, Any]]:
    """Two gods that are each other's partners, left one first; the G・リンク move."""
    gods = _needs(_gods(context), "pair of gods")
    left = dice.pick([g for g in gods if g.g_link is not None and g.g_link.side == "left"] or list(gods))
    partners = [g for g in gods if g.name in left.partners]
    right = dice.pick(_needs(partners, "partner god"))
    first = _state(dice, layout, player, [left])
    second = _state(dice, layout, player, [right], may_attack=not first.attacking)
    return [first, second], {"type": "g_link", "cards": [first.top, second.top]}


def link(dice: Dice, context: Context, layout: Layout, player: str) -> Shape:
    """リンクした時: two gods link into one creature."""
    before, move = _linked(dice, context, layout, player)
    return Shape([move], before, [before[0].top], player)


def unlink(dice: Dice, context: Context, layout: Layout, player: str) -> Shape:
    """リンクが外れた時: two gods link, and the link comes apart."""
    before, move = _linked(dice, context, layout, player)
    return Shape([move, {"type": "unlink", "card": before[0].top}], before, [b.top for b in before], player)


def flip(dice: Dice, context: Context, layout: Layout, player: str) -> Shape:
    """クリーチャーがクリーチャーに裏返った時: a double-faced creature awakens (or is flipped otherwise)."""
    faces = [c for c in context.pool.cards if c.back is not None and c.is_creature
             and "クリーチャー" in (c.back_type or "")]
    before = _state(dice, layout, player, [dice.pick(_needs(faces, "double-faced creature"))])
    how = dice.pick(("awaken", "other"))
    return Shape([{"type": "flip", "card": before.top, "by": how}], [before], [before.top], player)


def swap(dice: Dice, context: Context, layout: Layout, player: str) -> Shape:
    """入れ替わった時: a creature and a creature of its controller's hand change places."""
    vanilla = _needs(context.pool.vanilla, "vanilla creature")
    before = _state(dice, layout, player, [dice.pick(vanilla)])
    coming = layout.put(player, "hand", dice.pick(vanilla))
    return Shape([{"type": "swap", "card": before.top, "with": coming}], [before], [coming], player)


def seal(dice: Dice, context: Context, layout: Layout, player: str) -> Shape:
    """封印された時: the top card of the owner's deck is put on a creature as a seal."""
    vanilla = _needs(context.pool.vanilla, "vanilla creature")
    before = _state(dice, layout, player, [dice.pick(vanilla)])
    layout.put(player, "deck", dice.pick(vanilla))
    return Shape([{"type": "seal", "card": before.top}], [before], [before.top], player)


def side_jump(dice: Dice, context: Context, layout: Layout, player: str) -> Shape:
    """進化クリーチャーが横跳びした時: the top card of an evolution creature moves onto another creature, untapped,
    not attacking, with no effect on it."""
    card = dice.pick(_needs(context.pool.where(evolves_onto_one), "evolution creature"))
    vanilla = _needs(context.pool.vanilla, "vanilla creature")
    before = _state(dice, layout, player, [card, dice.pick(vanilla)])
    onto = layout.object(player, [dice.pick(vanilla)])[0]
    under = layout.entry(before.top)["cards"][1]
    return Shape([{"type": "side_jump", "card": before.top, "onto": onto}], [before], [before.top, under], player)


def mugetsu(dice: Dice, context: Context, layout: Layout, player: str) -> Shape:
    """無月の門: a 無月の門 creature from the hand is put onto one of its owner's 魔導具."""
    gates = [c for c in context.pool.cards if c.mugetsu is not None and c.mugetsu.count == 1]
    tools = [c for c in context.pool.vanilla if "魔導具" in c.races]
    before = _state(dice, layout, player, [dice.pick(_needs(tools, "魔導具"))])
    card = layout.put(player, "hand", dice.pick(_needs(gates, "無月の門 creature")))
    return Shape([{"type": "mugetsu", "card": card, "tools": [before.top]}], [before], [card], player)


ROWS: dict[str, tuple[Row, tuple[str, ...]]] = {
    "evolve": (evolve, ("evolution",)),
    "devolve": (devolve, ("evolution", "reconstruction")),
    "link": (link, ("g_link",)),
    "unlink": (unlink, ("g_link",)),
    "flip": (flip, ("flip", "awaken")),
    "swap": (swap, ("swap",)),
    "seal": (seal, ("seal",)),
    "sidejump": (side_jump, ("side_jump", "evolution")),
    "mugetsu": (mugetsu, ("mugetsu",)),
}
"""The rows tested: how each lays out its transition, and the mechanics it needs."""
ACTIONS: dict[str, tuple[str, ...]] = {"evolve": ("summon",), "devolve": ("devolve",), "link": ("g_link",),
                                       "unlink": ("unlink",), "flip": ("flip",), "swap": ("swap",), "seal": ("seal",),
                                       "sidejump": ("side_jump",), "mugetsu": ("mugetsu",)}
"""The action types of each row's transition (a case that plays one tests that row)."""

ANSWERS = ("○分", "○単", "○※", "○[3]", "○", "×")
"""The cell values a column tests (the longest first, as cell values are read by their start)."""


def cells(attribute: str, state: RulesState) -> dict[str, str]:
    """The table's cells of a column answered under ``state``: row -> value (``○``, ``×``, ``○※``, ``○分``, ``○単``,
    ``○[3]``), from the scenario of each cell that asserts there (its window holds, no change it names is in
    doubt)."""
    return dict(_cells(attribute, state))


@cache
def _cells(attribute: str, state: RulesState) -> dict[str, str]:
    """:func:`cells`, read once per column and rules state (a planner asks at every example)."""
    changes = rulesets.load()
    found: dict[str, str] = {}
    for row, entries in _entries(attribute).items():
        asserting = [value for value, tags in entries if rulesets.scenario_verdict(state, tags, changes).status is None]
        answer = next((a for a in ANSWERS if asserting and asserting[0].startswith(a)), None)
        if answer is not None:
            found[row] = answer
    return found


def window_changes(attribute: str, actions: Sequence[str] | None = None) -> frozenset[str]:
    """Every change the windows of a column's tested cells name (of the rows whose transition plays one of
    ``actions``, if given): the changes the property's answer follows."""
    rows = [row for row in ROWS if actions is None or any(a in actions for a in ACTIONS[row])]
    return frozenset(c for row in rows for _, tags in _entries(attribute)[row] for c in (*tags.since, *tags.until))


@cache
def _entries(attribute: str) -> dict[str, list[tuple[str, TagValues]]]:
    """Each tested row's scenarios of a column (not a variant, no ``@status``): their values and tags."""
    tags = {case.id.split("#")[0]: case.values for case in suite.cases(features_dir() / table.TABLES["carry-over"])}
    built = table.build()
    return {row: [(e.value, tags[e.id]) for e in built.cell(row, attribute).entries
                  if e.status_tag is None and not e.variant and e.id in tags] for row in ROWS}


@cache
def _rows(attribute: str, answers: tuple[str, ...], state: RulesState, mechanics: frozenset[str]) -> tuple[str, ...]:
    """The rows of a column tested under ``state`` on an engine that plays ``mechanics``: the cell answered with one
    of ``answers``, the row's transition played (asked once per column, rules state and engine)."""
    answered = _cells(attribute, state)
    return tuple(row for row in answered if set(ROWS[row][1]) <= mechanics and answered[row] in answers)


Expectation = Callable[[str, Shape], list[Check]]


def pump(value: str, shape: Shape) -> list[Check]:
    """付与/パンプ: the resolved effects on the objects before, on the object(s) after."""
    pumps = [p for b in shape.before for p in b.pumps]
    if value == "×":
        return [expect.pumped(card, []) for card in shape.after]
    return [expect.pumped(card, pumps) for card in (shape.after if value == "○分" else shape.after[:1])]


def tap(value: str, shape: Shape) -> list[Check]:
    """タップ: the tap state after (○: as it was; ○※ and ○分: tapped if any was; ×: untapped)."""
    tapped = any(b.tapped for b in shape.before) if value != "×" else False
    return [expect.field(card, "tapped", tapped) for card in (shape.after if value == "○分" else shape.after[:1])]


def attack(value: str, shape: Shape) -> list[Check]:
    """攻撃: whether it is attacking after (○単: exactly one piece goes on attacking)."""
    attacking = any(b.attacking for b in shape.before) and value != "×"
    if value == "○単":
        return [expect.attacking(shape.player, int(attacking))]
    return [expect.field(shape.after[0], "attacking", attacking)]


def equipment(value: str, shape: Shape) -> list[Check]:
    """装備: the equipment of the objects before, on the object after (○), or on none of them (×). ``○単`` (exactly
    one piece of a split keeps it) has no check of one object: that cell is not tested."""
    gear = [piece for b in shape.before for piece in b.equipment]
    if value == "×":
        return [expect.field(card, "equipment", []) for card in shape.after]
    return [expect.field(shape.after[0], "equipment", piece, "contains") for piece in gear]


@dataclass(frozen=True)
class Column:
    """The planner of a column: a row whose cell is answered and whose transition the engine plays, laid out with
    any state of the attribute; the checks the cell says hold after it."""

    attribute: str
    expectation: Expectation
    answers: tuple[str, ...] = ANSWERS
    """The cell values the column's checks can say (a cell of another value is not tested)."""

    def __call__(self, dice: Dice, context: Context) -> Plan:
        answered = _cells(self.attribute, context.rules)
        rows = _rows(self.attribute, self.answers, context.rules, context.mechanics)
        if not rows:
            raise Skip(f"the engine plays none of the transitions of the {self.attribute} column")
        row = dice.pick(rows)
        layout = Layout(dice.pick(PLAYERS), dice.count(2, 5))
        shape = ROWS[row][0](dice, context, layout, layout.active)
        if self.attribute == "equipment":
            shape = _equipped(dice, context, layout, shape)
        layout.put(other(layout.active), "deck", dice.pick(context.pool.vanilla or context.pool.cards))
        return Plan(layout.state, shape.moves, after=self.expectation(answered[row], shape))


def _equipped(dice: Dice, context: Context, layout: Layout, shape: Shape) -> Shape:
    """The shape with a piece of its player's equipment equipped to one of the objects before it (the creatures:
    a 魔導具 under a 無月の門 creature is not one)."""
    pieces = [card for card in context.pool.having("is_equipment") if not card.is_creature]
    creatures = [b for b in shape.before if context.pool.named(layout.labels.cards[b.top]).is_creature]
    if not pieces or not creatures or not context.plays("equipment"):
        raise Skip("the engine implements no equipment to equip")
    holder = dice.pick(creatures)
    gear = layout.object(shape.player, [dice.pick(pieces)])[0]
    layout.entry(gear)["equipped_to"] = holder.top
    before = [replace(b, equipment=(gear,)) if b is holder else b for b in shape.before]
    return replace(shape, before=before)


STATEMENT = ("引き継ぎ早見表の「{label}」の列のとおりに、移り変わり(進化・退化・リンク・リンク解除・裏返り・入れ替え・"
             "封印・横跳び・無月の門)の後の{label}が決まる。○は引き継ぐ、×は引き継がない、○※はどれかがタップならタップ、"
             "○分は分かれたそれぞれが引き継ぐ、○単は分かれたうちの1体だけが引き継ぐ。")


def _column(attribute: str, label: str, expectation: Expectation, rules: tuple[str, ...],
            answers: tuple[str, ...] = ANSWERS) -> Property:
    return Property(id=f"carry-over-{attribute}", title=f"the carry-over table's {attribute} column",
                    title_ja=f"引き継ぎ早見表の「{label}」の列",
                    statement=STATEMENT.format(label=label), rules=rules, sources=("seed000-table",),
                    planner=Column(attribute, expectation, answers), clauses=partial(window_changes, attribute),
                    clauses_of=partial(window_changes, attribute))


CARRY_OVER = (
    _column("pump", "付与/パンプ", pump, ("801.4c", "804.4")),
    _column("tap", "タップ", tap, ("801.4", "804.3", "701.26a", "116.2a")),
    _column("attack", "攻撃", attack, ("804.3b", "804.4a", "701.26a", "801.4e")),
    _column("equipment", "装備", equipment, (), answers=("○", "×")),  # its scenarios cite the table alone
)
"""The columns tested: 付与/パンプ, タップ, 攻撃, 装備."""

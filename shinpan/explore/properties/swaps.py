"""入れ替え (701.26): a creature in the battle zone and a creature of another zone change places.

The creature that comes in takes the place, tap state and attack of the one that left (701.26a) — nothing else:
the effects on the one that left end with it — and the one that left is in the zone the other came from. If a
replacement effect would make either move happen otherwise, the swap does not happen at all: no card moves and
nothing changes (701.26b).

The case: a creature — perhaps one whose own 「離れる時、かわりに…」 sends it elsewhere — tapped or not, attacking or
not, with pumps; a creature of its controller's hand or mana zone; they swap. Over general play (:func:`over_play`),
wherever a swap happens: the creature that came in has the tap state and attack of the one that left, no effect and
no equipment — where the creature that left was of one card and the card that came in its controller's, as in every
swap of the suite (what a pile leaves behind, or a card of the other player, no source says).
"""

from __future__ import annotations

from shinpan.adapters.sdk.abilities import Replacement
from shinpan.explore.dice import Dice
from shinpan.explore.oracle import Skip
from shinpan.explore.pool import Card
from shinpan.explore.properties import expect
from shinpan.explore.properties.carry_over import PUMPS
from shinpan.explore.properties.general import object_of
from shinpan.explore.properties.layout import PLAYERS, Layout, other
from shinpan.explore.properties.property import Check, Context, Plan, Property, Step


def instead(card: Card) -> str | None:
    """Where the card's own replacement of its leaving sends it instead, if it has a plain one."""
    for ability in card.abilities:
        if (isinstance(ability, Replacement) and ability.event in ("leaves", "returned_to_hand")
                and ability.of == "this" and ability.instead_zone is not None and not ability.optional
                and not ability.during):
            return ability.instead_zone
    return None


def _replaced(card: Card) -> bool:
    """A creature whose one ability replaces its leaving."""
    return card.is_creature and card.evolution is None and len(card.abilities) == 1 and instead(card) is not None


def plan(dice: Dice, context: Context) -> Plan:
    """A creature swaps with a creature of its controller's hand or mana zone."""
    leavers = [*context.pool.vanilla, *context.pool.where(_replaced)]
    if not context.pool.vanilla:
        raise Skip("the engine implements no vanilla creature")
    layout = Layout(dice.pick(PLAYERS), dice.count(2, 5))
    player = layout.active
    leaving = dice.pick(leavers)
    attacking = dice.coin()
    tapped = attacking or dice.coin()
    out = layout.object(player, [leaving], tapped=tapped, attacking=attacking)[0]
    pumps = dice.several(PUMPS, 0, 2)
    for amount in pumps:
        layout.pump(out, amount)
    gear = _equipped(dice, context, layout, player, out)
    zone = dice.pick(("hand", "mana"))
    coming = layout.put(player, zone, dice.pick(context.pool.vanilla))
    layout.put(other(player), "deck", dice.pick(context.pool.vanilla))
    redirected = instead(leaving) not in (None, zone) if leaving.abilities else False
    checks = _unchanged(out, coming, zone, player, tapped) if redirected else _swapped(out, coming, zone, player,
                                                                                       tapped, attacking)
    if gear is not None:  # 装備 ×: the creature that comes in is not equipped with what the other one had
        checks.append(expect.field(out if redirected else coming, "equipment", [gear] if redirected else []))
    return Plan(layout.state, [{"type": "swap", "card": out, "with": coming}], after=checks)


def _equipped(dice: Dice, context: Context, layout: Layout, player: str, creature: str) -> str | None:
    """Perhaps a piece of equipment of ``player``'s, equipped to the creature; its label."""
    equipment = [card for card in context.pool.having("is_equipment") if not card.is_creature]
    if not equipment or not context.plays("equipment") or not dice.coin():
        return None
    gear = layout.object(player, [dice.pick(equipment)])[0]
    layout.entry(gear)["equipped_to"] = creature
    return gear


def _swapped(out: str, coming: str, zone: str, player: str, tapped: bool, attacking: bool) -> list[Check]:
    return [expect.in_zone(player, zone, out), expect.field(coming, "tapped", tapped),
            expect.field(coming, "attacking", attacking), expect.pumped(coming, [])]


def _unchanged(out: str, coming: str, zone: str, player: str, tapped: bool) -> list[Check]:
    return [expect.in_zone(player, "battle", out), expect.in_zone(player, zone, coming),
            expect.field(out, "tapped", tapped)]


def over_play(step: Step, context: Context) -> list[Check]:
    """After a swap of general play that happened (the card that comes in is in the battle zone): it has the tap
    state and attack of the creature that left, and nothing else of it (701.26a)."""
    action, before = step.action, step.before
    if action is None or step.rejected or before is None or action["type"] != "swap":
        return []
    leaving, coming = object_of(before, action["card"]), object_of(step.after, action["with"])
    if (leaving is None or coming is None or object_of(before, action["with"]) is not None
            or len(leaving[1]["cards"]) > 1 or step.owners.get(action["with"]) != leaving[0]):
        return []  # the rule's case, as the suite's swaps: a creature of one card, a card of its controller's
    card, was = action["with"], leaving[1]
    return [expect.field(card, "tapped", bool(was.get("tapped"))),
            expect.field(card, "attacking", bool(was.get("attacking"))), expect.pumped(card, []),
            expect.field(card, "equipment", [])]


SWAPS = Property(
    id="swaps",
    title="a swap carries only the tap state and the attack (701.26)",
    title_ja="入れ替えで引き継ぐのは位相と攻撃中であることだけ(701.26)",
    statement="入れ替えで出たクリーチャーは、出ていったクリーチャーの位相と攻撃中であることだけを引き継ぎ、受けていた効果は"
              "引き継がない(装備品も引き継がない)。出ていったクリーチャーは入れ替えた相手のいたゾーンに置かれる。置換効果でどちらかの移動が"
              "そのとおりに行われないなら、入れ替えは行われず何も変わらない。",
    rules=("701.26a", "701.26b"),
    sources=("dm-rule-1.48", "seed000-table"),
    planner=plan,
    mechanics=("swap",),
    general=over_play,
)

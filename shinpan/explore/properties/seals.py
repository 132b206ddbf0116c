"""封印 (116, 701.23): a face-down card from the owner's deck put on a creature, and removed.

To seal a creature the top card of its owner's deck is put on it face down (116.1a): that card leaves the deck and
is a seal of the creature. A sealed creature is ignored (116.2, 116.2a): it is not attacking and cannot attack, and
it neither taps nor untaps — its controller's untap step leaves it as it was. A seal that is removed goes from the
battle zone to another zone (701.23a): the contract's removal puts it into its owner's graveyard.

The case: a creature, tapped or not, attacking or not, its owner's deck holding cards; it is sealed; then, perhaps,
the turn passes to its controller (their untap step), or the seal is removed.
"""

from __future__ import annotations

from typing import Any

from shinpan.explore.dice import Dice
from shinpan.explore.oracle import Skip
from shinpan.explore.properties import expect
from shinpan.explore.properties.layout import PLAYERS, Layout
from shinpan.explore.properties.property import Check, Context, Plan, Property


def plan(dice: Dice, context: Context) -> Plan:
    """A creature is sealed; then its controller's turn begins, or the seal comes off, or nothing more."""
    if not context.pool.vanilla:
        raise Skip("the engine implements no vanilla creature")
    vanilla = context.pool.vanilla
    layout = Layout(dice.pick(PLAYERS), dice.count(2, 5))
    player = dice.pick(PLAYERS)
    attacking = player == layout.active and dice.coin()
    tapped = attacking or dice.coin()
    sealed = layout.object(player, [dice.pick(vanilla)], tapped=tapped, attacking=attacking)[0]
    seal = layout.put(player, "deck", dice.pick(vanilla))
    for side in PLAYERS:
        layout.put(side, "deck", dice.pick(vanilla))
    moves: list[dict[str, Any]] = [{"type": "seal", "card": sealed}]
    then = dice.pick(("nothing", "turn", "unseal"))  # the creature had no seal: then it has exactly this one
    checks: list[Check] = []
    if then == "unseal":
        moves.append({"type": "unseal", "card": sealed})
        checks += [expect.in_zone(player, "graveyard", seal), expect.field(sealed, "seals", True, "empty")]
    else:
        if then == "turn" and player != layout.active:
            moves.append({"type": "end_turn"})
        checks += [expect.field(sealed, "seals", [seal]), expect.in_zone(player, "deck", seal, False),
                   expect.field(sealed, "tapped", tapped), expect.field(sealed, "attacking", False),
                   expect.field(sealed, "can_attack", False)]
    return Plan(layout.state, moves, after=checks)


SEALS = Property(
    id="seals",
    title="a sealed creature is ignored; a removed seal goes to the graveyard (116, 701.23)",
    title_ja="封印されたクリーチャーは無視され、外れた封印は墓地に置かれる(116、701.23)",
    statement="封印は持ち主の山札の一番上のカードを裏向きでクリーチャーの上に置いたものである。封印されたクリーチャーは"
              "無視され、攻撃中でなくなり、攻撃できず、タップもアンタップもしない(自分のターンのはじめにもアンタップしない)。"
              "外れた封印はバトルゾーンを離れ、墓地に置かれる。",
    rules=("116.1a", "116.2a", "701.23a"),
    sources=("dm-rule-1.48", "seed000-table"),
    planner=plan,
    mechanics=("seal",),
)

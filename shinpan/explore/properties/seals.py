"""封印 (116, 701.23): a face-down card from the owner's deck put on a creature, and removed.

To seal a creature the top card of its owner's deck is put on it face down (116.1a): that card leaves the deck and
is a seal of the creature. A sealed creature is ignored (116.2, 116.2a): it is not attacking and cannot attack, and
it neither taps nor untaps — its controller's untap step leaves it as it was. A seal that is removed goes from the
battle zone to another zone (701.23a): the contract's removal puts it into its owner's graveyard.

The case: a creature, tapped or not, attacking or not, its owner's deck holding cards; it is sealed; then, perhaps,
the turn passes to its controller (their untap step), or the seal is removed. Over general play (:func:`over_play`)
the same rule is checked at every step: every seal that came off is in its owner's graveyard, whatever removed it and
however many seals the creature had; every sealed creature is not attacking and cannot attack; a turn that passes
leaves a sealed creature's tap state as it was.
"""

from __future__ import annotations

from typing import Any

from shinpan.explore.dice import Dice
from shinpan.explore.oracle import Skip
from shinpan.explore.properties import expect
from shinpan.explore.properties.general import objects, seals, turn_passed
from shinpan.explore.properties.layout import PLAYERS, Layout
from shinpan.explore.properties.property import Check, Context, Plan, Property, Step


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


def over_play(step: Step, context: Context) -> list[Check]:
    """After any step: each seal that came off went to its owner's graveyard (701.23a); each sealed creature is not
    attacking and cannot attack; across a turn that passed, each creature sealed throughout kept its tap state
    (116.2a)."""
    after, before = step.after, step.before
    checks: list[Check] = []
    if before is not None:
        still = seals(after)
        checks += [expect.in_zone(step.owners[seal], "graveyard", seal) for seal in seals(before) if seal not in still]
    for _, obj in objects(after):
        if obj.get("seals"):
            top = obj["cards"][0]
            checks += [expect.field(top, "attacking", False), expect.field(top, "can_attack", False)]
    if before is not None and turn_passed(before, after):
        sealed_after = {obj["cards"][0] for _, obj in objects(after) if obj.get("seals")}
        checks += [expect.field(obj["cards"][0], "tapped", bool(obj.get("tapped"))) for _, obj in objects(before)
                   if obj.get("seals") and obj["cards"][0] in sealed_after]
    return checks


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
    general=over_play,
)

"""Ignored abilities do nothing (無視された能力): a keyword under an ignore effect.

A creature cannot attack unless it has been in the battle zone since the start of its controller's turn (301.5,
召喚酔い); スピードアタッカー is a card's ability that wins over that rule. A creature whose abilities are ignored
(無視) has no ability to win with: entered this turn, it is summoning sick and cannot attack, as if it had no
keyword; the same creature not ignored can attack.

The case: the turn player's creatures with スピードアタッカー that entered this turn, each ignored or not (by a
resolved effect in the setup, or by one applied as a move), untapped; perhaps the turn passes and comes back.
"""

from __future__ import annotations

from typing import Any

from shinpan.adapters.sdk.abilities import Keyword
from shinpan.explore.dice import Dice
from shinpan.explore.oracle import Skip
from shinpan.explore.pool import Card
from shinpan.explore.properties import expect
from shinpan.explore.properties.layout import PLAYERS, Layout
from shinpan.explore.properties.property import Check, Context, Plan, Property


def _speed_attacker(card: Card) -> bool:
    return any(isinstance(a, Keyword) and a.name == "speed_attacker" for a in card.abilities) \
        and not card.is_hyperspatial


def plan(dice: Dice, context: Context) -> Plan:
    """Speed attackers of the turn player, entered this turn, some ignored; whether each is summoning sick."""
    fast = context.pool.where(_speed_attacker)
    if not fast:
        raise Skip("the engine implements no creature with スピードアタッカー")
    layout = Layout(dice.pick(PLAYERS), dice.count(2, 6))
    moves: list[dict[str, Any]] = []
    checks: list[Check] = []
    for _ in range(dice.count(1, 3)):
        top = layout.object(layout.active, [dice.pick(fast)], arrived=[0])[0]
        ignored = dice.coin()
        if ignored and dice.coin():
            moves.append({"type": "apply_effect", "effect": {"kind": "ignore_abilities", "target": top}})
        elif ignored:
            layout.ignore(top)
        checks += [expect.field(top, "summoning_sick", ignored), expect.field(top, "can_attack", not ignored)]
    return Plan(layout.state, moves, after=checks)


IGNORED_KEYWORDS = Property(
    id="ignored-keywords",
    title="an ignored スピードアタッカー does not win over summoning sickness (301.5)",
    title_ja="無視されたスピードアタッカーは召喚酔いに勝たない",
    statement="クリーチャーは自分のターンのはじめから続けてバトルゾーンにない限り攻撃できない(召喚酔い)。スピードアタッカーは"
              "このルールに勝つ能力だが、能力が無視されているクリーチャーはそれを持たないものとして扱われ、出たターンには"
              "召喚酔いして攻撃できない。無視されていなければ攻撃できる。",
    rules=("301.5",),
    sources=("dm-rule-1.48",),
    planner=plan,
    mechanics=("ignore_abilities", "speed_attacker", "summoning_sickness"),
)

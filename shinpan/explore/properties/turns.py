"""The turn ends and the next begins (ターンの終了と開始): durations and the turn's structure.

When a turn ends, the effects that last 「ターン終了時まで」 end with it, and an effect that lasts for good does not;
an attack does not outlive its turn (no creature is attacking any more). The next turn is the other player's: at
its start that player's creatures and mana untap (a sealed creature excepted, 116.2a), the other player's things
stay as they were, and the new turn player draws the top card of their deck (a creature still attacking is no
longer attacking, and still tapped). The rules' numbers for the turn's steps (500s) are not quoted by the kit's
sources; 116.2a is, for the sealed creature the untap step leaves tapped.

The case: vanilla creatures of both players, tapped or not, one of the turn player's perhaps attacking; resolved
power effects until the end of the turn or for good; tapped and untapped mana; a card or two in each deck; the
turn ends. Over general play (:func:`over_play`), wherever a turn passes: no creature is attacking any more, the new
turn player's creatures (but a sealed one or a fortress, which has no tap state) and mana are untapped, the other
player's tap states are as they were, and the new turn player drew the card that was on top of their deck.
"""

from __future__ import annotations

from typing import Any

from shinpan.explore.dice import Dice
from shinpan.explore.oracle import Skip
from shinpan.explore.properties import expect
from shinpan.explore.properties.general import active, object_of, objects, turn_passed
from shinpan.explore.properties.layout import PLAYERS, Layout, other
from shinpan.explore.properties.property import Check, Context, Plan, Property, Step
from shinpan.running.checks import ManaTapped

AMOUNTS = (2000, -1000, 3000)


def plan(dice: Dice, context: Context) -> Plan:
    """A board of tapped and untapped creatures and mana, effects of both durations, perhaps an attack; the turn
    ends."""
    if not context.pool.vanilla:
        raise Skip("the engine implements no vanilla creature")
    vanilla = context.pool.vanilla
    layout = Layout(dice.pick(PLAYERS), dice.count(2, 6))
    active, following = layout.active, other(layout.active)
    checks: list[Check] = [expect.attacking(player, 0) for player in PLAYERS]
    attacker = False
    for player in PLAYERS:
        for _ in range(dice.count(1, 2)):
            attacking = player == active and not attacker and dice.coin()
            attacker = attacker or attacking
            tapped = attacking or dice.coin()
            top = layout.object(player, [dice.pick(vanilla)], tapped=tapped, attacking=attacking)[0]
            lasting = [amount for amount in dice.some(AMOUNTS, 0, 2) if _pump(dice, layout, top, amount)]
            checks += [expect.pumped(top, lasting), expect.field(top, "tapped", tapped and player == active)]
        mana = [layout.put(player, "mana", dice.pick(vanilla)) for _ in range(dice.count(0, 2))]
        tapped_mana = [card for card in mana if dice.coin()]
        if tapped_mana:
            layout.players[player]["tapped_mana"] = tapped_mana
        checks += [_mana(card, card in tapped_mana and player == active) for card in mana]
        for _ in range(1 if player == active else dice.count(1, 2)):
            layout.put(player, "deck", dice.pick(vanilla))
    moves: list[dict[str, Any]] = [{"type": "end_turn"}]
    if context.plays("seal") and dice.coin():  # 116.2a: the untap step leaves a sealed creature as it was
        sealed = layout.object(following, [dice.pick(vanilla)], tapped=True)[0]
        layout.put(following, "deck", dice.pick(vanilla))  # the seal takes the top card; the draw the next
        moves.insert(0, {"type": "seal", "card": sealed})
        checks.append(expect.field(sealed, "tapped", True))
    deck = layout.players[following]["deck"]
    checks.append(expect.in_zone(following, "hand", deck[len(moves) - 1]))
    return Plan(layout.state, moves, after=checks)


def _pump(dice: Dice, layout: Layout, top: str, amount: int) -> bool:
    """A resolved power effect of ``amount`` on the object: whether it lasts for good (else until the turn ends)."""
    lasting = dice.coin()
    layout.pump(top, amount, "permanent" if lasting else "end_of_turn")
    return lasting


def _mana(card: str, tapped: bool) -> Check:
    return ManaTapped(card, tapped, observable="tapped_mana")


def over_play(step: Step, context: Context) -> list[Check]:
    """After a step in which a turn passed: no attack goes on; the new turn player's things are untapped (a sealed
    creature and a fortress excepted), the other player's as they were; the new turn player drew their top card."""
    before, after = step.before, step.after
    if before is None or not turn_passed(before, after):
        return []
    player = active(after)
    checks: list[Check] = [expect.attacking(side, 0) for side in PLAYERS]
    for side, obj in objects(after):
        top = obj["cards"][0]
        was = object_of(before, top)
        if side == player and not obj.get("seals") and _has_tap_state(step, obj, context):
            checks.append(expect.field(top, "tapped", False))
        elif side != player and was is not None and was[1]["cards"] == obj["cards"]:
            checks.append(expect.field(top, "tapped", bool(was[1].get("tapped"))))
    checks += [_mana(card, False) for card in after["players"][player].get("mana", ())]
    deck = before["players"][player].get("deck", ())
    if deck and "deck_order" in context.observables:
        checks.append(expect.in_zone(player, "hand", deck[0]))
    return checks


def _has_tap_state(step: Step, obj: Any, context: Context) -> bool:
    """Whether the object untaps in its controller's untap step: not a fortress (it shows its printed face, which is
    not one)."""
    name = step.names.get(obj["cards"][0], "")
    face = obj.get("face", name)
    return face == name and "フォートレス" not in context.pool.named(name).type_line if name in context.pool.by_name \
        else False


TURNS = Property(
    id="turns",
    title="the turn ends: effects until its end end, attacks end, the next player's things untap (durations)",
    title_ja="ターンの終わりと次のターンのはじめ(効果の期間、攻撃の終わり、アンタップ、ドロー)",
    statement="ターンが終わると「ターン終了時まで」の効果は終わり、期間のない効果は残る。攻撃中のクリーチャーは攻撃中でなくなる。"
              "次のターンは相手のターンであり、そのはじめにそのプレイヤーのクリーチャーとマナはアンタップし、もう一方の"
              "プレイヤーのものはそのままで、そのプレイヤーは山札の一番上のカードを引く。",
    rules=("116.2a",),
    sources=("dm-rule-1.48",),
    planner=plan,
    mechanics=("turns", "power_modifiers", "tap", "mana"),
    general=over_play,
)

"""A new object (新しいオブジェクト, 400.5): a creature that leaves the battle zone and comes back is a new creature.

A card that moves from one zone to another is treated as newly added to the zone it enters and carries nothing of
its state in the zone it left (400.5). So a creature that leaves the battle zone — tapped or not, attacking or not,
with power effects on it or not — and is then put into the battle zone again by an effect comes back as the effect
puts it (untapped, unless the effect says tapped), not attacking, with no effect on it; and, having entered the
battle zone this turn, it is summoning sick (301.5: reported for the turn player's creatures only).

The case: a creature in either player's battle zone; an effect moves it to another zone (the hand, the mana zone,
the graveyard, the shields, the deck's top or bottom); an effect puts it into the battle zone again.
"""

from __future__ import annotations

from typing import Any

from shinpan.explore.dice import Dice
from shinpan.explore.oracle import Skip
from shinpan.explore.properties import expect
from shinpan.explore.properties.carry_over import PUMPS
from shinpan.explore.properties.layout import PLAYERS, Layout
from shinpan.explore.properties.property import Check, Context, Plan, Property

ZONES = ("hand", "mana", "graveyard", "shields", "deck")
"""Where the creature goes in between."""


def plan(dice: Dice, context: Context) -> Plan:
    """A creature leaves the battle zone for another zone, then is put into the battle zone again."""
    if not context.pool.vanilla:
        raise Skip("the engine implements no vanilla creature")
    layout = Layout(dice.pick(PLAYERS), dice.count(2, 5))
    player = dice.pick(PLAYERS)
    attacking = player == layout.active and context.plays("attack") and dice.coin()
    tapped = attacking or dice.coin()
    (creature,) = layout.object(player, [dice.pick(context.pool.vanilla)], tapped=tapped, attacking=attacking)
    if context.plays("power_modifiers"):
        for amount in dice.several(PUMPS, 0, 2):
            layout.pump(creature, amount)
    zone = dice.pick(ZONES)
    leaves: dict[str, Any] = {"type": "move", "card": creature, "to": zone}
    if zone == "deck":
        leaves["position"] = dice.pick(("top", "bottom"))
    put_tapped = dice.coin()
    back: dict[str, Any] = {"type": "put_into_battle", "card": creature, **({"tapped": True} if put_tapped else {})}
    checks: list[Check] = [expect.in_zone(player, "battle", creature), expect.field(creature, "tapped", put_tapped),
                           expect.field(creature, "attacking", False), expect.pumped(creature, [])]
    if player == layout.active:
        checks.append(expect.field(creature, "summoning_sick", True))
    return Plan(layout.state, [leaves, back], after=checks)


NEW_OBJECT = Property(
    id="new-object",
    title="a creature that leaves and comes back keeps nothing of before (400.5)",
    title_ja="離れてからふたたび出たクリーチャーは前のことを何も引き継がない(400.5)",
    statement="ゾーンを移動したカードは新しく加わったものとして扱われ、前のゾーンでの状態を引き継がない。バトルゾーンを"
              "離れてからふたたび出たクリーチャーは、タップしていたか、攻撃中だったか、効果を受けていたかにかかわらず、"
              "出し方のとおり(タップして出すと言われなければアンタップ)で、攻撃中でなく、効果を受けておらず、"
              "このターンに出たので召喚酔いしている。",
    rules=("400.5", "301.5"),
    sources=("dm-rule-1.48",),
    planner=plan,
    mechanics=("zones",),
)

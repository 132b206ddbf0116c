"""Enter triggers (出た時の誘発, 603.5a): checked each time cards enter the battle zone, once per card.

Each time one or more cards are put into the battle zone, every 「バトルゾーンに出た時」 ability in the battle zone —
those of the cards that just entered included — is checked (603.5a): it triggers once for each entering card of the
kind it watches (itself, another, its controller's, any). An ability that is being ignored (無視) does not trigger;
an effect that ignored the abilities of an object does not reach a card that enters anew. Where one effect puts
several cards in together, once 409.1f is in force (change ``enter-one-at-a-time``) they enter one at a time, in
the order chosen, each its own event: a card that entered sees itself and those that enter after it, not those
before; before it, they enter in one event and each sees them all. Where one effect puts
several cards in together, once 409.1f is in force (change ``enter-one-at-a-time``) they enter one at a time, in
the order chosen, each its own event: a card that entered sees itself and those that enter after it, not those
before; before it, they enter in one event and each sees them all.

The case: watchers on both sides, some with their abilities ignored, and cards elsewhere; then one effect puts one or
more of those cards into the battle zone at once, or the turn player summons one. After it, each watcher triggered
once per entering card it watches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from shinpan.adapters.sdk.abilities import Triggered
from shinpan.explore.dice import Dice
from shinpan.explore.oracle import Skip
from shinpan.explore.pool import Card
from shinpan.explore.properties import expect
from shinpan.explore.properties.layout import PLAYERS, Layout
from shinpan.explore.properties.property import Check, Context, Plan, Property
from shinpan.running.cases import Move
from shinpan.suite.rulesets import Standing

WATCHED = ("this", "other", "own", "any")


@dataclass(frozen=True)
class Entering:
    """A card on the board: its label, its card, its owner, whether it is a watcher in the battle zone (and then
    whether its abilities are ignored)."""

    label: str
    card: Card
    owner: str
    ignored: bool = False


def watch(card: Card) -> str | None:
    """Whose entering the card's one ability watches, if its only ability is a plain enter trigger."""
    if len(card.abilities) != 1 or card.evolution is not None or card.is_hyperspatial:
        return None
    ability = card.abilities[0]
    if not isinstance(ability, Triggered) or ability.event != "enters" or ability.condition or ability.by:
        return None
    subject = ability.subject
    if (subject.race, subject.civilization, subject.name_contains, subject.card_type, subject.counts_itself) != \
            (None, None, None, None, None):
        return None
    return subject.who if subject.who in WATCHED else None


def _watcher(card: Card) -> bool:
    return card.is_creature and watch(card) is not None


def plan(dice: Dice, context: Context) -> Plan:
    """Watchers in the battle zone; cards entering it at once."""
    watchers = context.pool.where(_watcher)
    plain = context.pool.vanilla
    if not watchers or not plain:
        raise Skip("the engine implements no plain enter watcher or no creature without abilities")
    layout = Layout(dice.pick(PLAYERS), dice.count(2, 5))
    present: list[Entering] = []
    for player in PLAYERS:
        for card in dice.several(watchers, 1 if player == "me" else 0, 2):
            label = layout.object(player, [card])[0]
            ignored = context.plays("ignore_abilities") and dice.coin()
            if ignored:
                layout.ignore(label)
            present.append(Entering(label, card, player, ignored))
    waiting = [Entering(layout.put(owner, zone, card), card, owner) for owner, zone, card in
               ((dice.pick(PLAYERS), dice.pick(("hand", "mana", "graveyard")), dice.pick([*plain, *watchers]))
                for _ in range(dice.count(1, 3)))]
    entering = dice.some(waiting, 1, len(waiting))
    summoned = len(entering) == 1 and entering[0].owner == layout.active and dice.coin()
    if summoned and entering[0].label in layout.players[layout.active].get("hand", []):
        action: dict[str, Any] = {"type": "summon", "card": entering[0].label}
    else:
        action = {"type": "put_into_battle", "card": entering[0].label}
        if len(entering) > 1:
            action["with"] = [e.label for e in entering[1:]]
    one_at_a_time = _one_at_a_time(context, entering)

    def after(moves: Sequence[Move]) -> list[Check]:
        if not moves:
            return []
        order = _order(moves[-1], entering) if one_at_a_time else list(entering)
        checks = [_expected(w, entering) for w in present]
        return checks + [_expected(e, order[order.index(e):] if one_at_a_time else order)
                         for e in order if watch(e.card) is not None]

    return Plan(layout.state, [action], each=after)


def _one_at_a_time(context: Context, entering: Sequence[Entering]) -> bool:
    """Whether cards put in together enter one at a time (409.1f), each its own event; where that is in doubt and
    it matters (a watcher among several entering cards), the example is skipped."""
    standing = context.rules.standing("enter-one-at-a-time")
    if standing == Standing.IN_DOUBT and len(entering) > 1 and any(watch(e.card) for e in entering):
        raise Skip(f"the answer depends on change enter-one-at-a-time, in doubt under {context.rules.label}")
    return standing == Standing.IN_FORCE


def _order(move: Move, entering: Sequence[Entering]) -> list[Entering]:
    """The order the cards entered in: the choice ``enter_order`` scripted with the move, if it was asked."""
    picks = next((list(c["picks"]) for c in move.choices if c["kind"] == "enter_order"), [])
    by_label = {e.label: e for e in entering}
    return [by_label[p] for p in picks if p in by_label] if picks else list(entering)


def _expected(watcher: Entering, seen: Sequence[Entering]) -> Check:
    """The watcher triggers once per card it sees enter that it watches (none if its abilities are ignored)."""
    who = watch(watcher.card)
    count = 0 if watcher.ignored else sum(1 for e in seen if _sees(who, watcher, e))
    return expect.triggered(watcher.label, count)


def _sees(who: str | None, watcher: Entering, entered: Entering) -> bool:
    itself = entered.label == watcher.label
    return {"this": itself, "other": not itself, "own": entered.owner == watcher.owner, "any": True}.get(who or "",
                                                                                                          False)


ENTER_TRIGGERS = Property(
    id="enter-triggers",
    title="enter abilities trigger once per card that enters (603.5a)",
    title_ja="「出た時」の能力は出たカード1枚ごとに1回誘発する(603.5a)",
    statement="カードがバトルゾーンに出るたびに、今出たカードのものを含め、バトルゾーンにあるすべての「出た時」の能力を"
              "確かめ、見ている種類のカードが1枚出るごとに1回誘発する。能力が無視されていれば誘発しない。同時に出る"
              "カードは、409.1f のもとでは選んだ順に1枚ずつ出て、先に出たカードは後から出るカードを見る。",
    rules=("603.5a",),
    sources=("seed001",),
    planner=plan,
    mechanics=("triggers",),
    clauses=partial(frozenset, ("enter-one-at-a-time",)),  # the change _one_at_a_time asks about
)

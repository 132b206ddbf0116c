"""Reconstruction (再構築, 801.4) over generated piles, under the rules before and after 2021-03-16.

When only the top card of an evolution creature leaves the battle zone, the cards under it stay as the rules say:

- from 2021-03-16 (801.4 as revised; seed 003): they stay as one pile, in their order. Cards that are not creatures
  are taken off the top, into the graveyard, until a creature is on top; that creature and everything under it
  stay, tapped or untapped as the creature that left was, keeping the effects it had; no card of it entered anew
  (801.4c). With no creature under, every card goes to the graveyard.
- before (old 801.4a–801.4d): up to as many creatures as the evolution needed sources stay, chosen by the player;
  every other card under it goes to the graveyard (old 801.4b). That none entered anew is old 801.4d, added on
  2019-09-27 (as the suite's reconstruction-stay scenarios hold it): it is checked only from then.

The pile: an evolution creature on one creature, with more creatures and spells under them in any order; its tap
state and resolved pumps drawn. Then its top card leaves for the graveyard, the hand or the mana zone.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from shinpan.explore.dice import Dice
from shinpan.explore.oracle import Skip
from shinpan.explore.pool import Card, evolves_onto_one
from shinpan.explore.properties import expect
from shinpan.explore.properties.carry_over import PUMPS
from shinpan.explore.properties.layout import PLAYERS, Layout
from shinpan.explore.properties.property import Check, Context, Plan, Property, holds
from shinpan.running.cases import Move

DESTINATIONS = ("graveyard", "hand", "mana")
NOT_ENTERED = ("2019-09-27",)
"""Old 801.4d — what stays has not newly entered the battle zone — from its change on."""


def _pile(dice: Dice, context: Context) -> tuple[Layout, list[str], list[Card], bool, tuple[int, ...], str]:
    """A pile on the turn player's side: its labels (top first), its cards, its tap state and pumps, and where its
    top card goes."""
    evolving, spells = context.pool.where(evolves_onto_one), context.pool.having("is_spell")
    if not evolving or not context.pool.vanilla:
        raise Skip("the engine implements no evolution creature or no vanilla creature")
    layout = Layout(dice.pick(PLAYERS), dice.count(2, 5))
    under = [dice.pick(context.pool.vanilla), *dice.several([*context.pool.vanilla, *spells], 0, 3)]
    order = dice.some(under, len(under), len(under))  # the source anywhere in the pile
    cards = [dice.pick(evolving), *order]
    tapped = dice.coin()
    labels = layout.object(layout.active, cards, tapped=tapped)
    pumps = tuple(dice.several(PUMPS, 0, 2))
    for amount in pumps:
        layout.pump(labels[0], amount)
    return layout, labels, cards, tapped, pumps, dice.pick(DESTINATIONS)


def _left(labels: Sequence[str], destination: str, owner: str) -> list[Check]:
    return [expect.in_zone(owner, destination, labels[0])]


def _graveyard(owner: str, cards: Sequence[str]) -> list[Check]:
    return [expect.in_zone(owner, "graveyard", card) for card in cards]


def _not_entered(cards: Sequence[str]) -> list[Check]:
    return [expect.events({"type": "moved", "card": card, "to": "battle"}, 0) for card in cards]


def one_pile(dice: Dice, context: Context) -> Plan:
    """801.4 (2021-03-16): what stays is one pile, stripped of non-creatures on top."""
    layout, labels, cards, tapped, pumps, destination = _pile(dice, context)
    owner = layout.active
    first = next(i for i, card in enumerate(cards) if i > 0 and card.is_creature)
    staying = labels[first:]
    checks = [*_left(labels, destination, owner), *_graveyard(owner, labels[1:first]),
              expect.field(staying[0], "cards", staying), expect.field(staying[0], "tapped", tapped),
              *_not_entered(staying)]
    if pumps:
        checks.append(expect.pumped(staying[0], pumps))
    return Plan(layout.state, [{"type": "devolve", "card": labels[0], "to": destination}], after=checks)


def kept(dice: Dice, context: Context) -> Plan:
    """Old 801.4: up to one creature of those under stays (the evolution needed one source), chosen when there is a
    choice; every other card under goes to the graveyard."""
    layout, labels, cards, _, _, destination = _pile(dice, context)
    owner = layout.active
    creatures = [label for label, card in zip(labels[1:], cards[1:], strict=True) if card.is_creature]
    not_entered = holds(context.rules, since=NOT_ENTERED)

    def after(moves: Sequence[Move]) -> list[Check]:
        if not moves:
            return []
        asked = any(c["kind"] == "keep_after_reconstruction" for c in moves[-1].choices)
        stays = _chosen(moves[-1], "keep_after_reconstruction") if asked else creatures[:1]
        return [*_left(labels, destination, owner), *_graveyard(owner, [c for c in labels[1:] if c not in stays]),
                *(expect.field(kept, "cards", [kept]) for kept in stays),
                *(_not_entered(stays) if not_entered else ())]

    return Plan(layout.state, [{"type": "devolve", "card": labels[0], "to": destination}], each=after)


def _chosen(move: Move, kind: str) -> list[str]:
    """The picks of the choice of ``kind`` scripted with ``move`` (answered when the engine asked)."""
    return next((list(c["picks"]) for c in move.choices if c["kind"] == kind), [])


RECONSTRUCTION = Property(
    id="reconstruction",
    title="reconstruction keeps one pile (801.4, 2021-03-16)",
    title_ja="再構築では1つの束が残る(801.4、2021-03-16 から)",
    statement="進化クリーチャーの一番上のカードだけが離れると、下のカードは1つの束のまま残る。一番上がクリーチャーになるまで"
              "クリーチャー以外のカードを墓地に置き、残った束は離れた進化クリーチャーのタップの位相と効果を引き継ぎ、"
              "新たにバトルゾーンに出たことにはならない。",
    rules=("801.4", "801.4a", "801.4b", "801.4c"),
    sources=("seed003",),
    planner=one_pile,
    mechanics=("evolution", "reconstruction"),
    since=("2021-03-16",),
)

RECONSTRUCTION_OLD = Property(
    id="reconstruction-old",
    title="reconstruction keeps chosen creatures (old 801.4)",
    title_ja="改訂前の再構築では選んだクリーチャーが残る(旧 801.4)",
    statement="2021-03-16 より前: 進化クリーチャーの一番上のカードだけが離れると、下のクリーチャーのうち"
              "進化に必要だった数まで(選んだもの)がバトルゾーンに残り、下のほかのカードはすべて墓地に置かれる。"
              "2019-09-27 からは、残ったクリーチャーは新たにバトルゾーンに出たことにはならない(旧 801.4d)。",
    rules=("801.4", "801.4a", "801.4b"),
    sources=("seed003",),
    planner=kept,
    mechanics=("evolution", "reconstruction"),
    until=("2021-03-16",),
    clauses=partial(frozenset, NOT_ENTERED),
)

"""Zone-change triggers look back (過去の状態を見る): 603.5c, over any number of creatures leaving at once.

A 「離れた時」 or 「破壊された時」 ability is checked in the state just before the move (603.5c). A watcher that stays
in the battle zone sees every creature that leaves in the event — once per creature, however many cards it is made of
(109.2b: only its top card leaves as a creature) — if the creature is of the kind it watches (its own, another,
any, of a civilization or race; destroyed means put into the graveyard). A watcher whose abilities are ignored
sees nothing. A watcher that leaves in the same event is looked back at too, and what it sees has changed with the
rules: under Ver.1.9 it saw every creature leaving with it; from the 2018-09-05 answer on only its own card
(603.5c/603.5d); a class ability (「自分のクリーチャーが」) sees its own card leave except between that answer and the
pig reversal; an ability ignored just before leaving triggers until 2020-09-18 and no more. Where the answer depends
on a change in doubt on the day explored, the example is skipped.

The case: a few creatures on each side — watchers with one such ability, creatures with no abilities, evolution
creatures on their sources — some watchers' abilities ignored; then one effect destroys several creatures at once,
or moves one to the graveyard, the hand, the mana zone, the deck or the shields. After it, each watcher triggered
exactly as often as it can see a creature leave.

Over general play (:func:`over_play`) the same rule is checked after any step in which creatures left the battle
zone, whatever took them (a destruction, a move, a swap, an ability resolved, a rule) and wherever they went: each
watcher that stayed triggered once for each creature that left and that it watches, as it was just before leaving;
a watcher that left in the event of a destruction or a move saw what the rules of the day say. Where the answer is
not the rule's to give, nothing is asserted: a step in which abilities may be ignored (an ignore effect was applied
in the game, or an ignoring static ability is on the board), a watcher that left in a step whose events the move
does not name, an object that did not leave as one, an object leaving that is not a creature card's, a
「破壊された時」 ability and a creature put into the hyperspatial zone, a watched civilization or race while an
ability grants races, a change in doubt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from shinpan.adapters.sdk.abilities import Static, Triggered
from shinpan.explore.dice import Dice
from shinpan.explore.oracle import Skip
from shinpan.explore.pool import Card, evolves_onto_one
from shinpan.explore.properties import expect
from shinpan.explore.properties.general import card_of, counted, left, may_ignore, object_of, partly_left
from shinpan.explore.properties.layout import PLAYERS, Layout
from shinpan.explore.properties.property import Check, Context, Plan, Property, Step
from shinpan.suite.rulesets import RulesState, Standing

WATCHED = ("this", "other", "own", "any", "this_or_other_own")
EVENTS = ("destroyed", "leaves")


@dataclass(frozen=True)
class Watch:
    """A watcher's one leave ability: the event, whose creatures, and what they must be."""

    event: str
    who: str
    civilization: str | None = None
    race: str | None = None


@dataclass(frozen=True)
class Piece:
    """A creature on the board: its top card's label and card, its controller, whether its abilities are ignored."""

    top: str
    card: Card
    controller: str
    ignored: bool


def watch(card: Card) -> Watch | None:
    """The card's one leave ability, if it has exactly one ability and that ability is a plain leave trigger."""
    if len(card.abilities) != 1 or card.evolution is not None:
        return None
    ability = card.abilities[0]
    if not isinstance(ability, Triggered) or ability.event not in EVENTS or ability.by or ability.condition:
        return None
    subject = ability.subject
    if (subject.kind != "creature" or subject.who not in WATCHED
            or (subject.name_contains, subject.card_type, subject.counts_itself) != (None, None, None)):
        return None
    return Watch(ability.event, subject.who, subject.civilization, subject.race)


def _watcher(card: Card) -> bool:
    return card.is_creature and watch(card) is not None


def plan(dice: Dice, context: Context) -> Plan:
    """Creatures on both sides, then one event in which one or more of them leave."""
    watchers = context.pool.where(_watcher)
    plain, evolving = context.pool.vanilla, context.pool.where(evolves_onto_one)
    if not watchers or not plain:
        raise Skip("the engine implements no plain leave watcher or no creature without abilities")
    layout = Layout(dice.pick(PLAYERS), dice.count(2, 5))
    pieces: list[Piece] = []
    for player in PLAYERS:
        for _ in range(dice.count(1 if player == "me" else 0, 3)):
            pieces.append(_piece(dice, layout, player, watchers, plain, evolving, context))
    leaving = _leaving(dice, pieces)
    destination = "graveyard" if len(leaving) > 1 else dice.fair(("graveyard", "hand", "mana", "deck", "shields"))
    if len(leaving) > 1 or (destination == "graveyard" and dice.coin()):
        action: dict[str, Any] = {"type": "destroy", "cards": [p.top for p in leaving]}
    else:
        action = {"type": "move", "card": leaving[0].top, "to": destination}
    checks = [_expected(w, pieces, leaving, destination, context.rules) for w in pieces if watch(w.card) is not None]
    return Plan(layout.state, [action], after=checks)


def _piece(dice: Dice, layout: Layout, player: str, watchers: Sequence[Card], plain: Sequence[Card],
           evolving: Sequence[Card], context: Context) -> Piece:
    kind = dice.pick(("watcher", "plain", "evolved") if evolving and context.plays("evolution") else
                     ("watcher", "plain"))
    if kind == "evolved":
        pile = [dice.pick(evolving), dice.pick(plain)]
    else:
        pile = [dice.pick(watchers if kind == "watcher" else plain)]
    top = layout.object(player, pile, tapped=dice.coin())[0]
    ignored = kind == "watcher" and context.plays("ignore_abilities") and dice.coin()
    if ignored:
        layout.ignore(top)
    return Piece(top, pile[0], player, ignored)


def _leaving(dice: Dice, pieces: Sequence[Piece]) -> list[Piece]:
    """One or more of the pieces, at least one."""
    chosen = dice.some(pieces, 1, len(pieces))
    return [piece for piece in pieces if piece in chosen]


def _expected(watcher: Piece, pieces: Sequence[Piece], leaving: Sequence[Piece], destination: str,
              rules: RulesState) -> Check:
    ability = watch(watcher.card)
    assert ability is not None
    count = sum(1 for gone in leaving if _sees(watcher, ability, gone, watcher in leaving, destination, rules))
    return expect.triggered(watcher.top, count)


def _sees(watcher: Piece, ability: Watch, gone: Piece, leaves_too: bool, destination: str, rules: RulesState) -> bool:
    """Whether ``watcher``'s ability triggers for ``gone`` leaving (603.5c, 603.5d and their history)."""
    if ability.event == "destroyed" and destination != "graveyard":
        return False
    if not _matches(watcher, ability, gone):
        return False
    if watcher.ignored and (not leaves_too or _in_force(rules, "2020-09-18")):
        return False
    if not leaves_too:
        return True
    if gone is not watcher:
        return not _in_force(rules, "2018-09-05")
    if ability.who in ("this", "this_or_other_own"):
        return True
    return not _in_force(rules, "2018-09-05") or _in_force(rules, "pig-reversal")


def _matches(watcher: Piece, ability: Watch, gone: Piece) -> bool:
    """Whether ``gone`` is of the kind the ability watches, as it was just before leaving (its printed facts: the
    boards of this property hold no effect that changes them)."""
    itself = gone is watcher
    if (ability.who == "this" and not itself) or (ability.who == "other" and itself):
        return False
    if ability.who in ("own", "this_or_other_own") and gone.controller != watcher.controller:
        return False
    if ability.civilization is not None and ability.civilization not in gone.card.civilizations:
        return False
    return ability.race is None or ability.race in gone.card.races


def _in_force(rules: RulesState, change: str) -> bool:
    """Whether ``change`` is in force; a change in doubt skips the example (its answer is unknown)."""
    standing = rules.standing(change)
    if standing == Standing.IN_DOUBT:
        raise Skip(f"the answer depends on change {change}, in doubt under {rules.label}")
    return standing == Standing.IN_FORCE


def over_play(step: Step, context: Context) -> list[Check]:
    """After a step in which creatures left the battle zone: each watcher on the board before that stayed, or that
    left in the one event of a destruction or a move, triggered (since the last step) once per creature it could see
    leave (603.5c, 603.5d and their history)."""
    gone = left(step)
    if not gone or step.before is None or partly_left(step):
        return []
    pieces, unread = _pieces(step, context)
    if unread.intersection(gone) or may_ignore(step, context):
        return []
    leaving = [pieces[top] for top in gone if top in pieces]
    action = step.action or {}
    named = ({*action.get("cards", ()), action.get("card")} if action.get("type") in ("destroy", "move") else set())
    together = [p for p in leaving if p.top in named]  # the one event the move names
    granted = any(isinstance(a, Static) and a.name == "race_grant" for p in pieces.values() for a in p.card.abilities)
    checks: list[Check] = []
    for watcher in pieces.values():
        ability = watch(watcher.card)
        if ability is None or (granted and (ability.race or ability.civilization)):
            continue
        if watcher.top not in gone:
            if not _still_on_top(step, watcher.top):
                continue  # evolved on or moved under in the step: when its ability stopped, the step does not say
            seen = leaving
        elif watcher in together:
            seen = together
        else:
            continue  # it left in an event the move does not name: with whom, the step does not say
        count = _seen(watcher, ability, seen, watcher.top in gone, gone, context.rules)
        if count is not None:
            checks.append(expect.triggered(watcher.top, counted(step, {"type": "triggered", "card": watcher.top})
                                           + count))
    return checks


def _pieces(step: Step, context: Context) -> tuple[dict[str, Piece], set[str]]:
    """The creatures of the board before, as pieces — and the objects this rule does not read: one whose top card
    the pool has not, or is no creature card (a タマシード treated as a creature or not, a ドラグハート, a クロスギア:
    what leaves with it, and as what, is not the rule's to say here), one showing another face, a linked god (its
    abilities are the link's), a sealed creature (ignored, 116.2)."""
    assert step.before is not None
    found: dict[str, Piece] = {}
    unread: set[str] = set()
    for player, side in step.before["players"].items():
        for obj in side.get("battle", ()):
            top = obj["cards"][0]
            card = card_of(step, context, top)
            if (card is None or not card.is_creature or obj.get("linked") or obj.get("seals")
                    or obj.get("face") not in (None, card.name)):
                unread.add(top)
            else:
                found[top] = Piece(top, card, player, False)
    return found, unread


def _still_on_top(step: Step, top: str) -> bool:
    """Whether ``top`` is still the top card of an object after the step."""
    where = object_of(step.after, top)
    return where is not None and where[1]["cards"][0] == top


def _seen(watcher: Piece, ability: Watch, seen: Sequence[Piece], leaves_too: bool, gone: dict[str, str],
          rules: RulesState) -> int | None:
    """How many of the creatures ``seen`` leave the watcher's ability sees (None: not the rule's to say)."""
    count = 0
    for piece in seen:
        destination = gone[piece.top]
        if ability.event == "destroyed" and destination not in ("graveyard", *(() if not piece.card.is_hyperspatial
                                                                                 else ("hyperspatial",))):
            continue
        if ability.event == "destroyed" and destination != "graveyard" and _matches(watcher, ability, piece):
            return None  # a psychic creature put into the hyperspatial zone: destroyed or not, no source says here
        try:
            count += _sees(watcher, ability, piece, leaves_too, destination, rules)
        except Skip:
            return None
    return count


LOOK_BACK = Property(
    id="look-back",
    title="leave triggers look back at the moment before the creatures left",
    title_ja="「離れた時」の能力はクリーチャーが離れる直前の状態を見る(603.5c)",
    statement="「離れた時」「破壊された時」の能力は、離れる直前の状態を見て、同時に離れたクリーチャー1体につき1回"
              "(何枚のカードでできていても1体は1回)誘発する。能力が無視されていれば誘発しない。同時に離れた能力の持ち主が"
              "何を見られるかは改訂ごとに異なる。",
    rules=("603.5c",),
    sources=("seed001", "seed002"),
    planner=plan,
    mechanics=("triggers",),
    clauses=partial(frozenset, ("2018-09-05", "pig-reversal", "2020-09-18")),  # the changes _sees asks about
    general=over_play,
)



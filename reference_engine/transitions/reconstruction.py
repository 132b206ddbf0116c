"""Reconstruction (再構築, rule 801.4): what stays when only the top card of a creature leaves.

Devolving (退化) is only the top card leaving the battle zone; the cards that were under it then
stay under the rules of the revision in force (the :class:`~shinpan.reference_engine.core.rules_state.RulesState`
question ``reconstruction_keeps_one_pile``):

- **From 2021-03-16** (801.4, 801.4a, 801.4b as revised; seed 003): non-creature cards are put into
  the graveyard from the top until a creature is on top; that creature stays, with every card still
  under it, as one creature.
- **Before** (old 801.4a-801.4e): up to N creatures stay as separate creatures, N being the number
  of sources the leaving evolution creature needed (進化: 1, 進化V: 2, 進化GV: 3), by the player's
  choice (``keep_after_reconstruction``) when there is one to make; an evolution creature that stays
  needs proper sources among those cards (``reconstruction_sources``, asked only when more than one
  set of them is possible); the creatures not kept, and
  all non-creature cards, go to the graveyard straight from under the creature; if it was attacking
  and several stay, one of them goes on attacking (``keep_attacking``).

Both revisions: a creature that is *not* an evolution creature but has cards under it (e.g. put
there by 無月の門) is not reconstructed: all its other cards go to the graveyard. A reconstructed
creature did not newly enter the battle zone (801.4c, old 801.4d): no entering event is recorded,
each card keeps its own memory of when it entered (301.5), and effects it had carry on.

:func:`plan` decides, before anything moves, what stays — nothing for a non-evolution creature, seed 000's row
非進化が退化した時; :func:`carry_over` is the one place that decides what the remaining objects inherit from the one
that lost its top card: seed 000's row (進化クリーチャーが)退化した時.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.effects import PowerModifier
from shinpan.reference_engine.core.errors import IllegalAction
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.rules_state import RulesState
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.transitions import carrying


@dataclass(frozen=True)
class Plan:
    """What becomes of the cards under a top card that leaves."""

    piles: tuple[tuple[Card, ...], ...]
    """The objects that stay in the battle zone, each as its cards top first."""
    to_graveyard: tuple[Card, ...]
    """The cards put into their owners' graveyards, straight from under the creature (old 801.4b)."""
    attacker: int | None
    """The index of the pile that goes on attacking, if the leaving creature was attacking."""
    spared_sickness: bool = False
    """Whether what stays is spared summoning sickness whatever its cards' entry turns: devolving before the
    ``devolve-sickness`` change (timeline #2)."""


def plan(obj: BattleObject, was_evolution: bool, rules: RulesState, choices: ChoiceScript | None) -> Plan:
    """What stays of ``obj`` when its top card leaves. Raises :class:`IllegalAction` for a choice the rules forbid."""
    rest = list(obj.under)
    if _is_evolved_cross_gear(obj):
        return _plan_cross_gear(rest)
    if not was_evolution:  # 非進化が退化した時: the object does not survive; every card under goes to the graveyard
        return Plan((), tuple(rest), None)
    if rules.reconstruction_keeps_one_pile:
        removed: list[Card] = []
        while rest and not rest[0].definition.is_creature:
            removed.append(rest.pop(0))
        piles = (tuple(rest),) if rest else ()
        found = Plan(piles, tuple(removed), _attacker(obj, piles, _script(choices)))
    else:
        found = _plan_separate_creatures(obj, rest, _script(choices))
    return replace(found, spared_sickness=not rules.devolved_cards_can_be_sick)


def under_go_to_graveyard(obj: BattleObject, was_evolution: bool) -> bool:
    """Whether the cards under ``obj``'s top card go to the graveyard when the top card leaves, wherever it goes.

    So it is for a creature that is not an evolution creature (e.g. one put out by 無月の門, or any creature with
    cards put under it): its other cards are not a creature of their own and are not reconstructed (seed 003).
    An evolution pile (an evolution creature, or an evolution cross gear on its cross gear) moves together.
    """
    return len(obj.cards) > 1 and obj.is_creature and not was_evolution and not _is_evolved_cross_gear(obj)


def _is_evolved_cross_gear(obj: BattleObject) -> bool:
    """進化クロスギア on the cross gear it evolved from: equipment whose top card has an evolution ability."""
    return obj.top.definition.is_equipment and obj.top.definition.evolution is not None and len(obj.cards) > 1


def _plan_cross_gear(rest: list[Card]) -> Plan:
    """An evolution cross gear whose top card leaves: the top-most cross gear below stays, with the cards
    under it. The rules material states reconstruction for evolution creatures only (801.4); seed 000 says
    that a cross gear that devolves keeps its crossed creature, which needs the cross gear below to stay.
    Cards above it that are not equipment go to the graveyard, as non-creatures do in 801.4b."""
    removed: list[Card] = []
    while rest and not rest[0].definition.is_equipment:
        removed.append(rest.pop(0))
    return Plan((tuple(rest),) if rest else (), tuple(removed), None)


def _plan_separate_creatures(obj: BattleObject, rest: list[Card], choices: ChoiceScript) -> Plan:
    """Old 801.4a-801.4c and 801.4e: up to N creatures, each alone or an evolution creature on proper sources."""
    evolution = obj.top.definition.evolution
    limit = evolution.sources if evolution is not None else 1
    creatures = [c for c in rest if c.definition.is_creature]
    plain = [c for c in creatures if c.definition.evolution is None or c.definition.evolution.neo]
    evolving = [c for c in creatures if c not in plain]
    keepable_evolving = [e for e in evolving if any(_proper(e, s) for s in creatures if s is not e)]
    piles: list[tuple[Card, ...]]
    if not keepable_evolving and len(plain) <= limit:  # every creature may stay: not a choice
        piles = [(c,) for c in choices.forced("keep_after_reconstruction", by=obj.controller, answer=plain)]
    else:
        piles = _chosen_piles(creatures, limit, choices, obj.controller)
    kept = {id(c) for pile in piles for c in pile}
    to_graveyard = tuple(c for c in rest if id(c) not in kept)
    return Plan(tuple(piles), to_graveyard, _attacker(obj, piles, choices))


def _chosen_piles(creatures: Sequence[Card], limit: int, choices: ChoiceScript,
                  controller: Player) -> list[tuple[Card, ...]]:
    """The creature's controller chooses what stays (old 801.4a), and each staying evolution creature's sources."""
    tops = _cards(choices.take("keep_after_reconstruction", by=controller, options=creatures).picks, creatures,
                  "keep_after_reconstruction")
    if len(tops) > limit:
        raise IllegalAction(f"at most {limit} creatures may stay after reconstruction (old 801.4a), not {len(tops)}")
    used = {id(c) for c in tops}
    piles: list[tuple[Card, ...]] = []
    for top in tops:
        evolution = top.definition.evolution
        if evolution is None or evolution.neo:
            piles.append((top,))
            continue
        proper = [c for c in creatures if id(c) not in used and _proper(top, c)]
        if len(proper) == evolution.sources:  # one legal answer: not a choice
            sources = list(choices.forced("reconstruction_sources", by=controller, answer=proper))
        else:
            sources = _cards(choices.take("reconstruction_sources", by=controller, options=proper).picks, creatures,
                             "reconstruction_sources")
        if any(id(s) in used for s in sources) or not all(_proper(top, s) for s in sources) \
                or not evolution.count_ok(len(sources)):
            raise IllegalAction(f"{top.name} cannot stay on {[s.name for s in sources]}: an evolution creature "
                                "that stays needs proper sources from the cards that were under (old 801.4c)")
        used.update(id(s) for s in sources)
        piles.append((top, *sources))
    return piles


def _attacker(obj: BattleObject, piles: Sequence[tuple[Card, ...]], choices: ChoiceScript) -> int | None:
    """If ``obj`` was attacking, the index of the pile that goes on attacking (801.4e as old; seed 000's table): the
    attacking player chooses among the creatures that stay (``keep_attacking``), asked only when several stay."""
    if not obj.attacking or not piles:
        return None
    tops = [pile[0] for pile in piles]
    chosen = choices.one_of("keep_attacking", tops, by=obj.controller, what="a creature that stayed (old 801.4e)")
    return next(i for i, top in enumerate(tops) if top is chosen)


def _proper(evolution_card: Card, source: Card) -> bool:
    evolution = evolution_card.definition.evolution
    return evolution is not None and evolution.accepts(source.definition)


def _script(choices: ChoiceScript | None) -> ChoiceScript:
    """The choices that came with the move; none given answers no choice (only forced decisions pass)."""
    return choices if choices is not None else ChoiceScript()


def _cards(picks: Sequence[Card], among: Sequence[Card], kind: str) -> list[Card]:
    cards: list[Card] = []
    for card in picks:
        if not any(card is c for c in among) or any(card is c for c in cards):
            raise IllegalAction(f"{kind}: {card.name} is not one of the creatures that were under the leaving card")
        cards.append(card)
    return cards


def carry_over(state: GameState, old: BattleObject, result: Plan) -> list[BattleObject]:
    """The objects that stay, and what each inherits from the object whose top card left (801.4c).

    - tap state: the leaving creature's (801.4 as revised; the older text is silent and the engine
      keeps it likewise);
    - attack: the pile :attr:`Plan.attacker` goes on attacking (old 801.4e; seed 000's carry-over table);
    - resolved effects: every remaining object keeps them (801.4c, old 801.4d), an effect that ignores
      the creature's abilities (能力を無視する) included;
    - summoning sickness: not decided here. Each card keeps its own memory (301.5), so the new top
      card decides (seed 000); before the ``devolve-sickness`` change (January 2014) what stays is never sick
      (:attr:`Plan.spared_sickness`, timeline #2);
    - entering: none. The objects were already in the battle zone (801.4c);
    - equipment: stays equipped to what stays (seed 000's table: 退化 装備 ○); with several
      creatures left (old rules) to the first of them;
    - the crossed creature: when the pile is itself equipment (an evolution cross gear, 進化クロスギア,
      whose top card left), what stays is crossed to the same creature (seed 000: クロス先はそのまま);
    - waiting abilities and targets (待機/対象 ○): what stays is the same creature for the abilities waiting
      for the creature and the effects aimed at it (seed 000's table); with several left, each of them.
    """
    objects = [
        BattleObject(list(pile), old.controller, tapped=old.tapped, attacking=index == result.attacker,
                     spared_sickness=result.spared_sickness)
        for index, pile in enumerate(result.piles)
    ]
    inherited = [m for m in state.modifiers if m.target == old.serial]
    state.modifiers = [m for m in state.modifiers if m.target != old.serial]
    ignored = old.serial in state.ignored
    state.ignored.discard(old.serial)
    for obj in objects:
        obj.attached_to = old.attached_to
        state.modifiers.extend(PowerModifier(obj.serial, m.amount, m.duration) for m in inherited)
        carrying.continue_creatures(obj, [old])
        if ignored:
            state.ignored.add(obj.serial)
    for piece in state.equipment_of(old):
        piece.attached_to = objects[0] if objects else None
    return objects

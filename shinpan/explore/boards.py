"""Generated boards (盤面): setups drawn from the contract's setup vocabulary and the card pool.

A board gives each player battle-zone objects — single cards, evolution creatures on their sources, creatures
with cards under them, タマシード treated as creatures, equipment equipped to a creature — each tapped or not,
entered this turn or not (per card), at most one of the turn player's attacking; cards in the deck (in order),
hand, mana zone (some tapped), shields, graveyard and 超次元ゾーン; resolved effects on the objects (power up or
down until the end of the turn or for good, abilities ignored); and either player's turn. Links, seals and waiting
abilities are not drawn in a setup: moves make them (:mod:`shinpan.explore.moves`), so that every finding prints
with the suite's phrases.

Every choice is a throw of the dice (:mod:`shinpan.explore.dice`), smallest first, so a shrunk board has few
cards, the simplest ones, untapped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from shinpan.adapters.sdk.vocabulary import EFFECT_KINDS, PLAYERS
from shinpan.explore.dice import Dice
from shinpan.explore.pool import SOURCE_KINDS, Card, Pool
from shinpan.explore.swarm import Swarm

ZONE_SIZES = {"deck": 4, "hand": 3, "mana": 3, "shields": 2, "graveyard": 2}
"""The most cards a generated board puts in each zone other than the battle zone (per player)."""
MAX_OBJECTS = 3
"""The most battle-zone objects per player."""
AMOUNTS = (2000, -1000, 1000, 3000, -2000)
"""Power changes of generated resolved effects."""
SHAPES = ("single", "evolved", "under")
"""The shapes of a generated battle-zone object: a card alone, an evolution creature on its sources (and perhaps
more cards under those), a card with cards put under it."""
NEEDS = {"evolved": "evolution", "under": "cards_under", "tapped": "tap", "tapped_mana": "mana",
         "arrived_this_turn": "summoning_sickness", "attacking": "attack", "treated_as_creature": "tamaseed",
         "equipped_to": "equipment", "power": "power_modifiers", "ignore_abilities": "ignore_abilities"}
"""The mechanic (capabilities' ``mechanics``) each part of a board needs: only what the adapter plays is drawn."""


def parts_needed(state: Mapping[str, Any], pool: Pool) -> set[str]:
    """The mechanics (:data:`NEEDS`) a setup's board needs, read from its battle zones' objects, its mana and its
    effects: what a board of the suite asks of an adapter before explore starts from it (a scenario's
    ``@requires`` tags name what its ruling is about, not every part of its board). A pile needs ``evolution``
    under an evolution card, ``cards_under`` under any other."""
    needed: set[str] = set()
    names = state.get("cards", {})
    for view in state.get("players", {}).values():
        needed.update([NEEDS["tapped_mana"]] if view.get("tapped_mana") else [])
        for obj in view.get("battle", []):
            needed.update(NEEDS[part] for part in ("arrived_this_turn", "attacking", "treated_as_creature",
                                                   "equipped_to", "tapped") if obj.get(part))
            cards = obj.get("cards", ())
            if len(cards) > 1:
                top = names.get(cards[0], cards[0])
                evolved = top in pool.by_name and pool.named(top).evolution is not None
                needed.add(NEEDS["evolved"] if evolved else NEEDS["under"])
    needed.update(NEEDS[effect["kind"]] for effect in state.get("effects", ()) if effect.get("kind") in NEEDS)
    return needed


@dataclass(frozen=True)
class Allowed:
    """The parts of a board an adapter plays (every part when it declares every mechanic)."""

    mechanics: frozenset[str] | None = None
    favoured: str | None = None
    """The part a swarm favours (:data:`shinpan.explore.swarm.PARTS`): every object has it, not a coin's worth."""
    families: tuple[str, ...] = ()
    """The card families a swarm enables: a 墓地進化 card always finds sources in the graveyard when it is one."""

    def __call__(self, part: str) -> bool:
        """Whether the part may be drawn."""
        return self.mechanics is None or NEEDS.get(part, "zones") in self.mechanics

    def often(self, dice: Dice, part: str) -> bool:
        """Whether an object has the part: always if it is favoured, else a coin (never if not allowed)."""
        return self(part) and (part == self.favoured or dice.coin())


@dataclass
class Labels:
    """Gives each placed card its label: the card's name the first time, then a letter (《name》(A))."""

    cards: dict[str, str] = field(default_factory=dict)
    letters: int = 0

    def label(self, card: Card) -> str:
        """A new label for a copy of ``card``."""
        if card.name not in self.cards:
            self.cards[card.name] = card.name
            return card.name
        self.letters += 1
        label = _letters(self.letters)
        self.cards[label] = card.name
        return label


def _letters(number: int) -> str:
    text = ""
    while number:
        number, rest = divmod(number - 1, 26)
        text = chr(ord("A") + rest) + text
    return text


PALETTE = 5
"""The most cards a board's palette draws from the pool (their companions join them)."""


def palette(dice: Dice, pool: Pool, swarm: Swarm | None = None) -> Pool:
    """The few cards one board is made of: a handful drawn from the pool, with the cards their abilities name
    (:meth:`Pool.companions`). Drawing copies from a small palette makes boards where cards meet: several copies
    of one watcher, gods with their partners, an evolution creature with sources of its kind. A swarm's palette
    has one or two cards of each family it enables, first (the dice favour the first), and up to three others."""
    if swarm is None:
        chosen = dice.some(pool.cards, 1, PALETTE)
        return pool.subset([*chosen, *(c for card in chosen for c in pool.companions(card))])
    chosen = [card for family in swarm.families for card in dice.some(pool.families[family], 1, 2)]
    chosen += [c for card in chosen for c in pool.companions(card)]
    named = {card.name for card in chosen}
    if all(card.is_hyperspatial for card in chosen) and (plain := [card for card in pool.plain
                                                                   if card.name not in named]):
        chosen.append(dice.pick(plain))  # a deck and a hand need a card that is not psychic
        named.add(chosen[-1].name)
    chosen += dice.some([card for card in pool.cards if card.name not in named], 0, PALETTE - 2)
    return Pool(tuple({card.name: card for card in chosen}.values()))  # the families' cards first: drawn most


def board(dice: Dice, pool: Pool, mechanics: frozenset[str] | None = None, swarm: Swarm | None = None
          ) -> dict[str, Any]:
    """A starting state (``setup.json``) of cards from a palette of ``pool`` (drawn inside ``swarm``'s families,
    if given), with only the parts an adapter that plays ``mechanics`` can set up (every part if ``None``)."""
    pool = palette(dice, pool, swarm)
    allowed = Allowed(mechanics, swarm.part, swarm.families) if swarm is not None else Allowed(mechanics)
    labels = Labels()
    active = dice.pick(PLAYERS)
    players = {player: _player(dice, pool, labels, allowed, attacker_allowed=player == active,
                               fewest=int(swarm is not None)) for player in PLAYERS}
    state: dict[str, Any] = {"cards": labels.cards, "turn": {"number": dice.count(2, 6), "active": active},
                             "players": players}
    effects = _effects(dice, [obj for view in players.values() for obj in view["battle"]], allowed)
    if effects:
        state["effects"] = effects
    return state


def _player(dice: Dice, pool: Pool, labels: Labels, allowed: Allowed, *, attacker_allowed: bool,
            fewest: int = 0) -> dict[str, Any]:
    view: dict[str, Any] = {"battle": []}
    shapes = _shapes(pool, allowed)
    while shapes and dice.more(len(view["battle"]), fewest, MAX_OBJECTS):
        obj = _object(dice, pool, labels, view["battle"], shapes, allowed, attacker_allowed)
        attacker_allowed = attacker_allowed and not obj.get("attacking", False)
        view["battle"].append(obj)
    for zone, most in ZONE_SIZES.items():
        # a card to draw (the turn can end); in a swarm's board, a card in the hand to play (summon, cast, charge)
        cards = dice.several(pool.plain, 1 if zone == "deck" or (zone == "hand" and fewest) else 0, most)
        if cards:
            view[zone] = [labels.label(card) for card in cards]
    _graveyard_sources(dice, pool, labels, view, allowed, attacker_allowed)
    tapped = [card for card in view.get("mana", []) if allowed("tapped_mana") and dice.coin()]
    if tapped:
        view["tapped_mana"] = tapped
    spatial = dice.several(pool.having("is_hyperspatial"), 0, 2)
    if spatial:
        view["hyperspatial"] = [labels.label(card) for card in spatial]
    return view


def _object(dice: Dice, pool: Pool, labels: Labels, placed: Sequence[dict[str, Any]], shapes: Sequence[str],
            allowed: Allowed, attacker_allowed: bool) -> dict[str, Any]:
    shape = dice.pick(shapes)
    if shape == "evolved":
        top = dice.pick(pool.evolving)
        pile = [top, *_sources(dice, pool, top)]
    else:
        pile = [dice.pick(pool.standing)]
    if shape != "single":
        pile += dice.several(pool.plain, 1 if shape == "under" else 0, 2)
    cards = [labels.label(card) for card in pile]
    obj: dict[str, Any] = {"cards": cards, "tapped": allowed.often(dice, "tapped")}
    arrived = [label for label in cards if allowed.often(dice, "arrived_this_turn")]
    if arrived:
        obj["arrived_this_turn"] = arrived
    if attacker_allowed and allowed("attacking") and pile[0].is_creature and dice.coin():
        obj["attacking"] = obj["tapped"] = True
    if pile[0].is_tamaseed and allowed("treated_as_creature") and dice.coin():
        obj["treated_as_creature"] = True
    creatures = [other for other in placed if "equipped_to" not in other]
    if pile[0].is_equipment and creatures and allowed("equipped_to") and dice.coin():
        obj["equipped_to"] = dice.pick(creatures)["cards"][0]
    return obj


def _graveyard_sources(dice: Dice, pool: Pool, labels: Labels, view: dict[str, Any], allowed: Allowed,
                       active: bool) -> None:
    """A card of the hand, mana zone or deck that evolves from the graveyard (墓地進化) may find sources of its kind
    there, as an evolution creature of the battle zone stands on its sources: drawn alone, the graveyard rarely holds
    them. A swarm that enables the family gives the turn player such a card in the hand (to summon)."""
    enabled = "graveyard_evolution" in allowed.families and allowed("evolved")
    evolving = [card for card in pool.evolving if card.evolution is not None
                and card.evolution.from_zone == "graveyard"]
    in_hand = {labels.cards[label] for label in view.get("hand", ())}
    if enabled and active and evolving and not any(card.name in in_hand for card in evolving):
        view["hand"] = [*view.get("hand", ()), labels.label(dice.pick(evolving))]
    for label in [label for zone in ("hand", "mana", "deck") for label in view.get(zone, ())]:
        card = pool.named(labels.cards[label])
        if card.evolution is not None and card.evolution.from_zone == "graveyard" and allowed("evolved") and (
                enabled or dice.coin()):
            view["graveyard"] = [*view.get("graveyard", ()), *(labels.label(c) for c in _sources(dice, pool, card))]


def _shapes(pool: Pool, allowed: Allowed) -> list[str]:
    """The shapes of object the palette can make, of those the adapter plays."""
    return [shape for shape in SHAPES if (pool.evolving if shape == "evolved" else pool.standing) and allowed(shape)]


def _sources(dice: Dice, pool: Pool, top: Card) -> list[Card]:
    """The sources an evolution card is on: as many as it needs (or one more, for "or more"), of its kind."""
    evolution = top.evolution
    if evolution is None:
        return []
    needed = evolution.sources + (dice.count(0, 1) if evolution.or_more else 0)
    kind = SOURCE_KINDS.get(evolution.of, "is_creature")
    candidates = [card for card in pool.having(kind) if not card.is_hyperspatial]
    candidates = [card for card in candidates if evolution.civilization in (None, *card.civilizations)] \
        or candidates or list(pool.standing)
    return [dice.pick(candidates) for _ in range(needed)] if candidates else []


def _effects(dice: Dice, objects: Sequence[dict[str, Any]], allowed: Allowed) -> list[dict[str, Any]]:
    effects: list[dict[str, Any]] = []
    if allowed.favoured in EFFECT_KINDS and allowed(allowed.favoured):
        for obj in objects:  # a swarm that favours an effect puts it on every object
            effect = {"kind": allowed.favoured, "target": obj["cards"][0]}
            effects.append({**effect, "amount": dice.pick(AMOUNTS)} if allowed.favoured == "power" else effect)
        return effects
    kinds = [kind for kind in EFFECT_KINDS if allowed(kind)]
    while objects and kinds and dice.more(len(effects), 0, 2):
        target = dice.pick(objects)["cards"][0]
        if dice.fair(kinds) == "ignore_abilities":
            effects.append({"kind": "ignore_abilities", "target": target})
            continue
        effect = {"kind": "power", "target": target, "amount": dice.pick(AMOUNTS)}
        if dice.coin():
            effect["duration"] = "permanent"
        effects.append(effect)
    return effects

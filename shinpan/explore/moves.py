"""Generated moves (行動): the contract's actions, each drawn from what the board shows now.

A move is drawn after the previous one has been made, from the observation of the engine that leads the case (the
reference engine in a differential run, the engine under test for a property), so that it names cards where the
action makes sense: a creature in a hand to summon, objects in the battle zone to destroy (several at once), the
turn player's creature to attack, the top card of a pile to devolve, gods to link, waiting abilities to resolve.
The rules may still reject a move; that is an answer to compare like any other.

Each kind of move is a function of the board that returns how to draw its action there, or ``None`` where it
cannot be drawn. Only the kinds whose mechanic the adapter plays are drawn (:data:`MECHANICS`), in a fixed order,
so that shrinking prefers the first ones.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from shinpan.adapters.sdk.actions import ACTION_TYPES, EFFECT_MECHANICS
from shinpan.adapters.sdk.vocabulary import DECK_POSITIONS, PLAYERS
from shinpan.explore.dice import Dice
from shinpan.explore.pool import SOURCE_KINDS, Card, Pool

Action = dict[str, Any]
Maker = Callable[[Dice], Action]
"""Draws one action of a kind on a board."""
Drawer = Callable[["Board"], Maker | None]
"""A kind of move: how to draw its action on this board, or ``None`` where it cannot be drawn."""
ZONES_TO = ("graveyard", "hand", "mana", "deck", "shields")
FLIPS = ("other", "awaken", "dragon_release")
SWAP_WAYS = ("swap", "revolution_change", "j_change")


@dataclass(frozen=True)
class Board:
    """The board a move is drawn from: an observation, with the names of its cards."""

    observation: Mapping[str, Any]
    names: Mapping[str, str]
    pool: Pool
    destination: str | None = None
    """The destination a swarm favours (:mod:`shinpan.explore.swarm`), if any."""

    def to(self, dice: Dice) -> str:
        """A destination zone: the favoured one half the time, else any, fairly."""
        return self.destination if self.destination is not None and not dice.coin() else dice.fair(ZONES_TO)

    @property
    def active(self) -> str:
        """Whose turn it is."""
        return str(self.observation["turn"]["active"])

    @property
    def other(self) -> str:
        """The player whose turn it is not."""
        return "opp" if self.active == "me" else "me"

    def objects(self, player: str | None = None) -> list[Mapping[str, Any]]:
        """The battle-zone objects (of ``player``, or of both)."""
        sides = [player] if player else PLAYERS
        return [obj for side in sides for obj in self.observation["players"][side]["battle"]]

    def zone(self, player: str, zone: str) -> list[str]:
        """The labels in ``player``'s ``zone`` (not the battle zone)."""
        return list(self.observation["players"][player].get(zone, []))

    def outside(self, *zones: str) -> list[str]:
        """Every card in these zones of either player."""
        found = self._outside.get(zones)
        if found is None:  # each kind of move asks for a few zones: each set is read from the board once
            found = self._outside[zones] = tuple(card for player in PLAYERS for zone in zones
                                                 for card in self.observation["players"][player].get(zone, ()))
        return list(found)

    @cached_property
    def _outside(self) -> dict[tuple[str, ...], tuple[str, ...]]:
        """The cards of the zones :meth:`outside` was asked for, by those zones."""
        return {}

    def card(self, label: str) -> Card:
        """The pool's card a label names."""
        return self.pool.named(self.names[label])

    @cached_property
    def _piles(self) -> dict[str, list[tuple[str, Card, Mapping[str, Any]]]]:
        """Each player's battle-zone objects with their top card's label and card (looked up once per board)."""
        return {player: [(obj["cards"][0], self.card(obj["cards"][0]), obj) for obj in self.objects(player)]
                for player in PLAYERS}

    @cached_property
    def top_cards(self) -> list[Card]:
        """The top card of every battle-zone object."""
        return [card for side in PLAYERS for _, card, _ in self._piles[side]]

    def tops(self, test: Callable[[Card, Mapping[str, Any]], bool] | None = None,
             player: str | None = None) -> list[str]:
        """The top cards of the objects whose top card and object pass ``test``."""
        if test is None and player is None:
            return list(self._every_top)
        return [label for side in ([player] if player else PLAYERS) for label, card, obj in self._piles[side]
                if test is None or test(card, obj)]

    @cached_property
    def _every_top(self) -> tuple[str, ...]:
        """The top card of every battle-zone object (asked by many kinds of move: read once)."""
        return tuple(label for side in PLAYERS for label, _, _ in self._piles[side])

    @cached_property
    def creatures(self) -> list[str]:
        """The top cards of the objects that are creatures."""
        return [label for side in PLAYERS for label in self._creatures[side]]

    def creatures_of(self, player: str) -> list[str]:
        """The top cards of ``player``'s creatures."""
        return list(self._creatures[player])

    @cached_property
    def _creatures(self) -> dict[str, tuple[str, ...]]:
        """The top cards of each player's creatures."""
        return {side: tuple(label for label, card, _ in self._piles[side] if card.is_creature) for side in PLAYERS}

    def player_of(self, label: str) -> str:
        """The player in whose zone (not the battle zone) the card is."""
        return self._players.get(label, self.active)

    @cached_property
    def _players(self) -> dict[str, str]:
        """The player of each card in a zone (not the battle zone): the first player whose lists name it."""
        found: dict[str, str] = {}
        for player in PLAYERS:
            for cards in self.observation["players"][player].values():
                if isinstance(cards, list):
                    for card in cards:
                        if isinstance(card, str):
                            found.setdefault(card, player)
        return found

    def sources_for(self, label: str, player: str) -> list[str]:
        """What the card may evolve onto when ``player`` evolves it: their creatures, or the cards of their
        graveyard for 墓地進化 (none for a card that does not evolve)."""
        evolution = self.card(label).evolution
        if evolution is None:
            return []
        if evolution.from_zone == "graveyard":  # of the kind (and civilization) it evolves from
            kind = SOURCE_KINDS.get(evolution.of, "is_creature")
            return [c for c in self.zone(player, "graveyard") if c != label and getattr(self.card(c), kind)
                    and evolution.civilization in (None, *self.card(c).civilizations)]
        return self.creatures_of(player)

    @property
    def waiting(self) -> list[Mapping[str, Any]]:
        """The waiting abilities."""
        return list(self.observation.get("waiting", []))


def resolve(board: Board) -> Maker | None:
    """解決: resolve the waiting abilities."""
    return (lambda dice: {"type": "resolve"}) if board.waiting else None


def destroy(board: Board) -> Maker | None:
    """破壊: one effect destroys one or more creatures (of either player) at once."""
    tops = board.creatures
    return (lambda dice: {"type": "destroy", "cards": dice.some(tops, 1, 3)}) if tops else None


def move(board: Board) -> Maker | None:
    """An effect moves a card (a battle-zone object whole) to a zone; into the deck on top, at the bottom or
    shuffled in; perhaps naming whose effect it is."""
    cards = board.tops() + board.outside("hand", "mana", "shields", "graveyard", "deck")
    if not cards:
        return None

    def make(dice: Dice) -> Action:
        card = dice.pick(cards)
        action: Action = {"type": "move", "card": card, "to": board.to(dice)}
        if board.card(card).is_hyperspatial and dice.coin():
            action["to"] = "hyperspatial"
        if action["to"] == "deck":
            action["position"] = dice.fair(DECK_POSITIONS)
        if dice.coin():
            action["by"] = dice.pick(PLAYERS)
        return action

    return make


def put_into_battle(board: Board) -> Maker | None:
    """出す: an effect puts a card into the battle zone (tapped, with others at once, or onto sources: creatures
    in the battle zone, or cards of its owner's graveyard for 墓地進化)."""
    cards = [c for c in board.outside("hand", "mana", "graveyard", "deck", "hyperspatial")
             if board.card(c).stays_in_battle]
    evolving = [(c, sources) for c in board.outside("hand", "mana", "graveyard", "deck")
                if board.card(c).evolution is not None and (sources := board.sources_for(c, board.player_of(c)))]
    if not cards and not evolving:
        return None

    def make(dice: Dice) -> Action:
        if not cards or (evolving and dice.coin()):
            card, sources = dice.fair(evolving)
            return {"type": "put_into_battle", "card": card, "sources": dice.some(sources, 1, 2)}
        card = dice.pick(cards)
        action: Action = {"type": "put_into_battle", "card": card}
        if dice.coin():
            action["tapped"] = True
        more = dice.some([c for c in cards if c != card], 0, 2)
        if more:
            action["with"] = more
        return action

    return make


def summon(board: Board) -> Maker | None:
    """召喚: the turn player summons a creature from the hand (an evolution creature onto their creatures, or onto
    cards of their graveyard for 墓地進化)."""
    hand = [c for c in board.zone(board.active, "hand") if board.card(c).is_creature]
    if not hand:
        return None
    evolving = [c for c in hand if board.sources_for(c, board.active)]

    def make(dice: Dice) -> Action:  # an evolution creature with sources to go onto half the time, if one can
        action: Action = {"type": "summon", "card": dice.fair(evolving if evolving and dice.coin() else hand)}
        sources = board.sources_for(action["card"], board.active)
        if sources:
            action["sources"] = dice.some(sources, 1, 3)
        return action

    return make


def end_turn(board: Board) -> Maker | None:
    """The turn ends and the other player's begins (only when that player has a card to draw: the kit never tests
    deck-out)."""
    return (lambda dice: {"type": "end_turn"}) if board.zone(board.other, "deck") else None


def tap(board: Board) -> Maker | None:
    """タップ / アンタップ: an object or a mana card."""
    cards = board.tops() + board.outside("mana")
    return (lambda dice: {"type": dice.pick(("tap", "untap")), "card": dice.pick(cards)}) if cards else None


def attack(board: Board) -> Maker | None:
    """攻撃: one of the turn player's creatures attacks the other player or one of their creatures."""
    attackers = board.creatures_of(board.active)
    if not attackers:
        return None
    targets: list[dict[str, str]] = [{"player": board.other}, *({"card": c} for c in board.creatures_of(board.other))]
    return lambda dice: {"type": "attack", "attacker": dice.pick(attackers), "target": dice.pick(targets)}


def draw(board: Board) -> Maker | None:
    """カードを引く: a player draws from a deck that has the cards."""
    players = [p for p in PLAYERS if board.zone(p, "deck")]
    if not players:
        return None

    def make(dice: Dice) -> Action:
        player = dice.pick(players)
        return {"type": "draw", "player": player, "count": dice.count(1, len(board.zone(player, "deck")))}

    return make


def charge_mana(board: Board) -> Maker | None:
    """マナチャージ: a card from a hand into the mana zone."""
    cards = board.outside("hand")
    return (lambda dice: {"type": "charge_mana", "card": dice.pick(cards)}) if cards else None


def apply_effect(board: Board) -> Maker | None:
    """A resolved effect: power up or down until the end of the turn, or the object's abilities ignored."""
    tops = board.tops()
    if not tops:
        return None

    def make(dice: Dice) -> Action:
        target = dice.pick(tops)
        if dice.coin():
            return {"type": "apply_effect", "effect": {"kind": "ignore_abilities", "target": target}}
        effect: Action = {"kind": "power", "target": target, "amount": dice.pick((2000, -1000, 3000, -3000))}
        if dice.coin():
            effect["duration"] = "permanent"
        return {"type": "apply_effect", "effect": effect}

    return make


def devolve(board: Board) -> Maker | None:
    """退化: only the top card of a pile leaves; what stays is reconstructed."""
    tops = board.tops(lambda card, obj: len(obj["cards"]) > 1)
    if not tops:
        return None
    return lambda dice: {"type": "devolve", "card": dice.pick(tops), "to": board.to(dice)}


def put_under(board: Board) -> Maker | None:
    """An effect puts cards from outside the battle zone under an object."""
    tops, cards = board.tops(), board.outside("hand", "graveyard", "mana", "deck")
    if not tops or not cards:
        return None
    return lambda dice: {"type": "put_under", "target": dice.pick(tops), "cards": dice.some(cards, 1, 2)}


def rearrange_under(board: Board) -> Maker | None:
    """The controller rearranges the cards under a top card (403.3 before 2021-03-16; forbidden after)."""
    piles = [list(obj["cards"]) for obj in board.objects() if len(obj["cards"]) > 2]
    if not piles:
        return None

    def make(dice: Dice) -> Action:
        pile = dice.pick(piles)
        return {"type": "rearrange_under", "target": pile[0], "order": dice.some(pile[1:], len(pile) - 1, len(pile))}

    return make


def g_link(board: Board) -> Maker | None:
    """G・リンク: two or three of one player's gods link, left to right."""
    groups = [gods for p in PLAYERS if len(gods := board.tops(lambda card, obj: card.g_link is not None, p)) >= 2]
    if not groups:
        return None
    return lambda dice: {"type": "g_link", "cards": dice.some(dice.pick(groups), 2, 3)}


def awaken_link(board: Board) -> Maker | None:
    """覚醒リンク: two or more of one player's double-faced psychic creatures show their other faces and link."""
    groups = [tops for p in PLAYERS if len(tops := board.tops(
        lambda card, obj: card.back is not None and card.is_hyperspatial and card.is_creature, p)) >= 2]
    if not groups:
        return None
    return lambda dice: {"type": "awaken_link", "cards": dice.some(dice.pick(groups), 2, 3)}


def unlink(board: Board) -> Maker | None:
    """リンク解除: a linked creature splits into its gods."""
    linked = [obj["linked"][-1] for obj in board.objects() if len(obj.get("linked", [])) > 1]
    return (lambda dice: {"type": "unlink", "card": dice.pick(linked)}) if linked else None


def flip(board: Board) -> Maker | None:
    """裏返る: a double-faced card on top of its object shows its other face (覚醒, 龍解, or otherwise)."""
    tops = board.tops(lambda card, obj: card.back is not None)
    if not tops:
        return None
    return lambda dice: {"type": "flip", "card": dice.pick(tops), "by": dice.fair(FLIPS)}


def seal(board: Board) -> Maker | None:
    """封印: the top card of the owner's deck goes face down on an object."""
    tops = board.tops()
    return (lambda dice: {"type": "seal", "card": dice.pick(tops)}) if tops else None


def unseal(board: Board) -> Maker | None:
    """封印を外す: a seal comes off an object."""
    sealed = board.tops(lambda card, obj: bool(obj.get("seals")))
    return (lambda dice: {"type": "unseal", "card": dice.pick(sealed)}) if sealed else None


def swap(board: Board) -> Maker | None:
    """入れ替え: a battle-zone creature and a card of the hand or the mana zone change places (革命チェンジ and
    Jチェンジ are swaps named on the card)."""
    others = [c for c in board.outside("hand", "mana") if board.card(c).stays_in_battle]
    if not board.creatures or not others:
        return None
    return lambda dice: {"type": "swap", "card": dice.pick(board.creatures), "with": dice.pick(others),
                         "via": dice.fair(SWAP_WAYS)}


def equip(board: Board) -> Maker | None:
    """Equip a piece of equipment in the battle zone to a creature."""
    pieces = board.tops(lambda card, obj: card.is_equipment)
    if not pieces or not board.creatures:
        return None
    return lambda dice: {"type": "equip", "card": dice.pick(pieces), "to": dice.pick(board.creatures)}


def side_jump(board: Board) -> Maker | None:
    """横跳び: the top card of an evolution creature moves onto another creature."""
    evolved = board.tops(lambda card, obj: len(obj["cards"]) > 1 and card.evolution is not None)
    if not evolved or len(board.creatures) < 2:
        return None
    return lambda dice: {"type": "side_jump", "card": dice.pick(evolved), "onto": dice.pick(board.creatures)}


def mugetsu(board: Board) -> Maker | None:
    """無月の門: a card from the hand goes onto 魔導具 in the battle zone."""
    cards = [c for c in board.outside("hand") if board.card(c).mugetsu is not None]
    tools = board.tops()
    if not cards or not tools:
        return None
    return lambda dice: {"type": "mugetsu", "card": dice.pick(cards), "tools": dice.some(tools, 1, 2)}


def stop_treating_as_creature(board: Board) -> Maker | None:
    """The effect treating a タマシード as a creature ends."""
    seeds = board.tops(lambda card, obj: card.is_tamaseed)
    return (lambda dice: {"type": "stop_treating_as_creature", "card": dice.pick(seeds)}) if seeds else None


def cast(board: Board) -> Maker | None:
    """呪文を唱える: the turn player casts a spell from the hand."""
    spells = [c for c in board.zone(board.active, "hand") if "呪文" in board.card(c).type_line]
    return (lambda dice: {"type": "cast", "card": dice.pick(spells)}) if spells else None


def discard(board: Board) -> Maker | None:
    """捨てる: an effect makes a player discard a card."""
    cards = board.outside("hand")
    return (lambda dice: {"type": "discard", "card": dice.pick(cards)}) if cards else None


def break_shields(board: Board) -> Maker | None:
    """ブレイク: a creature breaks shields of its controller's opponent at once."""
    pairs = [(breakers, shields) for player, other in (("me", "opp"), ("opp", "me"))
             if (breakers := board.creatures_of(player)) and (shields := board.zone(other, "shields"))]
    if not pairs:
        return None

    def make(dice: Dice) -> Action:
        breakers, shields = dice.pick(pairs)
        return {"type": "break", "breaker": dice.pick(breakers), "shields": dice.some(shields, 1, 2)}

    return make


def tap_mana(board: Board) -> Maker | None:
    """マナを支払う: tap untapped cards of one player's mana zone."""
    untapped = [cards for player in PLAYERS if (cards := [
        c for c in board.zone(player, "mana") if c not in board.observation["players"][player].get("tapped_mana", [])])]
    return (lambda dice: {"type": "tap_mana", "cards": dice.some(dice.pick(untapped), 1, 2)}) if untapped else None


DRAWERS: dict[str, Drawer] = {
    "resolve": resolve, "destroy": destroy, "move": move, "put_into_battle": put_into_battle, "summon": summon,
    "end_turn": end_turn, "tap": tap, "attack": attack, "draw": draw, "charge_mana": charge_mana,
    "apply_effect": apply_effect, "devolve": devolve, "put_under": put_under, "rearrange_under": rearrange_under,
    "g_link": g_link, "awaken_link": awaken_link, "unlink": unlink, "flip": flip, "seal": seal, "unseal": unseal,
    "swap": swap, "equip": equip,
    "side_jump": side_jump, "mugetsu": mugetsu, "stop_treating_as_creature": stop_treating_as_creature,
    "cast": cast, "discard": discard, "break": break_shields, "tap_mana": tap_mana,
}
"""Each kind of move by the action type it draws (``tap`` draws untap too), in the order shrinking
prefers. Every action type of the contract is drawn (tests/test_explore.py)."""
ALSO_DRAWN = {"untap": "tap"}
"""Action types drawn by the drawer of another."""


def playable(mechanics: Collection[str]) -> tuple[Drawer, ...]:
    """The kinds of move an adapter that plays ``mechanics`` can be given: those whose action type's mechanics (the
    contract's vocabulary, :mod:`shinpan.adapters.sdk.actions`) it declares."""
    return _playable(frozenset(mechanics))


@cache
def _playable(declared: frozenset[str]) -> tuple[Drawer, ...]:
    """:func:`playable`, once per set of mechanics (a property asks at every example)."""
    return tuple(drawer for kind, drawer in DRAWERS.items() if set(ACTION_TYPES[kind].mechanics) <= declared)


def playable_action(action: Mapping[str, Any], mechanics: Collection[str]) -> bool:
    """Whether the adapter plays this very action: its type's mechanics and those of the fields it gives (sources
    need ``evolution``, an effect its kind's mechanic), as the contract's vocabulary names them."""
    kind = ACTION_TYPES[action["type"]]
    needed = {*kind.mechanics, *(mechanic for key, mechanic in _field_mechanics(action["type"]) if action.get(key))}
    if "effect" in action:
        needed.add(EFFECT_MECHANICS[action["effect"]["kind"]])
    return needed.issubset(mechanics)


@cache
def _field_mechanics(kind: str) -> tuple[tuple[str, str], ...]:
    """The fields of an action type that need a mechanic of their own, by their key in the message."""
    return tuple((f.metadata.get("key", f.name), f.metadata["mechanic"]) for f in dataclasses.fields(ACTION_TYPES[kind])
                 if "mechanic" in f.metadata)


KIND_OF: dict[Drawer, str] = {drawer: kind for kind, drawer in DRAWERS.items()}
"""The action type each kind of move is named by."""


def next_move(dice: Dice, board: Board, drawers: Sequence[Drawer], mechanics: Collection[str] | None = None,
              favoured: Collection[str] = (), made: Collection[str] = ()) -> Action | None:
    """A move drawn on ``board`` from the kinds ``drawers`` (``None`` if none can be drawn there, or the one drawn
    needs a mechanic outside ``mechanics``). With ``favoured`` kinds (a swarm's), every other move at most is of
    any kind; the others are of a favoured kind wherever the board allows one — one not yet ``made`` in the
    example first, so that a move that needs another first (an unseal after its seal) follows it. Every kind the
    board allows is equally likely (:meth:`Dice.fair`)."""
    makers = [(KIND_OF.get(drawer), maker) for drawer in drawers if (maker := drawer(board)) is not None]
    if not makers:
        return None
    chosen = [maker for kind, maker in makers if kind in favoured] if favoured and not dice.coin() else []
    chosen = [maker for kind, maker in makers if kind in favoured and kind not in made] or chosen if chosen else []
    action = dice.fair(chosen or [maker for _, maker in makers])(dice)
    return action if mechanics is None or playable_action(action, mechanics) else None

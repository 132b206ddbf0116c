"""A game of デュエル・マスターズ under one rules state: set it up, act, and look at it.

:class:`Game` is the engine's only entry point. Setup methods build a starting state directly (no
rules are applied while building it); action methods apply the rules, and each zone move goes
through the one event pipeline. An action that the rules forbid raises
:class:`~shinpan.reference_engine.core.errors.IllegalAction` and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from shinpan.reference_engine.core.abilities import Triggered
from shinpan.reference_engine.core.cards import CardDatabase
from shinpan.reference_engine.core.characteristics import statics
from shinpan.reference_engine.core.choices import ChoiceScript
from shinpan.reference_engine.core.effects import Duration, PowerModifier
from shinpan.reference_engine.core.errors import IllegalAction, InvalidSetup, UnsupportedByEngine
from shinpan.reference_engine.core.events import Attacked, Cause, Event, ManaTapped, MoveRequest, TapForMana
from shinpan.reference_engine.core.objects import BattleObject, Card
from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.rules_state import RulesState
from shinpan.reference_engine.core.sickness import can_attack, may_attack_untapped
from shinpan.reference_engine.core.state import GameState
from shinpan.reference_engine.core.turns import Step, Turn
from shinpan.reference_engine.core.waiting import Pending, reads_that
from shinpan.reference_engine.core.zones import DeckPosition, Zone
from shinpan.reference_engine.pipeline.pipeline import Pipeline
from shinpan.reference_engine.pipeline.replacements import replace_tap
from shinpan.reference_engine.pipeline.triggers import check_attack, track
from shinpan.reference_engine.resolving.resolution import next_pending, resolve
from shinpan.reference_engine.resolving.spells import cast
from shinpan.reference_engine.transitions import awaken_link as awaken_link_
from shinpan.reference_engine.transitions import equipment as equipment_
from shinpan.reference_engine.transitions import flip, link, mugetsu, seal, side_jump, swap, tamaseed, unlink
from shinpan.reference_engine.transitions.evolution import evolve
from shinpan.reference_engine.transitions.flip import FlipBy
from shinpan.reference_engine.transitions.under import put_under, rearrange_under

MECHANICS: tuple[str, ...] = ("zones", "summon", "tap", "summoning_sickness", "speed_attacker", "turns", "attack",
                              "spells", "mana", "power_modifiers", "evolution", "neo_evolution", "reconstruction",
                              "cards_under",
                              "replacement_effects", "triggers", "swap", "ignore_abilities", "g_link", "flip",
                              "awaken", "dragheart", "seal", "revolution_change", "j_change", "equipment",
                              "side_jump", "mugetsu", "tamaseed", "awaken_link")
"""The mechanics this engine implements, as named in the adapter contract."""


class Game:
    """One game. Deterministic: any randomness comes from ``seed``."""

    def __init__(self, database: CardDatabase, rules: RulesState, seed: int = 0) -> None:
        self.database = database
        self.rules = rules
        self.state = GameState.empty(Turn(1, Player.P1, Step.MAIN))
        self.log: list[Event] = []
        self.pipeline = Pipeline(self.state, self.log, rules, seed)

    @property
    def random(self) -> random.Random:
        """The game's source of randomness (shuffling), seeded with its seed (:attr:`Pipeline.random`)."""
        return self.pipeline.random

    # ------------------------------------------------------------------ setup
    def set_turn(self, turn: Turn) -> None:
        """Start from ``turn`` (setup only)."""
        self.state.turn = turn

    def create_card(self, name: str, owner: Player) -> Card:
        """A new card of ``name`` owned by ``owner``, not yet in any zone."""
        return Card(self.database.get(name), owner)

    def place(self, card: Card, zone: Zone, *, tapped: bool = False) -> None:
        """Put ``card`` at the end of its owner's ``zone`` (setup only; the deck is listed top first)."""
        if zone is Zone.BATTLE:
            raise InvalidSetup("battle-zone cards are placed with place_object")
        self.state.players[card.owner].zones[zone].append(card)
        if tapped:
            if zone is not Zone.MANA:
                raise InvalidSetup(f"only mana can be tapped outside the battle zone, not {zone}")
            self.state.players[card.owner].tapped_mana.add(card.serial)

    def place_object(
        self,
        cards: Sequence[Card],
        controller: Player,
        *,
        tapped: bool = False,
        arrived_this_turn: Collection[Card] = (),
        attacking: bool = False,
        treated_as_creature: bool = False,
    ) -> BattleObject:
        """Put a pile of cards (top first) into the battle zone as one object (setup only).

        Every card remembers that it entered this turn if it is in ``arrived_this_turn``, and an
        earlier turn otherwise (301.5).
        """
        if not cards:
            raise InvalidSetup("a battle-zone object needs at least one card")
        top = cards[0].definition
        if top.is_spell and not top.is_creature:
            raise InvalidSetup(f"{top.name} is a spell and cannot be in the battle zone")
        for card in cards:
            here = any(card is c for c in arrived_this_turn)
            card.entered_battle_turn = self.state.turn.number if here else self.state.turn.number - 1
        obj = BattleObject(list(cards), controller, tapped=tapped, attacking=attacking,
                           treated_as_creature=treated_as_creature)
        self.state.players[controller].battle.append(obj)
        return obj

    def apply_power_modifier(self, card: Card, amount: int, duration: Duration = Duration.END_OF_TURN) -> None:
        """A resolved effect changes the power of the object ``card`` is in (パンプアップ / パワー低下)."""
        obj = self._object(card)
        self.state.modifiers.append(PowerModifier(obj.serial, amount, duration))

    def ignore_abilities(self, card: Card) -> None:
        """A resolved effect makes the abilities of the object ``card`` is in ignored (能力を無視する)."""
        self.state.ignored.add(self._object(card).serial)

    def add_waiting(self, card: Card, index: int) -> None:
        """The triggered ability ``index`` of ``card`` is waiting to resolve (setup only), controlled by the
        controller of the card's object, or by its owner outside the battle zone. It waits with no triggering card:
        an ability whose effect reads that card is :class:`UnsupportedByEngine`."""
        abilities = card.definition.abilities
        ability = abilities[index] if 0 <= index < len(abilities) else None
        if not isinstance(ability, Triggered):
            raise InvalidSetup(f"ability {index} of {card.name} is not a triggered ability")
        if reads_that(ability.effect):
            raise UnsupportedByEngine(f"ability {index} of {card.name} reads the card that triggered it: it cannot "
                                      "wait without its trigger")
        obj = self.state.object_of(card)
        controller = obj.controller if obj is not None else card.owner
        _, zone = self.state.zone_of(card)
        self.state.waiting.append(Pending(card, index, ability, controller, track(self.state, card, zone)))

    # ---------------------------------------------------------------- actions
    def summon(self, card: Card, choices: ChoiceScript | None = None, *, sources: Sequence[Card] = ()) -> None:
        """召喚: the card's owner puts a creature from the hand into the battle zone (costs are assumed paid).

        With ``sources``, an evolution creature is summoned on top of them (801; NEO進化 802).
        """
        self._require_in(card, Zone.HAND, "summon")
        if not card.definition.is_creature:
            raise IllegalAction(f"{card.name} is not a creature and cannot be summoned")
        if sources:
            evolve(self.pipeline, card, sources, Cause.SUMMON, choices=choices)
        elif card.definition.is_evolution:
            raise IllegalAction(f"{card.name} is an evolution creature: summon it onto sources")
        else:
            self.pipeline.move([MoveRequest(card, Zone.BATTLE, Cause.SUMMON)], choices)
        self._finish(choices)

    def put_into_battle(self, card: Card, controller: Player | None = None, *, tapped: bool = False,
                        choices: ChoiceScript | None = None, sources: Sequence[Card] = (),
                        together: Sequence[Card] = ()) -> None:
        """出す: an effect puts ``card`` into the battle zone from wherever it is (onto ``sources``, if given);
        with ``together``, those cards too, in the same event (603.5a: one check of the enter abilities)."""
        if together:
            self._put_several_into_battle([card, *together], tapped, choices, sources)
            return
        if self.state.object_of(card) is not None:
            raise IllegalAction(f"{card.name} is already in the battle zone")
        if card.definition.is_spell:
            raise IllegalAction(f"{card.name} is a spell and cannot be put into the battle zone")
        if sources:
            if tapped:
                raise UnsupportedByEngine("putting an evolution creature out tapped by the effect is not implemented")
            evolve(self.pipeline, card, sources, Cause.PUT, controller, choices)
        elif card.definition.is_evolution:
            raise IllegalAction(f"{card.name} is an evolution creature: put it onto sources")
        else:
            self.pipeline.move([MoveRequest(card, Zone.BATTLE, Cause.PUT, controller=controller, tapped=tapped)],
                               choices)
        self._finish(choices)

    def _put_several_into_battle(self, cards: Sequence[Card], tapped: bool, choices: ChoiceScript | None,
                                 sources: Sequence[Card]) -> None:
        if sources:
            raise UnsupportedByEngine("putting an evolution creature out together with other cards is not implemented")
        for card in cards:
            if self.state.object_of(card) is not None or card.definition.is_spell or card.definition.is_evolution:
                raise IllegalAction(f"{card.name} cannot be put into the battle zone this way")
        if len({id(c) for c in cards}) != len(cards):
            raise IllegalAction("a card is named twice")
        self.pipeline.move([MoveRequest(card, Zone.BATTLE, Cause.PUT, tapped=tapped) for card in cards], choices)
        self._finish(choices)

    def devolve(self, card: Card, destination: Zone, choices: ChoiceScript | None = None) -> None:
        """退化: an effect moves only ``card``, the top card of its object, to its owner's ``destination``.

        What stays is reconstructed (801.4, :mod:`shinpan.reference_engine.transitions.reconstruction`).
        """
        obj = self._object(card)
        if obj.top is not card:
            raise IllegalAction(f"{card.name} is not the top card of its creature")
        if destination is Zone.BATTLE:
            raise IllegalAction("a card cannot leave the battle zone for the battle zone")
        self.pipeline.move([MoveRequest(card, destination, Cause.PUT, only_top=True)], choices)
        self._finish(choices)

    def put_under(self, target: Card, cards: Sequence[Card], choices: ChoiceScript | None = None) -> None:
        """An effect puts ``cards`` under the object ``target`` is part of (403.4a)."""
        put_under(self.pipeline, target, cards, choices)
        self._finish(choices)

    def rearrange_under(self, target: Card, order: Sequence[Card]) -> None:
        """The controller rearranges the cards under ``target``'s top card (403.3; forbidden by 403.4)."""
        rearrange_under(self.pipeline, target, order)

    def move(self, card: Card, destination: Zone, *, position: DeckPosition = DeckPosition.TOP,
             by: Player | None = None, choices: ChoiceScript | None = None) -> None:
        """An effect (of player ``by``, if given) moves ``card`` (with its whole object, or its linked god's pile,
        804.7) to ``destination``."""
        if destination is Zone.BATTLE:
            self.put_into_battle(card, choices=choices)
            return
        if self.state.zone_of(card)[1] is destination:
            raise IllegalAction(f"{card.name} is already in the {destination}: a move goes to another zone (400.5)")
        obj = self.state.object_of(card)
        moving = obj.part_of(card)[0] if obj is not None else card  # the object's top, or its god's (804.7)
        self.pipeline.move([MoveRequest(moving, destination, Cause.PUT, position=position, by=by)], choices)
        self._finish(choices)

    def destroy(self, cards: Sequence[Card], choices: ChoiceScript | None = None) -> None:
        """破壊: the objects these cards are in are put into their owners' graveyards, all at once (a linked
        god alone, 804.7)."""
        leaving: dict[int, Card] = {}
        for card in cards:
            obj = self._object(card)
            top = obj.part_of(card)[0]
            if leaving.get(obj.serial, top) is not top:
                raise UnsupportedByEngine("destroying two gods of one linked creature at once is not implemented")
            leaving[obj.serial] = top
        self.pipeline.move([MoveRequest(top, Zone.GRAVEYARD, Cause.DESTROY) for top in leaving.values()], choices)
        self._finish(choices)

    def tap(self, card: Card) -> None:
        """タップする: turn the object (or the mana card) sideways."""
        self._set_tapped(card, True)

    def untap(self, card: Card) -> None:
        """アンタップする: turn the object (or the mana card) upright."""
        self._set_tapped(card, False)

    def attack(self, card: Card, *, target: Player | Card, choices: ChoiceScript | None = None) -> None:
        """Declare an attack (攻撃): the attacker taps and is attacking. Battle is not resolved here."""
        attacker = self._object(card)
        under_way = next((obj for obj in self.state.objects() if obj.attacking), None)
        if under_way is not None:
            raise IllegalAction(f"{under_way.top.name} is attacking: one attack at a time (the contract's rule)")
        if attacker.controller is not self.state.turn.active:
            raise IllegalAction(f"{card.name} cannot attack outside its controller's turn")
        if not can_attack(self.state, attacker):
            raise IllegalAction(f"{card.name} cannot attack now (tapped, attacking, or summoning sick)")
        if isinstance(target, Card):
            defender = self._object(target)
            if defender.controller is attacker.controller:
                raise IllegalAction("a creature cannot attack its own controller's creatures")
            if not defender.tapped and not may_attack_untapped(self.state, attacker):
                raise IllegalAction(f"{target.name} is untapped and cannot be attacked")
        elif target is attacker.controller:
            raise IllegalAction("a creature cannot attack its own controller")
        if isinstance(target, Player) and any(s.name == "cannot_attack_players" for s in statics(self.state, attacker)):
            raise IllegalAction(f"{card.name} cannot attack players")
        attacker.tapped = True
        attacker.attacking = True
        self.log.append(Attacked(attacker.top, attacker.controller))
        self.pipeline.wait(check_attack(self.state, self.rules, attacker))
        self._finish(choices)

    def end_turn(self) -> None:
        """End the turn: end-of-turn effects and attacks end, and the opponent's turn begins (500). Abilities
        still waiting must be resolved first (the contract's rule: the rules quoted by the kit do not say)."""
        if self.state.waiting:
            raise IllegalAction("abilities are waiting to resolve: resolve them before the turn ends")
        self.state.modifiers = [m for m in self.state.modifiers if m.duration is not Duration.END_OF_TURN]
        for obj in self.state.objects():
            obj.attacking = False
        self.state.turn = self.state.turn.next()
        self._begin_turn()

    def draw(self, player: Player, count: int = 1) -> None:
        """カードを引く: move the top ``count`` cards of the deck to the hand, one at a time."""
        self.pipeline.draw(player, count)

    def charge_mana(self, card: Card) -> None:
        """マナチャージ: put a card from the hand into the mana zone, untapped."""
        self._require_in(card, Zone.HAND, "charge as mana")
        self.pipeline.move([MoveRequest(card, Zone.MANA, Cause.CHARGE)])

    # ------------------------------------------------- carry-over transitions (seed 000)
    def g_link(self, gods: Sequence[Card], choices: ChoiceScript | None = None) -> None:
        """G・リンク: these gods (left to right) become one creature
        (:mod:`shinpan.reference_engine.transitions.link`)."""
        link.link(self.state, gods)
        self._finish(choices)

    def unlink(self, god: Card, choices: ChoiceScript | None = None) -> None:
        """リンク解除: the linked creature ``god`` is part of splits into its gods
        (:mod:`shinpan.reference_engine.transitions.unlink`)."""
        unlink.unlink(self.state, god, choices)
        self._finish(choices)

    def flip(self, card: Card, by: FlipBy, choices: ChoiceScript | None = None) -> None:
        """裏返す (覚醒, 龍解, other): ``card`` shows its other face
        (:mod:`shinpan.reference_engine.transitions.flip`)."""
        flip.flip(self.state, card, by)
        self._finish(choices)

    def awaken_link(self, cards: Sequence[Card], choices: ChoiceScript | None = None) -> None:
        """覚醒リンク: these psychic creatures (left to right) flip and link
        (:mod:`shinpan.reference_engine.transitions.awaken_link`)."""
        awaken_link_.awaken_link(self.state, cards)
        self._finish(choices)

    def seal(self, card: Card, choices: ChoiceScript | None = None) -> None:
        """封印を付ける (:mod:`shinpan.reference_engine.transitions.seal`): the card that becomes the seal moves."""
        self.log.append(seal.seal(self.state, card))
        self._finish(choices)

    def unseal(self, card: Card, choices: ChoiceScript | None = None) -> None:
        """封印を外す: one seal of ``card``'s object moves to the graveyard (701.23a)."""
        self.log.append(seal.unseal(self.state, card))
        self._finish(choices)

    def swap(self, out: Card, into: Card, choices: ChoiceScript | None = None) -> None:
        """入れ替え / 革命チェンジ / Jチェンジ (:mod:`shinpan.reference_engine.transitions.swap`)."""
        swap.swap(self.pipeline, out, into, choices)
        self._finish(choices)

    def equip(self, equipment: Card, creature: Card, choices: ChoiceScript | None = None) -> None:
        """Equip (クロス, 装備): :mod:`shinpan.reference_engine.transitions.equipment`."""
        equipment_.equip(self.state, equipment, creature)
        self._finish(choices)

    def side_jump(self, card: Card, onto: Card, choices: ChoiceScript | None = None) -> None:
        """横跳び (:mod:`shinpan.reference_engine.transitions.side_jump`)."""
        side_jump.side_jump(self.pipeline, card, onto, choices)
        self._finish(choices)

    def mugetsu(self, card: Card, tools: Sequence[Card], choices: ChoiceScript | None = None) -> None:
        """無月の門 (:mod:`shinpan.reference_engine.transitions.mugetsu`)."""
        self._require_in(card, Zone.HAND, "put out by 無月の門")
        mugetsu.mugetsu(self.pipeline, card, tools, choices)
        self._finish(choices)

    def stop_treating_as_creature(self, card: Card, choices: ChoiceScript | None = None) -> None:
        """The effect treating a タマシード as a creature ends
        (:mod:`shinpan.reference_engine.transitions.tamaseed`)."""
        tamaseed.stop_treating_as_creature(self.state, card)
        self._finish(choices)

    def resolve(self, choices: ChoiceScript | None = None) -> None:
        """Resolve every waiting ability, including those that trigger meanwhile, in the rules' order (603)."""
        script = choices if choices is not None else ChoiceScript()
        self.pipeline.script = script
        while self.state.waiting:
            pending = next_pending(self.state, script)
            self.state.waiting.remove(pending)
            resolve(self.pipeline, pending, script)
        self.pipeline.script = None
        self._finish(choices)

    def cast(self, card: Card, choices: ChoiceScript | None = None) -> None:
        """呪文を唱える: its owner casts the spell from the hand, costs taken as paid (spells.py)."""
        script = choices if choices is not None else ChoiceScript()
        self.pipeline.script = script
        try:
            cast(self.pipeline, card, script)
        finally:
            self.pipeline.script = None
        self._finish(choices)

    def discard(self, card: Card, choices: ChoiceScript | None = None) -> None:
        """捨てる: the card is put from its owner's hand into the graveyard (an effect makes its owner discard it)."""
        self._require_in(card, Zone.HAND, "discard")
        self.pipeline.move([MoveRequest(card, Zone.GRAVEYARD, Cause.DISCARD)], choices)
        self._finish(choices)

    def tap_mana(self, cards: Sequence[Card], choices: ChoiceScript | None = None) -> None:
        """マナを支払う: tap these untapped cards of one player's mana zone, one at a time; each produces mana.

        Each tap is first offered to the replacement effects that wait for it (:func:`replacements.replace_tap`).
        """
        script = choices if choices is not None else ChoiceScript()
        for card in cards:
            player, zone = self.state.zone_of(card)
            if zone is not Zone.MANA or card.serial in self.state.players[player].tapped_mana:
                raise IllegalAction(f"{card.name} is not an untapped card in the mana zone")
            tap, replaced = replace_tap(self.state, TapForMana(card), script)
            if replaced is not None:
                self.log.append(replaced)
            self.state.players[player].tapped_mana.add(card.serial)
            self.log.append(ManaTapped(card, tap.mana))
        self._finish(choices)

    def break_shields(self, breaker: Card, shields: Sequence[Card], choices: ChoiceScript | None = None) -> None:
        """ブレイク: the creature ``breaker`` breaks these shields of the opponent at once; each goes to the hand.

        S・トリガー is not offered. A replacement of the breaking creature (「ブレイクする時、かわりに…」) applies.
        """
        obj = self._object(breaker)
        for shield in shields:
            owner, zone = self.state.zone_of(shield)
            if zone is not Zone.SHIELDS or owner is obj.controller:
                raise IllegalAction(f"{shield.name} is not a shield of {breaker.name}'s opponent")
        breaks = [MoveRequest(s, Zone.HAND, Cause.BREAK, by=obj.controller, agent=obj.top) for s in shields]
        self.pipeline.move(breaks, choices)
        self._finish(choices)

    # ---------------------------------------------------------------- helpers
    def _begin_turn(self) -> None:
        """ターン開始ステップ: untap the active player's things; then draw (not on the game's first turn)."""
        active = self.state.turn.active
        for obj in self.state.players[active].battle:
            if not obj.seals and not obj.top.definition.is_fortress:  # 116.2a; a fortress has no tap state
                obj.tapped = False
        self.state.players[active].tapped_mana.clear()
        self.state.turn = Turn(self.state.turn.number, active, Step.DRAW)
        if self.state.turn.number > 1:
            self.draw(active)
        self.state.turn = Turn(self.state.turn.number, active, Step.MAIN)

    def _set_tapped(self, card: Card, tapped: bool) -> None:
        obj = self.state.object_of(card)
        if obj is not None:
            obj.tapped = tapped
            return
        player, zone = self.state.zone_of(card)
        if zone is not Zone.MANA:
            raise IllegalAction(f"{card.name} is in the {zone} and cannot be tapped or untapped")
        mana = self.state.players[player].tapped_mana
        if tapped:
            mana.add(card.serial)
        else:
            mana.discard(card.serial)

    def _object(self, card: Card) -> BattleObject:
        obj = self.state.object_of(card)
        if obj is None:
            raise IllegalAction(f"{card.name} is not in the battle zone")
        return obj

    def _require_in(self, card: Card, zone: Zone, verb: str) -> None:
        _, where = self.state.zone_of(card)
        if where is not zone:
            raise IllegalAction(f"cannot {verb} {card.name}: it is in the {where}, not the {zone}")

    @staticmethod
    def _finish(choices: ChoiceScript | None) -> None:
        if choices is not None:
            choices.finish()

"""DMSIM behind the setup walker's hooks: a game of DMSIM built from a kit setup, its moves, and what it shows.

Only DMSIM's public pieces are used: :class:`GameController` and its managers (``card_mover``, ``game_loop``,
``effect_resolver``, ``turn_manager``), its actions (:class:`SummonAction`, the destroy handler), its card factory
and zones. Its choices arrive at :meth:`Chooser.select`, answered from the kit's scripted choices.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from shinpan.adapters.contract import ChoiceKind, PlayerName
from shinpan.adapters.sdk import (
    BoardHooks,
    EventRecorder,
    LabelMap,
    Pile,
    Rejected,
    ScriptedChoices,
    Turn,
    Unsupported,
)
from shinpan.adapters.sdk.actions import Effect
from shinpan.adapters.sdk.vocabulary import CardZone, MoveCause, Zone


def import_dmsim() -> None:
    """Put DMSIM's source folder (``DMSIM_SOURCE``) on ``sys.path``; a missing one is an error saying so."""
    source = os.environ.get("DMSIM_SOURCE")
    if not source or not os.path.isfile(os.path.join(source, "core", "game_controller.py")):
        raise RuntimeError(f"DMSIM_SOURCE must name DMSIM's source folder (got {source!r})")
    if source not in sys.path:
        sys.path.insert(0, source)


import_dmsim()

from abilities.keywords.speed_attacker import SpeedAttackerAbility  # type: ignore[import-not-found]  # noqa: E402
from actions.cast_spell_action import CastSpellAction  # type: ignore[import-not-found]  # noqa: E402
from actions.summon_action import SummonAction  # type: ignore[import-not-found]  # noqa: E402
from card_db.factory import CardFactory  # type: ignore[import-not-found]  # noqa: E402
from cards.card import SpecialType  # type: ignore[import-not-found]  # noqa: E402
from cards.creature_card import CreatureCard  # type: ignore[import-not-found]  # noqa: E402
from core.action_handlers.destroy_action_handler import DestroyActionHandler  # type: ignore[import-not-found]  # noqa: E402
from core.duration_type import DurationType  # type: ignore[import-not-found]  # noqa: E402
from core.evolution_support import source_count_for  # type: ignore[import-not-found]  # noqa: E402
from core.game_controller import GameController  # type: ignore[import-not-found]  # noqa: E402
from core.game_step import GameStep  # type: ignore[import-not-found]  # noqa: E402
from core.player import Player  # type: ignore[import-not-found]  # noqa: E402
from core.seal_utils import is_seal_card  # type: ignore[import-not-found]  # noqa: E402
from effects.modifiers.timed_power_modifier_effect import (  # type: ignore[import-not-found]  # noqa: E402
    TimedPowerModifierEffect,
)
from events.destroy_event import DestroyEvent  # type: ignore[import-not-found]  # noqa: E402
from events.zone_change_event import ZoneChangeEvent  # type: ignore[import-not-found]  # noqa: E402
from zones.zone_type import ZoneType  # type: ignore[import-not-found]  # noqa: E402

__all__ = ["KIT_ZONES", "Game", "ZoneType", "import_dmsim"]

KIT_ZONES: dict[str, ZoneType] = {"deck": ZoneType.DECK, "hand": ZoneType.HAND, "mana": ZoneType.MANA,
                                  "shields": ZoneType.SHIELD, "graveyard": ZoneType.GRAVEYARD,
                                  "battle": ZoneType.BATTLE}
ZONE_NAMES: dict[ZoneType, Zone] = {zone: name for name, zone in KIT_ZONES.items()}  # type: ignore[misc]
ATTRIBUTES = {ZoneType.DECK: "deck", ZoneType.HAND: "hand", ZoneType.MANA: "mana_zone", ZoneType.SHIELD: "shield_zone",
              ZoneType.GRAVEYARD: "graveyard", ZoneType.BATTLE: "battle_zone"}
CAUSES: dict[str, MoveCause] = {"summon": "summon", "draw": "draw", "destroy": "destroy", "charge": "charge",
                                "mana_charge": "charge", "discard": "discard"}


UNNAMED_DECK_CARDS = 2
"""How many cards each deck holds below the cards the setup names (contract C-3.7): DMSIM declares a player lost
the moment their deck is empty, the suite's decks name only the cards a scenario needs (often none). These cards
are never observed, never act and never leave the deck: a move that would take one is UNSUPPORTED."""
UNNAMED_CARD: dict[str, Any] = {"kind": "creature", "name_ja": "（名前のない山札のカード）", "cost": 1,
                                "civilizations": ["light"], "power": 1000, "race_ja": "テスト", "special_types": [],
                                "abilities": {}}
"""The DMSIM card definition of a deck card the setup does not name: a creature with no ability."""

PROMPTS: dict[str, ChoiceKind] = {"適用する置換効果": "replacement", "Choose an effect to resolve": "order",
                                  "Choose an opponent creature to destroy": "target", "何枚引きますか": "use"}
"""DMSIM's prompts (the start of each) and the kit's choice kind each one is."""


def card_of(option: Any) -> Any:
    """The card a DMSIM choice is about: a replacement's card, an effect's source, or the card itself."""
    ability = getattr(option, "ability", option)
    if getattr(ability, "owner_card", None) is not None:
        return ability.owner_card
    return getattr(option, "source_card", option)


class Chooser:
    """DMSIM's choice manager, answered from the kit's scripted choices of the move being made
    (:attr:`choices`; ``None`` outside a move)."""

    def __init__(self, player_name: Callable[[Any], PlayerName]) -> None:
        self.choices: ScriptedChoices[Any] | None = None
        self.player_name = player_name
        self.order: list[Any] = []
        self.resolving: Any = None
        """The card whose waiting ability is resolving."""

    def select(self, player: Any, choices: Sequence[Any], prompt: str, min_count: int = 1, max_count: int = 1,
               auto_choose_single: bool = True) -> Any:
        if not choices:
            return [] if min_count == 0 else None
        kind = next((k for start, k in PROMPTS.items() if str(prompt).startswith(start)), None)
        if kind == "use" and self.choices is not None and self.resolving is not None:
            return self._use(player, choices)
        if kind is None or self.choices is None or min_count != 1 or max_count != 1:
            if len(choices) == 1 and min_count == max_count == 1:
                return choices[0]
            raise Unsupported(f"DMSIM asked a choice the adapter cannot map: {prompt}")
        cards = [card_of(option) for option in choices]
        if not all(self.choices.labels.names(card) for card in cards):
            raise Unsupported(f"DMSIM asked about something that is not a card: {prompt}")
        distinct = list({id(card): card for card in cards}.values())
        if kind == "order":
            picked = self._next_in_order(player, distinct)
        else:
            picked = self.choices.one_of(kind, distinct, by=self.player_name(player))
        return choices[next(i for i, card in enumerate(cards) if card is picked)]

    def _use(self, player: Any, choices: Sequence[Any]) -> Any:
        """「してもよい」: DMSIM asks how many of up to N; the kit's ``use`` choice names the card to use its
        ability, or nothing to decline."""
        assert self.choices is not None
        return max(choices) if self.choices.use(self.resolving, by=self.player_name(player)) else min(choices)

    def _next_in_order(self, player: Any, cards: list[Any]) -> Any:
        """The next effect to resolve: the card the script's next ``order`` choice names (one per decision)."""
        if len(cards) == 1:
            return cards[0]
        if not self.order:
            assert self.choices is not None
            self.order = list(self.choices.take("order", by=self.player_name(player), options=cards))
        for card in self.order:
            if any(card is c for c in cards):
                self.order.remove(card)
                return card
        raise Rejected("the scripted order does not name the waiting abilities")

    def choose(self, player: Any, choices: Sequence[Any], prompt: str) -> Any:
        return self.select(player, choices, prompt)


class Game(BoardHooks[Any, Any]):
    """One DMSIM game, built by the setup walker and played by the adapter."""

    def __init__(self, definitions: dict[str, dict[str, Any]], events: EventRecorder,
                 ability_index: Callable[[str, str], int | None]) -> None:
        self.definitions = definitions
        self._ability_index = ability_index
        self.events = events
        self.labels: LabelMap[Any] = LabelMap()
        self.chooser = Chooser(self.owner_name)
        self.players = {"me": Player("me"), "opp": Player("opp")}
        self.game = GameController([self.players["me"], self.players["opp"]], self.chooser)
        self.factory = CardFactory(None)
        self.names: dict[int, str] = {}
        self.unnamed: dict[int, Any] = {}
        """The deck cards the setup does not name (C-3.7), by id, kept below the named ones."""
        self.building = True
        self.put_cause = False
        self.destroyed: set[int] = set()
        """The named cards DMSIM has announced destroyed and not yet moved to the graveyard."""
        self.held: list[tuple[str, int | None]] = []
        """The ``triggered`` events held until those cards have moved (C-6.7)."""
        self.game.event_manager.subscribe(ZoneChangeEvent, self._moved)
        self.game.event_manager.subscribe(DestroyEvent, self._destroying)  # before any card's ability listens
        resolver = self.game.effect_resolver
        queue = resolver.add_effect

        def add_effect(effect: Any, controller: Any = None, is_shield_trigger: bool = False) -> None:
            queue(effect, controller=controller, is_shield_trigger=is_shield_trigger)
            source = getattr(effect, "source_card", None)
            if source is not None and id(source) in self.names:
                if not self.building and not self.being_cast(source):  # a setup's waiting abilities are no
                    # event (C-3.3), nor a spell's own effects, which resolve as it is cast: they never trigger
                    self._triggered(self.labels.label(source), self.ability_of(effect))
                resolve = effect.resolve

                def resolving(*args: Any, **kwargs: Any) -> Any:
                    self.chooser.resolving = source  # whose ability a choice of this resolution belongs to
                    try:
                        return resolve(*args, **kwargs)
                    finally:
                        self.chooser.resolving = None

                effect.resolve = resolving

        resolver.add_effect = add_effect
        manager = self.game.replacement_manager
        apply = manager.apply

        def applying(event: Any) -> None:
            affected = getattr(event, "card", None)
            candidates = manager.applicable_replacements(event)
            if id(affected) not in self.names:
                apply(event)
                return
            for ability in candidates:  # the replaced event comes before what the replacement does
                ability.replace = self._recording(ability, affected)
            try:
                apply(event)
            finally:
                for ability in candidates:
                    vars(ability).pop("replace", None)

        manager.apply = applying

    def _recording(self, ability: Any, affected: Any) -> Callable[[Any], Any]:
        """``ability.replace``, recording the replaced event first (and forgetting it if DMSIM's replacement
        declines)."""
        replace, card = type(ability).replace.__get__(ability), card_of(ability)

        def recording(event: Any) -> Any:
            mark = self.events.mark()
            if id(card) in self.names:
                self.events.replaced(self.labels.label(card), self.labels.label(affected),
                                     self._ability_index(self.names[id(card)], "replacement"))
            done = replace(event)
            if done is False:
                self.events.rewind(mark)
            return done

        return recording

    # ---------------------------------------------------------------- the setup walker's hooks
    def set_turn(self, turn: Turn) -> None:
        if turn.step != "main":
            raise Unsupported(f"DMSIM is driven from the main step only (setup asks {turn.step})", mechanic="turns")
        self.game.state.turn = turn.number
        self.game.state.turn_player_index = 0 if turn.active == "me" else 1
        self.game.state.step = GameStep.MAIN

    def new_card(self, label: str, name: str, owner: PlayerName) -> Any:
        if name not in self.definitions:
            raise Unsupported(f"card 《{name}》 is not built in DMSIM's card model", card=name)
        card = self.factory.create_from_definition(self.definitions[name], game=self.game)
        card.owner = self.players[owner]
        self.names[id(card)] = name
        return card

    def put_card(self, card: Any, zone: CardZone, owner: PlayerName) -> None:
        if zone not in KIT_ZONES:
            raise Unsupported(f"DMSIM has no {zone} zone", mechanic="zones")
        self._place(card, KIT_ZONES[zone], owner)

    def tap_mana(self, card: Any, owner: PlayerName) -> None:
        card.tapped = True

    def put_object(self, pile: Pile[Any], owner: PlayerName) -> Any:
        for lacking, mechanic in ((pile.setup.attacking, "attack"), (pile.setup.treated_as_creature, "tamaseed"),
                                  (pile.setup.equipped_to, "equipment")):
            if lacking:
                raise Unsupported(f"DMSIM's setup has no {mechanic} object (an attack is one action there)",
                                  mechanic=mechanic)
        top = pile.top
        if len(pile.cards) > 1:
            if not (top.has_special_type(SpecialType.EVOLUTION) or top.has_special_type(SpecialType.NEO)):
                raise Unsupported("cards under a non-evolution creature are not modelled in DMSIM",
                                  mechanic="cards_under")
            below = pile.cards[1:]
            uppers = [top] * len(below) if source_count_for(top) > 1 else list(pile.cards[:-1])  # DMSIM nests
            if not all(isinstance(upper, CreatureCard) for upper in uppers):
                raise Unsupported("DMSIM keeps the cards of a pile under creature cards only: a card under a "
                                  "spell (or another non-creature card) is not modelled", mechanic="cards_under")
            for upper, source in zip(uppers, below, strict=True):  # each evolution on its own sources
                source.zone = ZoneType.BATTLE
                upper.add_evolution_source(source)
        self._place(top, ZoneType.BATTLE, owner)
        top.tapped = pile.setup.tapped
        arrived = top in pile.arrived_this_turn and not getattr(top, "is_evolution", False)
        top.summoning_sick = arrived and self.players[owner] is self.game.state.current_player
        top.summon_turn = self.game.state.turn if top in pile.arrived_this_turn else self.game.state.turn - 1
        return top

    def add_waiting(self, card: Any, ability: int) -> None:
        """An ability already waiting: DMSIM's trigger manager queues it as it queues a triggered one, without an
        event (so only abilities that read no event: draws)."""
        found = [a for a in card.abilities if getattr(a, "label", None) == f"shinpan_{ability}"]
        if not found or any(step.get("effect_id") != "draw" for step in found[0].effect_specs):
            raise Unsupported("only a waiting draw ability can be set up in DMSIM (no triggering event to give it)",
                              mechanic="triggers")
        self.game.trigger_manager.process_trigger(found[0], None)

    def finish_setup(self) -> None:
        """The unnamed cards go under each deck (C-3.7); every card's abilities listen from now on (building the
        board triggered nothing, C-3.3)."""
        for player in self.players.values():
            for _ in range(UNNAMED_DECK_CARDS):
                card = self.factory.create_from_definition(UNNAMED_CARD, game=self.game)
                card.owner, card.zone = player, ZoneType.DECK
                player.deck.add(card)
                self.unnamed[id(card)] = card
        for player in self.players.values():
            for zone in ATTRIBUTES.values():
                for card in getattr(player, zone).cards:
                    card.register_abilities(self.game.event_manager)
        self.building = False

    # ---------------------------------------------------------------- moves
    def _place(self, card: Any, zone: ZoneType, owner: PlayerName) -> None:
        card.zone = zone
        getattr(self.players[owner], ATTRIBUTES[zone]).add(card)

    def owner(self, card: Any) -> PlayerName:
        return self.owner_name(card.owner)

    def owner_name(self, player: Any) -> PlayerName:
        return "me" if player is self.players["me"] else "opp"

    def zone_of(self, card: Any) -> Any:
        return card.zone

    def summon(self, card: Any, sources: Sequence[Any]) -> None:
        player = card.owner
        if card.zone != ZoneType.HAND:
            raise Rejected("a creature is summoned from the hand")
        if player is not self.game.state.current_player:  # C-4.15: the rules allow it (an effect's 召喚)
            raise Unsupported("DMSIM summons in its owner's turn only", mechanic="summon")
        neo, evolution = card.has_special_type(SpecialType.NEO), card.has_special_type(SpecialType.EVOLUTION)
        needed = source_count_for(card) if evolution or neo else 0
        if len(sources) != needed and not (neo and not sources):
            raise Rejected(f"this creature is put on {needed} creature(s), not {len(sources)}")
        if any(s.zone != ZoneType.BATTLE or s.owner is not player or s.is_evolution_source for s in sources):
            raise Rejected("an evolution source must be a creature of the player's battle zone")
        under = self._order_under(player, list(sources))
        source = (under[0] if len(under) == 1 else under) if under else None
        self.game.action_processor.process(SummonAction(player, card, ignore_cost=True, evolution_source=source))
        if card.zone == ZoneType.HAND:
            raise Rejected("DMSIM refused the summon")

    def _order_under(self, player: Any, sources: list[Any]) -> list[Any]:
        """Several sources go under in the order their player picks, top first (801.1b): DMSIM stacks them in
        the order it is given."""
        if len(sources) < 2 or self.chooser.choices is None:
            return sources
        order = list(self.chooser.choices.take("order_under", by=self.owner_name(player), options=sources))
        if len(order) != len(sources) or any(not any(s is o for o in order) for s in sources):
            raise Rejected("the order_under choice must name every source, once")
        return order

    def tap(self, card: Any, tapped: bool) -> None:
        if card.zone not in (ZoneType.BATTLE, ZoneType.MANA):
            raise Rejected("only battle-zone and mana cards are tapped")
        card.tapped = tapped

    def cast(self, card: Any) -> None:
        """Its owner casts the spell from the hand, the cost taken as paid; its effects resolve as DMSIM resolves
        a spell's (in the move)."""
        if card.zone != ZoneType.HAND:
            raise Rejected("a spell is cast from the hand")
        if card.owner is not self.game.state.current_player:  # C-4.15
            raise Unsupported("DMSIM casts in its owner's turn only", mechanic="spells")
        self.game.action_processor.process(CastSpellAction(card.owner, card, ignore_cost=True))
        if card.zone == ZoneType.HAND:
            raise Rejected("DMSIM refused the spell")

    def apply_effect(self, effect: Effect, target: Any) -> None:
        """An effect already resolved: a power change until the end of the turn (or for good)."""
        if effect.kind != "power" or effect.amount is None:
            raise Unsupported(f"applied effects of kind {effect.kind!r} are not implemented",
                              mechanic=effect.mechanic)
        if target.zone != ZoneType.BATTLE:
            raise Rejected("a power effect applies to a creature of the battle zone")
        duration = DurationType.UNTIL_END_OF_TURN if effect.duration == "end_of_turn" else DurationType.PERMANENT
        TimedPowerModifierEffect(source_card=target, target_card=target, modifier_amount=effect.amount,
                                 duration_type=duration, game=self.game).resolve()

    def discard(self, card: Any) -> None:
        if card.zone != ZoneType.HAND:
            raise Rejected("a card is discarded from the hand")
        self.game.card_mover.move(card=card, owner=card.owner, from_zone=ZoneType.HAND, to_zone=ZoneType.GRAVEYARD,
                                  reason="discard")

    def move(self, card: Any, to: ZoneType, *, position: str = "top", tapped: bool = False,
             by: PlayerName | None = None) -> None:
        """An effect (of ``by``'s, if named) moves the card: DMSIM's state says whose effect is resolving."""
        state = self.game.state
        state.current_effect_controller = self.players[by] if by else None
        try:
            self._move(card, to, position=position, tapped=tapped)
        finally:
            state.current_effect_controller = None

    def _move(self, card: Any, to: ZoneType, *, position: str, tapped: bool) -> None:
        if card.zone == to:
            raise Rejected("the card is already in that zone")
        if to == ZoneType.DECK and position not in ("top", "bottom"):
            raise Unsupported(f"a move to the deck {position} is not in DMSIM's mover", mechanic="zones")
        if card.zone == ZoneType.BATTLE and to == ZoneType.GRAVEYARD:  # 破壊 by definition (C-6.4), cause put
            self.put_cause = True
            try:
                DestroyActionHandler(self.game).destroy_cards([card])
            finally:
                self.put_cause = False
            return
        self.game.card_mover.move(card=card, owner=card.owner, from_zone=card.zone, to_zone=to, reason="effect")
        deck = card.owner.deck.cards
        if to == ZoneType.DECK and position == "top" and card in deck:  # as DMSIM's move effect puts a card on top
            deck.remove(card)
            deck.insert(0, card)
        if to == ZoneType.BATTLE and card.zone == ZoneType.BATTLE:  # as DMSIM's put-creature effects do
            card.tapped = tapped
            card.summoning_sick = not card.has_special_type(SpecialType.EVOLUTION)
            card.summon_turn = self.game.state.turn

    def destroy(self, cards: Sequence[Any]) -> None:
        if any(card.zone != ZoneType.BATTLE for card in cards):
            raise Rejected("only battle-zone creatures are destroyed")
        DestroyActionHandler(self.game).destroy_cards(list(cards))

    def draw(self, player: PlayerName, count: int) -> None:
        self.need_named(self.players[player], count, f"a draw of {count}")
        self.players[player].draw(self.game, count)

    # ---------------------------------------------------------------- the cards the setup does not name (C-3.7)
    def is_unnamed(self, card: Any) -> bool:
        return id(card) in self.unnamed

    def need_named(self, player: Any, count: int, what: str) -> None:
        """``what`` takes ``count`` cards from the top of ``player``'s deck: UNSUPPORTED if it would take one the
        setup does not name (C-3.7), before anything changes."""
        named = len(self.cards_in(self.owner_name(player), ZoneType.DECK))
        if named < count:
            raise Unsupported(f"{what} would take a deck card the setup does not name ({named} named): DMSIM's "
                              "deck-out (a player loses when the deck is empty) is not the kit's (C-3.7)")

    def settle_decks(self) -> None:
        """After a move: UNSUPPORTED if a card the setup does not name has left its deck (an ability drew it,
        C-3.7); else each deck's named cards above the unnamed ones, in their order (a card DMSIM put at the
        bottom goes above them)."""
        for player in self.players.values():
            deck = player.deck.cards
            kept = {id(card) for card in deck if self.is_unnamed(card)}
            if any(card.owner is player and key not in kept for key, card in self.unnamed.items()):
                raise Unsupported("the move took a deck card the setup does not name: DMSIM's deck-out (a player "
                                  "loses when the deck is empty) is not the kit's (C-3.7)")
            deck[:] = [card for card in deck if not self.is_unnamed(card)] + \
                [card for card in deck if self.is_unnamed(card)]

    def charge(self, card: Any) -> None:
        if card.zone != ZoneType.HAND:
            raise Rejected("mana is charged from the hand")
        self.game.card_mover.move(card=card, owner=card.owner, from_zone=ZoneType.HAND, to_zone=ZoneType.MANA,
                                  reason="charge")

    def end_turn(self) -> None:
        if self.game.effect_resolver.has_effects():
            raise Rejected("abilities are waiting: resolve them first")
        current = self.game.state.current_player
        self.need_named(self.players["opp" if current is self.players["me"] else "me"], 1, "the next turn's draw")
        turns = self.game.turn_manager
        turns.turn_end_step(current)
        player = self.game.state.current_player
        turns.turn_start_step(player)
        turns.draw_step(player)
        self.game.state.step = GameStep.MAIN

    def resolve(self) -> None:
        self.game.game_loop.resolve()

    # ---------------------------------------------------------------- what it shows
    def _destroying(self, event: Any) -> None:
        """DMSIM announces every creature a destruction destroys before it moves them (its abilities look back
        so, queued while the cards are still in the battle zone). It announces a pile by its top card, moves that
        card, then the cards under it: the pile leaves as one creature, so its sources are awaited too."""
        if self.building:
            return
        for card in (event.card, *getattr(event.card, "evolution_sources", ())):
            if id(card) in self.names:
                self.destroyed.add(id(card))

    def _triggered(self, card: str, ability: int | None) -> None:
        """An ability triggered: reported after the event that triggered it (C-6.7), so held while a destruction
        DMSIM has announced has not yet moved its cards."""
        if self.destroyed:
            self.held.append((card, ability))
        else:
            self.events.triggered(card, ability)

    def release_triggered(self) -> None:
        """Report the held ``triggered`` events: every destroyed card has moved (or the move is over, and a card
        DMSIM announced destroyed stayed where it was)."""
        self.destroyed.clear()
        held, self.held = self.held, []
        for card, ability in held:
            self.events.triggered(card, ability)

    def _moved(self, event: Any) -> None:
        if self.building or id(event.card) not in self.names:
            return
        self._record_move(event)
        if id(event.card) in self.destroyed:
            self.destroyed.discard(id(event.card))
            if not self.destroyed:
                self.release_triggered()

    def _record_move(self, event: Any) -> None:
        source, destination = ZONE_NAMES.get(event.from_zone), ZONE_NAMES.get(event.to_zone)
        if source is None or destination is None:
            return
        cause = CAUSES.get(str(event.reason), "put")
        if str(event.reason) == "cast_spell" and destination == "graveyard":
            cause = "cast"  # a cast spell into the graveyard; チャージャー's to the mana zone stays put (replaced)
        if str(event.reason) == "cast_spell" and getattr(event.card, "charger_to_mana", False):
            self._charged(event.card)
        if source == "battle" and destination == "graveyard" and str(event.reason).startswith("destroy"):
            cause = "put" if self.put_cause else "destroy"
        self.events.moved(self.labels.label(event.card), source, destination, self.owner(event.card), cause)

    def _charged(self, spell: Any) -> None:
        """チャージャー replaces the cast spell's move to the graveyard (609.1): DMSIM plays it as one of the
        spell's effects, which marks the spell, and its cast handler then picks the mana zone, out of its
        replacement manager's sight; the replacement is reported before the move it makes (C-6.7)."""
        label = self.labels.label(spell)
        self.events.replaced(label, label, self._ability_index(self.names[id(spell)], "replacement"))

    def cards_in(self, player: PlayerName, zone: ZoneType) -> list[Any]:
        """The cards of a zone; for the battle zone, the top card of each object (not its sources nor seals)."""
        cards = list(getattr(self.players[player], ATTRIBUTES[zone]).cards)
        if zone == ZoneType.DECK:
            return [card for card in cards if not self.is_unnamed(card)]
        if zone != ZoneType.BATTLE:
            return cards
        return [card for card in cards if not getattr(card, "is_evolution_source", False) and not is_seal_card(card)]

    def top(self, card: Any) -> Any:
        """The top card of the battle-zone object ``card`` is part of (itself outside the battle zone)."""
        for player in self.players:
            for top in self.cards_in(player, ZoneType.BATTLE):  # type: ignore[arg-type]
                if any(card is c for c in self.pile(top)):
                    return top
        return card

    def seal(self, card: Any) -> None:
        if card.zone == ZoneType.BATTLE:
            self.need_named(card.owner, 1, "a seal")  # DMSIM seals with the top card of the owner's deck
        if card.zone != ZoneType.BATTLE or not self.game.seal_manager.attach_seal(card):
            raise Rejected("DMSIM could not seal it")

    def unseal(self, card: Any) -> None:
        if card.zone != ZoneType.BATTLE or not self.game.seal_manager.remove_one_seal(card):
            raise Rejected("it has no seal")

    def seals(self, card: Any) -> list[Any]:
        return list(getattr(card, "seals", []))

    def pile(self, top: Any) -> list[Any]:
        """An object's cards top to bottom: DMSIM keeps the sources of each card under it."""
        cards = [top]
        for source in getattr(top, "evolution_sources", []):
            cards.extend(self.pile(source))
        return cards

    @staticmethod
    def being_cast(card: Any) -> bool:
        """Whether DMSIM is casting the card: it holds a spell pending, for the reason ``cast_spell``, while
        its effects resolve."""
        return getattr(card, "pending_reason", None) == "cast_spell"

    def ability_of(self, effect: Any) -> int | None:
        """The index, among its card's structured abilities, of the ability a waiting effect comes from (the
        adapter labels each DMSIM ability it builds ``shinpan_<index>``)."""
        label = str(getattr(effect, "label", ""))
        if label.startswith("shinpan_"):
            return int(label.removeprefix("shinpan_"))
        source = getattr(effect, "source_card", None)
        return None if source is None else self._ability_index(self.names[id(source)], "trigger")

    def waiting(self) -> list[tuple[Any, int | None]]:
        """The source card and ability of each effect waiting in DMSIM's queue, in the order DMSIM's resolver
        takes them (C-7.1): shield triggers first, then the turn player's, each player's in queue order (its own
        priority key; the queue itself holds them in the order they triggered)."""
        resolver = self.game.effect_resolver
        ranked = sorted(enumerate(resolver.effects),
                        key=lambda entry: resolver._priority_key(self.game.game_loop.context, entry[1], entry[0]))
        return [(getattr(effect, "source_card", None), self.ability_of(effect)) for _, effect in ranked]

    def sick(self, card: Any) -> bool:
        """Whether summoning sickness stops it attacking: DMSIM's flag, lifted by スピードアタッカー as its attack
        validator lifts it."""
        return bool(card.summoning_sick) and not card.has_ability(SpeedAttackerAbility)

    def can_attack(self, card: Any) -> bool:
        """Whether DMSIM's attack validator lets it attack now."""
        return bool(self.game.attack_validator.can_attack(card))

    def effects(self, card: Any) -> list[dict[str, Any]]:
        """The resolved power effects on the object: DMSIM's additive power modifiers on its top card."""
        return [{"kind": "power", "amount": int(m.amount)} for m in getattr(card, "power_modifiers", [])
                if getattr(m, "kind", "add") == "add"]

    def power(self, card: Any) -> int:
        return int(card.get_current_power())

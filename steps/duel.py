"""The scenario's side of one game: a setup being built, then moves and checks.

Given-steps add to the setup; the first move (or check of an observation) starts the game with it. After that,
each move goes out with the choices scripted for it, and each check with it. The duel never reads the game: it
hands each item it makes (a card put into the game, a move, a check: :mod:`shinpan.running.cases.model`) to its sink —
the adapter's game under pytest (:class:`shinpan.running.cases.game.Game`, which plays it at once), or the compiler's
builder (:class:`shinpan.running.cases.builder.CaseBuilder`, which keeps it as a case). Only contract messages are made.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from shinpan.adapters.cards import CardRegistry
from shinpan.adapters.contract import Choice, ChoiceKind, PlayerName, Rules
from shinpan.adapters.sdk.vocabulary import PLAYERS
from shinpan.running.cases.builder import ItemSink
from shinpan.running.cases.model import Check, Move, NeedsCard, Setup, fresh
from shinpan.running.checks import CheckForm
from shinpan.steps.vocabulary import CardRef


class Duel:
    """One scenario's game, as its steps build and play it; what they make goes to ``sink``."""

    def __init__(self, sink: ItemSink, registry: CardRegistry, rules: Rules, seed: int) -> None:
        self.sink = sink
        self.registry = registry
        self.rules = rules
        self.seed = seed
        self.cards: dict[str, str] = {}
        self.turn: dict[str, Any] = {"number": 3, "active": "me", "step": "main"}
        self.players: dict[str, dict[str, Any]] = {p: {"battle": []} for p in PLAYERS}
        self.effects: list[dict[str, Any]] = []
        self.choices: list[Choice] = []
        self.started: Setup | None = None
        """The setup the game started with (None: not yet: Given steps may still add to it)."""
        self._drawn: dict[str, int] = {}
        self._turns_passed = 0
        self._attempting = False
        self.moves_made = 0
        """How many moves the steps have made so far."""

    # ------------------------------------------------------------------ setup
    def declare(self, ref: CardRef) -> str:
        """Register the card ``ref`` names and return its label; the same label must keep one name."""
        if ref.name not in self.registry:
            raise LookupError(f"no card named 《{ref.name}》 in {self.registry.path.name}")
        known = self.cards.get(ref.label)
        if known is not None and known != ref.name:
            raise ValueError(f"label {ref.label!r} already names 《{known}》, not 《{ref.name}》")
        self.sink.emit(NeedsCard(ref.name), self.started)
        self.cards[ref.label] = ref.name
        return ref.label

    def label(self, ref: CardRef) -> str:
        """The label of a card the setup already declared."""
        if self.cards.get(ref.label) != ref.name:
            raise LookupError(f"《{ref.name}》" + (f"({ref.label})" if ref.label != ref.name else "")
                              + " is not in the setup of this scenario")
        return ref.label

    def own(self, player: str, ref: CardRef) -> str:
        """The label of a card the setup gave to ``player`` (me / opp): a step that says 自分が《X》を…
        must name a card of 自分's. Cards belong to the player in whose zones the setup put them."""
        label = self.label(ref)
        owner = next((side for side, view in self.players.items()
                      if any(label in cards for zone, cards in view.items() if zone != "battle")
                      or any(label in obj["cards"] for obj in view["battle"])), None)
        if owner != player:
            raise ValueError(f"the step says 《{ref.name}》 is {player}'s card, but the setup gives it to {owner}")
        return label

    def set_turn(self, active: str, number: int | None = None, step: str = "main") -> None:
        """Whose turn it is (and which, counted from 1 for both players; and its step, the main step unless said)."""
        self._before_start("the turn")
        self.turn = {"number": number or self.turn["number"], "active": active, "step": step}

    def put(self, player: str, zone: str, ref: CardRef) -> None:
        """Put a card into a zone of ``player`` (the deck is filled top first)."""
        self._before_start("a zone")
        self.players[player].setdefault(zone, []).append(self.declare(ref))

    def put_tapped_mana(self, player: str, ref: CardRef) -> None:
        """Put a card into ``player``'s mana zone, tapped."""
        self.put(player, "mana", ref)
        self.players[player].setdefault("tapped_mana", []).append(ref.label)

    def put_object(self, player: str, refs: list[CardRef], *, tapped: bool = False, arrived: bool = False,
                   attacking: bool = False) -> None:
        """Put an object (cards top to bottom) into ``player``'s battle zone."""
        self._before_start("the battle zone")
        labels = [self.declare(ref) for ref in refs]
        obj: dict[str, Any] = {"cards": labels, "tapped": tapped}
        if arrived:
            obj["arrived_this_turn"] = labels
        if attacking:
            obj["attacking"] = True
        self.players[player]["battle"].append(obj)

    def mark_arrived(self, ref: CardRef) -> None:
        """The card, already in a battle-zone object of the setup, entered the battle zone this turn (301.5)."""
        self._before_start("the battle zone")
        label = self.label(ref)
        for view in self.players.values():
            for obj in view["battle"]:
                if label in obj["cards"]:
                    arrived = obj.setdefault("arrived_this_turn", [])
                    if label not in arrived:
                        arrived.append(label)
                    return
        raise LookupError(f"《{ref.name}》 is not in a battle-zone object of this scenario's setup")

    def setup_object(self, ref: CardRef) -> dict[str, Any]:
        """The setup entry of the battle-zone object ``ref`` is part of, to add fields to (before the start)."""
        self._before_start("the battle zone")
        label = self.label(ref)
        for view in self.players.values():
            for obj in view["battle"]:
                if label in obj["cards"]:
                    entry: dict[str, Any] = obj  # the entry itself: changes to it are sent with the setup
                    return entry
        raise LookupError(f"《{ref.name}》 is not in a battle-zone object of this scenario's setup")

    def add_effect(self, ref: CardRef, amount: int, duration: str = "end_of_turn") -> None:
        """An effect already applied by resolution to the object ``ref`` is in."""
        self._before_start("an effect")
        self.effects.append({"kind": "power", "target": self.label(ref), "amount": amount, "duration": duration})

    def ignore_abilities(self, ref: CardRef, duration: str | None = None) -> None:
        """An effect already applied makes the abilities of the object ``ref`` is in ignored (for ``duration``, if
        given: else the contract's default)."""
        self._before_start("an effect")
        effect = {"kind": "ignore_abilities", "target": self.label(ref)}
        self.effects.append(effect if duration is None else {**effect, "duration": duration})

    def script_choice(self, player: PlayerName, kind: ChoiceKind, refs: list[CardRef]) -> None:
        """Script ``player``'s (me / opp) answer to the next decision of ``kind``."""
        self.choices.append({"player": player, "kind": kind, "picks": [self.label(ref) for ref in refs]})

    # ------------------------------------------------------------ play & look
    def setup(self) -> Setup:
        """The setup as the Given steps have built it so far (or the one the game started with)."""
        if self.started is not None:
            return self.started
        state: dict[str, Any] = {"cards": dict(self.cards), "turn": dict(self.turn), "players": self.players}
        if self.effects:
            state["effects"] = self.effects
        return Setup(self.rules, self.seed, fresh(state))

    def start(self) -> Setup:
        """The game starts with the setup built so far: no Given step may change it after this."""
        if self.started is None:
            self.started = self.setup()
        return self.started

    def act(self, action: dict[str, Any], *, attempt: bool = False) -> None:
        """Perform a move. Unless it is only an ``attempt``, the rules rejecting it fails the scenario."""
        setup = self.start()
        choices, self.choices = self.choices, []
        self.moves_made += 1
        self.sink.emit(Move(action, tuple(choices), attempt or self._attempting), setup)

    @contextmanager
    def attempting(self) -> Iterator[None]:
        """The moves made inside are only tried (〜ことを試みる): the rules may reject them."""
        self._attempting = True
        try:
            yield
        finally:
            self._attempting = False

    def end_turn(self) -> None:
        """End the turn; the next player's turn begins with a draw.

        The kit never tests deck-out (山札切れ): decks hold only the cards a scenario names, so a scenario that
        passes the turn must give the next player a card to draw — else an engine that ends the game when a
        player cannot draw would lose it. A scenario that forgets is an error, on every engine: the count is
        the scenario's own (cards its setup put in the deck, less the draws its steps caused), never the engine's.
        """
        following = "opp" if self.active_player() == "me" else "me"
        self.draw_from(following, 1)
        self._turns_passed += 1
        self.act({"type": "end_turn"})

    def draw_from(self, player: str, count: int) -> None:
        """Count ``count`` draws from ``player``'s deck (an error when the setup's deck cannot give them)."""
        self._drawn[player] = self._drawn.get(player, 0) + count
        if self._drawn[player] > len(self.players[player].get("deck", [])):
            who = "自分" if player == "me" else "相手"
            raise ValueError(f"{who} ({player}) draws more cards than the scenario puts in {who}の山札: give the "
                             "deck the cards its turns and draws take (the kit does not test deck-out)")

    def active_player(self) -> str:
        """Whose turn it is (me / opp), by the setup and the turns the steps have ended."""
        active = str(self.turn["active"])
        if self._turns_passed % 2:
            active = "opp" if active == "me" else "me"
        return active

    def check(self, check: CheckForm) -> None:
        """A Then step's check (see :mod:`shinpan.running.checks`), judged against the latest observation or move; a
        check on a field the adapter does not report is UNOBSERVABLE."""
        item = Check(check)
        self.sink.emit(item, self.start() if item.needs_observation else self.started)

    def _before_start(self, what: str) -> None:
        if self.started is not None:
            raise RuntimeError(f"a Given step changes {what} after the game has started: put Given steps first")

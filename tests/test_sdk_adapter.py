"""The adapter SDK's runtime: scripted choices, the setup walker, the observation builder, the event recorder and
EngineAdapter (adapters/sdk)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from shinpan.adapters import schemas
from shinpan.adapters.contract import (
    PROTOCOL_VERSION,
    ActRequest,
    Choice,
    ChoiceKind,
    EngineInfo,
    Observable,
    PlayerName,
)
from shinpan.adapters.reference import ReferenceSimulator
from shinpan.adapters.sdk import (
    Action,
    BadRequest,
    BoardHooks,
    ChoiceNeeded,
    EngineAdapter,
    EventRecorder,
    LabelMap,
    ObservationBuilder,
    Pile,
    Rejected,
    ScriptedChoices,
    ScriptMismatch,
    Setup,
    Turn,
    Unsupported,
    build_board,
)
from shinpan.adapters.sdk.actions import Draw, Effect, Resolve, Tap
from shinpan.adapters.sdk.vocabulary import CardZone


@dataclass(eq=False)
class Card:
    label: str


def _labels(*names: str) -> LabelMap[Card]:
    labels: LabelMap[Card] = LabelMap()
    for name in names:
        labels.add(name, Card(name))
    return labels


def _script(labels: LabelMap[Card], *choices: tuple[PlayerName, ChoiceKind, list[str]]) -> ScriptedChoices[Card]:
    scripted: list[Choice] = [{"player": p, "kind": k, "picks": picks} for p, k, picks in choices]
    return ScriptedChoices(scripted, labels)


# ------------------------------------------------------------------ scripted choices
def test_a_decision_with_one_legal_answer_is_not_asked_and_uses_up_a_script_that_gives_it() -> None:
    labels = _labels("a", "b")
    a = labels.card("a")
    script = _script(labels, ("me", "target", ["a"]))
    assert script.one_of("target", [a], by="me") is a
    script.finish()  # the scripted answer counted as used
    unscripted = _script(labels)
    assert unscripted.forced("target", by="me", answer=[a]) == (a,)
    unscripted.finish()


def test_an_unscripted_decision_is_asked_as_data_with_the_options_labels() -> None:
    labels = _labels("a", "b")
    with pytest.raises(ChoiceNeeded) as asked:
        _script(labels).one_of("target", labels.cards(["a", "b"]), by="opp")
    assert asked.value.response()["choice"] == {"kind": "target", "player": "opp", "options": ["a", "b"],
                                                "fewest": 1, "most": 1, "ordered": False}
    assert schemas.problems("response", asked.value.response()) == []


def test_a_choice_of_the_other_player_or_left_unused_is_a_script_mismatch_and_a_wrong_pick_is_rejected() -> None:
    labels = _labels("a", "b", "c")
    with pytest.raises(ScriptMismatch, match="the script has opp making it"):
        _script(labels, ("opp", "order", ["a"])).take("order", by="me", options=labels.cards(["a", "b"]))
    with pytest.raises(ScriptMismatch, match=r"never asked for: use=\['a'\]"):
        _script(labels, ("me", "use", ["a"])).finish()
    with pytest.raises(Rejected, match="must name one of a, b"):
        _script(labels, ("me", "target", ["c"])).one_of("target", labels.cards(["a", "b"]), by="me")
    with pytest.raises(BadRequest, match="choices/0/picks: unknown card label 'z'"):
        _script(labels, ("me", "target", ["z"]))


def test_an_optional_ability_is_used_when_the_use_choice_names_its_card_and_declined_with_no_picks() -> None:
    labels = _labels("a", "b")
    a = labels.card("a")
    assert _script(labels, ("me", "use", ["a"])).use(a, by="me") is True
    assert _script(labels, ("me", "use", [])).use(a, by="me") is False
    with pytest.raises(Rejected, match="must name a or nothing"):
        _script(labels, ("me", "use", ["b"])).use(a, by="me")
    with pytest.raises(ChoiceNeeded):
        _script(labels).use(a, by="me")
    assert labels.names(a) and not labels.names(Card("a"))  # an engine object is asked about before it is named


# ------------------------------------------------------------------ the setup walker
class Recorder(BoardHooks[Card, str]):
    """Hooks that record what they were asked, in order; no equipment, no effects (the defaults)."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def set_turn(self, turn: Turn) -> None:
        self.calls.append(f"turn {turn.number} {turn.active}")

    def new_card(self, label: str, name: str, owner: PlayerName) -> Card:
        return Card(label)

    def put_card(self, card: Card, zone: CardZone, owner: PlayerName) -> None:
        self.calls.append(f"{owner} {zone} {card.label}")

    def tap_mana(self, card: Card, owner: PlayerName) -> None:
        self.calls.append(f"{owner} tap {card.label}")

    def put_object(self, pile: Pile[Card], owner: PlayerName) -> str:
        bottom_up = "<".join(c.label for c in pile.bottom_up)
        self.calls.append(f"{owner} object {bottom_up} tapped={pile.setup.tapped} "
                          f"arrived={[c.label for c in pile.arrived_this_turn]}")
        return pile.top.label


STATE: dict[str, Any] = {
    "cards": {k: "テスト用クリーチャーA" for k in ("d1", "d2", "h", "m1", "m2", "top", "mid", "low", "o")},
    "turn": {"number": 4, "active": "opp"},
    "players": {"me": {"deck": ["d1", "d2"], "hand": ["h"], "mana": ["m1", "m2"], "tapped_mana": ["m2"],
                       "battle": [{"cards": ["top", "mid", "low"], "tapped": True, "arrived_this_turn": ["top"]}]},
                "opp": {"battle": [{"cards": ["o"]}]}},
}


def test_the_walker_builds_the_board_in_the_documented_order() -> None:
    hooks = Recorder()
    board = build_board(Setup.from_message(STATE), hooks)
    assert hooks.calls == ["turn 4 opp", "me deck d1", "me deck d2", "me hand h", "me mana m1", "me mana m2",
                           "me tap m2", "me object low<mid<top tapped=True arrived=['top']",
                           "opp object o tapped=False arrived=[]"]
    assert board.objects["mid"] == "top" and board.labels.label(board.labels.card("h")) == "h"


@pytest.mark.parametrize(("change", "says"), [
    (lambda s: s["players"]["me"].update(hand=["h", "ghost"]), "players/me/hand/1: label 'ghost' is not declared"),
    (lambda s: s["players"]["me"].update(hand=["h", "d1"]), "players/me/hand/1: card 'd1' is placed twice"),
    (lambda s: s["players"]["me"].update(tapped_mana=["h"]), "players/me/tapped_mana/0: 'h' is not in that player's"),
    (lambda s: s["players"]["opp"]["battle"][0].update(arrived_this_turn=["h"]), "arrived_this_turn: names a card"),
    (lambda s: s["cards"].update(extra="テスト用クリーチャーB"), "declared but not placed in any zone: extra"),
])
def test_the_walker_names_the_place_of_a_broken_setup(change: Any, says: str) -> None:
    state = {**STATE, "cards": dict(STATE["cards"]),
             "players": {p: {**v, "battle": [dict(o) for o in v.get("battle", [])]} for p, v in STATE["players"].items()}}
    change(state)
    with pytest.raises(BadRequest, match=says):
        build_board(Setup.from_message(state), Recorder())


def test_abilities_already_waiting_come_last_and_a_hook_left_out_answers_unsupported() -> None:
    state = {**STATE, "waiting": [{"card": "o", "ability": 0}]}
    with pytest.raises(Unsupported, match=r"abilities waiting in the setup are not implemented \(mechanic triggers\)"):
        build_board(Setup.from_message(state), Recorder())
    with pytest.raises(BadRequest, match="waiting/0/card: unknown card label 'ghost'"):
        build_board(Setup.from_message({**STATE, "waiting": [{"card": "ghost", "ability": 0}]}), Recorder())


def test_a_hook_left_out_answers_unsupported_with_its_mechanic() -> None:
    equipped = {**STATE, "players": {**STATE["players"], "opp": {"battle": [{"cards": ["o"], "equipped_to": "top"}]}}}
    with pytest.raises(Unsupported, match=r"equipment is not implemented \(mechanic equipment\)"):
        build_board(Setup.from_message(equipped), Recorder())
    pumped = {**STATE, "effects": [{"kind": "power", "target": "o", "amount": 2000}]}
    with pytest.raises(Unsupported, match=r"\(mechanic power_modifiers\)"):
        build_board(Setup.from_message(pumped), Recorder())


# ------------------------------------------------------------------ observations and events
def test_the_builder_keeps_only_declared_fields_and_refuses_a_card_in_two_places() -> None:
    view = ObservationBuilder(["tapped"])
    view.zone("me", "hand", ["a"])
    view.battle_object("me", ["b"], tapped=True, power=5000)
    view.lost("me", False)
    built = view.build(Turn(3, "me"))
    assert built["players"]["me"]["battle"] == [{"cards": ["b"], "tapped": True}]
    assert "lost" not in built["players"]["me"] and "events" not in built
    twice = ObservationBuilder([])
    twice.zone("me", "hand", ["a"])
    twice.zone("opp", "graveyard", ["a"])
    with pytest.raises(BadRequest, match="cards shown in two places: a"):
        twice.build(Turn(3, "me"))
    with pytest.raises(BadRequest, match="has no field colour"):
        ObservationBuilder([]).battle_object("me", ["b"], colour="red")
    with pytest.raises(BadRequest, match="invalid observation: turn/number"):
        ObservationBuilder([]).build(Turn(0, "me"))


def test_the_recorder_hands_each_event_out_once_and_forgets_an_undone_move() -> None:
    events = EventRecorder()
    events.moved("a", "hand", "battle", "me", "summon")
    assert events.drain() == [{"type": "moved", "card": "a", "from": "hand", "to": "battle", "player": "me",
                               "cause": "summon"}]
    mark = events.mark()
    events.triggered("a", 0)
    events.rewind(mark)
    events.mana_tapped("m", 1)
    assert events.drain() == [{"type": "mana_tapped", "card": "m", "mana": 1}] and events.drain() == []


# ------------------------------------------------------------------ EngineAdapter
@dataclass
class Pot:
    """A toy game: cards drawn from a deck; ``resolve`` draws, then asks a target among the hand."""

    deck: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)


class PotHooks(BoardHooks[Card, Card]):
    def __init__(self, pot: Pot) -> None:
        self.pot = pot

    def set_turn(self, turn: Turn) -> None:
        pass

    def new_card(self, label: str, name: str, owner: PlayerName) -> Card:
        return Card(label)

    def put_card(self, card: Card, zone: CardZone, owner: PlayerName) -> None:
        {"deck": self.pot.deck, "hand": self.pot.hand}[zone].append(card)


class PotAdapter(EngineAdapter[Card]):
    ENGINE: ClassVar[EngineInfo] = {"name": "pot", "version": "1"}
    PROTOCOL = PROTOCOL_VERSION
    CARDS = ("テスト用クリーチャーA",)
    MECHANICS = ("zones", "triggers")
    OBSERVABLES: ClassVar[tuple[Observable, ...]] = ("events",)

    def start(self, setup: Setup) -> LabelMap[Card]:
        self.pot = Pot()
        return build_board(setup, PotHooks(self.pot)).labels

    def perform(self, action: Action, choices: ScriptedChoices[Card]) -> None:
        match action:
            case Draw():
                self._draw()
            case Resolve():
                self._draw()
                choices.one_of("target", list(self.pot.hand), by="me")  # asked after the draw
            case _:
                raise action.unsupported()
        choices.finish()

    def _draw(self) -> None:
        card = self.pot.deck.pop(0)
        self.pot.hand.append(card)
        self.events.moved(self.labels.label(card), "deck", "hand", "me", "draw")

    def look(self, view: ObservationBuilder) -> Turn:
        view.zone("me", "deck", self.labels.labels(self.pot.deck))
        view.zone("me", "hand", self.labels.labels(self.pot.hand))
        return Turn(3, "me")


def _pot() -> PotAdapter:
    adapter = PotAdapter()
    hello = adapter.hello({"cmd": "hello", "protocol": 3, "kit_version": "t", "changes": [{"id": "x", "title": "x"}]})
    assert schemas.problems("hello_response", hello) == [] and hello["capabilities"]["changes"] == ["x"]
    adapter.new_game({"cmd": "new_game", "rules": {"label": "today", "changes": []}, "seed": 0})
    state = {"cards": {k: "テスト用クリーチャーA" for k in ("a", "b", "c")}, "turn": {"number": 3, "active": "me"},
             "players": {"me": {"deck": ["a", "b", "c"]}, "opp": {}}}
    assert adapter.setup({"cmd": "setup", "state": state}) == {"status": "ok"}
    return adapter


def test_a_move_that_needs_a_choice_half_way_is_undone_and_asked() -> None:
    adapter = _pot()
    assert adapter.act({"cmd": "act", "action": {"type": "draw", "player": "me"}, "choices": []}) == {"status": "ok"}
    asked = adapter.act({"cmd": "act", "action": {"type": "resolve"}, "choices": []})
    assert asked["status"] == "choice_needed" and asked.get("choice", {}).get("options") == ["a", "b"]
    observation = adapter.observe({"cmd": "observe"})["observation"]
    assert observation["players"]["me"]["hand"] == ["a"] and observation["players"]["me"]["deck"] == ["b", "c"]
    assert observation["events"] == [{"type": "moved", "card": "a", "from": "deck", "to": "hand", "player": "me",
                                      "cause": "draw"}]  # the first draw once; the undone draw not at all
    answered = adapter.act({"cmd": "act", "action": {"type": "resolve"},
                            "choices": [{"player": "me", "kind": "target", "picks": ["b"]}]})
    assert answered == {"status": "ok"}
    assert adapter.observe({"cmd": "observe"})["observation"]["players"]["me"]["hand"] == ["a", "b"]


class TapRejectingPot(PotAdapter):
    """The pot, whose rules forbid tapping (a move rejected, which changes nothing)."""

    def perform(self, action: Action, choices: ScriptedChoices[Card]) -> None:
        if isinstance(action, Tap):
            raise Rejected("nothing here can be tapped")
        super().perform(action, choices)


def test_a_move_rejected_earlier_is_not_played_again_when_a_choice_is_asked() -> None:
    """Undoing a move that needs a choice plays again the moves since the setup: not one the rules rejected (it
    changed nothing, and playing it again would be rejected again, halfway through, leaving the moves after it
    undone)."""
    adapter = TapRejectingPot()
    adapter.hello({"cmd": "hello", "protocol": 3, "kit_version": "t", "changes": []})
    adapter.new_game({"cmd": "new_game", "rules": {"label": "today", "changes": []}, "seed": 0})
    state = {"cards": {k: "テスト用クリーチャーA" for k in ("a", "b", "c")}, "turn": {"number": 3, "active": "me"},
             "players": {"me": {"deck": ["a", "b", "c"]}, "opp": {}}}
    assert adapter.setup({"cmd": "setup", "state": state}) == {"status": "ok"}
    draw: ActRequest = {"cmd": "act", "action": {"type": "draw", "player": "me"}, "choices": []}
    assert adapter.act(draw) == {"status": "ok"}
    assert adapter.act({"cmd": "act", "action": {"type": "tap", "card": "a"}, "choices": []})["status"] == "rejected"
    assert adapter.act(draw) == {"status": "ok"}
    asked = adapter.act({"cmd": "act", "action": {"type": "resolve"}, "choices": []})
    assert asked["status"] == "choice_needed"
    observation = adapter.observe({"cmd": "observe"})["observation"]
    assert observation["players"]["me"]["hand"] == ["a", "b"] and observation["players"]["me"]["deck"] == ["c"]


def test_what_the_engine_lacks_is_unsupported_with_its_reason_and_garbage_is_an_error() -> None:
    adapter = _pot()
    tap = adapter.act({"cmd": "act", "action": {"type": "tap", "card": "a"}, "choices": []})
    assert tap == {"status": "unsupported", "message": "action type 'tap' is not implemented (mechanic tap)"}
    bad = adapter.act({"cmd": "act", "action": {"type": "fly"}, "choices": []})
    assert bad["status"] == "error" and "unknown action type 'fly'" in bad.get("message", "")


def test_an_effect_is_a_value_with_its_mechanic() -> None:
    assert Effect("ignore_abilities", "a").mechanic == "ignore_abilities"


def _observed(adapter: Any) -> dict[str, Any]:
    """``adapter`` (the reference engine or a subclass) set up with one card in hand, then observed."""
    adapter.hello({"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": "t", "changes": []})
    adapter.new_game({"cmd": "new_game", "rules": {"label": "today", "changes": []}, "seed": 0})
    state = {"cards": {"a": "テスト用クリーチャーA"}, "turn": {"number": 1, "active": "me"},
             "players": {"me": {"hand": ["a"]}, "opp": {}}}
    assert adapter.setup({"cmd": "setup", "state": state}) == {"status": "ok"}
    observed: dict[str, Any] = adapter.observe({"cmd": "observe"})
    return observed


def test_only_the_kits_own_engine_has_its_observations_trusted_a_subclass_is_checked() -> None:
    class Garbled(ReferenceSimulator):
        """Another engine on the reference engine's code, reporting a graveyard of a number (not a label)."""

        def look(self, view: ObservationBuilder) -> Turn:
            turn = super().look(view)
            view.zone("opp", "graveyard", [7])  # type: ignore[list-item]
            return turn

    assert ReferenceSimulator().VALID_OBSERVATIONS and not Garbled().VALID_OBSERVATIONS
    assert _observed(ReferenceSimulator())["observation"]["players"]["me"]["hand"] == ["a"]
    garbled = _observed(Garbled())
    assert garbled["status"] == "error" and "invalid observation" in garbled["message"]

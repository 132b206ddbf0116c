"""The probes (検査): short games, each checking one rule of the contract the declared capabilities touch.

A probe names its rule and what it needs declared (cards, mechanics, observation fields); an adapter that does
not declare them is not touched by it. Every probe plays a board of a few test cards and says what the rule
wants when the answer breaks it. Their boards are the kit's own test cards (``features/cards.yaml``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from shinpan import __version__
from shinpan.adapters import cards as registry
from shinpan.adapters.contract import PROTOCOL_VERSION
from shinpan.adapters.sdk.vocabulary import MECHANICS
from shinpan.contract_test.session import Broken, Session, Skip, battle_object, moved, place
from shinpan.running.session import handshake_changes

PLAIN = "テスト用クリーチャーA"
"""A plain creature: no ability."""
ON_DESTROY = "テスト用破壊時ドロー"
"""When a creature is destroyed, draw a card."""
ON_ENTER = "テスト用カード登場ドロー"
"""When a card of its own enters the battle zone, draw a card."""
EVOLUTION = "テスト用進化クリーチャー"
DESTROY_SPELL = "テスト用破壊呪文"
REPLACED_TO_HAND = "アクア・ソルジャー"
"""When it would be destroyed, it goes to its owner's hand instead."""
"""Destroys one of the opponent's creatures."""
UNKNOWN_CHANGE = "a-change-this-adapter-never-heard-of"

Run = Callable[[Session], None]


@dataclass(frozen=True)
class Probe:
    """One probe: the rule it checks, its name, and what the adapter must declare for it to apply."""

    rule: str
    name: str
    run: Run
    cards: tuple[str, ...] = ()
    mechanics: tuple[str, ...] = ()
    observables: tuple[str, ...] = ()
    when: Callable[[Session], bool] | None = None

    def untouched(self, session: Session) -> str | None:
        """Why the declared capabilities do not touch this probe (``None``: they do)."""
        for what, names in (("cards", self.cards), ("mechanics", self.mechanics),
                            ("observables", self.observables)):
            missing = sorted(set(names) - set(session.caps.get(what, ())))
            if missing:
                return f"declares no {what} {', '.join(missing)}"
        if self.when is not None and not self.when(session):
            return "not what the declared capabilities touch"
        return None


PROBES: list[Probe] = []


def probe(rule: str, name: str, *, cards: tuple[str, ...] = (), mechanics: tuple[str, ...] = (),
          observables: tuple[str, ...] = (), when: Callable[[Session], bool] | None = None) -> Callable[[Run], Run]:
    """Register a probe of ``rule``."""
    def register(run: Run) -> Run:
        PROBES.append(Probe(rule, name, run, cards, mechanics, observables, when))
        return run
    return register


def _hello(session: Session) -> dict[str, Any]:
    return session.send({"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": __version__,
                         "changes": handshake_changes(session.changes)})


# ------------------------------------------------------------------ 1. handshake
@probe("C-1.1", "the handshake")
def handshake(session: Session) -> None:
    engine = session.hello.get("engine", {})
    session.expect(session.hello.get("status") == "ok" and bool(engine.get("name")) and bool(engine.get("version")),
                   "ok to hello, naming the engine and its version")  # the schema was checked as it came


@probe("C-1.2", "the protocol is the adapter's own")
def protocol(session: Session) -> None:
    theirs = session.hello.get("protocol")
    session.expect(theirs == PROTOCOL_VERSION, f"protocol {PROTOCOL_VERSION}, the kit's (it answered {theirs}: "
                                               f"read CHANGELOG.md, protocol {PROTOCOL_VERSION})")


@probe("C-1.3", "only cards of the registry")
def known_cards(session: Session) -> None:
    unknown = sorted(set(session.caps["cards"]) - set(registry.load().entries))
    session.expect(not unknown, f"card names of features/cards.yaml (unknown: {', '.join(unknown)})")


@probe("C-1.4", "only mechanics of the vocabulary")
def known_mechanics(session: Session) -> None:
    unknown = sorted(set(session.caps["mechanics"]) - set(MECHANICS))
    session.expect(not unknown, f"mechanics of the vocabulary, `shinpan vocabulary` (unknown: {', '.join(unknown)})")


@probe("C-1.5", "only changes the kit listed")
def known_changes(session: Session) -> None:
    unknown = sorted(set(session.caps["changes"]) - set(session.changes.ids))
    session.expect(not unknown, f"ids of the hello request's changes (unknown: {', '.join(unknown)})")


@probe("C-1.6", "the mechanics of the moves it plays", cards=(PLAIN,))
def move_mechanics(session: Session) -> None:
    undeclared = []
    session.game({"c1": PLAIN, "d1": PLAIN}, {"hand": ["c1"]}, {"deck": ["d1"]})
    for action, mechanic in (({"type": "summon", "card": "c1"}, "summon"), ({"type": "end_turn"}, "turns")):
        answer = session.act(action, unsupported_skips=False)
        if answer["status"] == "ok" and mechanic not in session.caps["mechanics"]:
            undeclared.append(f"{action['type']} needs {mechanic!r}")
    session.expect(not undeclared, "the mechanics of every move it plays declared: " + "; ".join(undeclared))


@probe("C-1.7", "the same handshake every time")
def same_hello(session: Session) -> None:
    again = _hello(session)
    session.expect(again.get("capabilities") == session.hello.get("capabilities")
                   and again.get("protocol") == session.hello.get("protocol"),
                   "the same protocol and capabilities as the first hello")


@probe("C-1.8", "a batch is its requests, in order", cards=(PLAIN,), when=lambda s: s.caps.get("batch") is True)
def batch(session: Session) -> None:
    plan = getattr(session.simulator, "plan_batch", None)
    if plan is None:  # in-process: the kit sends no batch, so there is nothing to judge
        raise Skip("in-process, the kit sends no batch")
    requests: list[dict[str, Any]] = [
        {"cmd": "new_game", "rules": session.rules.as_sent(), "seed": 0},
        {"cmd": "setup", "state": {"cards": {"c1": PLAIN}, "turn": {"number": 3, "active": "me", "step": "main"},
                                   "players": {"me": {"hand": ["c1"], "battle": []}, "opp": {"battle": []}}}},
        {"cmd": "act", "action": {"type": "end_turn"}, "choices": []}, {"cmd": "observe"}]
    alone = [session.send(request) for request in requests]
    plan(requests)
    batched = [session.send(request) for request in requests]
    session.expect(batched == alone, f"the answers the same requests get one at a time ({alone}; the batch "
                                     f"answered {batched})")


# ------------------------------------------------------------------ 2. rules states
@probe("C-2.1", "a new game forgets the last", cards=(PLAIN,))
def forgets(session: Session) -> None:
    session.game({"c1": PLAIN}, {"hand": ["c1"]})
    session.game({})
    seen = session.observe()
    session.expect(not place(seen, "c1"), "after new_game and an empty setup, nothing of the previous game")


@probe("C-2.2", "unknown change ids are ignored")
def unknown_change(session: Session) -> None:
    rules = session.rules.as_sent()
    answer = session.new_game({"label": rules["label"], "changes": [*rules["changes"], UNKNOWN_CHANGE]})
    session.expect(answer["status"] == "ok", f"ok to new_game whose changes name {UNKNOWN_CHANGE!r}: an id it does "
                                             "not know is ignored")


@probe("C-2.3", "the declared states are played")
def declared_state(session: Session) -> None:
    session.game({})
    session.observe()


@probe("C-2.4", "both sides of a declared change", when=lambda s: "rules" not in s.caps and bool(s.caps["changes"]))
def both_sides(session: Session) -> None:
    for change in session.caps["changes"]:
        if change not in session.changes.ids:
            continue  # C-1.5's
        for state in (session.changes.before(change), session.changes.after(change)):
            answer = session.new_game(state.as_sent())
            session.expect(answer["status"] == "ok", f"ok to new_game {state.label}: it declares {change!r}")


# ------------------------------------------------------------------ 3. setup
@probe("C-3.1", "exactly the state asked for", cards=(PLAIN,))
def exact_state(session: Session) -> None:
    where = {"h1": "me:hand", "m1": "me:mana", "g1": "me:graveyard", "s1": "me:shields", "b1": "me:battle",
             "h2": "opp:hand", "g2": "opp:graveyard", "b2": "opp:battle"}
    session.game({label: PLAIN for label in where},
                 {"hand": ["h1"], "mana": ["m1"], "graveyard": ["g1"], "shields": ["s1"],
                  "battle": [{"cards": ["b1"]}]},
                 {"hand": ["h2"], "graveyard": ["g2"], "battle": [{"cards": ["b2"]}]})
    seen = session.observe()
    wrong = [f"{label} in {place(seen, label) or 'no zone'}" for label, zone in where.items()
             if place(seen, label) != [zone]]
    session.expect(not wrong, "every label where the setup put it, not " + ", ".join(wrong))


@probe("C-3.2", "the deck from its top", cards=(PLAIN,), observables=("deck_order",))
def deck_top_first(session: Session) -> None:
    session.game({"d1": PLAIN, "d2": PLAIN, "d3": PLAIN}, {"deck": ["d1", "d2", "d3"]})
    deck = session.observe()["players"]["me"]["deck"]
    session.expect(deck == ["d1", "d2", "d3"], f"the deck top first as set up, [d1, d2, d3], not {deck}")


@probe("C-3.3", "building the board is not playing", cards=(PLAIN,), observables=("events",))
def setup_is_silent(session: Session) -> None:
    triggers = session.declares("cards", [ON_ENTER, ON_DESTROY]) and session.declares("mechanics", ["triggers"])
    cards = {"b1": PLAIN, "b2": PLAIN, "d1": PLAIN, "d2": PLAIN}
    battle = [{"cards": ["b1"]}]
    if triggers:
        cards.update(e1=ON_ENTER, k1=ON_DESTROY)
        battle += [{"cards": ["e1"]}, {"cards": ["k1"]}]
    session.game(cards, {"battle": battle, "deck": ["d1"]}, {"battle": [{"cards": ["b2"]}], "deck": ["d2"]})
    seen = session.observe()
    session.expect(not seen.get("events"), f"no event after a setup, not {seen.get('events')}")
    session.expect(not seen.get("waiting"), f"no ability waiting after a setup that lists none, not "
                                            f"{seen.get('waiting')}")


@probe("C-3.4", "schema defaults are the adapter's to apply", cards=(PLAIN,))
def defaults(session: Session) -> None:
    session.game({"b1": PLAIN}, {"battle": [{"cards": ["b1"]}]}, turn={"number": 3, "active": "me"})
    seen = session.observe()
    step = seen["turn"].get("step", "main")
    session.expect(step == "main", f"a turn set up without step in its main step, not {step!r}")
    obj = battle_object(seen, "b1")
    for name in ("tapped", "attacking"):
        if session.observes(name):
            session.expect(obj.get(name) is False, f"{name}: false, the schema's default, not {obj.get(name)!r}")


@probe("C-3.5", "since when a card is in the battle zone", cards=(PLAIN,), mechanics=("summoning_sickness",),
       observables=("summoning_sick",))
def arrival(session: Session) -> None:
    session.game({"old": PLAIN, "new": PLAIN},
                 {"battle": [{"cards": ["old"]}, {"cards": ["new"], "arrived_this_turn": ["new"]}]})
    seen = session.observe()
    old, new = battle_object(seen, "old").get("summoning_sick"), battle_object(seen, "new").get("summoning_sick")
    session.expect((old, new) == (False, True), "summoning_sick false for a creature there since before the turn, "
                                                f"true for one that arrived this turn; not {old!r} and {new!r}")


@probe("C-3.6", "a label the setup did not declare is an error")
def undeclared_label(session: Session) -> None:
    session.new_game()
    answer = session.send({"cmd": "setup", "state": {"cards": {}, "turn": {"number": 3, "active": "me"},
                                                     "players": {"me": {"hand": ["zz"]}, "opp": {}}}})
    session.expect(answer["status"] == "error", "error to a setup that places 'zz', a label `cards` does not "
                                                "declare")


@probe("C-3.7", "an empty deck is no lost game", cards=(PLAIN,), mechanics=("zones",))
def empty_decks(session: Session) -> None:
    session.game({"h1": PLAIN}, {"hand": ["h1"]})  # both decks empty
    session.act({"type": "move", "card": "h1", "to": "graveyard"})
    seen = session.observe()
    session.expect(place(seen, "h1") == ["me:graveyard"], f"h1 in the graveyard after moving it there with both "
                                                          f"decks empty, not in {place(seen, 'h1')}")
    if session.observes("lost"):
        lost = {player: view.get("lost") for player, view in seen["players"].items()}
        session.expect(lost == {"me": False, "opp": False}, f"lost false with empty decks, not {lost}")
    session.game({"d1": PLAIN}, {"deck": ["d1"]})  # a move takes the deck's last card: no lost game either
    answer = session.act({"type": "move", "card": "d1", "to": "hand"}, unsupported_skips=False)
    if answer["status"] == "ok" and session.observes("lost"):
        lost = {player: view.get("lost") for player, view in session.observe()["players"].items()}
        session.expect(lost == {"me": False, "opp": False}, f"lost false after a move took the deck's last card, "
                                                            f"not {lost}")


# ------------------------------------------------------------------ 4. moves and their choices
@probe("C-4.1", "a forbidden move changes nothing", cards=(PLAIN,), mechanics=("summon",))
def rejected_keeps(session: Session) -> None:
    session.game({"g1": PLAIN}, {"graveyard": ["g1"]})
    before = session.observe()
    answer = session.act({"type": "summon", "card": "g1"})
    session.expect(answer["status"] == "rejected", "rejected to summoning a creature from the graveyard")
    after = session.observe()
    session.expect(after["players"] == before["players"], "the game as it was after a rejected move")
    session.expect(not after.get("events"), f"no event of a rejected move, not {after.get('events')}")


@probe("C-4.2", "a move into the zone the card is in is rejected", cards=(PLAIN,), mechanics=("zones",))
def same_zone(session: Session) -> None:
    session.game({"h1": PLAIN}, {"hand": ["h1"]})
    answer = session.act({"type": "move", "card": "h1", "to": "hand"})
    session.expect(answer["status"] == "rejected", "rejected to moving a card of the hand into the hand (400.5)")


def _attacker(session: Session) -> None:
    session.game({"a1": PLAIN, "a2": PLAIN}, {"battle": [{"cards": ["a1"]}, {"cards": ["a2"]}]})
    answer = session.act({"type": "attack", "attacker": "a1", "target": {"player": "opp"}})
    if answer["status"] != "ok":
        raise Skip(f"the attack was answered {answer['status']}")


@probe("C-4.3", "one attack at a time", cards=(PLAIN,), mechanics=("attack",))
def one_attack(session: Session) -> None:
    _attacker(session)
    answer = session.act({"type": "attack", "attacker": "a2", "target": {"player": "opp"}})
    session.expect(answer["status"] == "rejected", "rejected to a second attack while a1 is attacking")


@probe("C-4.4", "no end of turn while abilities wait", cards=(ON_DESTROY, PLAIN), mechanics=("triggers", "turns"))
def waiting_blocks_end(session: Session) -> None:
    session.game({"k1": ON_DESTROY, "d1": PLAIN, "d2": PLAIN}, {"graveyard": ["k1"], "deck": ["d1"]},
                 {"deck": ["d2"]}, waiting=[{"card": "k1", "ability": 0}])
    answer = session.act({"type": "end_turn"})
    session.expect(answer["status"] == "rejected", "rejected to end_turn while k1's ability waits")


@probe("C-4.5", "the next turn", cards=(PLAIN,), mechanics=("turns",))
def next_turn(session: Session) -> None:
    session.game({"o1": PLAIN, "d1": PLAIN, "d2": PLAIN}, {"deck": ["d1"]},
                 {"battle": [{"cards": ["o1"], "tapped": True}], "deck": ["d2"]})
    session.act({"type": "end_turn"})
    seen = session.observe()
    turn = seen["turn"]
    session.expect((turn["number"], turn["active"], turn.get("step", "main")) == (4, "opp", "main"),
                   f"turn 4 of opp, main step, after turn 3 of me ended; not {turn}")
    session.expect(place(seen, "d2") == ["opp:hand"], f"opp drew d2 at the start of its turn (it is in "
                                                      f"{place(seen, 'd2')})")
    if session.observes("tapped"):
        session.expect(battle_object(seen, "o1").get("tapped") is False, "opp's o1 untapped at its turn's start")


@probe("C-4.6", "an attack does not change the step", cards=(PLAIN,), mechanics=("attack",))
def step_after_attack(session: Session) -> None:
    _attacker(session)
    step = session.observe()["turn"].get("step", "main")
    session.expect(step == "main", f"turn.step still main after an attack, not {step!r}")


@probe("C-4.7", "tap and untap apply to mana cards too", cards=(PLAIN,), mechanics=("tap",))
def tap_mana_cards(session: Session) -> None:
    session.game({"m1": PLAIN}, {"mana": ["m1"]})
    answer = session.act({"type": "tap", "card": "m1"})
    session.expect(answer["status"] == "ok", "ok (or unsupported) to tapping a mana card, never rejected")
    if session.observes("tapped_mana"):
        tapped = session.observe()["players"]["me"].get("tapped_mana", [])
        session.expect(tapped == ["m1"], f"tapped_mana [m1] after tapping it, not {tapped}")
    answer = session.act({"type": "untap", "card": "m1"})
    session.expect(answer["status"] == "ok", "ok (or unsupported) to untapping a mana card, never rejected")


@probe("C-4.8", "evolution sources in the evolving player's battle zone", cards=(EVOLUTION, PLAIN),
       mechanics=("summon", "evolution"))
def own_sources(session: Session) -> None:
    session.game({"v1": EVOLUTION, "o1": PLAIN}, {"hand": ["v1"]}, {"battle": [{"cards": ["o1"]}]})
    answer = session.act({"type": "summon", "card": "v1", "sources": ["o1"]})
    session.expect(answer["status"] == "rejected", "rejected to evolving onto the opponent's creature (801)")


@probe("C-4.9", "a scripted choice never asked for is a script mismatch", cards=(PLAIN,), mechanics=("summon",))
def unused_choice(session: Session) -> None:
    session.game({"h1": PLAIN}, {"hand": ["h1"]})
    answer = session.act({"type": "summon", "card": "h1"}, [{"player": "me", "kind": "target", "picks": ["h1"]}])
    session.expect(answer["status"] == "script_mismatch", "script_mismatch to a summon of a plain creature with a "
                                                          "scripted target it never asks for")


def _two_targets(session: Session) -> None:
    session.game({"s1": DESTROY_SPELL, "o1": PLAIN, "o2": PLAIN}, {"hand": ["s1"]},
                 {"battle": [{"cards": ["o1"]}, {"cards": ["o2"]}]})


SPELL = {"cards": (DESTROY_SPELL, PLAIN), "mechanics": ("spells",)}


@probe("C-4.10", "a decision the script lacks is asked, the game kept", **SPELL)  # type: ignore[arg-type]
def asks(session: Session) -> None:
    _two_targets(session)
    before = session.observe()
    answer = session.act({"type": "cast", "card": "s1"})
    session.expect(answer["status"] == "choice_needed" and answer["choice"]["kind"] == "target"
                   and answer["choice"]["player"] == "me" and set(answer["choice"]["options"]) == {"o1", "o2"},
                   "choice_needed: target, by me, options o1 and o2 — the script gives no target")
    after = session.observe()
    session.expect(after["players"] == before["players"], "the game as it was before the move that needed a choice")


@probe("C-4.11", "one legal answer is not a choice", **SPELL)  # type: ignore[arg-type]
def one_legal_answer(session: Session) -> None:
    session.game({"s1": DESTROY_SPELL, "o1": PLAIN}, {"hand": ["s1"]}, {"battle": [{"cards": ["o1"]}]})
    answer = session.act({"type": "cast", "card": "s1"}, [{"player": "me", "kind": "target", "picks": ["o1"]}])
    session.expect(answer["status"] == "ok", "ok: a target scripted as o1, the only creature it can choose, counts "
                                             "as used")


@probe("C-4.12", "a choice scripted for the other player is a script mismatch", **SPELL)  # type: ignore[arg-type]
def other_player(session: Session) -> None:
    _two_targets(session)
    answer = session.act({"type": "cast", "card": "s1"}, [{"player": "opp", "kind": "target", "picks": ["o1"]}])
    session.expect(answer["status"] == "script_mismatch", "script_mismatch: the caster chooses the target, and the "
                                                          "script has opp choosing it")


@probe("C-4.13", "the turn player orders what an effect puts into the battle zone", cards=(ON_ENTER, PLAIN),
       mechanics=("zones", "triggers"))
def enter_order(session: Session) -> None:
    cards = {"e1": ON_ENTER, "e2": ON_ENTER, "d1": PLAIN, "d2": PLAIN, "d3": PLAIN}
    session.game(cards, {"deck": ["d1"]}, {"hand": ["e1", "e2"], "deck": ["d2", "d3"]})
    answer = session.act({"type": "put_into_battle", "card": "e1", "with": ["e2"]})
    if answer["status"] != "choice_needed":
        raise Skip(f"no order asked under these rules (answered {answer['status']}): the cards enter together")
    session.expect(answer["choice"]["player"] == "me", "enter_order asked of me, the turn player, though opp owns "
                                                       "the cards")
    session.game(cards, {"deck": ["d1"]}, {"hand": ["e1", "e2"], "deck": ["d2", "d3"]})
    answer = session.act({"type": "put_into_battle", "card": "e1", "with": ["e2"]},
                         [{"player": "me", "kind": "enter_order", "picks": ["e2", "e1"]}])
    session.expect(answer["status"] == "ok", "ok to an enter_order scripted for me, the turn player")


@probe("C-4.14", "deck positions", cards=(PLAIN,), mechanics=("zones",), observables=("deck_order",))
def deck_positions(session: Session) -> None:
    for position, deck in (("bottom", ["d1", "d2", "h1"]), ("top", ["h1", "d1", "d2"])):
        session.game({"h1": PLAIN, "d1": PLAIN, "d2": PLAIN}, {"hand": ["h1"], "deck": ["d1", "d2"]})
        session.act({"type": "move", "card": "h1", "to": "deck", "position": position})
        seen = session.observe()["players"]["me"]["deck"]
        session.expect(seen == deck, f"deck {deck} after moving h1 to its {position}, not {seen}")


@probe("C-4.15", "the kit's moves pay no cost and count nothing", cards=(PLAIN,), mechanics=("summon", "mana"))
def primitives(session: Session) -> None:
    session.game({"h1": PLAIN, "h2": PLAIN, "h3": PLAIN, "m1": PLAIN}, {"hand": ["h1", "h2", "h3"], "mana": ["m1"]})
    for action in ({"type": "summon", "card": "h1"}, {"type": "charge_mana", "card": "h2"},
                   {"type": "charge_mana", "card": "h3"}):
        answer = session.act(action, unsupported_skips=False)
        session.expect(answer["status"] != "rejected", f"ok (or unsupported) to {action}, never rejected: the "
                                                       f"kit's moves pay no cost and count nothing")
        if action["type"] == "summon" and answer["status"] == "ok" and session.observes("tapped_mana"):
            tapped = session.observe()["players"]["me"].get("tapped_mana", [])
            session.expect(tapped == [], f"no mana tapped by a summon (costs taken as paid), not {tapped}")
    session.game({"h1": PLAIN}, {"hand": ["h1"]}, turn={"number": 4, "active": "opp", "step": "main"})
    answer = session.act({"type": "summon", "card": "h1"}, unsupported_skips=False)
    session.expect(answer["status"] != "rejected", "ok (or unsupported) to a summon in the opponent's turn, never "
                                                   "rejected (it stands for an effect's 召喚)")


# ------------------------------------------------------------------ 5. observations
@probe("C-5.1", "every zone of both players")
def every_zone(session: Session) -> None:
    session.game({})
    session.observe()  # Session.observe checks the answer and the schema


@probe("C-5.2", "each card once", cards=(PLAIN,))
def each_once(session: Session) -> None:
    labels = ["h1", "d1", "b1", "b2", "o1"]
    session.game({label: PLAIN for label in labels}, {"hand": ["h1"], "deck": ["d1"], "battle": [{"cards": ["b1"]},
                                                                                                 {"cards": ["b2"]}]},
                 {"battle": [{"cards": ["o1"]}]})
    seen = session.observe()
    twice = [label for label in labels if len(place(seen, label)) != 1]
    session.expect(not twice, f"each label listed once, not {', '.join(twice)}")


OBJECT_FIELDS = ("tapped", "power", "can_attack", "attacking", "effects", "equipment", "seals", "linked", "face")


@probe("C-5.3", "the fields it declares, and only those", cards=(PLAIN,))
def declared_fields(session: Session) -> None:
    session.game({"b1": PLAIN}, {"battle": [{"cards": ["b1"]}]})
    seen = session.observe()
    obj = battle_object(seen, "b1")
    wrong = [f"{name} {'missing' if session.observes(name) else 'undeclared'}" for name in OBJECT_FIELDS
             if (name in obj) != session.observes(name)]
    me = seen["players"]["me"]
    wrong += [f"{name} undeclared" for name in ("tapped_mana", "lost") if name in me and not session.observes(name)]
    wrong += [f"{name} undeclared" for name in ("waiting", "events") if seen.get(name) and not session.observes(name)]
    session.expect(not wrong, "every declared field, and no other: " + ", ".join(wrong))


@probe("C-5.4", "summoning sickness of the turn player's objects only", cards=(PLAIN,),
       observables=("summoning_sick",))
def sick_turn_player(session: Session) -> None:
    session.game({"b1": PLAIN, "o1": PLAIN}, {"battle": [{"cards": ["b1"]}]}, {"battle": [{"cards": ["o1"]}]})
    seen = session.observe()
    session.expect("summoning_sick" in battle_object(seen, "b1"), "summoning_sick for me's object on me's turn")
    session.expect("summoning_sick" not in battle_object(seen, "o1"), "no summoning_sick for opp's object on "
                                                                      "me's turn (301.5)")


@probe("C-5.5", "an object as it is now", cards=(PLAIN,))
def object_now(session: Session) -> None:
    session.game({"b1": PLAIN}, {"battle": [{"cards": ["b1"]}]})
    obj = battle_object(session.observe(), "b1")
    printed = registry.load().get(PLAIN).data.get("power")
    wants: dict[str, Any] = {"tapped": False, "power": printed, "attacking": False, "effects": [], "equipment": [],
                             "seals": [], "linked": [], "face": PLAIN, "can_attack": True}
    wrong = [f"{name} {obj.get(name)!r} (wanted {value!r})" for name, value in wants.items()
             if session.observes(name) and obj.get(name) != value]
    session.expect(not wrong, f"an untapped {PLAIN} there since before the turn as it is: " + ", ".join(wrong))


@probe("C-5.6", "tapped mana", cards=(PLAIN,), observables=("tapped_mana",))
def tapped_mana(session: Session) -> None:
    session.game({"m1": PLAIN, "m2": PLAIN}, {"mana": ["m1", "m2"], "tapped_mana": ["m1"]})
    tapped = session.observe()["players"]["me"].get("tapped_mana")
    session.expect(tapped == ["m1"], f"tapped_mana [m1], as set up, not {tapped}")


@probe("C-5.7", "who lost", observables=("lost",))
def nobody_lost(session: Session) -> None:
    session.game({})
    lost = {player: view.get("lost") for player, view in session.observe()["players"].items()}
    session.expect(lost == {"me": False, "opp": False}, f"lost false for both players of a new game, not {lost}")


# ------------------------------------------------------------------ 6. events and their causes
@probe("C-6.1", "each event once", cards=(PLAIN,), mechanics=("summon",), observables=("events",))
def events_once(session: Session) -> None:
    session.game({"h1": PLAIN}, {"hand": ["h1"]})
    session.act({"type": "summon", "card": "h1"})
    first, second = moved(session.observe(), "h1"), session.observe().get("events", [])
    session.expect(len(first) == 1, f"one moved event of h1 after its summon, not {first}")
    session.expect(not second, f"no event in a second observation with no move between, not {second}")


@probe("C-6.2", "a moved event says where, whose and why", cards=(PLAIN,), mechanics=("summon",),
       observables=("events",))
def moved_event(session: Session) -> None:
    session.game({"h1": PLAIN, "b1": PLAIN, "d1": PLAIN, "d2": PLAIN}, {"hand": ["h1"], "battle": [{"cards": ["b1"]}],
                                                                          "deck": ["d1"]}, {"deck": ["d2"]})
    expected: list[tuple[str, dict[str, Any], dict[str, str]]] = [
        ("h1", {"type": "summon", "card": "h1"}, {"from": "hand", "to": "battle", "player": "me",
                                                          "cause": "summon"})]
    if session.declares("mechanics", ["zones"]):
        expected.append(("b1", {"type": "destroy", "cards": ["b1"]},
                         {"from": "battle", "to": "graveyard", "player": "me", "cause": "destroy"}))
    if session.declares("mechanics", ["turns"]):
        expected.append(("d2", {"type": "end_turn"}, {"from": "deck", "to": "hand", "player": "opp", "cause": "draw"}))
    for label, action, wanted in expected:
        session.act(action)
        events = moved(session.observe(), label)
        seen = [{k: e.get(k) for k in wanted} for e in events]
        session.expect(seen == [wanted], f"after {action['type']}: one moved event of {label} {wanted}, not {seen}")


@probe("C-6.3", "a card an effect moves is put", cards=(PLAIN,), mechanics=("zones",), observables=("events",))
def put_cause(session: Session) -> None:
    session.game({"h1": PLAIN, "b1": PLAIN}, {"hand": ["h1"], "battle": [{"cards": ["b1"]}]})
    for label, action in (("h1", {"type": "put_into_battle", "card": "h1"}),
                          ("b1", {"type": "move", "card": "b1", "to": "graveyard"})):
        session.act(action)
        causes = [e.get("cause") for e in moved(session.observe(), label)]
        session.expect(causes == ["put"], f"cause put for {label} moved by {action['type']}, not {causes}")


@probe("C-6.4", "from the battle zone to the graveyard is destruction", cards=(ON_DESTROY, PLAIN),
       mechanics=("zones", "triggers"), when=lambda s: s.observes("waiting") or s.observes("events"))
def move_destroys(session: Session) -> None:
    session.game({"k1": ON_DESTROY, "b1": PLAIN, "d1": PLAIN}, {"battle": [{"cards": ["k1"]}, {"cards": ["b1"]}],
                                                                 "deck": ["d1"]})
    session.act({"type": "move", "card": "b1", "to": "graveyard"})
    seen = session.observe()
    waiting = [w["card"] for w in seen.get("waiting", [])]
    triggered = [e["card"] for e in seen.get("events", []) if e["type"] == "triggered"]
    session.expect("k1" in waiting + triggered, "k1's 'when a creature is destroyed' triggered by b1 moved from "
                                                "the battle zone to the graveyard")


@probe("C-6.5", "the ability of a triggered event", cards=(ON_DESTROY, PLAIN), mechanics=("zones", "triggers"),
       observables=("events",))
def ability_index(session: Session) -> None:
    session.game({"k1": ON_DESTROY, "b1": PLAIN, "d1": PLAIN}, {"battle": [{"cards": ["k1"]}, {"cards": ["b1"]}],
                                                                 "deck": ["d1"]})
    session.act({"type": "destroy", "cards": ["b1"]})
    triggered = [e for e in session.observe().get("events", []) if e["type"] == "triggered" and e["card"] == "k1"]
    if not triggered:
        raise Skip("no triggered event of k1 to look at")
    session.expect(all(e.get("ability") == 0 for e in triggered), f"ability 0 in k1's triggered event, not "
                                                                  f"{triggered}")


@probe("C-6.6", "events survive a withdrawn move", cards=(PLAIN, DESTROY_SPELL), mechanics=("summon", "spells"),
       observables=("events",))
def withdrawn_move(session: Session) -> None:
    session.game({"h1": PLAIN, "s1": DESTROY_SPELL, "o1": PLAIN, "o2": PLAIN}, {"hand": ["h1", "s1"]},
                 {"battle": [{"cards": ["o1"]}, {"cards": ["o2"]}]})
    session.act({"type": "summon", "card": "h1"})
    answer = session.act({"type": "cast", "card": "s1"})
    if answer["status"] != "choice_needed":
        raise Skip(f"the cast was answered {answer['status']}")
    events = session.observe().get("events", [])
    summoned = [e for e in events if e.get("card") == "h1"]
    others = [e for e in events if e.get("card") != "h1"]
    session.expect(len(summoned) == 1 and not others, "the summon's moved event once, and no event of the cast "
                                                      f"that needed a choice; not {events}")


@probe("C-6.7", "a replacement is reported before what it does", cards=(REPLACED_TO_HAND,),
       mechanics=("zones", "replacement_effects"), observables=("events",))
def replaced_first(session: Session) -> None:
    session.game({"r1": REPLACED_TO_HAND, "d1": PLAIN}, {"battle": [{"cards": ["r1"]}], "deck": ["d1"]})
    session.act({"type": "destroy", "cards": ["r1"]})
    events = session.observe().get("events", [])
    kinds = [e["type"] for e in events if e.get("card") == "r1" or e.get("affected") == "r1"]
    if "replaced" not in kinds:
        raise Skip(f"no replaced event of r1 to look at: {events}")
    session.expect("moved" not in kinds[:kinds.index("replaced")],
                   f"r1's replaced event before its moved event (609.1: the replacement changes the event before it "
                   f"happens), not {events}")


# ------------------------------------------------------------------ 7. waiting abilities
def _two_waiting(session: Session) -> list[dict[str, Any]]:
    waiting = [{"card": "k1", "ability": 0}, {"card": "k2", "ability": 0}]
    session.game({"k1": ON_DESTROY, "k2": ON_DESTROY, "d1": PLAIN, "d2": PLAIN},
                 {"graveyard": ["k1", "k2"], "deck": ["d1", "d2"]}, waiting=waiting)
    return waiting


@probe("C-7.1", "what waits, in order", cards=(ON_DESTROY, PLAIN), mechanics=("triggers",),
       observables=("waiting",))
def waits(session: Session) -> None:
    waiting = _two_waiting(session)
    seen = session.observe().get("waiting")
    session.expect(seen == waiting, f"waiting {waiting}, as set up, not {seen}")


@probe("C-7.1", "the turn player's waiting abilities first, whatever triggered first", cards=(ON_ENTER, PLAIN),
       mechanics=("zones", "triggers"), observables=("waiting",))
def turn_player_waits_first(session: Session) -> None:
    session.game({"e1": ON_ENTER, "e2": ON_ENTER, "h1": PLAIN, "h2": PLAIN, "d1": PLAIN, "d2": PLAIN},
                 {"battle": [{"cards": ["e1"]}], "hand": ["h1"], "deck": ["d1"]},
                 {"battle": [{"cards": ["e2"]}], "hand": ["h2"], "deck": ["d2"]})
    session.act({"type": "put_into_battle", "card": "h2"})  # opp's e2 triggers first
    session.act({"type": "put_into_battle", "card": "h1"})  # then my e1
    seen = [w.get("card") for w in session.observe().get("waiting", [])]
    if sorted(seen) != ["e1", "e2"]:
        raise Skip(f"not e1 and e2 waiting to look at their order: {seen}")
    session.expect(seen == ["e1", "e2"], f"waiting e1 (mine, the turn player's) before e2 (opp's, which triggered "
                                         f"first): the order they would resolve in, not {seen}")


@probe("C-7.2", "resolve resolves everything", cards=(ON_DESTROY, PLAIN), mechanics=("triggers",))
def resolves(session: Session) -> None:
    _two_waiting(session)
    answer = session.act({"type": "resolve"}, [{"player": "me", "kind": "order", "picks": ["k1"]}])
    session.expect(answer["status"] == "ok", "ok to resolve two waiting abilities with their order scripted")
    seen = session.observe()
    session.expect(not seen.get("waiting") and place(seen, "d1") == place(seen, "d2") == ["me:hand"],
                   "nothing waiting, and both draws done (d1 and d2 in my hand)")


# ------------------------------------------------------------------ 8. errors and statuses
@probe("C-8.1", "every answer is an answer to its request")
def valid_answers(session: Session) -> None:
    session.game({})
    session.observe()
    session.act({"type": "end_turn"}, unsupported_skips=False)


PROBING_ACTIONS: tuple[tuple[Mapping[str, Any], str], ...] = (
    ({"type": "seal", "card": "b1"}, "seal"), ({"type": "flip", "card": "b1", "by": "other"}, "flip"),
    ({"type": "attack", "attacker": "b1", "target": {"player": "opp"}}, "attack"),
    ({"type": "charge_mana", "card": "h1"}, "mana"), ({"type": "resolve"}, "triggers"))
"""Moves whose mechanic an adapter may not declare, to hear how it says so."""


@probe("C-8.2", "unsupported says what is lacking", cards=(PLAIN,),
       when=lambda s: any(m not in s.caps["mechanics"] for _, m in PROBING_ACTIONS))
def says_what_lacks(session: Session) -> None:
    action = next(a for a, m in PROBING_ACTIONS if m not in session.caps["mechanics"])
    session.game({"b1": PLAIN, "h1": PLAIN}, {"hand": ["h1"], "battle": [{"cards": ["b1"]}]})
    answer = session.act(action, unsupported_skips=False)
    if answer["status"] != "unsupported":
        raise Skip(f"{action['type']} was answered {answer['status']}")
    session.expect(bool(answer.get("message", "").strip()), "a message naming what it lacks with unsupported")


def stop(session: Session) -> None:
    """C-8.3, the last probe: ``stop`` is answered ok."""
    answer = session.send({"cmd": "stop"})
    session.expect(answer["status"] == "ok", "ok to stop")


PROBES.append(Probe("C-8.3", "stop", stop))


def checked(session: Session, run: Run) -> None:
    """Run one probe, with the session's rule set to its own."""
    try:
        run(session)
    except Broken:
        raise
    except Skip:
        raise
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as error:  # an answer shaped otherwise
        raise Broken("C-8.1", f"an answer the contract's messages describe ({type(error).__name__}: {error})") \
            from None

"""Deliberately wrong adapters for ``shinpan contract-test`` (test fixtures, never shipped as adapters).

Each is the reference engine behind a wrapper that makes one mistake a real adapter author made or could make,
written as that author would have written it; :data:`EXPECTED` maps each to the contract rule it breaks.
Loaded as ``py:tests.contract_faults:NAME``.
"""

from __future__ import annotations

import copy
from typing import Any

from shinpan.adapters.reference import ReferenceSimulator

Message = dict[str, Any]


class Wrong:
    """The reference engine, with hooks a mistake overrides: the capabilities, each request and each answer."""

    def __init__(self) -> None:
        self.inner: Any = ReferenceSimulator()  # spoken to in plain dicts, as the wire does
        self.last_action: Message = {}

    def capabilities(self, caps: Message) -> Message:
        return caps

    def hello(self, request: Message) -> Message:
        answer = copy.deepcopy(dict(self.inner.hello(request)))
        answer["capabilities"] = self.capabilities(answer["capabilities"])
        return answer

    def new_game(self, request: Message) -> Message:
        return dict(self.inner.new_game(request))

    def setup(self, request: Message) -> Message:
        return dict(self.inner.setup(request))

    def act(self, request: Message) -> Message:
        self.last_action = request["action"]
        return dict(self.inner.act(request))

    def observe(self, request: Message) -> Message:
        answer = copy.deepcopy(dict(self.inner.observe(request)))
        if answer.get("status") == "ok":
            self.looked(answer["observation"])
        return answer

    def looked(self, observation: Message) -> None:
        """Change an observation in place (the default: leave it)."""

    def stop(self, request: Message) -> Message:
        return dict(self.inner.stop(request))


def _objects(observation: Message) -> list[tuple[str, Message]]:
    return [(player, obj) for player, view in observation["players"].items() for obj in view["battle"]]


# ------------------------------------------------------------------ handshake
class OldProtocol(Wrong):
    """Written for protocol 2 and never updated: it answers the protocol it was written for, 2."""

    def hello(self, request: Message) -> Message:
        return {**super().hello(request), "protocol": 2}


class UnknownCard(Wrong):
    """Declares a card by the name its own database uses, not the registry's."""

    def capabilities(self, caps: Message) -> Message:
        return {**caps, "cards": [*caps["cards"], "テストクリーチャーA"]}


class MechanicTypo(Wrong):
    """Declares 'evolutions' for 'evolution'."""

    def capabilities(self, caps: Message) -> Message:
        return {**caps, "mechanics": [m if m != "evolution" else "evolutions" for m in caps["mechanics"]]}


class UnknownChangeDeclared(Wrong):
    """Declares a change id of its own invention."""

    def capabilities(self, caps: Message) -> Message:
        return {**caps, "changes": [*caps["changes"], "my-2024-errata"]}


MOVE_MECHANICS = ("zones", "summon", "tap", "summoning_sickness", "speed_attacker", "turns", "attack", "spells",
                  "mana", "power_modifiers")
"""The mechanics no @requires tag of the suite names: those of the moves themselves."""


class RequiresTagsOnly(Wrong):
    """Declares only the values of the suite's @requires tags it found, not the mechanics of the moves it plays
    (zones, summon, turns, …): explore never draws an ordinary move for it."""

    def capabilities(self, caps: Message) -> Message:
        return {**caps, "mechanics": [m for m in caps["mechanics"] if m not in MOVE_MECHANICS]}


class ChangingCapabilities(Wrong):
    """Lists the cards it has loaded so far: the second hello declares more than the first."""

    def __init__(self) -> None:
        super().__init__()
        self.hellos = 0

    def capabilities(self, caps: Message) -> Message:
        self.hellos += 1
        return caps if self.hellos > 1 else {**caps, "cards": caps["cards"][:10]}


# ------------------------------------------------------------------ rules states
class StrictChangeIds(Wrong):
    """Refuses a new game naming a change it does not know, instead of ignoring the id."""

    def new_game(self, request: Message) -> Message:
        known = set(self.inner.hello({"cmd": "hello", "protocol": 3, "kit_version": "", "changes": []})["capabilities"]
                    ["changes"]) | {"devolve-sickness-own-turn"}
        from shinpan.suite import rulesets

        known |= set(rulesets.load().ids)
        unknown = [c for c in request["rules"]["changes"] if c not in known]
        if unknown:
            return {"status": "error", "message": f"unknown change {unknown[0]}"}
        return super().new_game(request)


class RefusesEveryGame(Wrong):
    """A change of the rules in doubt on every day made it refuse every game, while it declares every state."""

    def new_game(self, request: Message) -> Message:
        return {"status": "unsupported", "message": "a change in doubt: cannot tell which rules apply"}


# ------------------------------------------------------------------ setup
class SetupBySummoning(Wrong):
    """Builds the board by summoning each battle-zone card, and reports the summons as events."""

    def __init__(self) -> None:
        super().__init__()
        self.pending: list[Message] = []

    def setup(self, request: Message) -> Message:
        players = request["state"]["players"]
        self.pending = [{"type": "moved", "card": obj["cards"][0], "from": "hand", "to": "battle", "player": player,
                         "cause": "summon"} for player in ("me", "opp") for obj in players[player].get("battle", [])]
        return super().setup(request)

    def looked(self, observation: Message) -> None:
        observation["events"] = [*self.pending, *observation.get("events", [])]
        self.pending = []


class StepFromZeroValue(Wrong):
    """A Go struct's zero value: a turn set up without a step starts at the start step."""

    def setup(self, request: Message) -> Message:
        state = copy.deepcopy(request["state"])
        state["turn"].setdefault("step", "start")
        return super().setup({**request, "state": state})


class DeckBottomFirst(Wrong):
    """Keeps its deck as a stack and lists it bottom first."""

    def looked(self, observation: Message) -> None:
        for view in observation["players"].values():
            view["deck"] = view["deck"][::-1]


# ------------------------------------------------------------------ moves and choices
class MovesIntoSameZone(Wrong):
    """Answers ok to a move into the zone the card is already in (nothing to do, it thought)."""

    def act(self, request: Message) -> Message:
        action = request["action"]
        if action["type"] == "move":
            seen = self.inner.observe({"cmd": "observe"})["observation"]
            if any(action["card"] in view.get(action["to"], []) for view in seen["players"].values()):
                return {"status": "ok"}
        return super().act(request)


class AttackStep(Wrong):
    """Moves the turn to its attack step when an attack is declared, and leaves it there."""

    def __init__(self) -> None:
        super().__init__()
        self.attacked = False

    def new_game(self, request: Message) -> Message:
        self.attacked = False
        return super().new_game(request)

    def act(self, request: Message) -> Message:
        answer = super().act(request)
        self.attacked = self.attacked or (request["action"]["type"] == "attack" and answer["status"] == "ok")
        return answer

    def looked(self, observation: Message) -> None:
        if self.attacked:
            observation["turn"]["step"] = "attack"


class TapsCreaturesOnly(Wrong):
    """Rejects tap and untap of a mana card: it thought they were for creatures."""

    def act(self, request: Message) -> Message:
        action = request["action"]
        if action["type"] in ("tap", "untap"):
            seen = self.inner.observe({"cmd": "observe"})["observation"]
            if any(action["card"] in view["mana"] for view in seen["players"].values()):
                return {"status": "rejected", "message": "not a creature"}
        return super().act(request)


class IgnoresUnusedChoices(Wrong):
    """Never checks that every scripted choice was used."""

    def act(self, request: Message) -> Message:
        answer = super().act(request)
        if answer["status"] == "script_mismatch" and "never asked" in answer.get("message", ""):
            return {"status": "ok"}
        return answer


class ProtocolTwoChoices(Wrong):
    """Protocol 2's habit: a decision the script lacks is answered script_mismatch, not choice_needed."""

    def act(self, request: Message) -> Message:
        answer = super().act(request)
        if answer["status"] == "choice_needed":
            return {"status": "script_mismatch", "message": answer.get("message", "")}
        return answer


class OwnerOrdersEntry(Wrong):
    """Asks the cards' owner, not the turn player, in which order an effect's cards enter the battle zone."""

    def act(self, request: Message) -> Message:
        choices = request["choices"]
        if any(c["kind"] == "enter_order" and c["player"] == "me" for c in choices):
            return {"status": "script_mismatch", "message": "enter_order is the owner's to decide"}
        answer = super().act(request)
        if answer["status"] == "choice_needed" and answer["choice"]["kind"] == "enter_order":
            answer["choice"] = {**answer["choice"], "player": "opp"}
        return answer


# ------------------------------------------------------------------ observations
class SickForEveryone(Wrong):
    """Reports summoning_sick for every object, the opponent's too."""

    def looked(self, observation: Message) -> None:
        for _, obj in _objects(observation):
            obj.setdefault("summoning_sick", False)


class UndeclaredFace(Wrong):
    """Dropped `face` from its observables, but still reports it."""

    def capabilities(self, caps: Message) -> Message:
        return {**caps, "observables": [o for o in caps["observables"] if o != "face"]}


class PowerOfTheCardNotTheObject(Wrong):
    """Reports every object's power as 1000 more than it is (its own base-power table is off by one step)."""

    def looked(self, observation: Message) -> None:
        for _, obj in _objects(observation):
            if isinstance(obj.get("power"), int):
                obj["power"] += 1000


# ------------------------------------------------------------------ events
class EventsNeverDrained(Wrong):
    """Keeps every event since the setup and reports them all at each observation."""

    def __init__(self) -> None:
        super().__init__()
        self.history: list[Message] = []

    def setup(self, request: Message) -> Message:
        self.history = []
        return super().setup(request)

    def looked(self, observation: Message) -> None:
        self.history += observation.get("events", [])
        observation["events"] = list(self.history)


class EffectMovesByDestination(Wrong):
    """Names a move's cause by where the card went: into the battle zone is a summon, into the graveyard a
    destruction — even when an effect put it there."""

    def looked(self, observation: Message) -> None:
        for event in observation.get("events", []):
            if event["type"] == "moved" and event.get("cause") == "put":
                event["cause"] = {"battle": "summon", "graveyard": "destroy"}.get(event["to"], "put")


class MoveIsNotDestruction(Wrong):
    """Triggers 'when destroyed' abilities only for the destroy action, not for a move to the graveyard."""

    def __init__(self) -> None:
        super().__init__()
        self.quiet = False

    def act(self, request: Message) -> Message:
        self.quiet = request["action"]["type"] == "move" and request["action"]["to"] == "graveyard"
        return super().act(request)

    def looked(self, observation: Message) -> None:
        if self.quiet:
            observation["waiting"] = []
            observation["events"] = [e for e in observation.get("events", []) if e["type"] != "triggered"]


class NoAbilityIndex(Wrong):
    """Leaves the optional `ability` out of its triggered events."""

    def looked(self, observation: Message) -> None:
        for event in observation.get("events", []):
            if event["type"] == "triggered":
                event.pop("ability", None)


class DrainsOnRestore(Wrong):
    """Drains its event log when it sets the game up again after a move needing a choice (the SDK's start()
    trap): the events of the moves before are lost."""

    def __init__(self) -> None:
        super().__init__()
        self.drained = False

    def act(self, request: Message) -> Message:
        answer = super().act(request)
        self.drained = self.drained or answer["status"] == "choice_needed"
        return answer

    def looked(self, observation: Message) -> None:
        if self.drained:
            observation["events"] = []
            self.drained = False


# ------------------------------------------------------------------ errors and statuses
class ReplacedAfterMove(Wrong):
    """Reports a replacement once its engine has done it: the replaced event after the card's move."""

    def looked(self, observation: Message) -> None:
        events = observation.get("events", [])
        observation["events"] = [e for e in events if e["type"] != "replaced"] + \
            [e for e in events if e["type"] == "replaced"]


class WaitingAsTriggered(Wrong):
    """Lists the waiting abilities in the order they triggered (its engine's queue), not the order they resolve."""

    def __init__(self) -> None:
        super().__init__()
        self.triggered: list[tuple[Any, Any]] = []

    def setup(self, request: Message) -> Message:
        self.triggered = []
        return super().setup(request)

    def looked(self, observation: Message) -> None:
        self.triggered += [(e.get("card"), e.get("ability")) for e in observation.get("events", [])
                           if e["type"] == "triggered"]
        rank = {key: i for i, key in reversed(list(enumerate(self.triggered)))}
        observation["waiting"] = sorted(observation.get("waiting", []),
                                        key=lambda w: rank.get((w.get("card"), w.get("ability")), -1))


class SilentUnsupported(Wrong):
    """Answers unsupported with no message for a move it does not play."""

    def capabilities(self, caps: Message) -> Message:
        return {**caps, "mechanics": [m for m in caps["mechanics"] if m != "seal"]}

    def act(self, request: Message) -> Message:
        if request["action"]["type"] == "seal":
            return {"status": "unsupported"}
        return super().act(request)


class StopIsAnError(Wrong):
    """Answers stop with an error (it had nothing to clean up)."""

    def stop(self, request: Message) -> Message:
        return {"status": "error", "message": "not implemented"}


class DeckOutAtOnce(Wrong):
    """Its engine ends the game as soon as a deck is empty: after a setup with an empty deck every move is
    answered ok and does nothing."""

    def setup(self, request: Message) -> Message:
        players = request["state"]["players"].values()
        self.over = any(not view.get("deck") for view in players)
        return super().setup(request)

    def act(self, request: Message) -> Message:
        return {"status": "ok"} if self.over else super().act(request)


class LosesWhenADeckEmpties(Wrong):
    """Its engine declares a player lost the moment a move takes the last card of their deck (as DMSIM did before
    its adapter kept unnamed cards under the decks)."""

    def setup(self, request: Message) -> Message:
        self.emptied: set[str] = set()
        return super().setup(request)

    def act(self, request: Message) -> Message:
        before = self.inner.observe({"cmd": "observe"})["observation"]["players"]
        answer = super().act(request)
        after = self.inner.observe({"cmd": "observe"})["observation"]["players"]
        self.emptied |= {who for who, view in after.items() if before[who]["deck"] and not view["deck"]}
        return answer

    def looked(self, observation: Message) -> None:
        for who in self.emptied:
            observation["players"][who]["lost"] = True


class OneChargeATurn(Wrong):
    """Counts charges as the turn sequence does: a second charge_mana in a turn is rejected."""

    def setup(self, request: Message) -> Message:
        self.charged = False
        return super().setup(request)

    def act(self, request: Message) -> Message:
        if request["action"]["type"] == "charge_mana":
            if self.charged:
                return {"status": "rejected", "message": "a player charges mana once a turn"}
            self.charged = True
        elif request["action"]["type"] == "end_turn":
            self.charged = False
        return super().act(request)


EXPECTED: dict[str, str] = {
    "DeckOutAtOnce": "C-3.7", "LosesWhenADeckEmpties": "C-3.7", "OneChargeATurn": "C-4.15",
    "OldProtocol": "C-1.2", "UnknownCard": "C-1.3", "MechanicTypo": "C-1.4", "UnknownChangeDeclared": "C-1.5",
    "RequiresTagsOnly": "C-1.6", "ChangingCapabilities": "C-1.7", "StrictChangeIds": "C-2.2",
    "RefusesEveryGame": "C-2.3", "SetupBySummoning": "C-3.3", "StepFromZeroValue": "C-3.4",
    "DeckBottomFirst": "C-3.2", "MovesIntoSameZone": "C-4.2", "AttackStep": "C-4.6", "TapsCreaturesOnly": "C-4.7",
    "IgnoresUnusedChoices": "C-4.9", "ProtocolTwoChoices": "C-4.10", "OwnerOrdersEntry": "C-4.13",
    "SickForEveryone": "C-5.4", "UndeclaredFace": "C-5.3", "PowerOfTheCardNotTheObject": "C-5.5",
    "EventsNeverDrained": "C-6.1", "EffectMovesByDestination": "C-6.3", "MoveIsNotDestruction": "C-6.4",
    "NoAbilityIndex": "C-6.5", "DrainsOnRestore": "C-6.6", "ReplacedAfterMove": "C-6.7", "WaitingAsTriggered": "C-7.1", "SilentUnsupported": "C-8.2",
    "StopIsAnError": "C-8.3",
}
"""Each wrong adapter, and the rule contract-test must report it breaking."""

"""The Simulator contract as Python types, mirroring ``adapters/schema/messages.json``.

An in-process adapter implements :class:`Simulator`: one method per request ``cmd``, taking the
request as a dict and returning the response as a dict — exactly the JSON messages a subprocess
adapter exchanges. The schemas are the source of truth; ``tests/test_contract.py`` checks that
every request has a method here, and that each TypedDict has the schema's fields.
"""


from typing import Any, Literal, NotRequired, Protocol, TypedDict

from shinpan.adapters.schemas import protocol_version

PROTOCOL_VERSION: int = protocol_version()
"""The protocol version this kit speaks (read from the schema)."""



def changelog_entries(adapter: int, kit: int = PROTOCOL_VERSION) -> str:
    """The entries of CHANGELOG.md (shipped as ``docs/CHANGELOG.md``) an adapter of protocol ``adapter`` reads to
    follow a kit speaking ``kit``: those of each protocol after its own, up to the kit's."""
    if adapter < kit:
        entries = " and ".join(f"'Protocol {n}'" for n in range(adapter + 1, kit + 1))
        return f"read CHANGELOG.md, {entries}, and update the adapter (or install a kit speaking protocol {adapter})"
    return f"install a kit speaking protocol {adapter} (pip install -U shinpan; CHANGELOG.md lists each protocol)"


def protocol_mismatch(kit: object, adapter: int) -> str:
    """The one line a handshake refused for another protocol says: both versions and the changelog entry to read."""
    if not isinstance(kit, int):
        return f"the request names no protocol; this adapter was written for protocol {adapter}"
    return (f"the kit speaks protocol {kit}, this adapter was written for protocol {adapter}: "
            f"{changelog_entries(adapter, kit)}")


COMMANDS: tuple[str, ...] = ("hello", "new_game", "setup", "act", "observe", "stop")
"""Every request's ``cmd``, in the order of a run; each is a method of :class:`Simulator`."""
BATCH = "batch"
"""The ``cmd`` of a batch request: several requests of one scenario on one line, for an adapter whose capabilities
say ``batch``. It is a form of the wire (:mod:`~shinpan.adapters.subprocess_adapter`, :mod:`~shinpan.adapters.server`),
not a method of :class:`Simulator`."""
BATCHED: tuple[str, ...] = ("new_game", "setup", "act", "observe")
"""The requests a batch may hold."""

Status = Literal["ok", "rejected", "unsupported", "choice_needed", "script_mismatch", "error"]
PlayerName = Literal["me", "opp"]
Observable = Literal[
    "tapped", "tapped_mana", "power", "summoning_sick", "can_attack", "attacking", "lost", "waiting", "events",
    "effects", "equipment", "seals", "linked", "face", "deck_order",
]

State = dict[str, Any]
"""A starting state, as ``setup.json`` describes it."""
Action = dict[str, Any]
"""One move, as ``action.json`` describes it."""
Observation = dict[str, Any]
"""A snapshot, as ``observation.json`` describes it."""


ChoiceKind = Literal["order_under", "keep_attacking", "replacement", "keep_after_reconstruction",
                     "reconstruction_sources", "order", "use", "target", "equipment_to", "enter_order",
                     "god_leaves"]
"""A decision a move may ask for (``common.json#/$defs/choice_kind``)."""


class Choice(TypedDict):
    player: PlayerName
    kind: ChoiceKind
    picks: list[str]


class ChoiceNeeded(TypedDict):
    """A decision the engine needs and the script does not give: the ``choice`` of a ``choice_needed`` answer."""

    kind: ChoiceKind
    player: PlayerName
    options: list[str]
    fewest: NotRequired[int]
    most: NotRequired[int]
    ordered: NotRequired[bool]


class Change(TypedDict):
    """A rule change the kit knows: its id, title, and date or range."""

    id: str
    title: str
    date: NotRequired[str]
    after: NotRequired[str]
    by: NotRequired[str]


class HelloRequest(TypedDict):
    cmd: Literal["hello"]
    protocol: int
    kit_version: str
    changes: list[Change]


class Rules(TypedDict):
    """The rules a game is played under: a label, and the ids of the changes in force."""

    label: str
    changes: list[str]


class NewGameRequest(TypedDict):
    cmd: Literal["new_game"]
    rules: Rules
    seed: int


class SetupRequest(TypedDict):
    cmd: Literal["setup"]
    state: State


class ActRequest(TypedDict):
    cmd: Literal["act"]
    action: Action
    choices: list[Choice]


class ObserveRequest(TypedDict):
    cmd: Literal["observe"]


class StopRequest(TypedDict):
    cmd: Literal["stop"]


class BatchRequest(TypedDict):
    """Requests played in order, each answered on a line of its own, until an answer neither ``ok`` nor
    ``rejected``."""

    cmd: Literal["batch"]
    requests: list[dict[str, Any]]


class Response(TypedDict):
    status: Status
    message: NotRequired[str]
    choice: NotRequired[ChoiceNeeded]


class BuildInfo(TypedDict):
    location: str
    hash: str


class EngineInfo(TypedDict):
    name: str
    version: str
    language: NotRequired[str]
    build: NotRequired[BuildInfo]


RulesPlayed = TypedDict("RulesPlayed", {"current": bool, "from": str, "until": str, "states": list[str]},
                        total=False)
"""Which states of the rules an engine plays (``messages.json#/$defs/rules_played``); absent: every state."""


class Capabilities(TypedDict):
    changes: list[str]
    cards: list[str]
    mechanics: list[str]
    observables: list[Observable]
    rules: NotRequired[RulesPlayed]
    batch: NotRequired[bool]


class HelloResponse(TypedDict):
    status: Literal["ok"]
    message: NotRequired[str]
    protocol: int
    engine: EngineInfo
    capabilities: Capabilities


class ObserveResponse(TypedDict):
    status: Status
    message: NotRequired[str]
    observation: NotRequired[Observation]


REQUEST_TYPES: dict[str, type] = {
    "hello_request": HelloRequest,
    "new_game_request": NewGameRequest,
    "setup_request": SetupRequest,
    "act_request": ActRequest,
    "observe_request": ObserveRequest,
    "stop_request": StopRequest,
    "batch_request": BatchRequest,
}
RESPONSE_TYPES: dict[str, type] = {
    "response": Response,
    "hello_response": HelloResponse,
    "observe_response": ObserveResponse,
    "capabilities": Capabilities,
    "change": Change,
    "rules": Rules,
    "choice_needed": ChoiceNeeded,
    "rules_played": RulesPlayed,
}
"""Schema definition name -> the TypedDict that mirrors it."""


class Simulator(Protocol):
    """What the kit needs from a simulator. Method names are the requests' ``cmd`` values."""

    def hello(self, request: HelloRequest) -> HelloResponse:
        """Handshake: protocol versions both ways, and the adapter's capabilities."""
        ...

    def new_game(self, request: NewGameRequest) -> Response:
        """Start afresh under the given rules (the changes in force), with a seed for anything random."""
        ...

    def setup(self, request: SetupRequest) -> Response:
        """Build the declared starting state (or answer unsupported)."""
        ...

    def act(self, request: ActRequest) -> Response:
        """Perform one move with its scripted choices (or answer ``choice_needed``, leaving the game as it was)."""
        ...

    def observe(self, request: ObserveRequest) -> ObserveResponse:
        """Report the current state."""
        ...

    def stop(self, request: StopRequest) -> Response:
        """End the session."""
        ...

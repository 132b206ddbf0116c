"""One adapter's conversation with the kit: the handshake once, then per-scenario requests.

Every response is turned into an outcome here, in one place: ``unsupported`` skips the scenario,
``script_mismatch`` raises :class:`ScriptMismatchError`, ``error`` or a malformed answer raises
:class:`AdapterError`. ``rejected`` is returned to the caller, because a scenario may expect it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from shinpan import __version__
from shinpan.adapters import build, schemas
from shinpan.adapters.contract import (
    PROTOCOL_VERSION,
    ActRequest,
    Capabilities,
    Change,
    Choice,
    HelloRequest,
    HelloResponse,
    NewGameRequest,
    Rules,
    SetupRequest,
    Simulator,
    changelog_entries,
)
from shinpan.adapters.errors import AdapterError, ScriptMismatchError
from shinpan.adapters.registry import AdapterOptions, AdapterSpec
from shinpan.reports.outcomes import unsupported
from shinpan.suite import rulesets
from shinpan.suite.rulesets import Changes


class AdapterSession:
    """An adapter after a successful handshake."""

    def __init__(self, simulator: Simulator, name: str, *, validate: bool = False) -> None:
        self.simulator = simulator
        self.name = name
        self.validate = validate
        self.observer: Callable[[dict[str, Any]], None] | None = None
        """Told of every check a step makes, when something records them (``--trace``)."""
        request: HelloRequest = {"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": __version__,
                                 "changes": handshake_changes(rulesets.load())}
        if validate:
            self._check_request("hello_request", request)
        hello = simulator.hello(request)
        if isinstance(hello, Mapping) and hello.get("status") not in ("ok", None):
            raise AdapterError(f"adapter {name!r} refused the handshake: {hello.get('message', hello['status'])}")
        spoken = hello.get("protocol") if isinstance(hello, Mapping) else None
        if isinstance(spoken, int) and spoken != PROTOCOL_VERSION:  # said first: the schema differs between versions
            raise AdapterError(f"adapter {name!r} speaks protocol {spoken}, the kit speaks {PROTOCOL_VERSION}: "
                               f"{protocol_advice(spoken)}")
        self._check("hello_response", hello, always=True)
        self.hello: HelloResponse = hello

    @classmethod
    def open(cls, spec: str | AdapterSpec, options: AdapterOptions | None = None, *,
             wrap: Callable[[Simulator], Simulator] | None = None, opened: Simulator | None = None) -> AdapterSession:
        """A session with a fresh adapter for ``spec`` (:meth:`AdapterSpec.open`) — or ``opened``, one already made
        for it (the pytest plug-in makes its adapter when the run starts and greets it on first use) — wrapped by
        ``wrap`` (a recorder), after its handshake. If the handshake fails, the adapter is stopped (with any process
        it started) and the error raised."""
        parsed = AdapterSpec.parse(spec)
        simulator = opened if opened is not None else parsed.open(options)
        try:
            simulator = wrap(simulator) if wrap is not None else simulator
            return cls(simulator, parsed.text, validate=options.validate if options else False)
        except BaseException:
            with contextlib.suppress(Exception):  # an adapter that fails to stop has stopped
                simulator.stop({"cmd": "stop"})
            raise

    @property
    def capabilities(self) -> Capabilities:
        """What the adapter said it supports."""
        return self.hello["capabilities"]

    @property
    def engine(self) -> str:
        """The engine's name and version, as the adapter reported them."""
        info = self.hello["engine"]
        return f"{info['name']} {info['version']}"

    @property
    def batches(self) -> bool:
        """Whether the adapter takes a case's requests in one batch: an adapter on the wire (``cmd:``) whose handshake
        says ``capabilities.batch`` (in-process, a request costs no round trip)."""
        return self.capabilities.get("batch") is True and callable(getattr(self.simulator, "plan_batch", None))

    @property
    def copies(self) -> bool:
        """Whether each request must be a fresh copy: an in-process adapter may keep or change what it is given; one
        that only reads it (``READS_ONLY``: the subprocess adapter writes it out as JSON) is given the case's own."""
        return not getattr(self.simulator, "READS_ONLY", False)

    def expect(self, requests: Sequence[Mapping[str, Any]]) -> None:
        """The requests the case will send next if every answer is ``ok``, for an adapter that takes them in a batch
        (:attr:`batches`); the requests are still sent, checked and answered one by one here."""
        if self.batches:
            self.simulator.plan_batch(requests)  # type: ignore[attr-defined]

    @property
    def notice(self) -> str | None:
        """What to say at the top when the adapter is the kit's reference engine's very build
        (:func:`shinpan.adapters.build.notice`)."""
        return build.notice(self.name, self.hello["engine"])

    def new_game(self, rules: Rules, seed: int) -> None:
        """Start a game under ``rules`` (a label and the changes in force)."""
        request: NewGameRequest = {"cmd": "new_game", "rules": rules, "seed": seed}
        if self.validate:
            self._check_request("new_game_request", request)
        self._expect_ok("new_game", self.simulator.new_game(request))

    def setup(self, state: dict[str, Any]) -> None:
        """Build the starting state."""
        request: SetupRequest = {"cmd": "setup", "state": state}
        self._check_request("setup_request", request)
        self._expect_ok("setup", self.simulator.setup(request))

    def act(self, action: dict[str, Any], choices: list[Choice]) -> str | None:
        """Perform ``action``. Returns ``None`` if it happened, or the reason the rules rejected it."""
        request: ActRequest = {"cmd": "act", "action": action, "choices": choices}
        self._check_request("act_request", request)
        response = self.simulator.act(request)
        self._check("response", response)
        if response["status"] == "rejected":
            return response.get("message", "rejected")
        if response["status"] == "choice_needed":
            raise ScriptMismatchError(f"act {action['type']}: {question_text(response)}", response.get("choice"))
        self._expect_ok(f"act {action['type']}", response, checked=True)
        return None

    def observe(self) -> dict[str, Any]:
        """The current observation."""
        if self.validate:
            self._check_request("observe_request", {"cmd": "observe"})
        response = self.simulator.observe({"cmd": "observe"})
        self._expect_ok("observe", response)  # checked against observe_response first
        if "observation" not in response:
            raise AdapterError(f"adapter {self.name!r} answered observe with no observation")
        return response["observation"]

    def engine_output(self) -> contextlib.AbstractContextManager[None]:
        """Around many requests (a whole case): an in-process engine's output is sent away once for all of them
        (:meth:`shinpan.adapters.registry.InProcess.held`) instead of once per request; nothing for an adapter on
        the wire."""
        held = getattr(self.simulator, "held", None)
        return held() if callable(held) else contextlib.nullcontext()

    def stop(self) -> None:
        """End the session."""
        self.simulator.stop({"cmd": "stop"})

    # ---------------------------------------------------------------- helpers
    def _expect_ok(self, what: str, response: Mapping[str, Any], *, checked: bool = False) -> None:
        """``response`` checked against its schema (unless ``checked`` already), then ok or the reason it is not."""
        if not checked:
            self._check("response" if what != "observe" else "observe_response", response)
        status, message = response["status"], response.get("message", "")
        if status == "ok":
            return
        if status == "unsupported":
            unsupported(f"{what}: {message}")
        if status == "script_mismatch":
            raise ScriptMismatchError(f"{what}: {message}")
        raise AdapterError(f"adapter answered {status} to {what}: {message}")

    def _check(self, definition: str, message: Mapping[str, Any], *, always: bool = False) -> None:
        if not isinstance(message, Mapping) or "status" not in message:
            raise AdapterError(f"adapter {self.name!r} sent a malformed {definition}: {message!r}")
        if self.validate or always:
            problems = schemas.problems(definition, message)
            if problems:
                raise AdapterError(f"adapter {self.name!r} sent an invalid {definition}: " + "; ".join(problems))

    def _check_request(self, definition: str, message: Mapping[str, Any]) -> None:
        """Requests are the kit's own: a schema violation here is a bug in the suite or the steps."""
        problems = schemas.problems(definition, message)
        if problems:
            raise AdapterError(f"the kit built an invalid {definition}: " + "; ".join(problems))


def question_text(response: Mapping[str, Any]) -> str:
    """A ``choice_needed`` answer in words: the question it asks, then the adapter's message."""
    choice = response.get("choice")
    message = str(response.get("message", "")).strip()
    if not isinstance(choice, Mapping):
        return f"the adapter needs a choice the scenario does not script: {message}".rstrip(": ")
    options = ", ".join(str(o) for o in choice.get("options", [])) or "none"
    asked = (f"the engine asks {choice.get('player')} for a choice of kind {choice.get('kind')!r} among "
             f"[{options}], which the scenario does not script")
    return f"{asked} ({message})" if message else asked


def protocol_advice(spoken: int) -> str:
    """What an adapter speaking another protocol version should do."""
    return changelog_entries(spoken)


def handshake_changes(changes: Changes) -> list[Change]:
    """Every known change as the hello request lists it: id, title, and date or range."""
    listed: list[Change] = []
    for change in changes.items:
        entry: Change = {"id": change.id, "title": change.title}
        if change.date is not None:
            entry["date"] = change.date.isoformat()
        if change.after is not None:
            entry["after"] = change.after.isoformat()
        if change.by is not None:
            entry["by"] = change.by.isoformat()
        listed.append(entry)
    return listed

"""An engine under exploration (探索される処理系): an adapter after its handshake, whose every answer is data.

The explorer never lets an adapter's failure escape: each request gets an :class:`Answer` whose status is the
contract's (``ok``, ``rejected``, ``unsupported``, ``script_mismatch``, ``error``) or one of the two faults,
``crash`` (a subprocess exited, an in-process adapter raised) and ``timeout`` (it did not answer in time). After
a fault the adapter is replaced — a subprocess adapter restarts itself; an in-process one is made anew by its
factory and greeted again — so a fault costs one example, never the exploration.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import traceback
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from shinpan.adapters import schemas
from shinpan.adapters.contract import Capabilities, Choice, Rules, Simulator
from shinpan.adapters.errors import AdapterCrash, AdapterError, AdapterTimeout
from shinpan.adapters.registry import AdapterOptions, make_adapter
from shinpan.session import AdapterSession

FAULTS = ("crash", "timeout", "error")
"""Answers that are faults of the adapter rather than answers about the game."""


@dataclass(frozen=True)
class Answer:
    """What the adapter answered to one request: its status, its message, and for ``observe`` the observation."""

    status: str
    message: str = ""
    observation: Mapping[str, Any] | None = None

    @property
    def fault(self) -> bool:
        """Whether the adapter failed (crashed, hung, or answered ``error`` or garbage)."""
        return self.status in FAULTS


class Engine:
    """One adapter, by its ``--adapter`` spec, spoken to request by request."""

    def __init__(self, spec: str, *, timeout: float = 5.0, factory: Callable[[], Simulator] | None = None) -> None:
        self.spec = spec
        self.timeout = timeout
        self.in_process = factory is not None or not spec.startswith("cmd:")
        options = AdapterOptions(timeout=timeout, max_restarts=1_000_000)
        self._factory: Callable[[], Simulator] = factory or (lambda: make_adapter(spec, options))
        self.session = AdapterSession(self._factory(), spec)
        self.restarts = 0

    @property
    def capabilities(self) -> Capabilities:
        """What the adapter declared it plays and reports."""
        return self.session.capabilities

    @property
    def name(self) -> str:
        """The engine's name and version from the handshake."""
        return self.session.engine

    def start(self, rules: Rules, seed: int, setup: Mapping[str, Any]) -> Answer:
        """A new game under ``rules`` with ``seed``, set up as ``setup``."""
        answer = self._send("new_game", {"cmd": "new_game", "rules": rules, "seed": seed})
        if answer.status != "ok":
            return answer
        return self._send("setup", {"cmd": "setup", "state": setup})

    def act(self, action: Mapping[str, Any], choices: tuple[Choice, ...] = ()) -> Answer:
        """Do one move with its scripted choices."""
        return self._send("act", {"cmd": "act", "action": action, "choices": list(choices)})

    def observe(self) -> Answer:
        """The board now (``observation`` set when the status is ``ok``)."""
        return self._send("observe", {"cmd": "observe"})

    def stop(self) -> None:
        """End the session (and the adapter's process, if it has one)."""
        with contextlib.suppress(Exception):
            self.session.stop()

    # ---------------------------------------------------------------- the wire
    def _send(self, cmd: str, request: dict[str, Any]) -> Answer:
        try:
            with self._time_limit():
                response = getattr(self.session.simulator, cmd)(request)
        except AdapterTimeout as error:
            return self._fault("timeout", str(error))
        except AdapterCrash as error:
            return self._fault("crash", str(error))
        except AdapterError as error:
            return self._fault("error", str(error))
        except Exception as error:  # an in-process adapter that raised: its crash
            return self._fault("crash", _last_line(error))
        return _answer(cmd, response)

    def _fault(self, status: str, message: str) -> Answer:
        """A crash or hang: replace an in-process adapter now (a subprocess adapter restarts itself)."""
        if self.in_process:
            self.restarts += 1
            self.session = AdapterSession(self._factory(), self.spec)
        return Answer(status, message)

    @contextlib.contextmanager
    def _time_limit(self) -> Iterator[None]:
        """An in-process adapter gets ``timeout`` seconds per request: a timer signal interrupts an engine that
        loops (where timer signals exist, in the main thread); a subprocess adapter keeps its own deadline."""
        if (not self.in_process or not hasattr(signal, "setitimer")
                or threading.current_thread() is not threading.main_thread()):
            yield
            return

        def expire(signum: int, frame: object) -> None:
            raise AdapterTimeout(f"adapter {self.spec!r} did not answer within {self.timeout:g} s; it was "
                                 "interrupted")

        previous = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, self.timeout)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


def _answer(cmd: str, response: object) -> Answer:
    """The response as an :class:`Answer`: one that breaks the contract is the adapter's ``error``."""
    definition = "observe_response" if cmd == "observe" else "response"
    if not isinstance(response, Mapping) or schemas.problems(definition, response):
        detail = "; ".join(schemas.problems(definition, response)) if isinstance(response, Mapping) else ""
        return Answer("error", f"the answer to {cmd} breaks the contract: {detail or repr(response)[:200]}")
    status, message = str(response["status"]), str(response.get("message", ""))
    if cmd == "observe" and status == "ok":
        return Answer(status, message, response["observation"])
    return Answer(status, message)


def _last_line(error: BaseException) -> str:
    """An in-process adapter's exception, with the place it was raised."""
    frames = traceback.extract_tb(error.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    return f"{type(error).__name__}: {error}{where}"

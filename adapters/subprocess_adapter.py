"""The subprocess adapter: ``--adapter 'cmd:<command line>'``.

It runs a program that speaks the contract as JSON lines — one request per line on its stdin, one
response per line on its stdout — and offers it to the kit as a :class:`~shinpan.adapters.contract.Simulator`,
so the session and the steps cannot tell it from an in-process adapter.

One child process serves the whole run (start-up is paid once). Every answer is awaited with a
deadline: each scenario gets ``timeout`` seconds from its ``new_game`` on, the handshake gets
``startup_timeout``. When the child exits (CRASH), misses the deadline (TIMEOUT) or writes a line that
is not an answer to the request just sent (ERROR), the scenario in progress gets that status, with
the tail of the child's stderr, and the child is stopped with everything it started (its process
group, and on Linux any descendant that left it: :mod:`~shinpan.adapters.descendants`); the next request
starts a fresh one and replays the handshake, so the run goes on. Restarts are counted per rules state (the
``rules`` label of the game the child was playing when it died): after ``max_restarts`` under one state the
adapter is given up for that state (:class:`AdapterGaveUp`) and each later scenario under it is a CRASH, while
the states where it works go on.

A line is an answer (応答) only if it is UTF-8 JSON, holds no lone surrogate, is nested at most
:data:`MAX_DEPTH` levels and has the shape of a response to the request sent (a ``status`` the
contract knows, a string ``message``, no field of another request's response; under ``validate``,
the full schema). The protocol has no request ids, so the kit also watches for signs that the two
sides are out of step (同期ずれ): output nobody asked for, before a request or after its answer. Any of
these costs the scenario in progress, never the next ones, because the child is replaced.

A child whose handshake says it takes batches (``capabilities.batch``) gets the requests the kit plans for a
scenario (:meth:`SubprocessSimulator.plan_batch`) on one line, a ``batch`` request, at the first of them; it answers
each on a line of its own until one is neither ``ok`` nor ``rejected``, and the kit reads each answer when its
request comes, so that the scenario costs one round trip instead of one per request, and the kit goes on with it
(judging the setup, playing the reference engine's move) while the child plays the rest. Answers the kit does not
ask for are read and dropped before anything else is sent. Each answer is checked as an answer to its own request; a
crash, a hang or garbage is charged to the request it answers, as if it had been sent alone. A request the kit sends
that is not the next one planned drops what is left of the plan — unless it starts a game (``new_game``) planned
further on: the kit planned several games (the matrix: one scenario under each state, one round trip for them all)
and ended one early (a check failed), so the rest of that game's answers are dropped and the plan goes on from
there. Each game of a batch has its own deadline.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import selectors
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, NoReturn, TypeVar, cast, get_args

from shinpan.adapters import descendants, schemas
from shinpan.adapters.contract import (
    ActRequest,
    BatchRequest,
    HelloRequest,
    HelloResponse,
    NewGameRequest,
    ObserveRequest,
    ObserveResponse,
    Response,
    SetupRequest,
    Status,
    StopRequest,
)
from shinpan.adapters.errors import AdapterCrash, AdapterError, AdapterGaveUp, AdapterTimeout

PREFIX = "cmd:"
STDERR_LINES = 20
"""How many of the child's last stderr lines a CRASH / TIMEOUT / ERROR message carries."""
STDERR_KEEP = 64 * 1024
"""Bytes of the child's stderr kept for that tail; the rest is read and dropped as it comes."""
MAX_LINE = 16 * 1024 * 1024
"""The longest answer line the kit reads (bytes): a longer one is an ERROR."""
MAX_DEPTH = 100
"""How deeply an answer may nest arrays and objects (real answers nest fewer than 10 levels)."""
STATUSES = frozenset(get_args(Status))
"""The statuses of the contract (``messages.json#/$defs/status``)."""
FOREIGN_FIELDS = {
    "hello": frozenset({"observation", "choice"}),
    "observe": frozenset({"protocol", "engine", "capabilities", "choice"}),
    "act": frozenset({"observation", "protocol", "engine", "capabilities"}),
}
"""Fields that only another request's answer has: a sign the answer is not to this request."""
OTHER_FIELDS = frozenset({"observation", "protocol", "engine", "capabilities", "choice"})
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
"""A ``\\uD8xx``–``\\uDFxx`` escape: a lone one decodes to a string that is not valid Unicode."""

RESPONSE_DEFINITION = {"hello": "hello_response", "observe": "observe_response"}
"""The schema definition of each request's response (the rest answer a plain ``response``)."""
REQUEST_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""How a request is written: compact UTF-8 JSON (made once: ``json.dumps`` with options makes an encoder per call)."""
GO_ON = frozenset({"ok", "rejected"})
"""The statuses after which an adapter goes on with the next request of a batch."""

T = TypeVar("T")


def command_of(spec: str) -> list[str]:
    """The argv of a ``cmd:`` adapter spec. A program found next to the running Python (a venv's
    ``bin/``) is used when it is not on ``PATH``, so ``cmd:shinpan serve-reference`` works unactivated;
    ``python`` / ``python3`` mean the Python running the kit.

    The command line is split as a POSIX shell would split words (quotes, backslashes) but never run
    through a shell: no variables, globs, pipes or ``;``. A ``ValueError`` says what is wrong with it
    (nothing to run, an unbalanced quote, a program that does not exist)."""
    try:
        argv = shlex.split(spec.removeprefix(PREFIX))
    except ValueError as error:
        raise ValueError(f"cannot split the command line: {str(error).lower()}") from None
    if not argv:
        raise ValueError("names no command (write cmd:<program> [arguments])")
    if argv[0] in ("python", "python3"):
        argv[0] = sys.executable
    elif shutil.which(argv[0]) is None:
        sibling = Path(sys.executable).parent / argv[0]
        if sibling.is_file():
            argv[0] = str(sibling)
        elif os.sep in argv[0] and not Path(argv[0]).is_file():
            raise ValueError(f"program {argv[0]!r} does not exist")
        elif os.sep not in argv[0]:
            raise ValueError(f"program {argv[0]!r} is not on PATH")
    return argv


class SubprocessSimulator:
    """A :class:`~shinpan.adapters.contract.Simulator` whose engine is a child process speaking JSON lines."""

    READS_ONLY = True
    """It writes each request out as JSON and keeps none but to compare with what a batch planned: the kit may give it
    the case's own requests instead of copies (:attr:`shinpan.running.session.AdapterSession.copies`)."""

    def __init__(self, argv: list[str], *, timeout: float = 5.0, startup_timeout: float = 30.0,
                 validate: bool = False, max_restarts: int = 10) -> None:
        self.argv = argv
        self.timeout = timeout
        self.startup_timeout = startup_timeout
        self.validate = validate
        self.max_restarts = max_restarts
        self.restarts = 0
        self.starts = 0
        self.restarts_under: dict[str | None, int] = {}
        """Restarts by rules state: the label of the game the child was playing when it died (None: no game yet)."""
        self.given_up: dict[str | None, str] = {}
        """The rules states the adapter was given up for, with why."""
        self._rules: str | None = None
        """The label of the rules of the game in progress (from its ``new_game``)."""
        self._process: subprocess.Popen[bytes] | None = None
        self._selector: selectors.BaseSelector | None = None
        self._buffer = bytearray()
        """What the child wrote that the kit has not read yet (a line at a time, from the front)."""
        self._stderr = _StderrTail()
        self._stderr_thread: threading.Thread | None = None
        self._hello: HelloRequest | None = None
        self._deadline = 0.0
        self._cannot_start: str | None = None
        self._shown: str | None = None
        self._token = ""
        """The mark of the current child and its descendants (:mod:`shinpan.adapters.descendants`)."""
        self.batches = False
        """Whether the child's handshake says it takes batch requests (``capabilities.batch``)."""
        self.round_trips = 0
        """Request lines sent (a batch is one)."""
        self._plan: deque[Mapping[str, Any]] = deque()
        """Requests the kit means to send next and has not sent."""
        self._sent: deque[Mapping[str, Any]] = deque()
        """Requests sent in a batch whose answers the kit has not read yet: each is read when its request comes (so the
        kit goes on with a case while the child plays the rest), and any left are read and dropped before anything
        else is sent."""
        self._batch_deadline = 0.0
        """When the game whose answers are being read runs out of time."""
        self._first_of_batch = False
        """Whether the next answer read is the first of its batch (a later ``new_game`` starts its own time)."""

    # ---------------------------------------------------------------- contract
    def hello(self, request: HelloRequest) -> HelloResponse:
        """The handshake. A child that refuses it (an ``error``, another protocol) is stopped at once,
        with anything it started: the kit will not talk to it again."""
        self._hello = request
        answer = self._call(request, time.monotonic() + self.startup_timeout)
        if answer.get("status") != "ok" or answer.get("protocol") != request["protocol"]:
            self.close(force=True)
        self.batches = _takes_batches(answer)
        return cast(HelloResponse, answer)

    def new_game(self, request: NewGameRequest) -> Response:
        self._deadline = time.monotonic() + self.timeout
        return cast(Response, self._call(request))

    def setup(self, request: SetupRequest) -> Response:
        return cast(Response, self._call(request))

    def act(self, request: ActRequest) -> Response:
        return cast(Response, self._call(request))

    def observe(self, request: ObserveRequest) -> ObserveResponse:
        return cast(ObserveResponse, self._call(request))

    def stop(self, request: StopRequest) -> Response:
        """Ask the child to stop, then make sure it has."""
        self._plan.clear()
        response: Response = {"status": "ok"}
        if self._process is not None and self._process.poll() is None:
            until = time.monotonic() + min(self.timeout, 2.0)
            self._drop_sent(until)  # a batch's answers still to come, waited for no longer than the stop
            with contextlib.suppress(AdapterError):
                response = cast(Response, self._exchange(request, until))
        self.close()
        return response

    def close(self, *, force: bool = False) -> None:
        """Stop the child: politely (close its stdin, wait, terminate, kill), or at once with ``force``."""
        process, self._process = self._process, None
        if self._selector is not None:
            self._selector.close()
            self._selector = None
        self._buffer = bytearray()
        self._sent = deque()  # a batch's answers still to come die with the child
        if process is None:
            return
        if force:
            _kill_group(process)
        try:
            _end_politely(process)
        except BaseException:  # an interrupt while waiting: the child is ended at once, never left behind
            _kill_group(process)
            process.wait()
            raise
        finally:
            _kill_group(process)  # whatever the child started and left behind (it led the group)
            descendants.end(self._token)  # and what left the group (setsid), found by the mark it inherited
        if process.stdout is not None:
            process.stdout.close()
        if self._stderr_thread is not None:
            self._stderr_thread.join(timeout=1.0)

    def plan_batch(self, requests: Sequence[Mapping[str, Any]]) -> None:
        """The requests the kit means to send next, in order, if every answer is ``ok`` (a scenario whose choices are
        all scripted, or several games in a row): a child that takes batches gets them in one ``batch`` at the first
        of them. Requests that begin what is already planned (one game of several planned together) change
        nothing. A game under rules given up is left out (it is not played)."""
        if self.given_up:
            requests = self._not_given_up(requests)
        if requests and requests[0].get("cmd") == "new_game":
            self._skip_to_game(requests[0])
        if self._planned_next(requests):
            return
        self._drop_sent()
        self._plan = deque(requests) if self.batches else deque()

    def _not_given_up(self, requests: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
        """``requests`` without the games under rules given up."""
        kept: list[Mapping[str, Any]] = []
        given_up = False
        for request in requests:
            if request.get("cmd") == "new_game":
                given_up = _rules_label(request) in self.given_up
            if not given_up:
                kept.append(request)
        return kept

    def _skip_to_game(self, new_game: Mapping[str, Any]) -> None:
        """If the game ``new_game`` starts is planned further on (several games planned together, and the one before
        it ended early), drop what is planned before it."""
        if any(sent == new_game for sent in self._sent):
            while self._sent and self._sent[0] != new_game:  # the answers before it read and dropped
                self._drop_answer()
        if not self._sent and any(planned == new_game for planned in self._plan):
            _drop_until(self._plan, lambda planned: planned == new_game)

    def _planned_next(self, requests: Sequence[Mapping[str, Any]]) -> bool:
        """Whether ``requests`` are the next ones planned (answered by a batch already, or still to send)."""
        if not requests or len(self._sent) + len(self._plan) < len(requests):
            return False
        pending = itertools.chain(self._sent, self._plan)
        return all(planned == request for planned, request in zip(pending, requests, strict=False))

    def stderr_tail(self) -> str:
        """The child's last stderr lines (of the current or the last child)."""
        return self._stderr.text()

    # ------------------------------------------------------------- the wire
    def _call(self, request: Mapping[str, Any], deadline: float | None = None) -> dict[str, Any]:
        answered = self._answered_before(request)
        if answered is not None:
            return answered
        if self._cannot_start is not None:
            raise AdapterCrash(self._cannot_start)
        rules = _rules_label(request) if request.get("cmd") == "new_game" else self._rules
        if rules in self.given_up:
            raise AdapterGaveUp(self.given_up[rules])
        if self._process is None:
            self._start(rules)
            if request["cmd"] != "hello" and self._hello is not None:
                self._replay_hello()
        if request.get("cmd") == "new_game":
            self._rules = rules
        deadline = self._deadline if deadline is None else deadline
        if len(self._plan) > 1 and self.batches:
            return self._send_batch(deadline)
        self._plan.clear()
        return self._exchange(request, deadline)

    def _answered_before(self, request: Mapping[str, Any]) -> dict[str, Any] | None:
        """The answer a batch brings to ``request`` (read now; a fault met there is raised), if it is the next one
        sent; a request out of the plan drops what is left of it."""
        starts_game = request.get("cmd") == "new_game"
        if starts_game and _rules_label(request) in self.given_up:  # not played: said by _call
            self._drop_sent()
            self._plan.clear()
            return None
        if starts_game:
            self._skip_to_game(request)
        if self._sent:
            if self._sent[0] == request:
                if starts_game:
                    self._rules = _rules_label(request)
                return self._next_answer()
            self._drop_sent()
        if self._plan and self._plan[0] != request:
            self._plan.clear()
        return None

    def _start(self, rules: str | None) -> None:
        """Start a child for a request under ``rules``; a restart counts against the state the last child died
        under, and past the cap that state is given up (the request fails only if it is under that state)."""
        if self.starts > 0:
            self.restarts += 1
            died_under = self._rules
            count = self.restarts_under[died_under] = self.restarts_under.get(died_under, 0) + 1
            if count > self.max_restarts:
                self.given_up[died_under] = (
                    f"adapter {self._name()} gave up after {self.max_restarts} restarts under the rules "
                    f"{died_under or '(no game yet)'}: the restart cap (--max-restarts) was reached, so the "
                    f"scenarios under them are not played; last stderr:\n{self.stderr_tail()}")
                if died_under == rules:
                    raise AdapterGaveUp(self.given_up[died_under])
        self.starts += 1
        descendants.become_subreaper()
        self._token = descendants.token()
        try:
            process = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, bufsize=0, start_new_session=True,
                                       env={**os.environ, descendants.MARK: self._token})
        except OSError as error:
            self._cannot_start = f"adapter {self._name()} could not be started: {error}"
            raise AdapterCrash(self._cannot_start) from None
        self._process = process
        self._selector = selectors.DefaultSelector()
        assert process.stdout is not None and process.stderr is not None
        self._selector.register(process.stdout, selectors.EVENT_READ)
        self._stderr = _StderrTail()
        self._stderr_thread = threading.Thread(target=self._stderr.drain, args=(process.stderr,), daemon=True)
        self._stderr_thread.start()

    def _replay_hello(self) -> None:
        """A restarted child gets the handshake again; it must still speak the same protocol."""
        assert self._hello is not None
        answer = self._exchange(self._hello, time.monotonic() + self.startup_timeout)
        if answer.get("status") != "ok" or answer.get("protocol") != self._hello["protocol"]:
            self.close()
            raise AdapterError(f"adapter {self._name()} failed the handshake after a restart: {answer!r}")
        self.batches = _takes_batches(answer)
        self._deadline = time.monotonic() + self.timeout

    def _exchange(self, request: Mapping[str, Any], deadline: float) -> dict[str, Any]:
        cmd = str(request.get("cmd"))
        self._check_request(cmd, request)
        try:
            self._send(cmd, request)
            answer = self._answer(cmd, self._read_line(cmd, deadline))
        except (AdapterError, KeyboardInterrupt, SystemExit):
            self.close(force=True)  # an interrupted exchange leaves the child out of step: replace it
            raise
        self._check_answer(cmd, answer)
        return answer

    def _send_batch(self, deadline: float) -> dict[str, Any]:
        """Send what is planned as one batch, and read the answer to its first request (the next one sent); the
        others are read as their requests come (:meth:`_next_answer`). A fault is charged to the request it meets."""
        planned = self._sent = self._plan
        self._plan, self._batch_deadline, self._first_of_batch = deque(), deadline, True
        batch: BatchRequest = {"cmd": "batch", "requests": [dict(request) for request in planned]}
        self._check_request("batch", batch)
        try:
            self._send("batch", batch)
        except AdapterError:  # the child is gone before it read the batch: the first request met the fault
            self.close(force=True)
            planned.popleft()
            self._plan = planned
            raise
        except (KeyboardInterrupt, SystemExit):
            self.close(force=True)
            raise
        return self._next_answer()

    def _next_answer(self, until: float | None = None) -> dict[str, Any]:
        """The answer to the next request of the batch sent, read and checked as an answer to it. After one that ends
        the batch (neither ``ok`` nor ``rejected``) or a fault, the requests after it were not played: they are
        planned again. Each game has its own time, from when its ``new_game`` answer is read (and none past
        ``until``)."""
        pending = self._sent
        request = pending.popleft()
        cmd = str(request.get("cmd"))
        if cmd == "new_game" and not self._first_of_batch:
            self._batch_deadline = time.monotonic() + self.timeout
        self._first_of_batch = False
        try:
            deadline = self._batch_deadline if until is None else min(self._batch_deadline, until)
            answer = self._answer(cmd, self._read_line(cmd, deadline), more=True)
            self._check_answer(cmd, answer)
            if answer["status"] not in GO_ON:
                self._sent, self._plan = deque(), pending
            if not self._sent and self._buffer.strip():
                self._fail(AdapterError, f"adapter {self._name()} wrote more lines than the answers to its batch "
                                         f"({bytes(self._buffer[:80])!r}…): it is out of step")
        except AdapterError:  # the child is stopped (the next request starts a fresh one)
            self.close(force=True)
            self._plan = pending
            raise
        except (KeyboardInterrupt, SystemExit):
            self.close(force=True)
            raise
        return answer

    def _drop_answer(self, until: float | None = None) -> None:
        """Read the answer to the next request of the batch sent, which the kit will not ask for (a fault stops the
        child, as it would have had the request been asked)."""
        with contextlib.suppress(AdapterError):
            self._next_answer(until)

    def _drop_sent(self, until: float | None = None) -> None:
        """Read and drop the answers still to come from the batch sent (before anything else is sent)."""
        while self._sent:
            self._drop_answer(until)

    def _check_request(self, cmd: str, request: Mapping[str, Any]) -> None:
        if self.validate:
            problems = schemas.problems("request", request)
            if problems:
                raise AdapterError(f"the kit built an invalid {cmd} request: " + "; ".join(problems))

    def _check_answer(self, cmd: str, answer: Mapping[str, Any]) -> None:
        if self.validate:
            definition = RESPONSE_DEFINITION.get(cmd, "response")
            if cmd == "hello" and answer.get("status") != "ok":
                definition = "response"
            problems = schemas.problems(definition, answer)
            if problems:  # the child may be confused: it is restarted like one that wrote garbage
                self._fail(AdapterError, f"adapter {self._name()} sent an invalid {definition}: "
                           + "; ".join(problems))

    def _send(self, cmd: str, request: Mapping[str, Any]) -> None:
        """Write one request line, after checking the child has not said anything unasked."""
        process, selector = self._process, self._selector
        assert process is not None and process.stdin is not None and selector is not None
        if self._buffer.strip() or selector.select(0):  # (a child that exited reads as an empty end of file)
            if not self._buffer.strip():
                with contextlib.suppress(OSError):
                    self._buffer += os.read(self._stdout_fd(), 65536)
            if self._buffer.strip():
                self._fail(AdapterError, f"adapter {self._name()} wrote output nobody asked for before the "
                                         f"kit sent {cmd} ({bytes(self._buffer[:80])!r}…): it is out of step")
        self.round_trips += 1
        try:
            process.stdin.write((REQUEST_JSON.encode(request) + "\n").encode("utf-8"))
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            self._crashed(cmd)

    def _answer(self, cmd: str, raw: bytes, *, more: bool = False) -> dict[str, Any]:
        """The answer to ``cmd`` in ``raw``, or an ERROR saying why the line is not one (``more``: further answers of
        a batch may follow it)."""
        what = f"adapter {self._name()} answered {cmd} with"
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            self._fail(AdapterError, f"{what} a line that is not UTF-8 ({error.reason} at byte {error.start})")
        try:
            answer = json.loads(line)
        except RecursionError:
            self._fail(AdapterError, f"{what} JSON nested deeper than {MAX_DEPTH} levels")
        except ValueError:
            self._fail(AdapterError, f"{what} a line that is not JSON: {line[:200]!r}")
        if line.count("[") + line.count("{") > MAX_DEPTH and _too_deep(answer):
            self._fail(AdapterError, f"{what} JSON nested deeper than {MAX_DEPTH} levels")
        if SURROGATE_ESCAPE.search(raw) and _has_lone_surrogate(answer):
            self._fail(AdapterError, f"{what} a string holding a lone surrogate (\\ud800-\\udfff): "
                                     "not valid Unicode")
        if not isinstance(answer, dict):
            self._fail(AdapterError, f"{what} {line[:200]!r}, not a JSON object")
        problem = _envelope_problem(cmd, answer)
        if problem:
            self._fail(AdapterError, f"{what} something that is not an answer to it: {problem} "
                                     f"({line[:120]!r}); restarted in case it is out of step")
        if not more and self._buffer.strip():
            self._fail(AdapterError, f"adapter {self._name()} wrote more than one line in answer to {cmd} "
                                     f"({bytes(self._buffer[:80])!r}…): it is out of step")
        return cast(dict[str, Any], answer)

    def _read_line(self, cmd: str, deadline: float) -> bytes:
        selector = self._selector
        assert selector is not None
        fd = self._stdout_fd()
        while True:
            newline = self._buffer.find(b"\n")
            if newline >= 0:  # taken from the front of a bytearray: no copy of the rest (a batch's answers)
                line = bytes(self._buffer[:newline])
                del self._buffer[:newline + 1]
                if line.strip():
                    return line
                continue
            if len(self._buffer) > MAX_LINE:
                self._fail(AdapterError, f"adapter {self._name()} answered {cmd} with a line longer than "
                                         f"{MAX_LINE // (1024 * 1024)} MB")
            remaining = deadline - time.monotonic()  # past it, an answer already written is still taken
            if not selector.select(max(remaining, 0.0)):
                self._fail(AdapterTimeout, f"adapter {self._name()} did not answer {cmd} in time "
                                           f"({self.timeout:g} s per scenario); it was stopped")
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                self._crashed(cmd)
            self._buffer += chunk

    def _stdout_fd(self) -> int:
        assert self._process is not None and self._process.stdout is not None
        return self._process.stdout.fileno()

    def _crashed(self, cmd: str) -> NoReturn:
        process = self._process
        code = None
        if process is not None:
            try:
                code = process.wait(timeout=2.0)
            except subprocess.TimeoutExpired:
                code = None
        self._fail(AdapterCrash, f"adapter {self._name()} exited (code {code}) while the kit waited for "
                                 f"its answer to {cmd}")

    def _fail(self, kind: type[AdapterError], message: str) -> NoReturn:
        """Stop the child (the next request starts a fresh one) and raise ``kind`` with its stderr tail."""
        self.close(force=True)
        raise kind(message + self._tail())

    def _tail(self) -> str:
        tail = self.stderr_tail()
        return f"\n--- adapter stderr (last lines) ---\n{tail}" if tail else " (its stderr was empty)"

    def _name(self) -> str:
        """The command line as messages show it (made once: every answer's check words its message with it)."""
        if self._shown is None:
            command = shlex.join(self.argv)
            self._shown = repr(command if len(command) <= 100 else command[:99] + "…")
        return self._shown


def _takes_batches(hello: Mapping[str, Any]) -> bool:
    """Whether a handshake's answer says the adapter takes batch requests."""
    capabilities = hello.get("capabilities")
    return hello.get("status") == "ok" and isinstance(capabilities, Mapping) and capabilities.get("batch") is True


def _drop_until(pending: deque[T], found: Callable[[T], bool]) -> None:
    """Drop the front of ``pending`` up to the first item ``found`` (everything, if none is)."""
    while pending and not found(pending[0]):
        pending.popleft()


def _rules_label(request: Mapping[str, Any]) -> str | None:
    """The label of the rules a ``new_game`` request names (None if it names none)."""
    rules = request.get("rules")
    label = rules.get("label") if isinstance(rules, Mapping) else None
    return label if isinstance(label, str) else None


def _end_politely(process: subprocess.Popen[bytes]) -> None:
    """Close the child's stdin and wait for it to exit; then terminate it; then kill it."""
    if process.stdin is not None:
        with contextlib.suppress(OSError):
            process.stdin.close()
    try:
        process.wait(timeout=1.0)
    except subprocess.TimeoutExpired:
        process.terminate()
        try:
            process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the child and anything it started (it leads its own process group, which outlives it as
    long as a grandchild is in it)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        if process.returncode is None:
            process.kill()


def _envelope_problem(cmd: str, answer: Mapping[str, Any]) -> str | None:
    """What makes ``answer`` not a response to ``cmd`` at all (checked without ``validate`` too)."""
    status = answer.get("status")
    if not isinstance(status, str) or status not in STATUSES:
        return f"'status' must be one of {', '.join(sorted(STATUSES))}"
    if "message" in answer and not isinstance(answer["message"], str):
        return "'message' must be a string"
    foreign = FOREIGN_FIELDS.get(cmd, OTHER_FIELDS) & answer.keys()
    if foreign:
        return f"it has {', '.join(sorted(foreign))}, which no answer to {cmd} has"
    if cmd == "observe" and status == "ok" and "observation" not in answer:
        return "an 'ok' answer to observe carries an 'observation'"
    if cmd == "observe" and "observation" in answer and not isinstance(answer["observation"], dict):
        return "'observation' must be an object"
    return None


def _too_deep(value: Any) -> bool:
    """Whether a parsed answer nests arrays and objects more than :data:`MAX_DEPTH` levels."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
        for child in children:
            if isinstance(child, (dict, list)):
                if depth + 1 > MAX_DEPTH:
                    return True
                stack.append((child, depth + 1))
    return False


def _has_lone_surrogate(value: Any) -> bool:
    """Whether a parsed answer holds a string that cannot be written as UTF-8."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


class _StderrTail:
    """The child's stderr, read as it comes (so the child never blocks on it) and kept only at its end."""

    def __init__(self) -> None:
        self._kept = bytearray()
        self._lock = threading.Lock()

    def drain(self, stream: IO[bytes]) -> None:
        """Read ``stream`` to its end in large chunks, keeping the last :data:`STDERR_KEEP` bytes."""
        fd = stream.fileno()
        try:
            while chunk := os.read(fd, 1 << 20):
                with self._lock:
                    self._kept += chunk[-STDERR_KEEP:]
                    if len(self._kept) > 2 * STDERR_KEEP:
                        del self._kept[:-STDERR_KEEP]
        except OSError:
            pass
        finally:
            stream.close()

    def text(self) -> str:
        """The last :data:`STDERR_LINES` lines."""
        with self._lock:
            kept = bytes(self._kept[-STDERR_KEEP:])
        lines = kept.decode("utf-8", errors="replace").splitlines()
        return "\n".join(lines[-STDERR_LINES:])

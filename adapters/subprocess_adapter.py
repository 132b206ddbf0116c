"""The subprocess adapter: ``--adapter 'cmd:<command line>'``.

It runs a program that speaks the contract as JSON lines — one request per line on its stdin, one
response per line on its stdout — and offers it to the kit as a :class:`~shinpan.adapters.contract.Simulator`,
so the session and the steps cannot tell it from an in-process adapter.

One child process serves the whole run (start-up is paid once). Every answer is awaited with a
deadline: each scenario gets ``timeout`` seconds from its ``new_game`` on, the handshake gets
``startup_timeout``. When the child exits (CRASH), misses the deadline (TIMEOUT) or writes a line that
is not JSON or (under ``validate``) breaks the schema (ERROR), the scenario in progress gets that
status, with the tail of the child's stderr, and the child is stopped; the next request starts a
fresh one and replays the handshake, so the run goes on. After ``max_restarts`` restarts the adapter
is given up and each later scenario is a CRASH.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any, NoReturn, cast

from shinpan.adapters import schemas
from shinpan.adapters.contract import (
    ActRequest,
    HelloRequest,
    HelloResponse,
    NewGameRequest,
    ObserveRequest,
    ObserveResponse,
    Response,
    SetupRequest,
    StopRequest,
)
from shinpan.adapters.errors import AdapterCrash, AdapterError, AdapterTimeout

PREFIX = "cmd:"
STDERR_LINES = 20
"""How many of the child's last stderr lines a CRASH / TIMEOUT / ERROR message carries."""

RESPONSE_DEFINITION = {"hello": "hello_response", "observe": "observe_response"}
"""The schema definition of each request's response (the rest answer a plain ``response``)."""


def command_of(spec: str) -> list[str]:
    """The argv of a ``cmd:`` adapter spec. A program found next to the running Python (a venv's
    ``bin/``) is used when it is not on ``PATH``, so ``cmd:shinpan serve-reference`` works unactivated;
    ``python`` / ``python3`` mean the Python running the kit."""
    argv = shlex.split(spec.removeprefix(PREFIX))
    if not argv:
        raise ValueError(f"adapter spec {spec!r} names no command")
    if argv[0] in ("python", "python3"):
        argv[0] = sys.executable
    elif shutil.which(argv[0]) is None:
        sibling = Path(sys.executable).parent / argv[0]
        if sibling.is_file():
            argv[0] = str(sibling)
    return argv


class SubprocessSimulator:
    """A :class:`~shinpan.adapters.contract.Simulator` whose engine is a child process speaking JSON lines."""

    def __init__(self, argv: list[str], *, timeout: float = 5.0, startup_timeout: float = 30.0,
                 validate: bool = False, max_restarts: int = 10) -> None:
        self.argv = argv
        self.timeout = timeout
        self.startup_timeout = startup_timeout
        self.validate = validate
        self.max_restarts = max_restarts
        self.restarts = 0
        self.starts = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._selector: selectors.BaseSelector | None = None
        self._buffer = b""
        self._stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self._stderr_thread: threading.Thread | None = None
        self._hello: HelloRequest | None = None
        self._deadline = 0.0
        self._given_up: str | None = None

    # ---------------------------------------------------------------- contract
    def hello(self, request: HelloRequest) -> HelloResponse:
        self._hello = request
        return cast(HelloResponse, self._call(request, time.monotonic() + self.startup_timeout))

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
        response: Response = {"status": "ok"}
        if self._process is not None and self._process.poll() is None:
            with contextlib.suppress(AdapterError):
                response = cast(Response, self._exchange(request, time.monotonic() + min(self.timeout, 2.0)))
        self.close()
        return response

    def close(self, *, force: bool = False) -> None:
        """Stop the child: politely (close its stdin, wait, terminate, kill), or at once with ``force``."""
        process, self._process = self._process, None
        if self._selector is not None:
            self._selector.close()
            self._selector = None
        self._buffer = b""
        if process is None:
            return
        if force and process.poll() is None:
            _kill_group(process)
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
                _kill_group(process)
                process.wait()
        if process.stdout is not None:
            process.stdout.close()
        if self._stderr_thread is not None:
            self._stderr_thread.join(timeout=1.0)

    def stderr_tail(self) -> str:
        """The child's last stderr lines (of the current or the last child)."""
        return "\n".join(self._stderr)

    # ------------------------------------------------------------- the wire
    def _call(self, request: Mapping[str, Any], deadline: float | None = None) -> dict[str, Any]:
        if self._given_up is not None:
            raise AdapterCrash(self._given_up)
        if self._process is None:
            self._start()
            if request["cmd"] != "hello" and self._hello is not None:
                self._replay_hello()
        return self._exchange(request, self._deadline if deadline is None else deadline)

    def _start(self) -> None:
        if self.starts > 0:
            self.restarts += 1
            if self.restarts > self.max_restarts:
                self._given_up = (f"adapter {self._name()} gave up after {self.max_restarts} restarts; "
                                  f"last stderr:\n{self.stderr_tail()}")
                raise AdapterCrash(self._given_up)
        self.starts += 1
        self._stderr.clear()
        try:
            process = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, bufsize=0,
                                       start_new_session=True)
        except OSError as error:
            self._given_up = f"adapter {self._name()} could not be started: {error}"
            raise AdapterCrash(self._given_up) from None
        self._process = process
        self._selector = selectors.DefaultSelector()
        assert process.stdout is not None and process.stderr is not None
        self._selector.register(process.stdout, selectors.EVENT_READ)
        self._stderr_thread = threading.Thread(target=_drain, args=(process.stderr, self._stderr), daemon=True)
        self._stderr_thread.start()

    def _replay_hello(self) -> None:
        """A restarted child gets the handshake again; it must still speak the same protocol."""
        assert self._hello is not None
        answer = self._exchange(self._hello, time.monotonic() + self.startup_timeout)
        if answer.get("status") != "ok" or answer.get("protocol") != self._hello["protocol"]:
            self.close()
            raise AdapterError(f"adapter {self._name()} failed the handshake after a restart: {answer!r}")
        self._deadline = time.monotonic() + self.timeout

    def _exchange(self, request: Mapping[str, Any], deadline: float) -> dict[str, Any]:
        cmd = str(request.get("cmd"))
        if self.validate:
            problems = schemas.problems("request", request)
            if problems:
                raise AdapterError(f"the kit built an invalid {cmd} request: " + "; ".join(problems))
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(json.dumps(request, ensure_ascii=False).encode("utf-8") + b"\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            self._crashed(cmd)
        line = self._read_line(cmd, deadline)
        try:
            answer = json.loads(line)
        except ValueError:
            self._fail(AdapterError, f"adapter {self._name()} answered {cmd} with a line that is not JSON: "
                                     f"{line[:200]!r}")
        if not isinstance(answer, dict):
            self._fail(AdapterError, f"adapter {self._name()} answered {cmd} with {answer!r}, not a JSON object")
        if self.validate:
            definition = RESPONSE_DEFINITION.get(cmd, "response")
            if cmd == "hello" and answer.get("status") != "ok":
                definition = "response"
            problems = schemas.problems(definition, answer)
            if problems:  # the child may be confused: it is restarted like one that wrote garbage
                self._fail(AdapterError, f"adapter {self._name()} sent an invalid {definition}: "
                           + "; ".join(problems))
        return answer

    def _read_line(self, cmd: str, deadline: float) -> str:
        process, selector = self._process, self._selector
        assert process is not None and process.stdout is not None and selector is not None
        fd = process.stdout.fileno()
        while True:
            newline = self._buffer.find(b"\n")
            if newline >= 0:
                line, self._buffer = self._buffer[:newline], self._buffer[newline + 1:]
                if line.strip():
                    return line.decode("utf-8", errors="replace")
                continue
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not selector.select(remaining):
                self._fail(AdapterTimeout, f"adapter {self._name()} did not answer {cmd} in time "
                                           f"({self.timeout:g} s per scenario); it was stopped")
            chunk = os.read(fd, 65536)
            if not chunk:
                self._crashed(cmd)
            self._buffer += chunk

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
        return repr(shlex.join(self.argv))


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the child and anything it started (it leads its own process group)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        process.kill()


def _drain(stream: IO[bytes], tail: deque[str]) -> None:
    """Keep the last lines of the child's stderr (and keep the pipe from filling up)."""
    for raw in iter(stream.readline, b""):
        tail.append(raw.decode("utf-8", errors="replace").rstrip("\n"))
    stream.close()

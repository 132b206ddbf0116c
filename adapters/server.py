"""Serve any in-process :class:`~shinpan.adapters.contract.Simulator` as a protocol server: JSON lines on
stdin/stdout, the other side of :mod:`shinpan.adapters.subprocess_adapter`.

``shinpan serve-reference`` is this loop around the reference adapter, and ``python -m shinpan.adapters.server
SPEC`` serves any in-process adapter (``py:<module>:<factory>`` or an installed plug-in's name). Each request
line gets exactly one response line; a line that is not a request is answered ``error`` (the loop goes on);
``stop`` (or the end of stdin) ends it. The server takes batches for any adapter (its handshake says
``capabilities.batch``): a ``batch`` line gets a line per request it holds, each request played by the adapter's
method for it, until an answer is neither ``ok`` nor ``rejected``.

Nothing but responses reaches the protocol's stdout, whatever the engine does: while it serves, the process's
file descriptor 1 (and ``sys.stdout``) point at stderr, so an engine's ``print``, a C library's ``printf`` and
any child process it starts write to stderr, where the kit shows their tail on a failure; the responses go to
a private copy of the original stdout. Likewise the engine reads end-of-file, not the kit's requests, if it
reads stdin.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterator
from typing import IO, Any

from shinpan.adapters import schemas, tracebacks
from shinpan.adapters.contract import BATCH, BATCHED, COMMANDS, PROTOCOL_VERSION, Simulator, protocol_mismatch

STOPPED = "__stopped__"
ANSWER_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""How an answer is written: compact UTF-8 JSON (made once: ``json.dumps`` with options makes an encoder per call)."""


def handle(simulator: Simulator, line: str, *, validate: bool = False) -> dict[str, Any]:
    """The response to one request line (a ``stop`` that went well is marked with ``STOPPED``)."""
    try:
        request = json.loads(line)
    except ValueError as error:
        return {"status": "error", "message": f"the request is not JSON: {error}"}
    return _response(simulator, request, validate)


def answers(simulator: Simulator, line: str, *, validate: bool = False) -> list[dict[str, Any]]:
    """The response lines to one request line: one, or for a ``batch`` one per request it holds, in order, until an
    answer is neither ``ok`` nor ``rejected``. The handshake's answer says the server takes batches."""
    try:
        request = json.loads(line)
    except ValueError:
        return [handle(simulator, line)]
    if not isinstance(request, dict) or request.get("cmd") != BATCH:
        response = _response(simulator, request, validate)
        if isinstance(request, dict) and request.get("cmd") == "hello" and response.get("status") == "ok":
            response["capabilities"] = {**response["capabilities"], "batch": True}
        return [response]
    if validate and (problems := schemas.problems("request", request)):
        return [{"status": "error", "message": "invalid request: " + "; ".join(problems)}]
    inner = request.get("requests")
    if not isinstance(inner, list) or not inner:
        return [{"status": "error", "message": "a batch holds a non-empty list of requests"}]
    played: list[dict[str, Any]] = []
    for each in inner:
        if not isinstance(each, dict) or each.get("cmd") not in BATCHED:
            played.append({"status": "error", "message": f"a batch holds only {', '.join(BATCHED)} requests"})
        else:
            played.append(_response(simulator, each, validate))
        if played[-1].get("status") not in ("ok", "rejected"):
            break
    return played


def _response(simulator: Simulator, request: Any, validate: bool) -> dict[str, Any]:
    if not isinstance(request, dict) or request.get("cmd") not in COMMANDS:
        return {"status": "error", "message": f"not a request (cmd must be one of {', '.join(COMMANDS)})"}
    if validate:
        problems = schemas.problems("request", request)
        if problems:
            return {"status": "error", "message": "invalid request: " + "; ".join(problems)}
    written_for = getattr(simulator, "PROTOCOL", None) or PROTOCOL_VERSION  # an SDK adapter says its own (C-1.2)
    if request["cmd"] == "hello" and request.get("protocol") != written_for:
        return {"status": "error", "message": protocol_mismatch(request.get("protocol"), written_for)}
    try:
        response: dict[str, Any] = dict(getattr(simulator, request["cmd"])(request))
    except Exception as error:  # an engine bug costs this request, not the server
        return {"status": "error", "message": tracebacks.with_traceback(f"{type(error).__name__}: {error}", error)}
    if request["cmd"] == "stop":
        return {**response, STOPPED: True}
    return response


def serve(simulator: Simulator, stdin: IO[str] | None = None, stdout: IO[str] | None = None, *,
          validate: bool = False) -> int:
    """Answer requests from ``stdin`` until ``stop`` or end of input; returns the exit code.

    Without explicit streams it serves the process's own stdin and stdout, protected from the engine
    (:func:`protocol_streams`).
    """
    if stdin is None and stdout is None:
        with protocol_streams() as (requests, responses), _engine_output(simulator):
            return _loop(simulator, requests, responses, validate)
    with _engine_output(simulator):
        return _loop(simulator, stdin if stdin is not None else sys.stdin,
                     stdout if stdout is not None else sys.stdout, validate)


def _engine_output(simulator: Simulator) -> contextlib.AbstractContextManager[None]:
    """An in-process adapter's output sent away once for the whole service
    (:meth:`shinpan.adapters.registry.InProcess.held`), not moved again around each request: the responses go to
    their own stream, and a flush per request was a third of the server's time."""
    held = getattr(simulator, "held", None)
    return held() if callable(held) else contextlib.nullcontext()


def _loop(simulator: Simulator, source: IO[str], sink: IO[str], validate: bool) -> int:
    for line in source:
        if not line.strip():
            continue
        stopped = False
        lines = []
        for response in answers(simulator, line, validate=validate):
            stopped = bool(response.pop(STOPPED, False))
            lines.append(ANSWER_JSON.encode(response))
        sink.write("\n".join(lines) + "\n")  # a batch's answers written at once
        sink.flush()
        if stopped:
            break
    return 0


@contextlib.contextmanager
def protocol_streams() -> Iterator[tuple[IO[str], IO[str]]]:
    """The protocol's request and response streams (UTF-8), kept away from the engine while it runs.

    File descriptors 0 and 1 are duplicated for the protocol; then fd 1 is pointed at stderr and fd 0 at the
    null device, and ``sys.stdout`` / ``sys.stdin`` follow. Everything is put back on exit.
    """
    sys.stdout.flush()
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8", errors="replace", newline="\n")
    responses = os.fdopen(os.dup(1), "w", encoding="utf-8", newline="\n")
    saved = (os.dup(0), os.dup(1), sys.stdin, sys.stdout)
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        os.dup2(null, 0)
        os.dup2(2, 1)
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - closed below
        sys.stdout = sys.stderr
        yield requests, responses
    finally:
        sys.stdout.flush()
        sys.stdin.close()
        os.dup2(saved[0], 0)
        os.dup2(saved[1], 1)
        for fd in (null, saved[0], saved[1]):
            os.close(fd)
        sys.stdin, sys.stdout = saved[2], saved[3]
        requests.close()
        responses.close()


def main(argv: list[str] | None = None) -> int:
    """``python -m shinpan.adapters.server [--validate] [SPEC]``: serve an in-process adapter (default: the
    reference engine); SPEC is ``py:<module>:<factory>`` or an installed plug-in's name."""
    from shinpan.adapters.errors import BAD_INPUT, AdapterSpecError
    from shinpan.adapters.registry import make_adapter

    args = sys.argv[1:] if argv is None else argv
    specs = [a for a in args if not a.startswith("-")]
    try:
        simulator = make_adapter(specs[0] if specs else "reference")
    except AdapterSpecError as error:
        print(f"error: {error}", file=sys.stderr)
        return BAD_INPUT
    return serve(simulator, validate="--validate" in args)


if __name__ == "__main__":
    sys.exit(main())

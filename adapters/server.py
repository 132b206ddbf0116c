"""Serve any in-process :class:`~shinpan.adapters.contract.Simulator` as a protocol server: JSON lines on
stdin/stdout, the other side of :mod:`shinpan.adapters.subprocess_adapter`.

``shinpan serve-reference`` is this loop around the reference adapter. Each request line gets exactly
one response line; a line that is not a request is answered ``error`` (the loop goes on); ``stop``
(or the end of stdin) ends it. Nothing but responses is written to stdout.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from shinpan.adapters import schemas
from shinpan.adapters.contract import PROTOCOL_VERSION, Simulator

COMMANDS = ("hello", "new_game", "setup", "act", "observe", "stop")
STOPPED = "__stopped__"


def handle(simulator: Simulator, line: str, *, validate: bool = False) -> dict[str, Any]:
    """The response to one request line (a ``stop`` that went well is marked with ``STOPPED``)."""
    try:
        request = json.loads(line)
    except ValueError as error:
        return {"status": "error", "message": f"the request is not JSON: {error}"}
    if not isinstance(request, dict) or request.get("cmd") not in COMMANDS:
        return {"status": "error", "message": f"not a request (cmd must be one of {', '.join(COMMANDS)})"}
    if validate:
        problems = schemas.problems("request", request)
        if problems:
            return {"status": "error", "message": "invalid request: " + "; ".join(problems)}
    if request["cmd"] == "hello" and request.get("protocol") != PROTOCOL_VERSION:
        return {"status": "error",
                "message": f"the kit speaks protocol {request.get('protocol')}, this adapter {PROTOCOL_VERSION}"}
    try:
        response: dict[str, Any] = dict(getattr(simulator, request["cmd"])(request))
    except Exception as error:  # an engine bug costs this request, not the server
        return {"status": "error", "message": f"{type(error).__name__}: {error}"}
    if request["cmd"] == "stop":
        return {**response, STOPPED: True}
    return response


def serve(simulator: Simulator, stdin: IO[str] | None = None, stdout: IO[str] | None = None, *,
          validate: bool = False) -> int:
    """Answer requests from ``stdin`` until ``stop`` or end of input; returns the exit code."""
    source = stdin if stdin is not None else sys.stdin
    sink = stdout if stdout is not None else sys.stdout
    for line in source:
        if not line.strip():
            continue
        response = handle(simulator, line, validate=validate)
        stopped = response.pop(STOPPED, False)
        sink.write(json.dumps(response, ensure_ascii=False, separators=(",", ":")) + "\n")
        sink.flush()
        if stopped:
            break
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m shinpan.adapters.server``: serve the reference adapter."""
    from shinpan.adapters.reference import ReferenceSimulator

    args = sys.argv[1:] if argv is None else argv
    sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    return serve(ReferenceSimulator(), validate="--validate" in args)


if __name__ == "__main__":
    sys.exit(main())

"""Transcripts (``--trace DIR``): every contract message of a scenario, as JSON lines, in one file per scenario.

A :class:`Tracer` wraps the run's simulator in a :class:`TracingSimulator` that notes each request with the
response it got (or the error it raised); the plugin starts a transcript when a scenario starts and writes
it when the scenario ends. The file ``DIR/<scenario id>.jsonl`` holds, in order::

    {"kind": "scenario", "id": "basics-sick-001", "feature": "features/basics/召喚酔い.feature", "line": 12, ...}
    {"kind": "exchange", "request": {"cmd": "hello", ...}, "response": {...}, "ms": 0.1}   # the handshake
    {"kind": "step", "keyword": "もし", "text": "自分が《…》を召喚する", "line": 15}
    {"kind": "act", "attempt": false}          # a move; an attempt (試みる) may be rejected without failing
    {"kind": "exchange", "request": {"cmd": "act", ...}, "response": {"status": "ok"}, "ms": 0.3}
    {"kind": "check", "check": {...}}            # what a ならば step checks; how it ended is in the end line
    {"kind": "end", "status": "PASS"}

The handshake happens once per adapter, so it is copied into every transcript. Nothing here runs unless
``--trace`` (or a recording command such as ``dump-cases --messages``) asks for it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from shinpan import outputs, paths
from shinpan.adapters.contract import Simulator
from shinpan.suite import scenarios as suite

Line = dict[str, Any]


def about(case: suite.Case) -> dict[str, Any]:
    """What a transcript's first line says of its scenario."""
    return {"id": case.id, "feature": paths.relative_once(str(case.path)), "line": case.line, "name": case.name,
            "rules": list(case.values.rule)}


def transcript_name(case_id: str) -> str:
    """The file name of a scenario's transcript: its id, made a safe, unique and bounded file name
    (:func:`shinpan.outputs.file_name`: an id of the suite's character set is its own name)."""
    return outputs.file_name(case_id, ".jsonl")


class Tracer:
    """Collects the lines of the scenario that is running and hands them to ``sink`` when it ends."""

    def __init__(self, sink: Callable[[str, list[Line]], None]) -> None:
        self._sink = sink
        self._handshake: list[Line] = []
        self._lines: list[Line] | None = None
        self._case: str | None = None

    def wrap(self, simulator: Simulator) -> Simulator:
        """The simulator, with every exchange noted."""
        return TracingSimulator(simulator, self)

    def begin(self, case_id: str, about: Mapping[str, Any]) -> None:
        """A scenario starts: a fresh transcript, opened with the scenario and the handshake."""
        self._case = case_id
        self._lines = [{"kind": "scenario", "id": case_id, **about}, *self._handshake]

    def note(self, line: Line) -> None:
        """Add a line to the running scenario's transcript; the handshake is also kept for the ones after."""
        request = line.get("request")
        if isinstance(request, dict) and request.get("cmd") == "hello":
            self._handshake.append(line)
            if self._lines is not None:  # the first scenario started the adapter: the handshake opens it too
                self._lines.insert(len(self._handshake), line)
        elif self._lines is not None:
            self._lines.append(line)

    def end(self, status: str) -> None:
        """The scenario ended: its transcript goes to the sink."""
        if self._lines is None or self._case is None:
            return
        self._lines.append({"kind": "end", "status": status})
        self._sink(self._case, self._lines)
        self._lines, self._case = None, None


class TracingSimulator:
    """A :class:`~shinpan.adapters.contract.Simulator` that passes every request on and notes the exchange."""

    def __init__(self, inner: Simulator, tracer: Tracer) -> None:
        self.inner = inner
        self.tracer = tracer

    def _exchange(self, method: Callable[[Any], Any], request: Mapping[str, Any]) -> Any:
        started = time.perf_counter()
        line: Line = {"kind": "exchange", "request": _plain(request)}
        try:
            response = method(request)
        except BaseException as error:
            line["error"] = f"{type(error).__name__}: {error}"
            raise
        else:
            line["response"] = _plain(response)
            return response
        finally:
            line["ms"] = round((time.perf_counter() - started) * 1000, 3)
            self.tracer.note(line)

    def hello(self, request: Any) -> Any:
        return self._exchange(self.inner.hello, request)

    def new_game(self, request: Any) -> Any:
        return self._exchange(self.inner.new_game, request)

    def setup(self, request: Any) -> Any:
        return self._exchange(self.inner.setup, request)

    def act(self, request: Any) -> Any:
        return self._exchange(self.inner.act, request)

    def observe(self, request: Any) -> Any:
        return self._exchange(self.inner.observe, request)

    def stop(self, request: Any) -> Any:
        return self._exchange(self.inner.stop, request)


def _plain(value: Any) -> Any:
    """A JSON-ready deep copy (the engine may change the objects it answered with later)."""
    try:
        return json.loads(json.dumps(value, ensure_ascii=False, default=repr))
    except (ValueError, RecursionError):
        return repr(value)[:2000]


class TranscriptDirectory:
    """The sink of ``--trace DIR``: one JSON Lines file per scenario."""

    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)

    def path(self, case_id: str) -> Path:
        return self.directory / transcript_name(case_id)

    def __call__(self, case_id: str, lines: list[Line]) -> None:
        outputs.write_text(self.path(case_id), "".join(outputs.json_line(line) + "\n" for line in lines))

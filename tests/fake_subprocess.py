"""Fake subprocess adapters: ``python -m tests.fake_subprocess MODE [--once FILE] [--pids FILE]``.

Each serves the reference adapter (or one of the in-process fakes in :mod:`tests.fake_adapters`)
over JSON lines and breaks one thing, so a run through ``cmd:`` must end with one particular status:

- ``serve NAME``        serve the in-process adapter NAME as it is (``reference``, ``fake-never-sick``, …)
- ``dies-at-start``     writes a reason to stderr and exits 3 before reading anything: CRASH everywhere
- ``crash-on-act``      exits 139 when asked to act: CRASH
- ``crash-under LABEL`` exits 139 when asked to act in a game under the rules LABEL (every time): CRASH there only
- ``hang-on-act``       never answers act: TIMEOUT
- ``garbage``           answers observe with a line that is not JSON: ERROR
- ``invalid``           answers observe with JSON that breaks the schema: ERROR under ``--validate``
- ``surrogate-status``  answers observe with a status holding a lone surrogate (``"\\ud800"``): ERROR
- ``surrogate-message`` answers act ``error`` with a message holding a lone surrogate: ERROR
- ``surrogate-label``   answers observe with an observation whose labels hold a lone surrogate: ERROR
- ``deep``              answers observe with a value nested 5000 levels deep: ERROR
- ``no-observation``    answers observe ``ok`` with no observation: ERROR
- ``deep-hello``        answers hello with a value nested 5000 levels deep: ERROR everywhere (no handshake)
- ``refuse-protocol``   answers hello with protocol 999, then ignores the end of its input: ERROR everywhere
- ``refuse-error``      answers hello ``error``, then ignores the end of its input: ERROR everywhere
- ``grandchild``        on act starts a grandchild that holds stdout, then exits: TIMEOUT
- ``setsid-grandchild`` the same, but the grandchild leaves the process group (``setsid()``): TIMEOUT
- ``stderr-flood``      writes 1 MB to stderr before every answer (and answers correctly): PASS everywhere
- ``extra-line``        answers observe, then writes one more JSON line: ERROR (out of step)
- ``flood``             answers observe, then writes 5000 more JSON lines: ERROR (out of step)
- ``wrong-answer``      answers act with an observe response (as if out of step): ERROR
- ``ignore-eof``        serves correctly, but does not exit at the end of its input or on ``stop``
- ``slow``              serves correctly, 0.1 s per answer (a run long enough to be interrupted at any point; with
                        ``--pace SECONDS``, that long per answer)
- ``ignore-stop``       serves correctly, but on ``stop`` creates the ``--once`` FILE and then ignores everything,
                        SIGTERM too, until it is killed (a kit that stops it can be interrupted meanwhile)

With ``--batch`` it takes batches (its handshake says ``capabilities.batch``): each request of a batch is served, and
broken, as if it had come alone, until an answer is neither ``ok`` nor ``rejected`` or a fault stood in for one.
With ``--batch-skips-setup`` too it answers a batch's ``setup`` ok without building the board (a batch that is not
its requests played alone: contract rule C-1.8).
With ``--once FILE`` it misbehaves only if FILE does not exist yet (and creates it), so the restarted
child behaves: one scenario gets the status, every other one must PASS. With ``--pids FILE`` it appends
its pid (and any grandchild's) to FILE, so a test can check that none is left running.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SURROGATE = '"\\ud800"'
"""A JSON string holding a lone UTF-16 surrogate: valid JSON, not valid Unicode text."""


def _option(rest: list[str], name: str) -> Path | None:
    return Path(rest[rest.index(name) + 1]) if name in rest else None


def _record_pid(pids: Path | None, pid: int) -> None:
    if pids is not None:
        with pids.open("a", encoding="utf-8") as out:
            out.write(f"{pid}\n")


def _write(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


DEEP = "[" * 5000 + "]" * 5000
"""A JSON value nested 5000 levels deep."""


@dataclass
class Fake:
    """The adapter being served, and what the faults need: the pid file, and ``--once``."""

    simulator: Any
    pids: Path | None
    once: Path | None
    rules: str | None = None
    """The label of the rules of the game being played (from its ``new_game``)."""
    pace: float = 0.1
    """Seconds ``slow`` waits before each answer (``--pace``)."""

    def misbehave(self) -> bool:
        """Whether to break now: always, or with ``--once FILE`` only the first time (FILE records it)."""
        if self.once is None:
            return True
        if self.once.exists():
            return False
        self.once.write_text("done", encoding="utf-8")
        return True

    def answer(self, line: str) -> dict[str, Any]:
        from shinpan.adapters.server import handle

        return handle(self.simulator, line)


def _refuse_protocol(fake: Fake, line: str) -> None:
    _write(json.dumps({**fake.answer(line), "protocol": 999}))
    _ignore_the_end()


def _refuse_error(fake: Fake, line: str) -> None:
    _write(json.dumps({"status": "error", "message": "fake: this engine refuses to play"}))
    _ignore_the_end()


def _ignore_stop(fake: Fake, line: str) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if fake.once is not None:
        fake.once.write_text("stopping", encoding="utf-8")
    _ignore_the_end()


def _ignore_the_end() -> None:
    sys.stdin.read()
    time.sleep(3600)


def _flood_stderr(fake: Fake, line: str) -> None:
    sys.stderr.write(("x" * 1023 + "\n") * 1024)
    sys.stderr.flush()


def _crash(fake: Fake, line: str) -> None:
    print("fake: Segmentation fault in act()", file=sys.stderr, flush=True)
    os._exit(139)


def _hang(fake: Fake, line: str) -> None:
    print("fake: waiting forever in act()", file=sys.stderr, flush=True)
    time.sleep(3600)


def _leave_grandchild(fake: Fake, line: str) -> None:
    print("fake: leaving a grandchild behind", file=sys.stderr, flush=True)
    grandchild = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
    _record_pid(fake.pids, grandchild.pid)
    os._exit(0)


def _leave_setsid_grandchild(fake: Fake, line: str) -> None:
    print("fake: leaving a grandchild in a session of its own", file=sys.stderr, flush=True)
    grandchild = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"], start_new_session=True)
    _record_pid(fake.pids, grandchild.pid)
    os._exit(0)


def _garbage(fake: Fake, line: str) -> None:
    print("fake: about to print a debug line to stdout", file=sys.stderr, flush=True)
    _write("DEBUG observe called")


def _surrogate_label(fake: Fake, line: str) -> None:
    answer = fake.answer(line)
    for view in answer.get("observation", {}).get("players", {}).values():
        view["hand"] = [*view.get("hand", []), "__surrogate__"]
    _write(json.dumps(answer, ensure_ascii=False).replace('"__surrogate__"', SURROGATE))


def _flood_stdout(fake: Fake, line: str) -> None:
    sys.stdout.write('{"status": "ok"}\n' * 5000)
    sys.stdout.flush()


def _writes(text: str) -> Callable[[Fake, str], None]:
    return lambda fake, line: _write(text)


@dataclass(frozen=True)
class Fault:
    """How a mode breaks: on which request (``None``: every one), what it does, and when."""

    cmd: str | None
    does: Callable[[Fake, str], None]
    when: str = "instead"
    """``instead`` of the answer, or ``before`` or ``after`` it."""
    once: bool = True
    """Whether ``--once`` applies (else it breaks every time)."""


FAULTS = {
    "deep-hello": Fault("hello", _writes('{"status": "ok", "protocol": 1, "engine": ' + DEEP + "}")),
    "refuse-protocol": Fault("hello", _refuse_protocol, once=False),
    "refuse-error": Fault("hello", _refuse_error, once=False),
    "stderr-flood": Fault(None, _flood_stderr, when="before", once=False),
    "slow": Fault(None, lambda fake, line: time.sleep(fake.pace), when="before", once=False),
    "ignore-stop": Fault("stop", _ignore_stop, once=False),
    "crash-on-act": Fault("act", _crash),
    "crash-under": Fault("act", _crash, once=False),
    "hang-on-act": Fault("act", _hang),
    "grandchild": Fault("act", _leave_grandchild),
    "setsid-grandchild": Fault("act", _leave_setsid_grandchild),
    "surrogate-message": Fault("act", _writes('{"status": "error", "message": ' + SURROGATE + "}")),
    "wrong-answer": Fault("act", lambda fake, line: _write(json.dumps(fake.answer('{"cmd": "observe"}')))),
    "garbage": Fault("observe", _garbage),
    "invalid": Fault("observe", _writes(json.dumps({"status": "ok", "observation": {"turn": "soon"}}))),
    "surrogate-status": Fault("observe", _writes('{"status": ' + SURROGATE + "}")),
    "surrogate-label": Fault("observe", _surrogate_label),
    "no-observation": Fault("observe", _writes(json.dumps({"status": "ok"}))),
    "deep": Fault("observe", _writes('{"status": "ok", "observation": ' + DEEP + "}")),
    "extra-line": Fault("observe", _writes('{"status": "ok"}'), when="after"),
    "flood": Fault("observe", _flood_stdout, when="after"),
}
"""The modes that break something (``serve`` and ``ignore-eof`` answer every request as the adapter does)."""


def main(argv: list[str]) -> int:
    mode, rest = argv[0], argv[1:]
    pids = _option(rest, "--pids")
    _record_pid(pids, os.getpid())
    if mode == "dies-at-start":
        print("fake: cannot load the card database (dies at start)", file=sys.stderr, flush=True)
        return 3

    from shinpan.adapters.registry import ADAPTERS
    from tests import fake_adapters  # noqa: F401 - registers the in-process fakes

    fake = Fake(ADAPTERS[rest[0] if mode == "serve" else "reference"](), pids, _option(rest, "--once"))
    if "--pace" in rest:
        fake.pace = float(rest[rest.index("--pace") + 1])
    batches = "--batch" in rest
    for line in sys.stdin:
        request = json.loads(line)
        requests = request["requests"] if batches and request.get("cmd") == "batch" else [request]
        for each in requests:
            if len(requests) > 1 and each.get("cmd") == "setup" and "--batch-skips-setup" in rest:
                _write(json.dumps({"status": "ok"}))  # a shortcut taken in batches only: the board is never built
                continue
            status = _serve(fake, mode, rest, json.dumps(each, ensure_ascii=False), batches)
            if status == "stopped" and mode != "ignore-eof":
                return 0
            if status not in ("ok", "rejected"):
                break
    if mode == "ignore-eof":
        time.sleep(3600)
    return 0


def _serve(fake: Fake, mode: str, rest: list[str], line: str, batches: bool) -> str | None:
    """Answer one request (breaking it as the mode says): the answer's status, ``stopped`` after a ``stop``, or None
    where a fault stood in for the answer."""
    fault = FAULTS.get(mode)
    only_under = rest[0] if mode == "crash-under" else None
    request = json.loads(line)
    cmd = request.get("cmd")
    if cmd == "new_game":
        fake.rules = request["rules"]["label"]
    applies = fault is not None and fault.cmd in (None, cmd) and only_under in (None, fake.rules)
    when = fault.when if fault and applies and (not fault.once or fake.misbehave()) else None
    if fault and when == "instead":
        fault.does(fake, line)
        return None
    if fault and when == "before":
        fault.does(fake, line)
    response = fake.answer(line)
    stopped = response.pop("__stopped__", False)
    if cmd == "hello" and batches and response.get("status") == "ok":
        response["capabilities"] = {**response["capabilities"], "batch": True}
    _write(json.dumps(response, ensure_ascii=False))
    if fault and when == "after":
        fault.does(fake, line)
    return "stopped" if stopped else str(response.get("status"))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Fake subprocess adapters: ``python -m tests.fake_subprocess MODE [--once FILE] [--pids FILE]``.

Each serves the reference adapter (or one of the in-process fakes in :mod:`tests.fake_adapters`)
over JSON lines and breaks one thing, so a run through ``cmd:`` must end with one particular status:

- ``serve NAME``        serve the in-process adapter NAME as it is (``reference``, ``fake-never-sick``, …)
- ``dies-at-start``     writes a reason to stderr and exits 3 before reading anything: CRASH everywhere
- ``crash-on-act``      exits 139 when asked to act: CRASH
- ``hang-on-act``       never answers act: TIMEOUT
- ``garbage``           answers observe with a line that is not JSON: ERROR
- ``invalid``           answers observe with JSON that breaks the schema: ERROR under ``--validate``
- ``surrogate-status``  answers observe with a status holding a lone surrogate (``"\\ud800"``): ERROR
- ``surrogate-message`` answers act ``error`` with a message holding a lone surrogate: ERROR
- ``surrogate-label``   answers observe with an observation whose labels hold a lone surrogate: ERROR
- ``deep``              answers observe with a value nested 5000 levels deep: ERROR
- ``deep-hello``        answers hello with a value nested 5000 levels deep: ERROR everywhere (no handshake)
- ``refuse-protocol``   answers hello with protocol 999, then ignores the end of its input: ERROR everywhere
- ``refuse-error``      answers hello ``error``, then ignores the end of its input: ERROR everywhere
- ``grandchild``        on act starts a grandchild that holds stdout, then exits: TIMEOUT
- ``stderr-flood``      writes 1 MB to stderr before every answer (and answers correctly): PASS everywhere
- ``extra-line``        answers observe, then writes one more JSON line: ERROR (out of step)
- ``flood``             answers observe, then writes 5000 more JSON lines: ERROR (out of step)
- ``wrong-answer``      answers act with an observe response (as if out of step): ERROR
- ``ignore-eof``        serves correctly, but does not exit at the end of its input or on ``stop``

With ``--once FILE`` it misbehaves only if FILE does not exist yet (and creates it), so the restarted
child behaves: one scenario gets the status, every other one must PASS. With ``--pids FILE`` it appends
its pid (and any grandchild's) to FILE, so a test can check that none is left running.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

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


def main(argv: list[str]) -> int:
    mode, rest = argv[0], argv[1:]
    once = _option(rest, "--once")
    pids = _option(rest, "--pids")
    _record_pid(pids, os.getpid())
    if mode == "dies-at-start":
        print("fake: cannot load the card database (dies at start)", file=sys.stderr, flush=True)
        return 3

    from shinpan.adapters.registry import ADAPTERS
    from shinpan.adapters.server import handle
    from tests import fake_adapters  # noqa: F401 - registers the in-process fakes

    simulator = ADAPTERS[rest[0] if mode == "serve" else "reference"]()

    def misbehave() -> bool:
        if once is None:
            return True
        if once.exists():
            return False
        once.write_text("done", encoding="utf-8")
        return True

    for line in sys.stdin:
        cmd = json.loads(line).get("cmd")
        if cmd == "hello" and mode == "deep-hello" and misbehave():
            _write('{"status": "ok", "protocol": 1, "engine": ' + "[" * 5000 + "]" * 5000 + "}")
            continue
        if cmd == "hello" and mode in ("refuse-protocol", "refuse-error"):
            if mode == "refuse-protocol":
                hello = handle(simulator, line)
                _write(json.dumps({**hello, "protocol": 999}))
            else:
                _write(json.dumps({"status": "error", "message": "fake: this engine refuses to play"}))
            sys.stdin.read()
            time.sleep(3600)
        if mode == "stderr-flood":
            sys.stderr.write(("x" * 1023 + "\n") * 1024)
            sys.stderr.flush()
        if cmd == "act" and mode == "crash-on-act" and misbehave():
            print("fake: Segmentation fault in act()", file=sys.stderr, flush=True)
            os._exit(139)
        if cmd == "act" and mode == "hang-on-act" and misbehave():
            print("fake: waiting forever in act()", file=sys.stderr, flush=True)
            time.sleep(3600)
        if cmd == "act" and mode == "grandchild" and misbehave():
            print("fake: leaving a grandchild behind", file=sys.stderr, flush=True)
            grandchild = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
            _record_pid(pids, grandchild.pid)
            os._exit(0)
        if cmd == "act" and mode == "surrogate-message" and misbehave():
            _write('{"status": "error", "message": ' + SURROGATE + "}")
            continue
        if cmd == "act" and mode == "wrong-answer" and misbehave():
            _write(json.dumps(handle(simulator, '{"cmd": "observe"}')))
            continue
        if cmd == "observe" and mode == "garbage" and misbehave():
            print("fake: about to print a debug line to stdout", file=sys.stderr, flush=True)
            _write("DEBUG observe called")
            continue
        if cmd == "observe" and mode == "invalid" and misbehave():
            _write(json.dumps({"status": "ok", "observation": {"turn": "soon"}}))
            continue
        if cmd == "observe" and mode == "surrogate-status" and misbehave():
            _write('{"status": ' + SURROGATE + "}")
            continue
        if cmd == "observe" and mode == "surrogate-label" and misbehave():
            answer = handle(simulator, line)
            for view in answer.get("observation", {}).get("players", {}).values():
                view["hand"] = [*view.get("hand", []), "__surrogate__"]
            _write(json.dumps(answer, ensure_ascii=False).replace('"__surrogate__"', SURROGATE))
            continue
        if cmd == "observe" and mode == "no-observation" and misbehave():
            _write(json.dumps({"status": "ok"}))
            continue
        if cmd == "observe" and mode == "deep" and misbehave():
            _write('{"status": "ok", "observation": ' + "[" * 5000 + "]" * 5000 + "}")
            continue
        response = handle(simulator, line)
        stopped = response.pop("__stopped__", False)
        _write(json.dumps(response, ensure_ascii=False))
        if cmd == "observe" and mode == "extra-line" and misbehave():
            _write('{"status": "ok"}')
        if cmd == "observe" and mode == "flood" and misbehave():
            sys.stdout.write('{"status": "ok"}\n' * 5000)
            sys.stdout.flush()
        if stopped and mode != "ignore-eof":
            break
    if mode == "ignore-eof":
        time.sleep(3600)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

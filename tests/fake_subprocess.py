"""Fake subprocess adapters: ``python -m tests.fake_subprocess MODE [--once FILE]``.

Each serves the reference adapter (or one of the in-process fakes in :mod:`tests.fake_adapters`)
over JSON lines and breaks one thing, so a run through ``cmd:`` must end with one particular status:

- ``serve NAME``     serve the in-process adapter NAME as it is (``reference``, ``fake-never-sick``, …)
- ``dies-at-start``  writes a reason to stderr and exits 3 before reading anything: CRASH everywhere
- ``crash-on-act``   exits 139 when asked to act: CRASH
- ``hang-on-act``    never answers act: TIMEOUT
- ``garbage``        answers observe with a line that is not JSON: ERROR
- ``invalid``        answers observe with JSON that breaks the schema: ERROR under ``--validate``

With ``--once FILE`` it misbehaves only if FILE does not exist yet (and creates it), so the restarted
child behaves: one scenario gets the status, every other one must PASS.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    mode, rest = argv[0], argv[1:]
    once = Path(rest[rest.index("--once") + 1]) if "--once" in rest else None
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
        if cmd == "act" and mode == "crash-on-act" and misbehave():
            print("fake: Segmentation fault in act()", file=sys.stderr, flush=True)
            os._exit(139)
        if cmd == "act" and mode == "hang-on-act" and misbehave():
            print("fake: waiting forever in act()", file=sys.stderr, flush=True)
            time.sleep(3600)
        if cmd == "observe" and mode == "garbage" and misbehave():
            print("fake: about to print a debug line to stdout", file=sys.stderr, flush=True)
            sys.stdout.write("DEBUG observe called\n")
            sys.stdout.flush()
            continue
        if cmd == "observe" and mode == "invalid" and misbehave():
            sys.stdout.write(json.dumps({"status": "ok", "observation": {"turn": "soon"}}) + "\n")
            sys.stdout.flush()
            continue
        response = handle(simulator, line)
        stopped = response.pop("__stopped__", False)
        sys.stdout.write(json.dumps(response, ensure_ascii=False) + "\n")
        sys.stdout.flush()
        if stopped:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

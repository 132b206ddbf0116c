"""A protocol server that breaks its answers as a plan says: ``python -m tests.fuzz_adapter PLAN STATE``.

It serves the reference adapter over JSON lines, like ``shinpan serve-reference``, but before answering
request number N of the whole run (counted across restarts, in the STATE folder) it applies the plan's
fault for N (if any): a wrong type, a missing field, an extra line, a big or deeply nested value, invalid
Unicode, a line that is not JSON, an exit. Every pid it runs as is appended to ``STATE/pids``.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from shinpan.adapters.reference import ReferenceSimulator
from shinpan.adapters.server import STOPPED, handle


def _count(state: Path) -> int:
    """The number of this request in the whole run (the file survives restarts)."""
    counter = state / "count"
    number = int(counter.read_text(encoding="utf-8")) if counter.exists() else 0
    counter.write_text(str(number + 1), encoding="utf-8")
    return number


WRONG: list[Any] = [None, 7, [], {}, "OK", True, 1.5]
"""Values of every JSON type, to put where another type belongs."""


def _wrong_type(answer: dict[str, Any], param: int) -> None:
    answer[sorted(answer)[param % len(answer)]] = WRONG[param % len(WRONG)]


def _drop_field(answer: dict[str, Any], param: int) -> None:
    answer.pop(sorted(answer)[param % len(answer)], None)


def _big(answer: dict[str, Any], param: int) -> None:
    answer["message"] = "x" * (1000 * (1 + param % 3000))


def _foreign_field(answer: dict[str, Any], param: int) -> None:
    answer[["observation", "protocol", "engine", "capabilities"][param % 4]] = {}


CHANGED: dict[str, Callable[[dict[str, Any], int], None]] = {
    "wrong_type": _wrong_type, "drop_field": _drop_field, "big": _big, "foreign_field": _foreign_field}
"""Faults that change the answer, which is then written as a line."""


def _deep(answer: dict[str, Any], param: int) -> bytes:
    depth = 10 + param % 4000
    return (json.dumps(answer)[:-1] + ', "message": ' + "[" * depth + "]" * depth + "}\n").encode()


REPLACED: dict[str, Callable[[dict[str, Any], int], bytes | None]] = {
    "deep": _deep,
    "surrogate": lambda answer, param: (json.dumps(answer)[:-1] + ', "message": "\\udc00 \\ud83d"}\n').encode(),
    "bad_utf8": lambda answer, param: json.dumps(answer).encode()[:-1] + b', "message": "\xff\xfe\xc3"}\n',
    "not_json": lambda answer, param: [b"DEBUG: hello\n", b"{\n", b"nan\n", b"[1, 2]\n", b'"ok"\n'][param % 5],
    "empty": lambda answer, param: b"{}\n",
    "exit": lambda answer, param: None,
    "half_line": lambda answer, param: json.dumps(answer).encode()[: 1 + param % 10],
}
"""Faults that write something else instead of the answer's line (``None``: exit now)."""

AROUND: dict[str, Callable[[bytes, int], bytes]] = {
    "extra_line": lambda line, param: line + b'{"status": "ok"}\n' * (1 + param % 50),
    "blank_lines": lambda line, param: b"\n" * (1 + param % 5) + line,
}
"""Faults that write more than the answer's line."""

FAULTS = (*CHANGED, *REPLACED, *AROUND, "stderr")
"""Every fault the plan may name (each takes one integer parameter); ``stderr`` writes there before the answer."""


def _break(fault: str, param: int, answer: dict[str, Any]) -> bytes | None:
    """The line to write instead of ``answer`` (``None``: exit now)."""
    if fault in REPLACED:
        return REPLACED[fault](answer, param)
    if fault in CHANGED:
        CHANGED[fault](answer, param)
    line = json.dumps(answer, ensure_ascii=False).encode("utf-8") + b"\n"
    return AROUND[fault](line, param) if fault in AROUND else line


def main(argv: list[str]) -> int:
    plan: dict[str, list[Any]] = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    state = Path(argv[1])
    with (state / "pids").open("a", encoding="utf-8") as pids:
        pids.write(f"{os.getpid()}\n")
    simulator = ReferenceSimulator()
    out = sys.stdout.buffer
    for raw in sys.stdin.buffer:
        answer = handle(simulator, raw.decode("utf-8"))
        stopped = answer.pop(STOPPED, False)
        line: bytes | None = json.dumps(answer, ensure_ascii=False).encode("utf-8") + b"\n"
        fault, param = plan.get(str(_count(state)), ["none", 0])
        if fault == "stderr":
            sys.stderr.write("e" * (1000 * (1 + param % 2000)) + "\n")
            sys.stderr.flush()
        elif fault != "none":
            line = _break(fault, param, answer)
        if line is None:
            os._exit(1 + len(plan) % 100)
        out.write(line)
        out.flush()
        if stopped:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

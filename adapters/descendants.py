"""An adapter's descendants (子孫): every process it starts, however it tries to leave, is found and ended with it.

A child of the kit leads its own process group, and the kit kills that group when it stops the child; a
grandchild that calls ``setsid()`` leaves the group, and would survive the run holding the adapter's stdout.
So each child is started with a mark in its environment (:data:`MARK`, a token of its own), which its descendants
inherit, and on Linux the kit is made a child subreaper (``prctl(PR_SET_CHILD_SUBREAPER)``), so that a descendant
whose parent exits is re-parented to the kit rather than to init: when the child is stopped, every process that
carries its token (read from ``/proc/<pid>/environ``) is killed, and those the kit adopted are reaped.

Elsewhere (macOS, Windows: no ``/proc``, no subreaper) only the process group is ended; a descendant that leaves
it, or that clears its environment, is not found.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import secrets
import signal
import sys
import time
from functools import cache
from pathlib import Path

MARK = "SHINPAN_ADAPTER_TOKEN"
"""The environment variable that marks an adapter's process and its descendants."""
PR_SET_CHILD_SUBREAPER = 36
"""prctl(2)'s option that makes a process a child subreaper (Linux 3.4 and later)."""


@cache
def become_subreaper() -> bool:
    """Make this process a child subreaper (Linux), once; whether it is one."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


PR_SET_PDEATHSIG = 1
"""prctl(2)'s option that sends a process a signal when its parent dies (Linux)."""


def die_with_parent() -> None:
    """Make this process (a worker the kit started) be killed when the process that started it dies, even by
    SIGKILL (Linux; elsewhere nothing happens); one whose parent is already gone exits at once."""
    if not sys.platform.startswith("linux"):
        return
    parent = os.getppid()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if parent == 1 or not alive(parent):
        os._exit(1)


def alive(pid: int) -> bool:
    """Whether the process ``pid`` exists (one of another user's counts)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def token() -> str:
    """A new token for one child."""
    return f"{os.getpid()}-{secrets.token_hex(8)}"


def marked(value: str) -> list[int]:
    """The processes of this user whose environment carries ``value`` as :data:`MARK` (none without ``/proc``)."""
    wanted = f"{MARK}={value}".encode()
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError):
            if wanted in (entry / "environ").read_bytes().split(b"\0"):
                found.append(int(entry.name))
    return found


def end(value: str) -> list[int]:
    """Kill every process marked with ``value`` and reap those that are this process's children (adopted as a
    subreaper); return their pids."""
    pids = [pid for pid in marked(value) if pid != os.getpid()]
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 2.0
    for pid in pids:
        while time.monotonic() < deadline:
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:  # not ours: init (or its own parent) reaps it
                break
            if done:
                break
            time.sleep(0.01)
    return pids

"""The kit's tests send Ctrl-C (SIGINT) to the commands they start: those children get SIGINT at its default, as a
terminal gives it, even when the test command itself was started with SIGINT ignored (a background job of a
non-interactive shell, ``nohup``, some CI runners) — tests/conftest.py (issue 35, item 18)."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = "import signal; print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)"


def test_a_child_under_test_gets_sigint_at_its_default() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "True"


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def test_the_tests_started_with_sigint_ignored_still_give_it_to_their_children() -> None:
    probe = f"{Path(__file__).relative_to(ROOT)}::test_a_child_under_test_gets_sigint_at_its_default"
    done = subprocess.run([sys.executable, "-m", "pytest", probe, "-q", "-n", "0", "-p", "no:cacheprovider"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, preexec_fn=_ignore_sigint)
    assert done.returncode == 0, done.stdout + done.stderr

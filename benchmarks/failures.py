"""Benchmark: what a failure costs — a run on an adapter that cannot start, and a failing scenario against a
passing one.

    python benchmarks/failures.py [--repeat 3]

1. A broken adapter: ``shinpan run`` on a ``cmd:`` adapter that exits at once, and on one that answers the
   handshake in another protocol version; wall time, lines printed, exit status.
2. A failing scenario against a passing one: the same scenarios run on the reference engine (they pass) and on a
   fake engine that gets every observation wrong (``fake-always-wrong`` of ``tests/fake_adapters.py``: they FAIL),
   each scenario timed by the ``item_clock`` plugin of this folder from its setup to its teardown, report
   included; the mean per scenario and the ratio failing / passing.

Run from a checkout (it loads the kit's fake adapters). Best of ``--repeat``; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BROKEN = {
    "exits at once": f"cmd:{sys.executable} -c 'import sys; sys.exit(3)'",
    "wrong protocol": "fake-wrong-protocol",
}


def shinpan_run(adapter: str, tmp: Path, *extra: str) -> tuple[float, subprocess.CompletedProcess[str]]:
    """``shinpan run`` on ``adapter`` with the kit's fake adapters and this folder's plugins importable."""
    command = [sys.executable, "-m", "shinpan", "run", f"--adapter={adapter}", "-p", "tests.fake_adapters", *extra]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE), str(ROOT),
                                                                     os.environ.get("PYTHONPATH")]))}
    start = time.perf_counter()
    done = subprocess.run(command, cwd=tmp, capture_output=True, text=True, env=env, check=False)
    return time.perf_counter() - start, done


def broken(repeat: int, tmp: Path) -> None:
    print("1. an adapter that cannot start (the whole suite)")
    print(f"{'adapter':<16} {'wall s':>7} {'lines':>6} {'exit':>4}")
    for name, adapter in BROKEN.items():
        runs = [shinpan_run(adapter, tmp) for _ in range(repeat)]
        wall, done = min(runs, key=lambda run: run[0])
        lines = len((done.stdout + done.stderr).splitlines())
        print(f"{name:<16} {wall:>7.2f} {lines:>6} {done.returncode:>4}")


def timed(adapter: str, tmp: Path) -> dict[str, tuple[float, str]]:
    clock = tmp / "items.json"
    os.environ["SHINPAN_ITEM_CLOCK"] = str(clock)
    shinpan_run(adapter, tmp, "-p", "item_clock", "-q")
    return {node: (float(seconds), str(outcome))
            for node, (seconds, outcome) in json.loads(clock.read_text(encoding="utf-8")).items()}


def failing_vs_passing(repeat: int, tmp: Path) -> None:
    best_pass: dict[str, float] = {}
    best_fail: dict[str, float] = {}
    for _ in range(repeat):  # interleaved, so that machine noise hits both
        for node, (seconds, outcome) in timed("reference", tmp).items():
            if outcome == "passed":
                best_pass[node] = min(seconds, best_pass.get(node, seconds))
        for node, (seconds, outcome) in timed("fake-always-wrong", tmp).items():
            if outcome == "failed":
                best_fail[node] = min(seconds, best_fail.get(node, seconds))
    both = sorted(set(best_pass) & set(best_fail))
    passing = statistics.mean(best_pass[node] for node in both)
    failing = statistics.mean(best_fail[node] for node in both)
    print(f"2. the same {len(both)} scenarios passing (reference) and failing (fake-always-wrong), per scenario")
    print(f"passing {1000 * passing:.2f} ms; failing {1000 * failing:.2f} ms; "
          f"failing / passing {failing / passing:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        broken(args.repeat, Path(tmp))
        failing_vs_passing(args.repeat, Path(tmp))


if __name__ == "__main__":
    main()

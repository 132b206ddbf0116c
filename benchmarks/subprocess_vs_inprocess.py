"""Benchmark: the whole suite in-process and through the subprocess adapter, in one run.

    python benchmarks/subprocess_vs_inprocess.py [--repeat N] [--ruleset ID]

Each mode runs pytest over ``features/`` in a fresh interpreter, ``--repeat`` times (best time counts).
It prints, per mode, the wall time of the whole pytest process, the time inside the scenarios (the sum
of their durations, from the report) and the ratio subprocess / in-process. The subprocess adapter is
the reference engine served by ``shinpan serve-reference`` (``cmd:python -m shinpan serve-reference``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODES = {"in-process": "reference", "subprocess": f"cmd:{sys.executable} -m shinpan serve-reference"}


def run_once(adapter: str, ruleset: str | None, tmp: Path) -> tuple[float, float, float, int]:
    report = tmp / "report.jsonl"
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--adapter={adapter}",
               f"--report={report}", str(ROOT / "features")]
    if ruleset:
        command.append(f"--ruleset={ruleset}")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{adapter}: the suite failed\n{done.stdout[-3000:]}{done.stderr[-2000:]}")
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    cases = [line for line in lines if line.get("type") == "case"]
    durations = [float(c["duration"]) for c in cases]
    # the first scenario also pays for starting the adapter (the handshake happens at its first step)
    return wall, sum(durations), sum(durations[1:]), len(cases)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--ruleset")
    args = parser.parse_args()
    best: dict[str, tuple[float, float, float, int]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.repeat):
            for mode, adapter in MODES.items():  # interleaved, so that machine noise hits both
                result = run_once(adapter, args.ruleset, Path(tmp))
                if mode not in best or result[0] < best[mode][0]:
                    best[mode] = result
    print(f"{'mode':<12} {'scenarios':>9} {'wall (s)':>9} {'in scenarios (s)':>17} {'same, w/o start-up (s)':>23}")
    for mode, (wall, inside, steady, count) in best.items():
        print(f"{mode:<12} {count:>9} {wall:>9.3f} {inside:>17.3f} {steady:>23.3f}")
    (w1, s1, r1, _), (w2, s2, r2, _) = best["in-process"], best["subprocess"]
    print(f"ratio subprocess / in-process: wall {w2 / w1:.2f}x; in scenarios {s2 / s1:.2f}x; "
          f"in scenarios without the adapter's start-up {r2 / r1:.2f}x (best of {args.repeat}; aim: wall within 1.5x)")


if __name__ == "__main__":
    main()

"""Benchmark: what --trace DIR and --messages PATH cost per scenario, and that a run without them pays nothing.

    python benchmarks/recording_overhead.py [--repeat 3] [--tags EXPR]

Times ``shinpan run`` on the reference engine (wall clock, best of ``--repeat``) plain, with ``--trace`` and
with ``--messages``, and prints each time, the scenarios run and the extra milliseconds per scenario over the
plain run. Nothing is asserted: the numbers are for reading.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(args: list[str], repeat: int, tmp: Path) -> tuple[float, int]:
    """Best wall-clock seconds of ``shinpan run ARGS`` and the scenarios it reported."""
    best, scenarios = float("inf"), 0
    for attempt in range(repeat):
        report = tmp / f"report-{attempt}.jsonl"
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "shinpan", "run", f"--report={report}", *args, "-q"],
                       capture_output=True, check=False)
        best = min(best, time.perf_counter() - started)
        lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
        scenarios = sum(1 for line in lines if line.get("type") == "case" and line["status"] == "PASS")
    return best, scenarios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--tags", default=None)
    options = parser.parse_args()
    base = [f"--tags={options.tags}"] if options.tags else []
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        plain, count = timed(base, options.repeat, tmp)
        print(f"plain      {plain:7.2f} s  ({count} scenarios passed)")
        for label, extra in (("--trace", [f"--trace={tmp / 'trace'}"]),
                             ("--messages", [f"--messages={tmp / 'run.ndjson'}"])):
            seconds, _ = timed([*base, *extra], options.repeat, tmp)
            per = (seconds - plain) / max(count, 1) * 1000
            print(f"{label:<10} {seconds:7.2f} s  {per:+.2f} ms per scenario over plain")


if __name__ == "__main__":
    main()

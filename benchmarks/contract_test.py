"""Benchmark: how long ``shinpan contract-test`` takes (issue 34.3: "it runs in seconds, before the suite").

    python benchmarks/contract_test.py [--repeat 3]

Times the self-test, each in a fresh interpreter, against the reference engine in-process, the reference engine
served as a subprocess, the Python template and the Node template (when node is installed): wall seconds (the
best of ``--repeat``), and the probes that passed. Nothing asserts them.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def adapters() -> list[tuple[str, str]]:
    """The adapters timed: a name and the --adapter value."""
    found = [("reference, in-process", "reference"),
             ("reference, served (cmd:)", f"cmd:{sys.executable} -m shinpan serve-reference"),
             ("Python template (cmd:)", f"cmd:{sys.executable} {ROOT / 'adapters/examples/python/adapter.py'}")]
    if shutil.which("node"):
        found.append(("Node template (cmd:)", f"cmd:node {ROOT / 'adapters/examples/node/adapter.js'}"))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    print(f"{'adapter':<28} {'seconds':>8} {'passed':>7} {'broken':>7}")
    for name, spec in adapters():
        best, counts = float("inf"), {}
        for _ in range(repeat):
            started = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "shinpan", "contract-test", "--adapter", spec, "--format",
                                   "json"], capture_output=True, text=True, cwd=ROOT, check=False)
            best = min(best, time.perf_counter() - started)
            counts = json.loads(done.stdout)["counts"]
        print(f"{name:<28} {best:>8.2f} {counts.get('pass', 0):>7} {counts.get('broken', 0):>7}")


if __name__ == "__main__":
    main()

"""Benchmark: building the site (``shinpan site``) for the whole suite, without ``--run``.

    python benchmarks/site_build.py [--repeat N] [--report R.jsonl ...]

Each repeat builds the site into a fresh folder in a fresh interpreter (``python -m shinpan site``) and
prints the wall time of the whole command and its CPU time; the best of ``--repeat`` counts. Reports given
with ``--report`` are included (one engine each), as the command would include them.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def build_once(reports: list[str], out: Path) -> tuple[float, float, int]:
    """Wall and CPU seconds of one build, and the number of files written."""
    command = [sys.executable, "-m", "shinpan", "site", "--out", str(out), *(f"--report={r}" for r in reports)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"shinpan site failed: {done.stdout}{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, sum(1 for path in out.rglob("*") if path.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--report", action="append", default=[], help="a run report to include (repeatable)")
    args = parser.parse_args()
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(args.repeat):
            runs.append(build_once(args.report, Path(tmp) / f"site{number}"))
    for number, (wall, cpu, files) in enumerate(runs, start=1):
        print(f"build {number}: {wall:6.2f} s wall, {cpu:6.2f} s cpu, {files} files")
    best = min(runs)
    print(f"best: {best[0]:.2f} s wall ({best[1]:.2f} s cpu) for {best[2]} files, {len(args.report)} report(s)")


if __name__ == "__main__":
    main()

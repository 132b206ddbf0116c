"""Benchmark: ``shinpan run`` in-process and through the subprocess adapter, and where the time goes.

    python benchmarks/subprocess_vs_inprocess.py [--repeat 3] [--ruleset ID]

Each mode runs ``shinpan run`` over the whole suite in a fresh process, ``--repeat`` times, interleaved (the
best wall time counts). The subprocess adapter is the reference engine served by ``shinpan serve-reference``
(``cmd:python -m shinpan serve-reference``). With the ``engine_clock`` plugin of this folder it splits each run:

* start-up: from the command's start to the pytest session's (interpreter, imports, options);
* collection: reading the feature files into scenarios;
* engine: time inside the adapter's contract calls (for ``cmd:``, the round trips through the pipe);
* kit: the rest of running the scenarios — pytest, pytest-bdd, the steps, the checks, the report —
  also given per scenario, in wall time and in this process's CPU time (which a busy machine inflates less).

Then the ratio subprocess ÷ in-process. Nothing is asserted: the numbers are for reading.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
MODES = {"in-process": "reference", "subprocess": f"cmd:{sys.executable} -m shinpan serve-reference"}


@dataclass(frozen=True)
class Run:
    """One ``shinpan run``, split."""

    wall: float
    session: float
    collection: float
    loop: float
    engine: float
    calls: int
    scenarios: int
    loop_cpu: float
    engine_cpu: float

    @property
    def startup(self) -> float:
        return self.wall - self.session

    @property
    def kit(self) -> float:
        return self.loop - self.engine

    @property
    def kit_cpu(self) -> float:
        return self.loop_cpu - self.engine_cpu


def run_once(adapter: str, ruleset: str | None, tmp: Path) -> Run:
    clock = tmp / "clock.json"
    command = [sys.executable, "-m", "shinpan", "run", f"--adapter={adapter}", "-q", "-p", "no:warnings",
               "-p", "engine_clock"]
    if ruleset:
        command.insert(4, f"--ruleset={ruleset}")
    env = {**os.environ, "SHINPAN_ENGINE_CLOCK": str(clock),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")]))}
    start = time.perf_counter()
    done = subprocess.run(command, cwd=tmp, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{adapter}: the suite failed\n{done.stdout[-3000:]}{done.stderr[-2000:]}")
    numbers = json.loads(clock.read_text(encoding="utf-8"))
    return Run(wall, numbers["session"], numbers["collection"], numbers["loop"], numbers["engine"], numbers["calls"],
               numbers["scenarios"], numbers["loop_cpu"], numbers["engine_cpu"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--ruleset")
    args = parser.parse_args()
    best: dict[str, Run] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.repeat):
            for mode, adapter in MODES.items():  # interleaved, so that machine noise hits both
                result = run_once(adapter, args.ruleset, Path(tmp))
                if mode not in best or result.wall < best[mode].wall:
                    best[mode] = result
    print(f"best of {args.repeat}; times in seconds; kit = running the scenarios minus the time in the adapter")
    print(f"{'mode':<11} {'scenarios':>9} {'wall':>6} {'start-up':>8} {'collect':>7} {'scenarios':>9} "
          f"{'engine':>6} {'kit':>6} {'kit/scenario':>12} {'(CPU)':>8} {'engine calls':>12}")
    for mode, run in best.items():
        print(f"{mode:<11} {run.scenarios:>9} {run.wall:>6.2f} {run.startup:>8.2f} {run.collection:>7.2f} "
              f"{run.loop:>9.2f} {run.engine:>6.2f} {run.kit:>6.2f} {1000 * run.kit / run.scenarios:>9.2f} ms "
              f"{1000 * run.kit_cpu / run.scenarios:>5.2f} ms {run.calls:>12}")
    inside, piped = best["in-process"], best["subprocess"]
    print(f"ratio subprocess / in-process: wall {piped.wall / inside.wall:.2f}x; "
          f"running the scenarios {piped.loop / inside.loop:.2f}x")


if __name__ == "__main__":
    main()

"""Benchmark: what a ``shinpan`` command costs before it does its work — start-up, per command.

    python benchmarks/startup.py [--repeat 5]

Each command runs ``--repeat`` times in a fresh process from an empty folder (the commands interleaved); per
command it prints the median wall time and the median CPU time (user + system, the command's own process and
every child it waits for: ``shinpan run`` lints the suite in a child first). CPU is the number that counts on a
busy or small machine: the kit's own tests start hundreds of these processes on two cores.

The kit measured is the one this interpreter imports: run the script with another checkout's environment
(``other/.venv/bin/python benchmarks/startup.py``) to compare before and after a change. Python's bytecode cache is
written (``PYTHONDONTWRITEBYTECODE`` is dropped), as in CI, and one untimed run of each command warms it. Nothing is
asserted: the numbers are for reading.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from shinpan.adapters.locations import features_dir

ROOT = Path(__file__).resolve().parent.parent
FEATURE = "features/basics/召喚酔い.feature"
COMMANDS: dict[str, list[str]] = {
    "--help": ["--help"],
    "run --help": ["run", "--help"],
    "list": ["list"],
    "lint": ["lint"],
    "serve-reference (no request)": ["serve-reference"],
    "run (one feature file)": ["run", FEATURE, "-q"],
    "explore --examples 10": ["explore", "--examples", "10", "--property", "one-place"],
}


def measure(command: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """One run's wall and CPU seconds (its process and the children it waited for)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "shinpan", *command], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    kit = features_dir()
    with tempfile.TemporaryDirectory() as scratch:
        for command in COMMANDS.values():
            measure(_absolute(command, kit), env, Path(scratch))  # warm: bytecode written, files cached
        times: dict[str, list[tuple[float, float]]] = {}
        for _ in range(args.repeat):
            for name, command in COMMANDS.items():
                times.setdefault(name, []).append(measure(_absolute(command, kit), env, Path(scratch)))
    print(f"{sys.executable}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"median of {args.repeat}, seconds")
    print(f"{'command':32} {'wall':>6} {'cpu':>6}")
    for name, runs in times.items():
        print(f"{name:32} {statistics.median(r[0] for r in runs):6.2f} {statistics.median(r[1] for r in runs):6.2f}")


def _absolute(command: list[str], features: Path) -> list[str]:
    """``command`` with the feature file read from the kit being measured."""
    return [str(features / arg.removeprefix("features/")) if arg == FEATURE else arg for arg in command]


if __name__ == "__main__":
    main()

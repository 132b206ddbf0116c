"""Benchmark: ``shinpan explore`` — examples per second in-process and through ``cmd:``, on one core and on two, and
the time from a planted bug to its printed scenario.

    python benchmarks/explore.py [--examples 600] [--bugs N] [--no-rates] [--default] [--no-bugs]

1. The reference engine explored against itself (every oracle, today's rules, ``--examples`` per oracle) in-process
   with one worker and with two (``-n 2``): examples per second (wall), and CPU milliseconds per example of the
   process doing the work (a busy machine inflates wall time more than CPU time).
2. The same through ``cmd:`` (the reference engine served by ``shinpan serve-reference``, compared with the
   in-process reference engine).
3. With ``--default``: a default exploration (``shinpan explore``, nothing else given) as a whole process — the
   wall seconds and the CPU seconds it took, start-up included (what the test command and a user wait for).
4. For each planted bug of tests/planted_bugs.py (the first ``--bugs``): the oracles explored in order with the
   default budget, until the first that finds it; the seconds from the start to its first scenario printed.

Nothing is asserted: the numbers are for reading (issue 22's targets: ≥ 300 examples/s in-process on two cores,
≥ 100/s through ``cmd:``, a planted bug to its printed scenario under a minute; issue 38's: ≥ 1,500 examples/s
in-process on one worker, ≥ 750 through ``cmd:``, ``-n 2`` close to twice one worker).

Run from a checkout (or a copy of one: the commands it starts use the package of the folder it is run from), so
that two versions can be measured side by side, interleaved, on one machine.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shinpan.errors import RenderError
from shinpan.explore import EXAMPLES, Settings, explore
from shinpan.explore.exploration import Exploration
from shinpan.explore.printing import scenario
from shinpan.suite import rulesets

ROOT = Path(__file__).resolve().parent.parent
SERVED = f"cmd:{sys.executable} -m shinpan serve-reference"
TODAY = rulesets.load().today()


def cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def rate(adapter: str, examples: int, workers: int) -> tuple[float, float, int]:
    """Examples per second (wall), CPU ms per example, and examples run."""
    started, used = time.monotonic(), cpu()
    done = explore(Settings(adapter, (TODAY,), examples=examples, workers=workers))
    wall, spent = time.monotonic() - started, cpu() - used
    return done.examples / wall, spent / done.examples * 1000, done.examples


def default_exploration() -> tuple[float, float, str]:
    """Wall and CPU seconds of ``shinpan explore`` with its defaults, as a whole process (from :data:`ROOT`, so that
    the package measured is this folder's), and its last line (the examples run)."""
    started, used = time.monotonic(), cpu()
    done = subprocess.run([sys.executable, "-m", "shinpan", "explore"], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    wall, spent = time.monotonic() - started, cpu() - used
    lines = done.stdout.strip().splitlines() or [f"exit {done.returncode}: {done.stderr.strip()[-200:]}"]
    return wall, spent, lines[-1]


def to_first_scenario(bug: str) -> tuple[float, str, int]:
    """Seconds from the start of a default exploration of the planted bug to its first printed scenario, the oracle
    that found it, and the examples run until then."""
    adapter, started, examples = f"py:tests.planted_bugs:{bug}", time.monotonic(), 0
    for oracle in Settings(adapter, (TODAY,)).oracles:
        done: Exploration = explore(Settings(adapter, (TODAY,), examples=EXAMPLES, only=(oracle,)))
        examples += done.examples
        for finding in done.findings:
            try:
                scenario(finding, TODAY)
            except RenderError:  # a difference no phrase shows (an order): reported, but printed without a scenario
                continue
            return time.monotonic() - started, oracle, examples
    return float("nan"), "-", examples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=600, help="examples per oracle for the rates")
    parser.add_argument("--bugs", type=int, default=None, help="how many planted bugs to time (default: all)")
    parser.add_argument("--no-rates", action="store_true", help="time the planted bugs only")
    parser.add_argument("--default", action="store_true", help="time a default exploration, as a whole process")
    parser.add_argument("--no-bugs", action="store_true", help="do not time the planted bugs")
    args = parser.parse_args()
    if args.default:
        wall, spent, last = default_exploration()
        print(f"default exploration (shinpan explore, whole process): {wall:5.1f} s wall, {spent:5.1f} s CPU — {last}")
    print(f"explore, every oracle, today's rules, {args.examples} examples per oracle")
    for label, adapter in () if args.no_rates else (("in-process", "reference"), ("cmd:", SERVED)):
        for workers in (1, 2):
            per_second, per_example, done = rate(adapter, args.examples, workers)
            print(f"  {label:<10} -n {workers}: {per_second:7.1f} examples/s (wall), {per_example:5.2f} CPU ms per "
                  f"example ({done} examples)")
    if args.no_bugs:
        return
    from tests.planted_bugs import PLANTED

    print("planted bug → its first printed scenario (default budget, oracles in order)")
    for bug in sorted(PLANTED)[:args.bugs]:
        seconds, oracle, examples = to_first_scenario(bug)
        print(f"  {bug:<36} {seconds:6.1f} s  by {oracle} ({examples} examples)")


if __name__ == "__main__":
    main()

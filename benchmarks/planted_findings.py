"""Benchmark: what ``shinpan explore`` finds for each planted bug under each seed, and how fast.

    python benchmarks/planted_findings.py [--seeds 0 1 2] [--examples 1000] [--all-oracles] [--bugs NAME ...]

For each planted bug of tests/planted_bugs.py and each seed it explores the oracles that state the rule the bug
breaks (tests/test_explore_planted.py's ``RULES``; every oracle with ``--all-oracles``) with ``--examples`` per oracle,
and prints one line: the bug, the seed, the causes found (sorted), the examples run, and examples per second (wall)
with the CPU milliseconds per example. Two checkouts run side by side (``python A/benchmarks/planted_findings.py``,
then ``B``'s) must print the same causes for every bug and seed when only the speed changed: the first columns are
the findings, the last the cost. A bug found under no seed is listed at the end. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shinpan.explore import Settings, explore
from shinpan.suite import rulesets

TODAY = rulesets.load().today()


def cpu() -> float:
    """CPU seconds of this process."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


def main() -> None:
    from tests.planted_bugs import PLANTED
    from tests.test_explore_planted import RULES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--examples", type=int, default=1000, help="examples per oracle")
    parser.add_argument("--all-oracles", action="store_true", help="every oracle, not only the bug's own")
    parser.add_argument("--bugs", nargs="*", default=None, help="only these bugs")
    args = parser.parse_args()
    missed: list[str] = []
    total_examples, total_wall, total_cpu = 0, 0.0, 0.0
    for bug in sorted(args.bugs or PLANTED):
        found_under: list[int] = []
        for seed in args.seeds:
            only = () if args.all_oracles else RULES[bug]
            started, used = time.monotonic(), cpu()
            done = explore(Settings(f"py:tests.planted_bugs:{bug}", (TODAY,), seed=seed, examples=args.examples,
                                    only=only))
            wall, spent = time.monotonic() - started, cpu() - used
            total_examples, total_wall, total_cpu = total_examples + done.examples, total_wall + wall, total_cpu + spent
            causes = sorted({finding.cause.key for finding in done.findings})
            found_under += [seed] if causes else []
            print(f"{bug:<36} seed {seed:<3} {' | '.join(causes) or '(nothing)'}   "
                  f"[{done.examples} examples, {done.examples / wall:6.0f}/s, "
                  f"{spent / done.examples * 1000:.2f} CPU ms each]",
                  flush=True)
        if len(found_under) < len(args.seeds):
            missed.append(f"{bug} (found under seeds {found_under or 'none'})")
    print(f"in all: {total_examples} examples, {total_examples / total_wall:.0f}/s (wall), "
          f"{total_cpu / total_examples * 1000:.3f} CPU ms per example")
    print("missed under some seed: " + (", ".join(missed) or "none"))


if __name__ == "__main__":
    main()

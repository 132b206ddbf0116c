"""Benchmark: each planted bug (tests/planted_bugs.py) under ten seeds — the examples a default exploration runs
before its first finding.

    python benchmarks/planted_seeds.py [--seeds 10] [--bugs NAME ...] [--examples 1000] [--own]

For each bug and seed, the oracles run in the order a default exploration runs them (the differential run first),
each with the default budget, until one finds the bug; the number printed is the examples run before the first
example that showed it (the earlier oracles' examples included), ``-`` if no oracle found it. The last columns say
under how many seeds it was found and the oracle that found it first. Nothing is asserted: the table is for reading
(issue 30: every bug found under every one of ten seeds at the default budget).

``--own`` runs, for each bug, only the oracles that state the rule it breaks (tests/test_explore_planted.py's
``RULES``): a default exploration runs every oracle, each with a seed of its own, so a bug that one of them finds
under a seed is found by the default exploration under that seed; the count is then the examples of those oracles
only. Each search stops at the end of the round in which it first finds something (the rest of the budget would
not change the table), so the whole table costs minutes rather than hours.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shinpan.explore import EXAMPLES, Settings, explore
from shinpan.explore.differential import Differential
from shinpan.explore.properties.property import Testing
from shinpan.suite import rulesets

TODAY = rulesets.load().today()
FIRST: list[int] = []
"""The examples run when the current oracle first found something (empty until it does)."""


def counting(example: Callable[..., Any]) -> Callable[..., Any]:
    """``example`` counting the examples until the first one that returns a finding."""
    ran = [0]

    def counted(self: Any, dice: Any, known: Any) -> Any:
        ran[0] += 1
        found = example(self, dice, known)
        if found is not None and not FIRST:
            FIRST.append(ran[0])
        return found

    counted.reset = lambda: ran.__setitem__(0, 0)  # type: ignore[attr-defined]
    return counted


def first_finding(bug: str, seed: int, examples: int, only: tuple[str, ...] = ()) -> tuple[int | None, str]:
    """The examples a default exploration of ``bug`` under ``seed`` runs before its first finding, and the oracle
    (only the oracles ``only``, if given)."""
    adapter, before = f"py:tests.planted_bugs:{bug}", 0
    for oracle in Settings(adapter, (TODAY,), only=only).oracles:
        FIRST.clear()
        for kind in (Differential, Testing):
            kind.example.reset()  # type: ignore[union-attr]
        done = explore(Settings(adapter, (TODAY,), seed=seed, examples=examples, only=(oracle,), until_found=True))
        if done.findings and FIRST:
            return before + FIRST[0], oracle
        before += done.examples
    return None, "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--bugs", nargs="*", default=None, help="the bugs to run (default: every planted bug)")
    parser.add_argument("--examples", type=int, default=EXAMPLES, help="examples per oracle (default budget)")
    parser.add_argument("--only", nargs="*", default=(), help="explore only these oracles (default: every one)")
    parser.add_argument("--own", action="store_true", help="explore each bug with the oracles of its rule only")
    args = parser.parse_args()
    from tests.planted_bugs import PLANTED
    from tests.test_explore_planted import RULES

    Differential.example = counting(Differential.example)  # type: ignore[method-assign]
    Testing.example = counting(Testing.example)  # type: ignore[method-assign]
    bugs = args.bugs or sorted(PLANTED)
    width = max(map(len, bugs))
    print(f"examples to the first finding, {args.examples} examples per oracle, seeds 0..{args.seeds - 1}"
          + (", each bug's own oracles" if args.own else ""))
    print(f"{'bug':<{width}} " + " ".join(f"{s:>6}" for s in range(args.seeds)) + "  found  oracle   seconds")
    for bug in bugs:
        started, cells, oracles = time.monotonic(), [], set()
        for seed in range(args.seeds):
            count, oracle = first_finding(bug, seed, args.examples, RULES[bug] if args.own else tuple(args.only))
            cells.append(count)
            oracles.add(oracle)
        found = sum(c is not None for c in cells)
        print(f"{bug:<{width}} " + " ".join(f"{c if c is not None else '-':>6}" for c in cells)
              + f"  {found:>2}/{args.seeds}  {','.join(sorted(oracles))}  {time.monotonic() - started:6.1f}",
              flush=True)


if __name__ == "__main__":
    main()

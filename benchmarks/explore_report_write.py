"""Benchmark: what writing the explore report whole or not at all costs (issue 35, item 3).

    python benchmarks/explore_report_write.py [--size-mb 100] [--repeat 3]

Makes the lines of an explore report of about ``--size-mb`` MB from a real exploration (a small one of a planted
bug, its property line copied again and again), then writes them to a file already holding an old report, both
ways: as the kit does (:func:`shinpan.explore.report.write`: a temporary file beside the target, each line through
``run``'s JSON-lines writer, moved into place) and as it did before (the target opened in place, ``json.dumps``
per line), and atomically with ``json.dumps`` (the cost of the temporary file and the rename alone). Prints the
best wall seconds of each, and the difference. Nothing asserts them.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.planted_bugs, from a checkout


def report_lines(size: int) -> list[dict[str, Any]]:
    """The lines of an explore report of about ``size`` bytes."""
    from shinpan.explore import Settings, explore
    from shinpan.explore import report as explore_report
    from shinpan.suite import rulesets

    exploration = explore(Settings("py:tests.planted_bugs:untap_both_players", (rulesets.load().today(),),
                                   examples=1000, only=("differential",)))
    header, line, footer = explore_report.lines(exploration, {}, {}, 1)
    each = len(json.dumps(line, ensure_ascii=False).encode()) + 1
    return [header, *([line] * max(1, size // each)), footer]


def in_place(path: Path, lines: Iterable[Mapping[str, Any]]) -> None:
    """How the report was written before: the target opened and written over."""
    with path.open("w", encoding="utf-8") as out:
        for line in lines:
            out.write(json.dumps(line, ensure_ascii=False) + "\n")


def atomic_only(path: Path, lines: Iterable[Mapping[str, Any]]) -> None:
    """The atomic write alone: a temporary file moved into place, ``json.dumps`` per line (no escaping pass)."""
    from shinpan import outputs

    with outputs.replaced(path) as out:
        for line in lines:
            out.write(json.dumps(line, ensure_ascii=False) + "\n")


def best(write: Callable[[Path, list[dict[str, Any]]], None], path: Path, lines: list[dict[str, Any]],
         repeat: int) -> float:
    times = []
    for _ in range(repeat):
        path.write_text("old report\n", encoding="utf-8")
        started = time.perf_counter()
        write(path, lines)
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, default=100.0)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    from shinpan.explore import report as explore_report

    lines = report_lines(int(options.size_mb * 1_000_000))
    with tempfile.TemporaryDirectory(prefix="shinpan-bench-") as scratch:
        path = Path(scratch) / "explore.jsonl"
        atomic = best(explore_report.write, path, lines, options.repeat)
        size = path.stat().st_size
        plain = best(in_place, path, lines, options.repeat)
        renamed = best(atomic_only, path, lines, options.repeat)
    print(f"explore report: {size / 1e6:.1f} MB, {len(lines)} lines (best of {options.repeat})")
    print(f"  in place, json.dumps (before):          {plain:.2f} s")
    print(f"  atomic, json.dumps (the rename alone):  {renamed:.2f} s")
    print(f"  atomic, run's JSON-lines writer (now):  {atomic:.2f} s")
    print(f"  cost of writing it whole or not at all: {atomic - plain:+.2f} s ({(atomic / plain - 1) * 100:+.0f} %)")


if __name__ == "__main__":
    main()

"""Benchmark: does the kit stay linear as the suite grows? The real suite and a synthetic one N times its size.

    python benchmarks/scale.py [--factor 10] [--repeat 1] [--workers N] [--no-matrix]

The synthetic suite is the real ``features/`` copied into a temporary folder N times over: every feature
file N times in its topic folder, each copy's scenario ids suffixed (``@id:basics-sick-001-x3``), the
registries and READMEs as they are. The real suite is copied the same way (once), and ``SHINPAN_FEATURES``
points the kit at each copy. For both it times, wall clock, best of ``--repeat``:

* ``shinpan lint``, ``shinpan list``, ``shinpan run`` (the reference engine, the default state) and
  ``shinpan matrix`` (every state, ``-n --workers`` when given);
* the fixed start-up: ``shinpan run`` over a suite with no scenario;

and prints each time, the ratio N× ÷ 1×, and for ``run`` the ratio without the fixed start-up (linear: ≤ N).
Then it prints the protocol's round trips per second through the subprocess adapter (``observe`` on a small
game, ``cmd:python -m shinpan serve-reference``). Nothing is asserted: the numbers are for reading.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from shinpan.adapters.contract import Rules

ROOT = Path(__file__).resolve().parent.parent
FEATURES = ROOT / "features"
ID_TAG = re.compile(r"@id:(\S+)")


def build_suite(target: Path, factor: int) -> int:
    """Copy the real suite into ``target``, each feature file ``factor`` times with fresh ids; return the number
    of feature files written."""
    shutil.copytree(FEATURES, target, ignore=shutil.ignore_patterns("*.feature"))
    written = 0
    for path in sorted(FEATURES.rglob("*.feature")):
        text = path.read_text(encoding="utf-8")
        folder = target / path.parent.relative_to(FEATURES)
        for copy in range(factor):
            renamed = text if copy == 0 else ID_TAG.sub(rf"@id:\1-x{copy}", text)
            name = path.name if copy == 0 else f"{path.stem}-x{copy}.feature"
            (folder / name).write_text(renamed, encoding="utf-8")
            written += 1
    return written


def build_empty(target: Path) -> None:
    """A suite with the registries and no scenario: what every command costs before any scenario."""
    shutil.copytree(FEATURES, target, ignore=shutil.ignore_patterns("*.feature", "*.md"))


def timed(command: list[str], features: Path, repeat: int) -> float:
    """Best wall time of ``command`` with ``SHINPAN_FEATURES=features``; exit if it fails."""
    env = {**os.environ, "SHINPAN_FEATURES": str(features)}
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        best = min(best, time.perf_counter() - start)
        if done.returncode not in (0, 5):  # 5: pytest found no scenario (the empty suite)
            sys.exit(f"{' '.join(command)} failed ({done.returncode}) on {features}\n"
                     f"{done.stdout[-3000:]}{done.stderr[-2000:]}")
    return best


def round_trips(seconds: float = 2.0) -> tuple[int, float]:
    """Requests answered per second by the reference engine served over a pipe (observe on a small game)."""
    from shinpan.adapters.contract import PROTOCOL_VERSION
    from shinpan.adapters.subprocess_adapter import SubprocessSimulator

    simulator = SubprocessSimulator([sys.executable, "-m", "shinpan", "serve-reference"])
    try:
        simulator.hello({"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": "benchmark", "changes": []})
        simulator.new_game({"cmd": "new_game", "rules": _today(), "seed": 0})
        simulator.setup({"cmd": "setup", "state": {
            "cards": {"A": "テスト用クリーチャーA", "B": "テスト用クリーチャーB"},
            "turn": {"number": 1, "active": "me"},
            "players": {"me": {"battle": [{"cards": ["A"]}], "hand": ["B"]}, "opp": {}}}})
        count, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            answer = simulator.observe({"cmd": "observe"})
            if answer.get("status") != "ok":
                sys.exit(f"the served engine answered {answer}")
            count += 1
        return count, count / (time.perf_counter() - start)
    finally:
        simulator.close()


def _today() -> Rules:
    from shinpan.suite import rulesets

    return rulesets.load().today().as_sent()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--factor", type=int, default=10, help="size of the synthetic suite (default 10x)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per measure; the best counts (default 1)")
    parser.add_argument("--workers", default=None, help="pytest-xdist workers for the matrix (-n), e.g. auto")
    parser.add_argument("--no-matrix", action="store_true", help="leave out the matrix (the longest measure)")
    args = parser.parse_args()
    shinpan = [sys.executable, "-m", "shinpan"]
    workers = ["-n", args.workers] if args.workers else []
    commands: dict[str, list[str]] = {
        "lint": [*shinpan, "lint"],
        "list": [*shinpan, "list"],
        "run": [*shinpan, "run", "-q", "-p", "no:warnings"],
    }
    if not args.no_matrix:
        commands["matrix"] = [*shinpan, "matrix", *workers]
    with tempfile.TemporaryDirectory() as tmp:
        one, many, empty = Path(tmp) / "1x", Path(tmp) / f"{args.factor}x", Path(tmp) / "empty"
        files = build_suite(one, 1), build_suite(many, args.factor)
        build_empty(empty)
        scenarios = _count(one), _count(many)
        print(f"suites: 1x = {files[0]} files, {scenarios[0]} scenarios; {args.factor}x = {files[1]} files, "
              f"{scenarios[1]} scenarios (best of {args.repeat})")
        startup = timed(commands["run"], empty, args.repeat)
        print(f"fixed start-up (shinpan run over no scenario): {startup:.2f} s")
        print(f"{'command':<8} {'1x (s)':>8} {f'{args.factor}x (s)':>9} {'ratio':>7} {'ratio w/o start-up':>19}")
        for name, command in commands.items():
            small, large = timed(command, one, args.repeat), timed(command, many, args.repeat)
            steady = _ratio(large - startup, small - startup) if name in ("run", "matrix") else ""
            print(f"{name:<8} {small:>8.2f} {large:>9.2f} {large / small:>6.2f}x {steady:>19}")
    count, rate = round_trips()
    print(f"protocol round trips through the subprocess adapter: {rate:,.0f} per second ({count} observe requests)")


def _count(folder: Path) -> int:
    from shinpan.suite import scenarios as suite

    return sum(len(suite.parse_feature(path).cases) for path in suite.feature_paths(folder))


def _ratio(numerator: float, denominator: float) -> str:
    return f"{numerator / denominator:.2f}x" if denominator > 0 else "n/a"


if __name__ == "__main__":
    main()

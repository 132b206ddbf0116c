"""Benchmark: what the matrix (every scenario under every state of the rules) costs, as a multiple of one run.

    python benchmarks/matrix_vs_run.py [--repeat 3] [--workers N]

For the reference engine in-process (``--adapter reference``) and through the contract
(``--adapter 'cmd:python -m shinpan serve-reference'``) it times, best of ``--repeat``:

* ``shinpan run`` (pytest-bdd, one state) and ``shinpan matrix`` (every state, each played by the executor);
* ``shinpan run`` over a suite with no scenario (the fixed start-up both pay);

and prints each time (wall clock, and CPU: user + system of the command and its adapter process, the steadier
measure on a shared machine; the three commands run in turn in each round, so that the machine's load hits them
alike), the matrix ÷ run ratio (issue 38's target: ≤ 1.5, in-process and through ``cmd:``), the same ratio
without the fixed start-up, and the matrix's time per scenario-state it played. It also plays every scenario under
every state in this process through :mod:`shinpan.running.cases` alone (compile once, execute per state) to show
what is the executor's and what is the engine's, and the same through ``cmd:`` twice, interleaved — a scenario's
requests under every state in one batch, as the matrix sends them (the server's ``capabilities.batch``), and one
request at a time, as an adapter that does not take batches is spoken to — with the round trips each took.
Nothing is asserted: the numbers are for reading.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FEATURES = ROOT / "features"
SERVER = f"cmd:{sys.executable} -m shinpan serve-reference"


def timed(commands: list[tuple[list[str], Path | None]], repeat: int) -> list[tuple[float, float]]:
    """Best wall time and best CPU time (user + system, the command and the processes it waited for) of each of
    ``commands`` (a command line, and the features folder it runs, if not the suite), over ``repeat`` rounds that
    run each command once in turn: side by side, so that a change of the machine's load hits every command alike.
    On a shared machine the CPU time is the steadier measure. Exit status 0, 1 or 5 (scenarios may fail, an empty
    suite runs none); anything else stops the benchmark."""
    best = [(float("inf"), float("inf")) for _ in commands]
    for _ in range(repeat):
        for index, (command, features) in enumerate(commands):
            env = {**os.environ, **({"SHINPAN_FEATURES": str(features)} if features else {})}
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT, env=env)
            took = time.perf_counter() - started
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if done.returncode not in (0, 1, 5):
                sys.exit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout[-2000:]}"
                         f"{done.stderr[-2000:]}")
            cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            best[index] = (min(best[index][0], took), min(best[index][1], cpu))
    return best


def in_process() -> tuple[int, float, float]:
    """Every scenario under every state through the executor alone: (states played, compile s, play s)."""
    from shinpan.adapters.registry import make_adapter
    from shinpan.reports import matrix
    from shinpan.running.cases import applicability, compile_case, execute
    from shinpan.running.session import AdapterSession
    from shinpan.suite import rulesets
    from shinpan.suite import scenarios as suite

    changes = rulesets.load()
    states = matrix.states(changes)
    scenarios = suite.cases()
    started = time.perf_counter()
    compiled = [compile_case(scenario, states[0].as_sent()) for scenario in scenarios]
    compiling = time.perf_counter() - started
    session = AdapterSession(make_adapter("reference"), "reference")
    played = 0
    started = time.perf_counter()
    for scenario, case in zip(scenarios, compiled, strict=True):
        for state in states:
            if applicability(scenario.values, state, changes) is None:
                execute(case.under(state.as_sent()), session)
                played += 1
    return played, compiling, time.perf_counter() - started


def through_the_wire(batches: bool) -> tuple[int, float, float, int]:
    """Every scenario under every state through the executor and ``cmd:`` serve-reference, with or without batches:
    (states played, wall s, CPU s of this process and the server, round trips)."""
    from shinpan.adapters.subprocess_adapter import SubprocessSimulator, command_of
    from shinpan.reports import matrix
    from shinpan.running.cases import applicability, compile_case, execute
    from shinpan.running.cases.executor import plan_together
    from shinpan.running.session import AdapterSession
    from shinpan.suite import rulesets
    from shinpan.suite import scenarios as suite

    changes = rulesets.load()
    states = matrix.states(changes)
    scenarios = suite.cases()
    compiled = [compile_case(scenario, states[0].as_sent()) for scenario in scenarios]
    simulator = SubprocessSimulator(command_of(SERVER))
    session = AdapterSession(simulator, SERVER)
    simulator.batches = simulator.batches and batches
    played, started, used = 0, time.perf_counter(), _cpu()
    for scenario, case in zip(scenarios, compiled, strict=True):
        cases = [case.under(state.as_sent()) for state in states
                 if applicability(scenario.values, state, changes) is None]
        plan_together(cases, session)  # as the matrix plans them: every state of the scenario in one batch
        for each in cases:
            execute(each, session)
            played += 1
    session.stop()
    return played, time.perf_counter() - started, _cpu() - used, simulator.round_trips


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each command; the best time is kept")
    parser.add_argument("--workers", default=None, help="pytest-xdist workers for both (-n), e.g. 2")
    args = parser.parse_args()
    shinpan = [sys.executable, "-m", "shinpan"]
    workers = ["-n", args.workers] if args.workers else []
    played, compiling, playing = in_process()
    print(f"executor alone, in-process: {played} scenario-states played in {playing:.2f} s "
          f"({playing / played * 1000:.2f} ms each); compiling the suite once: {compiling:.2f} s")
    best: dict[bool, tuple[int, float, float, int]] = {}
    for _ in range(args.repeat):
        for batches in (True, False):  # interleaved, so that the machine's load hits both
            done = through_the_wire(batches)
            best[batches] = min(best.get(batches, done), done, key=lambda result: result[1])
    for batches, (states_played, wall, spent, trips) in best.items():
        print(f"executor alone, cmd: {'batches' if batches else 'one at a time'}: {states_played} scenario-states in "
              f"{wall:.2f} s wall, {spent:.2f} s CPU (kit and server), {trips} round trips "
              f"({trips / states_played:.2f} per scenario-state)")
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "features"
        shutil.copytree(FEATURES, empty, ignore=shutil.ignore_patterns("*.feature", "*.md"))
        for label, adapter in (("in-process", "reference"), ("cmd:", SERVER)):
            startup, run, matrix = timed([([*shinpan, "run", f"--adapter={adapter}", "-q"], empty),
                                          ([*shinpan, "run", f"--adapter={adapter}", "-q", *workers], None),
                                          ([*shinpan, "matrix", f"--adapter={adapter}", *workers], None)], args.repeat)
            for kind, index in (("wall", 0), ("CPU", 1)):
                steady = (matrix[index] - startup[index]) / (run[index] - startup[index])
                print(f"{label:<11} {kind:<4} run {run[index]:6.2f} s   matrix {matrix[index]:6.2f} s   "
                      f"matrix ÷ run {matrix[index] / run[index]:5.2f}   without the start-up ({startup[index]:.2f} s) "
                      f"{steady:5.2f}   {(matrix[index] - startup[index]) / played * 1000:.2f} ms per scenario-state")

if __name__ == "__main__":
    main()

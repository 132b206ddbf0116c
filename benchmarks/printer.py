"""Benchmark: printing compiled cases as scenarios (steps/printer), and compiling the printed text back.

    python benchmarks/printer.py [--repeat N]

Every scenario of the suite is compiled once (``shinpan.running.cases.compile_case``, under today's rules); then, the
best of ``--repeat`` rounds, each case is printed (``print_scenario``: the phrases, the tags and the triage comment) and
the printed scenario is compiled back. Prints the cases per second of each, and the mean length of a printed scenario.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from shinpan.adapters import cards
from shinpan.running.cases import Case, compile_case
from shinpan.suite import rulesets, step_library
from shinpan.suite import scenarios as suite


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    printer = step_library.printer()
    registry = cards.load()
    rules = rulesets.load().today().as_sent()
    compiled: list[Case] = [compile_case(scenario, rules) for scenario in suite.cases()]
    heading = printer.Heading("ベンチマーク", seed=0, rules=("301.5",))
    printing, compiling, texts = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.repeat):
            start = time.perf_counter()
            texts = [printer.print_feature([printer.print_scenario(case, heading, registry)], topic="explore",
                                           title="ベンチマーク") for case in compiled]
            printing.append(time.perf_counter() - start)
            paths = []
            for index, text in enumerate(texts):
                path = Path(folder) / f"{index}.feature"
                path.write_text(text, encoding="utf-8")
                paths.append(path)
            start = time.perf_counter()
            for path in paths:
                (scenario,) = suite.parse_feature(path).cases
                compile_case(scenario, rules)
            compiling.append(time.perf_counter() - start)
    count = len(compiled)
    print(f"cases: {count} (every scenario of the suite, compiled under {rules['label']})")
    print(f"print:           {count / min(printing):8.0f} cases/s ({min(printing) * 1000 / count:.2f} ms each)")
    print(f"compile back:    {count / min(compiling):8.0f} cases/s ({min(compiling) * 1000 / count:.2f} ms each, "
          "reading the feature file included)")
    print(f"printed length:  {sum(len(t.splitlines()) for t in texts) / count:8.1f} lines per scenario on average")


if __name__ == "__main__":
    main()

"""Benchmark: the commands that read a report, on a big one (issue 24, item 10).

    python benchmarks/big_report.py [--size-mb 100] [--keep DIR]

Makes a report of about ``--size-mb`` MB from a real run of the suite (its case lines again and again, each copy
with ids of its own — the first copy keeps the suite's ids — and one line in ten a FAIL with a message), then
times ``shinpan compare`` (pretty and json), ``shinpan expectations update`` and ``shinpan site`` on it, each in
a fresh interpreter under ``/usr/bin/time -v``: wall seconds and peak resident memory (MB). Nothing asserts them.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def make_report(path: Path, size: int, scratch: Path) -> int:
    """Write a report of about ``size`` bytes at ``path``; return its number of case lines."""
    real = scratch / "real.jsonl"
    subprocess.run([sys.executable, "-m", "shinpan", "run", f"--report={real}", "-q", "-p", "no:warnings"],
                   capture_output=True, check=False)
    lines = [json.loads(line) for line in real.read_text(encoding="utf-8").splitlines()]
    header, cases, footer = lines[0], lines[1:-1], lines[-1]
    count = 0
    with path.open("w", encoding="utf-8") as out:
        out.write(json.dumps(header, ensure_ascii=False) + "\n")
        copy = 0
        while out.tell() < size:
            for case in cases:
                line = dict(case, id=case["id"] if copy == 0 else f"{case['id']}-x{copy}")
                if count % 10 == 9:
                    line.update(status="FAIL", message=f"AssertionError: expected 2 cards in the hand, found {count}")
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
                count += 1
            copy += 1
        out.write(json.dumps(dict(footer, scenarios=count), ensure_ascii=False) + "\n")
    return count


def measure(command: list[str]) -> tuple[float, float, int]:
    """Wall seconds, peak resident MB and exit status of ``command`` under ``/usr/bin/time -v``."""
    done = subprocess.run(["/usr/bin/time", "-v", *command], capture_output=True, text=True, check=False)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", done.stderr)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    if not (wall and rss):
        sys.exit(f"cannot read /usr/bin/time's output: {done.stderr[-500:]}")
    seconds = int(wall[1] or 0) * 3600 + int(wall[2]) * 60 + float(wall[3])
    return seconds, int(rss[1]) / 1024, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, default=100)
    parser.add_argument("--keep", type=Path, help="make the report in this folder and keep it")
    args = parser.parse_args()
    if shutil.which("/usr/bin/time") is None:
        sys.exit("needs /usr/bin/time (Debian: apt-get install time)")
    scratch = Path(tempfile.mkdtemp(prefix="shinpan-big-"))
    folder = args.keep or scratch
    folder.mkdir(parents=True, exist_ok=True)
    report = folder / "big.jsonl"
    count = make_report(report, int(args.size_mb * 1024 * 1024), scratch)
    print(f"report: {report.stat().st_size / 1024 / 1024:.0f} MB, {count} case lines")
    shinpan = [sys.executable, "-m", "shinpan"]
    commands = {
        "compare (pretty)": [*shinpan, "compare", str(report)],
        "compare --format json": [*shinpan, "compare", "--format", "json", str(report)],
        "expectations update": [*shinpan, "expectations", "update", str(report), "--file", str(scratch / "e.toml")],
        "site": [*shinpan, "site", "--out", str(scratch / "site"), "--report", str(report)],
    }
    print(f"{'command':<24} {'wall s':>8} {'peak MB':>8}  exit")
    for name, command in commands.items():
        wall, rss, status = measure(command)
        print(f"{name:<24} {wall:>8.1f} {rss:>8.0f}  {status}")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()

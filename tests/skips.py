"""What the kit's tests did not test, said where it is read: at the end of a test run, every reason a test was
skipped for (no Chromium, no node…) with how many it skipped; and, under tox (``SHINPAN_SKIPS_FILE``), recorded so
that tox's last environment (``skips``) says them all again as the last screen of the README's command 2.

A pytest plugin (``-p tests.skips``, loaded by ``tests/conftest.py``) and a command (``python -m tests.skips FILE``),
on the standard library alone (the ``skips`` environment installs nothing). The scenarios of ``features/``, whose
skips are statuses (NOT_APPLICABLE, UNSUPPORTED…) the run's own summary counts, are left out."""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

VARIABLE = "SHINPAN_SKIPS_FILE"


def reasons(reports: list[Any]) -> Counter[str]:
    """How many of the kit's tests were skipped for each reason."""
    counted: Counter[str] = Counter()
    for report in reports:
        if str(report.nodeid).startswith("features/") or not isinstance(report.longrepr, tuple):
            continue
        counted[str(report.longrepr[2]).removeprefix("Skipped: ")] += 1
    return counted


def lines(counted: Counter[str]) -> list[str]:
    return [f"{count:>4} × {reason}" for reason, count in sorted(counted.items(), key=lambda item: (-item[1], item[0]))]


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: Any) -> None:
    if hasattr(config, "workerinput"):
        return
    counted = reasons(terminalreporter.stats.get("skipped", []))
    if counted:
        terminalreporter.write_sep("-", f"what was not tested: {sum(counted.values())} test(s) skipped, by reason")
        for line in lines(counted):
            terminalreporter.write_line(line)
    recorded = os.environ.get(VARIABLE)
    if recorded:
        with Path(recorded).open("a", encoding="utf-8") as out:
            out.write(json.dumps({"env": os.environ.get("TOX_ENV_NAME", "pytest"), "skipped": dict(counted)},
                                 ensure_ascii=False) + "\n")


def main(argv: list[str]) -> int:
    """Print every skip reason the test runs recorded in FILE, then remove it (the next tox run starts afresh)."""
    path = Path(argv[0])
    runs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []
    if not runs:
        print("what was not tested: no test run was recorded (run tox's test environments first)")
        return 0
    for run in runs:
        counted = Counter({str(k): int(v) for k, v in run["skipped"].items()})
        print(f"what was not tested in {run['env']}: " + (f"{sum(counted.values())} test(s) skipped, by reason"
                                                          if counted else "nothing was skipped"))
        for line in lines(counted):
            print(line)
    path.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

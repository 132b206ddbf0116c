"""The first hour, second pass (issue 32, items 2 to 11): what a new user reads in a CI log, a judge's mistakes
charged to the judge, interrupts, conventions, counts, noise and skips."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from shinpan.paths import PROJECT_ROOT


def _shinpan(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``shinpan ARGS`` with its output in a pipe (as in a CI log), no COLUMNS set unless given."""
    base = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    return subprocess.run([sys.executable, "-m", "shinpan", *args], cwd=cwd, capture_output=True, text=True,
                          check=False, timeout=600, env={**base, "PYTHONPATH": str(PROJECT_ROOT), **env})


# item 2: tables off a terminal at their natural width, empty columns hidden

def test_the_matrix_table_in_a_ci_log_is_whole_and_shows_only_the_statuses_earned(tmp_path: Path) -> None:
    done = _shinpan("matrix", "--adapter=reference", "--tags=@topic:basics", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    table = [line for line in done.stdout.splitlines() if line.startswith(("┃", "│"))]
    heading = next(line for line in table if "rules" in line)
    assert [cell.strip() for cell in heading.strip("┃").split("┃")][:2] == ["rules", "pass"]
    assert "in doubt" in heading and "crash" not in heading and "timeout" not in heading  # no state earned those
    assert "…" not in done.stdout
    assert any(line.startswith("│ before:devolve-sickness-own-turn ") for line in table)  # a label never cut


def test_the_explore_table_in_a_ci_log_keeps_each_name_on_one_line(tmp_path: Path) -> None:
    done = _shinpan("explore", "--adapter=reference", "--examples=3", "--property=reconstruction-old",
                    "--property=carry-over-attack", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("│")]
    assert any(line.startswith("│ reconstruction-old ") for line in rows), done.stdout
    assert any(line.startswith("│ carry-over-attack ") for line in rows), done.stdout


def test_a_terminal_width_asked_for_with_columns_is_kept(tmp_path: Path) -> None:
    done = _shinpan("matrix", "--adapter=reference", "--tags=@topic:basics", cwd=tmp_path, COLUMNS="70")
    summary = done.stdout[done.stdout.index("shinpan — the matrix"):].splitlines()
    assert max(len(line) for line in summary[:-2]) <= 70

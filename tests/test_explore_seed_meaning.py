"""A seed means the same examples whatever other code is loaded (shinpan/explore/hypothesis_alone.py).

Hypothesis would otherwise draw, now and then, a literal constant of any local module loaded in the process, so
that an adapter's or a test file's numbers — or one constant added to the kit — moved what a seed draws. The same
exploration is run twice in fresh processes, once with a local module full of small numbers and short strings
loaded first: everything the report counts is the same.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow

# numbers in the ranges the explorer draws its indexes and counts from, and short strings
NUMBERS = "\n".join(f"N{i} = {i}" for i in range(0, 400)) + "\n" + "\n".join(f"S{i} = 'k{i}'" for i in range(60))


def explore(tmp_path: Path, name: str, *, load_numbers: bool) -> list[dict[str, Any]]:
    """One exploration of the reference engine (seed 5, every oracle, 60 examples each) in its own process."""
    report = tmp_path / f"{name}.jsonl"
    argv = ["shinpan", "explore", "--seed", "5", "--examples", "60", "--report", str(report)]
    preload = "import numbers_module; " if load_numbers else ""
    code = (f"import sys, runpy; sys.path.insert(0, {str(tmp_path)!r}); {preload}"
            f"sys.argv = {argv!r}; runpy.run_module('shinpan', run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        line.pop("seconds", None)
    return [line for line in lines if line.get("type") == "property"]


def test_the_same_seed_draws_the_same_examples_whatever_local_code_is_loaded(tmp_path: Path) -> None:
    (tmp_path / "numbers_module.py").write_text(NUMBERS + "\n", encoding="utf-8")
    alone = explore(tmp_path, "alone", load_numbers=False)
    beside = explore(tmp_path, "beside", load_numbers=True)
    assert alone, "the exploration reported no oracle"
    assert [line["examples"] for line in alone] == [line["examples"] for line in beside]
    assert alone == beside

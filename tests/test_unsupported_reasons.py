"""An adapter's reason for UNSUPPORTED reaches the report, the run's summary, ``shinpan compare`` and the site
(issue 23.1): before, the summary and compare showed only counts and statuses."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from shinpan.paths import PROJECT_ROOT

TEMPLATE = f"cmd:{sys.executable} adapters/examples/python/adapter.py"
ATTACK = "act attack: action type 'attack' is not implemented (mechanic attack)"
"""The Python template's own reason for the one scenario of basics that attacks (its SDK names the mechanic)."""


def _shinpan(*args: str, cwd: Path = PROJECT_ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "shinpan", *args], capture_output=True, text=True, timeout=600,
                          cwd=cwd, check=False)


def test_the_adapters_reason_reaches_report_summary_compare_and_site(tmp_path: Path) -> None:
    engine, reference = tmp_path / "engine.jsonl", tmp_path / "reference.jsonl"
    run = _shinpan("run", "--adapter", TEMPLATE, "--tags", "@topic:basics", "--report", str(engine))
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    line = next(json.loads(x) for x in engine.read_text(encoding="utf-8").splitlines() if '"basics-sick-002"' in x)
    assert (line["status"], line["message"]) == ("UNSUPPORTED", ATTACK)
    assert "what the adapter lacks, most common first:" in run.stdout
    assert f"1 × {ATTACK}" in run.stdout
    assert _shinpan("run", "--tags", "@topic:basics", "--report", str(reference)).returncode == 0

    compared = json.loads(_shinpan("compare", str(reference), str(engine), "--format", "json").stdout)
    row = next(r for r in compared["scenarios"] if r["id"] == "basics-sick-002")
    assert list(row["reasons"].values()) == [ATTACK]
    (label,) = [label for label, lacks in compared["lacking"].items() if lacks]
    assert {"scenarios": 1, "reason": ATTACK} in compared["lacking"][label]
    markdown = _shinpan("compare", str(reference), str(engine), "--format", "markdown").stdout
    assert "lacks, most common first:" in markdown and f"- 1 × {ATTACK}" in markdown
    assert f"1 × {ATTACK}" in _shinpan("compare", str(reference), str(engine)).stdout

    site = tmp_path / "site"
    assert _shinpan("site", "--out", str(site), "--report", str(engine)).returncode == 0
    page = (site / "scenarios" / "basics-sick-002.html").read_text(encoding="utf-8")
    assert ATTACK.replace("'", "&#39;") in page or ATTACK in page

"""docs/adapters.md: every block marked <!-- example --> (§9) and <!-- example: sdk --> (§1, the adapter SDK, after
its file blocks are written) runs, from an empty directory, and makes what the text says it makes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from shinpan.paths import PROJECT_ROOT

EXAMPLE = re.compile(r"<!-- example -->\n```sh\n(?P<body>.*?)\n```", re.DOTALL)
SDK_FILE = re.compile(r"<!-- sdk-file: (?P<path>\S+) -->\n```python\n(?P<body>.*?)\n```", re.DOTALL)
SDK_EXAMPLE = re.compile(r"<!-- example: sdk -->\n```sh\n(?P<body>.*?)\n```", re.DOTALL)


def _examples() -> list[str]:
    text = (PROJECT_ROOT / "docs" / "adapters.md").read_text(encoding="utf-8")
    return [match["body"] for match in EXAMPLE.finditer(text)]


@pytest.mark.slow  # the walk-through's commands, each a process: ten seconds
def test_the_walk_through_runs(tmp_path: Path) -> None:
    blocks = _examples()
    assert len(blocks) == 4
    summary = tmp_path / "summary.md"
    env = {**os.environ, "GITHUB_STEP_SUMMARY": str(summary),
           "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])}
    env.pop("PYTEST_ADDOPTS", None)
    for block in blocks:
        for command in block.splitlines():
            done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True,
                                  check=False, timeout=600)
            assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    out = tmp_path / "out"
    assert json.loads((tmp_path / "out-smoke.json").read_text(encoding="utf-8"))["diagnosis"].startswith("ADAPTER OK")
    engine = [json.loads(line) for line in (out / "engine.jsonl").read_text(encoding="utf-8").splitlines()]
    cases = [line for line in engine if line["type"] == "case"]
    assert cases and all(line["status"] == "PASS" for line in cases)
    assert sorted(p.stem for p in (out / "trace").glob("*.jsonl")) == sorted(line["id"] for line in cases)
    assert (out / "junit.xml").exists()
    assert json.loads((out / "differences.json").read_text(encoding="utf-8"))["differences"] == 0
    assert "| **total** |" in summary.read_text(encoding="utf-8")
    dumped = [json.loads(line) for line in (out / "cases.jsonl").read_text(encoding="utf-8").splitlines()]
    assert {line["ruleset"] for line in dumped} == {"2020-09-18"} and any(line["messages"] for line in dumped)
    assert (out / "run.ndjson").read_text(encoding="utf-8").startswith('{"meta"')
    assert json.loads((out / "cucumber.json").read_text(encoding="utf-8"))


def test_the_sdk_examples_run(tmp_path: Path) -> None:
    text = (PROJECT_ROOT / "docs" / "adapters.md").read_text(encoding="utf-8")
    files = {match["path"]: match["body"] for match in SDK_FILE.finditer(text)}
    assert set(files) == {"my_adapter.py", "my_cards.py"}
    for name, body in files.items():
        (tmp_path / name).write_text(body + "\n", encoding="utf-8")
    env = {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])}
    env.pop("PYTEST_ADDOPTS", None)
    outputs = []
    for block in [match["body"] for match in SDK_EXAMPLE.finditer(text)]:
        for command in block.splitlines():
            done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True,
                                  check=False, timeout=600)
            assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
            outputs.append(done.stdout)
    assert "ADAPTER OK" in outputs[0]
    lines = [json.loads(line) for line in (tmp_path / "out" / "mine.jsonl").read_text(encoding="utf-8").splitlines()]
    statuses = [line["status"] for line in lines if line["type"] == "case"]
    assert statuses.count("PASS") >= 3
    assert set(statuses) <= {"PASS", "UNSUPPORTED", "UNOBSERVABLE", "NOT_APPLICABLE", "UNRESOLVED"}  # nothing fails
    assert "テスト用破壊時ドロー: ['on destroy: draw 1']" in outputs[-1]

"""docs/ci/shinpan-conformance.yml, the GitHub Actions workflow for a simulator's repository: its steps that
run the kit are run, in order, in a fresh environment holding only the installed kit, with the reference
engine served as a subprocess standing in for the simulator."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from shinpan.paths import PROJECT_ROOT
from tests.installed_kit import Installed

WORKFLOW = PROJECT_ROOT / "docs" / "ci" / "shinpan-conformance.yml"
EXAMPLES = 20
"""The certify step's exploration runs 20 examples of each of the default exploration's searches (``--examples``), not
its full budget: the step and its options are what is run here, and the exploration's reach is tested elsewhere
(tests/test_certify.py, tests/test_explore*.py). Through ``cmd:`` the step took 9.3 s at 200 examples (one round,
:data:`~shinpan.explore.search.ROUND`) and 6.6 s at 20: the rest is the suite in every state and the self-test, which
the budget does not change."""


def _workflow() -> dict[Any, Any]:
    loaded: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return loaded


def test_the_workflow_installs_the_kit_runs_the_engine_and_posts_the_comparison() -> None:
    workflow = _workflow()
    assert set(workflow[True]) == {"push", "pull_request"}  # YAML 1.1 reads the key `on` as true
    (job,) = workflow["jobs"].values()
    steps = job["steps"]
    runs = [step.get("run", "") for step in steps]
    assert any('pip install "$SHINPAN_KIT"' in run for run in runs)
    assert any("shinpan run --adapter \"$ADAPTER\"" in run for run in runs)
    first = next(run for run in runs if run.startswith("shinpan "))
    assert first == 'shinpan contract-test --adapter "$ADAPTER"'  # the contract first, before the suite
    assert any("shinpan certify --adapter \"$ADAPTER\"" in run for run in runs)
    assert any("--format markdown" in run and "$GITHUB_STEP_SUMMARY" in run for run in runs)
    assert any(run.startswith("gh pr comment") for run in runs)
    assert {"actions/checkout@v4", "actions/setup-python@v5", "actions/upload-artifact@v4"} <= {
        step.get("uses") for step in steps}


@pytest.mark.slow  # installs the kit, runs the suite, certifies: the longest test of the run
def test_the_workflow_steps_run(installed: Installed, tmp_path: Path) -> None:
    workflow = _workflow()
    (job,) = workflow["jobs"].values()
    summary = tmp_path / "summary.md"
    env = installed.env(SHINPAN_KIT=str(installed.wheel), ADAPTER="cmd:python -m shinpan serve-reference",
                        GITHUB_STEP_SUMMARY=str(summary))
    ran = []
    for step in job["steps"]:
        script = step.get("run")
        if script is None or "shinpan" not in script.lower() or script.startswith("gh "):
            continue  # actions, and the comment on a pull request, need GitHub
        if "shinpan certify " in script:
            script = script.replace("shinpan certify ", f"shinpan certify --examples {EXAMPLES} ")
        done = subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                              check=False, timeout=600)
        assert done.returncode == 0, f"{step['name']}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        ran.append(step["name"])
    assert ran == ["Install the kit", "Does the adapter follow the contract?", "Is the adapter sound?",
                   "Run the suite against the engine", "Run the suite against the reference engine", "Compare",
                   "Certify the engine (the suite in every state it plays, an exploration, the self-test)"]
    reports = tmp_path / "reports"
    engine = [json.loads(line) for line in (reports / "engine.jsonl").read_text(encoding="utf-8").splitlines()]
    assert engine[0]["adapter"]["spec"] == "cmd:python -m shinpan serve-reference"
    passed = [line for line in engine if line.get("type") == "case" and line["status"] == "PASS"]
    assert len(passed) > 200 and (reports / "junit.xml").exists()
    comparison = (reports / "comparison.md").read_text(encoding="utf-8")
    assert comparison.strip() and comparison in summary.read_text(encoding="utf-8")
    assert "|" in comparison  # a markdown table

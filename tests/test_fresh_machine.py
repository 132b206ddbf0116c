"""The README's second command (``tox``) on a fresh machine: its test step passes without Chromium, the site's browser
tests skipped with the reason, and CI (``.ci/run``, which sets SHINPAN_REQUIRE_BROWSER=1) still requires them."""

from __future__ import annotations

import configparser
import os
import shlex
import subprocess
import sys
from pathlib import Path

from shinpan.paths import PROJECT_ROOT

BROWSER_TESTS = "tests/test_site_browser.py"


def _tox() -> configparser.ConfigParser:
    config = configparser.ConfigParser(interpolation=None)
    config.read(PROJECT_ROOT / "tox.ini", encoding="utf-8")
    return config


def _test_step(tmp_path: Path) -> list[str]:
    """tox's test step (``[testenv] commands``) as it runs, over the browser tests only (its ``{posargs}``)."""
    (command,) = [line for line in _tox()["testenv"]["commands"].splitlines() if line.strip()]
    words = shlex.split(command.replace("{env:ADAPTER:reference}", "reference")
                        .replace("{env_tmp_dir}", str(tmp_path)).replace("{posargs}", BROWSER_TESTS))
    assert words[0] == "pytest"
    return [sys.executable, "-m", "pytest", *words[1:]]


def _without_chromium(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment of a fresh machine: a PATH with no Chromium on it, SHINPAN_REQUIRE_BROWSER unset."""
    empty = tmp_path / "bin"
    empty.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "SHINPAN_REQUIRE_BROWSER" and not k.startswith("PYTEST_")}
    return {**env, "PATH": str(empty), **extra}


def test_without_chromium_the_test_step_passes_and_says_the_browser_tests_were_skipped(tmp_path: Path) -> None:
    done = subprocess.run(_test_step(tmp_path), cwd=PROJECT_ROOT, env=_without_chromium(tmp_path),
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    tests = (PROJECT_ROOT / BROWSER_TESTS).read_text(encoding="utf-8").count("\ndef test_")
    assert f"{tests} skipped" in done.stdout
    assert f"{tests} browser test(s) skipped" in done.stdout
    assert "no Chromium found" in done.stdout and "apt-get install -y chromium chromium-driver" in done.stdout


def test_with_the_browser_required_a_missing_chromium_fails(tmp_path: Path) -> None:
    done = subprocess.run(_test_step(tmp_path), cwd=PROJECT_ROOT,
                          env=_without_chromium(tmp_path, SHINPAN_REQUIRE_BROWSER="1"),
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "no Chromium found" in done.stdout and "SHINPAN_REQUIRE_BROWSER=1" in done.stdout


def test_ci_requires_the_browser_and_tox_passes_the_requirement_on() -> None:
    ci = (PROJECT_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "export SHINPAN_REQUIRE_BROWSER=1" in ci and "chromium-driver" in ci
    assert "SHINPAN_REQUIRE_BROWSER" in _tox()["testenv"]["pass_env"].split()

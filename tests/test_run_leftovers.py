"""What was still open of run's own standard (issue 35, items 12, 16 and 17): a user suite's text never reaches the
terminal raw; an output that cannot be written (a file on the way of --trace, a name too long) and a NUL in a
report's header are one line, never an INTERNALERROR or a traceback; a run that selects no scenario leaves the
previous report as it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import user_suite

ROOT = Path(__file__).resolve().parent.parent


def _shinpan(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "shinpan", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    return user_suite.write(tmp_path / "mine")


def _clean(done: subprocess.CompletedProcess[str]) -> str:
    shown = done.stdout + done.stderr
    assert "INTERNALERROR" not in shown and "Traceback" not in shown, shown
    return shown


@pytest.mark.parametrize("command", ["run", "lint", "list", "cards"])
def test_a_user_suites_text_never_reaches_the_terminal_raw(tmp_path: Path, suite: Path, command: str) -> None:
    feature = suite / "mine" / "速攻.feature"
    feature.write_text(feature.read_text(encoding="utf-8").replace("@topic:mine", "@topic:mine\x1b[2J"),
                       encoding="utf-8")
    cards = suite / "cards.yaml"  # YAML's \e and \a: a card named with a window title's escape
    cards.write_text(cards.read_text(encoding="utf-8").replace(f"name: {user_suite.CARD}",
                                                               'name: "テスト用\\e]0;pwned\\aカード"'),
                     encoding="utf-8")
    shown = _clean(_shinpan(command, "--suite", str(suite), cwd=tmp_path))
    assert "\x1b" not in shown and "\x07" not in shown, shown
    if command == "cards":
        assert "テスト用\\x1b]0;pwned\\x07カード" in shown


@pytest.mark.parametrize("option", ["--trace", "--report", "--junitxml", "--messages"])
@pytest.mark.parametrize("where", ["/proc/version/below", "long"])
def test_an_unusable_output_is_one_line_and_exit_4(tmp_path: Path, suite: Path, option: str, where: str) -> None:
    path = str(tmp_path / ("x" * 300)) if where == "long" else where
    done = _shinpan("run", "--suite", str(suite), f"{option}={path}", cwd=tmp_path)
    assert done.returncode == 4, _clean(done)
    assert "cannot write" in _clean(done)


def test_a_nul_in_the_reports_expectations_path_is_only_shown(tmp_path: Path, suite: Path) -> None:
    report = tmp_path / "run.jsonl"
    assert _shinpan("run", "--suite", str(suite), f"--report={report}", cwd=tmp_path).returncode == 0
    lines = report.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["expectations"] = "old\x00expectations.toml"
    report.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    done = _shinpan("expectations", "update", str(report), "--file", str(tmp_path / "e.toml"), cwd=tmp_path)
    assert done.returncode == 0, _clean(done)
    assert "\x00" not in _clean(done)


def test_a_run_that_selects_no_scenario_keeps_the_previous_report(tmp_path: Path, suite: Path) -> None:
    report = tmp_path / "run.jsonl"
    assert _shinpan("run", "--suite", str(suite), f"--report={report}", cwd=tmp_path).returncode == 0
    before = report.read_bytes()
    done = _shinpan("run", "--suite", str(suite), f"--report={report}", "--tags", "@no-such-tag", cwd=tmp_path)
    assert done.returncode == 5, _clean(done)
    assert report.read_bytes() == before

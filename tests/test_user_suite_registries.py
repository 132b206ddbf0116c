"""A user suite's registries, as every command reads them (issue 35, items 14, 15 and 17): an entry that clashes
with the kit's, a registry that is broken, and one that is not a regular file (a pipe, a folder) stop the command
with one line and exit status 4, where lint reports them — never a run that passes, one that blocks, or an
INTERNALERROR."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import user_suite

ROOT = Path(__file__).resolve().parent.parent


def _shinpan(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "shinpan", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=30, env={**os.environ, "PYTHONPATH": str(ROOT)})


def _one_line_exit_4(done: subprocess.CompletedProcess[str], names: str) -> None:
    shown = done.stdout + done.stderr
    assert done.returncode == 4, shown
    assert "INTERNALERROR" not in shown and "Traceback" not in shown, shown
    assert names in shown, shown


@pytest.mark.parametrize(("registry", "mine", "kits"), [
    ("sources.yaml", f"id: {user_suite.SOURCE}", "id: seed000"),
    ("rules.yaml", f'number: "{user_suite.RULE}"', 'number: "101.2"'),
    ("cards.yaml", f"name: {user_suite.CARD}", "name: テスト用クリーチャーA"),
])
def test_an_entry_that_clashes_with_the_kits_stops_the_run_as_lint_reports_it(tmp_path: Path, registry: str,
                                                                                mine: str, kits: str) -> None:
    suite = user_suite.write(tmp_path / "mine")
    path = suite / registry
    path.write_text(path.read_text(encoding="utf-8").replace(mine, kits), encoding="utf-8")
    _one_line_exit_4(_shinpan("run", "--suite", str(suite), cwd=tmp_path), "is already given at")
    lint = _shinpan("lint", "--suite", str(suite), cwd=tmp_path)
    assert lint.returncode == 1 and "is already given at" in lint.stdout, lint.stdout + lint.stderr


@pytest.mark.parametrize("kind", ["pipe", "folder"])
@pytest.mark.parametrize("command", [["run"], ["lint"], ["list"], ["cards"]])
def test_a_registry_that_is_not_a_file_is_one_line_and_exit_4(tmp_path: Path, kind: str,
                                                              command: list[str]) -> None:
    suite = user_suite.write(tmp_path / "mine")
    (suite / "cards.yaml").unlink()
    if kind == "pipe":
        os.mkfifo(suite / "cards.yaml")
    else:
        (suite / "cards.yaml").mkdir()
    done = _shinpan(*command, "--suite", str(suite), cwd=tmp_path)  # a pipe never read: no wait for a writer
    if command == ["lint"]:
        assert done.returncode == 1 and "not a regular file" in done.stdout, done.stdout + done.stderr
    else:
        _one_line_exit_4(done, "not a regular file")


@pytest.mark.parametrize(("command", "registry"), [("list", "cards.yaml"), ("run", "sources.yaml"),
                                                   ("run", "rules.yaml")])
def test_a_broken_registry_is_one_line_and_exit_4(tmp_path: Path, command: str, registry: str) -> None:
    suite = user_suite.write(tmp_path / "mine")
    (suite / registry).write_text("entries: [unclosed\n", encoding="utf-8")
    _one_line_exit_4(_shinpan(command, "--suite", str(suite), cwd=tmp_path), registry)

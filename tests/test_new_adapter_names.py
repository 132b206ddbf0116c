"""shinpan new-adapter with a folder named to break a pasted command line: the ``next:`` line it prints, pasted into
a shell, goes into that folder and runs nothing else; nothing reaches the terminal raw (issue 35, item 13)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from shinpan.cli import main

HOSTILE_NAMES = ["my adapter", "x; touch PWN1", "$(touch PWN2)", "`touch PWN3`", "a && touch PWN4", "$HOME",
                 "star*", "it's \"quoted\"", "two\nlines; touch PWN5", "esc\x1b]0;pwned\x07"]
"""Folder names a shell would read as more than one word, or as commands, or that a terminal would obey."""


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash to paste the line into")
@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_the_next_line_pasted_into_a_shell_enters_the_folder_and_runs_nothing_else(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new-adapter", name])
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
    (line,) = [line for line in result.output.splitlines() if line.startswith("next: ")]
    pasted = "shinpan() { pwd > \"$OLDPWD/where\"; printf '%s\\n' \"$@\" > \"$OLDPWD/args\"; }\n" + line[6:]
    env = {**os.environ, "OLDPWD": str(tmp_path)}  # a line that never enters the folder still writes only here
    done = subprocess.run(["bash", "-c", pasted], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert Path((tmp_path / "where").read_text(encoding="utf-8").rstrip("\n")) == (tmp_path / name).resolve()
    assert (tmp_path / "args").read_text(encoding="utf-8") == "contract-test\n--adapter\ncmd:python adapter.py\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, "where", "args"])  # no PWN file


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_the_readme_says_the_name_without_terminal_escapes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           name: str) -> None:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new-adapter", name]).exit_code == 0
    readme = (tmp_path / name / "README.md").read_text(encoding="utf-8")
    assert "\x1b" not in readme and readme.splitlines()[0].endswith(": a shinpan adapter (python)")
    assert "shinpan smoke --adapter 'cmd:python adapter.py'" in readme

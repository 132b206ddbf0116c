"""shinpan explore's outputs held to the standard of run's: no input or other output is overwritten, nothing is
written into the suite or where the user did not ask, every output is checked before the first example, the report
is written whole or not at all and reads back whatever an adapter's message holds, and an adapter's words never
reach the terminal raw (issue 35, items 1-3 and 7-12)."""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from shinpan.cli import main
from shinpan.explore import report as explore_report
from tests import user_suite

UNTAP = "py:tests.planted_bugs:untap_both_players"
HOSTILE = "py:tests.fake_adapters:Hostile"
QUICK = ["--examples", "5", "--property", "one-place"]
"""An exploration of a second or so that finds nothing on the reference engine."""
FINDS = ["--adapter", HOSTILE, "--examples", "10", "--property", "differential"]
"""An exploration of a second or so that finds the hostile adapter's error (every setup fails)."""
PRINTS = ["--adapter", "py:tests.fake_adapters:HostileOnMoves", "--examples", "2", "--property", "differential"]
"""An exploration of a few seconds whose findings (an error after a move, in hostile words) are printed as scenarios:
each replays (explore prints only those)."""
FEATURE = "explore.feature"
EXPECTATIONS = 'adapter = "reference"\n\n[expect."basics-sick-001"]\nstatus = "FAIL"\nreason = "kept"\n'


def _explore(*args: str | Path) -> Result:
    return CliRunner().invoke(main, ["explore", *map(str, args)])


def _refused(result: Result) -> None:
    assert result.exit_code == 4, result.output
    assert "Traceback" not in result.output and result.output.count("Error:") == 1, result.output


# 1. an output never overwrites an input

def test_the_report_never_overwrites_the_expectations_file(tmp_path: Path) -> None:
    expectations = tmp_path / "expectations.toml"
    expectations.write_text(EXPECTATIONS, encoding="utf-8")
    os.link(expectations, tmp_path / "linked.toml")
    for report in (expectations, tmp_path / "linked.toml"):
        _refused(_explore(*QUICK, "--expectations", expectations, "--report", report))
    assert expectations.read_text(encoding="utf-8") == EXPECTATIONS


@pytest.fixture
def suite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user suite, laid over the kit's for the command (SHINPAN_SUITE)."""
    folder = user_suite.write(tmp_path / "mine")
    monkeypatch.setenv("SHINPAN_SUITE", str(folder))
    return folder


def test_the_report_never_replaces_a_feature_file_of_the_suite(suite: Path) -> None:
    feature = next(suite.rglob("*.feature"))
    before = feature.read_bytes()
    _refused(_explore(*QUICK, "--report", feature))
    assert feature.read_bytes() == before


# 2. --out: never into the suite, never over a user's own file, never over the report; a clean rerun clears

def test_out_is_refused_in_the_suite(suite: Path) -> None:
    _refused(_explore(*FINDS, "--out", suite / "mine"))
    assert not (suite / "mine" / FEATURE).exists()


def test_a_users_own_explore_feature_is_never_overwritten(tmp_path: Path) -> None:
    mine = tmp_path / FEATURE
    mine.write_text("# language: ja\n# my own notes\n", encoding="utf-8")
    _refused(_explore(*FINDS, "--out", tmp_path))
    assert mine.read_text(encoding="utf-8") == "# language: ja\n# my own notes\n"


def test_the_report_and_the_scenarios_never_clobber_each_other(tmp_path: Path) -> None:
    _refused(_explore(*FINDS, "--out", tmp_path, "--report", tmp_path / FEATURE))
    assert list(tmp_path.iterdir()) == []


def test_a_clean_rerun_removes_the_previous_scenarios(tmp_path: Path) -> None:
    assert _explore(*PRINTS, "--out", tmp_path).exit_code == 1
    assert "@generated" in (tmp_path / FEATURE).read_text(encoding="utf-8")
    assert _explore(*QUICK, "--out", tmp_path).exit_code == 0
    assert not (tmp_path / FEATURE).exists()


# 3. the report is written whole or not at all

class _FullDisk(io.FileIO):
    """A file on a disk that fills up after 1024 bytes (the report is a few kB)."""

    def write(self, data: Any) -> int:
        if self.tell() + len(data) > 1024:
            raise OSError(errno.ENOSPC, "No space left on device")
        return super().write(data)


def test_a_full_disk_keeps_the_previous_report_byte_for_byte(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    report = tmp_path / "explore.jsonl"
    assert _explore(*FINDS, "--report", report).exit_code == 1
    before = report.read_bytes()
    assert len(before) > 1024

    real_fdopen = os.fdopen

    def on_a_full_disk(fd: int, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("mode", args[0] if args else "r").startswith("w"):
            raw = _FullDisk(fd, "w")
            return io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8", newline="\n")
        return real_fdopen(fd, *args, **kwargs)

    monkeypatch.setattr(os, "fdopen", on_a_full_disk)
    result = _explore(*FINDS, "--seed", "1", "--report", report)
    assert result.exit_code == 4, result.output
    assert report.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["explore.jsonl"]  # no half-written file left beside it


# 7. 8. an adapter that cannot start, an output that cannot be written: exit 4 before anything, nothing written

@pytest.mark.parametrize("adapter", ["cmd:false", "py:tests.fake_adapters:WrongProtocol"])
def test_an_adapter_that_cannot_start_is_bad_input_and_leaves_no_report(tmp_path: Path, adapter: str) -> None:
    report = tmp_path / "explore.jsonl"
    _refused(_explore("--adapter", adapter, *QUICK[2:], "--examples", "5", "--report", report))
    assert not report.exists()


@pytest.mark.parametrize("option", ["--report", "--out", "--database"])
def test_an_unusable_output_is_found_before_the_first_example(tmp_path: Path, option: str) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    result = _explore(*QUICK, "--examples", "300", option, blocker / "below")
    _refused(result)
    assert "examples" not in result.output  # refused before exploring


# 9. nothing written where the user did not ask

def test_no_hypothesis_folder_is_left_in_the_current_directory(tmp_path: Path) -> None:
    """In a process of its own: Hypothesis writes its cache once per process."""
    environment = {k: v for k, v in os.environ.items() if k != "HYPOTHESIS_STORAGE_DIRECTORY"}
    environment["PYTHONPATH"] = str(Path(__file__).resolve().parent.parent)
    done = subprocess.run([sys.executable, "-m", "shinpan", "explore", *QUICK], cwd=tmp_path, env=environment,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.iterdir()) == []


# 10. an expectations file for another adapter

def test_an_expectations_file_for_another_adapter_is_refused(tmp_path: Path) -> None:
    expectations = tmp_path / "expectations.toml"
    expectations.write_text(EXPECTATIONS.replace('"reference"', '"cmd:another-engine"'), encoding="utf-8")
    _refused(_explore(*QUICK, "--adapter", "reference", "--expectations", expectations))


# 11. 12. an adapter's message: the report reads back, and nothing reaches the terminal raw

def test_hostile_messages_read_back_and_never_reach_the_terminal_raw(tmp_path: Path) -> None:
    report, out = tmp_path / "explore.jsonl", tmp_path / "out"
    result = _explore(*PRINTS, "--report", report, "--out", out)
    assert result.exit_code == 1, result.output
    lines = explore_report.read(report)  # U+2028 and U+0085 are no line ends of the report
    findings = [c for line in lines if line["type"] == "property" for c in line["counterexamples"]]
    assert findings and all("\u2028\x85" in finding["message"] for finding in findings)  # kept as the adapter said it, in the data
    assert report.read_text(encoding="utf-8").count("\n") == len(lines)
    for shown in (result.stdout, (out / FEATURE).read_text(encoding="utf-8")):
        assert "\x1b" not in shown and "\x07" not in shown and "\u202e" not in shown, shown
    site = CliRunner().invoke(main, ["site", "--out", str(tmp_path / "site"), "--explore", str(report)])
    assert site.exit_code == 0, site.output
    assert json.loads(report.read_text(encoding="utf-8").splitlines()[0])["type"] == "header"


# what an in-process engine prints, sent to stderr once for the whole exploration (issue 38, item 2)

def test_what_an_in_process_engine_prints_never_reaches_the_report_on_stdout(tmp_path: Path) -> None:
    """In a process of its own, so that the file descriptors are the real ones: ``--report -`` keeps stdout the
    report alone while the engine prints at every request (Python's print, a raw write on fd 1), and what it printed
    is on stderr; its summoning-sickness bug is still found."""
    environment = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run([sys.executable, "-m", "shinpan", "explore", "--adapter",
                           "py:tests.printing_engine:PrintingNeverSick", "--examples", "30", "--property",
                           "differential", "--report", "-"], cwd=tmp_path, env=environment, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines and all(isinstance(json.loads(line), dict) for line in lines), done.stdout[:500]
    assert "engine: handling setup" in done.stderr and "engine: raw write during act" in done.stderr


def test_the_explorer_imports_hypothesis_without_other_packages_plugins(tmp_path: Path) -> None:
    """In a fresh process: importing the explorer leaves Hypothesis no generator of a plugin to save and restore
    around every example (Trio's, where Trio is installed), and the environment as it was."""
    probe = ("import os, shinpan.explore\n"
             "from hypothesis.internal import entropy\n"
             "import random\n"
             "assert list(entropy.RANDOMS_TO_MANAGE.values()) == [random], entropy.RANDOMS_TO_MANAGE\n"
             "assert 'HYPOTHESIS_NO_PLUGINS' not in os.environ\n")
    environment = {k: v for k, v in os.environ.items() if k != "HYPOTHESIS_NO_PLUGINS"}
    environment["PYTHONPATH"] = str(Path(__file__).resolve().parent.parent)
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=environment, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr

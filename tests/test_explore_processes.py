"""shinpan explore against faults that do not repeat, signals and its own processes (issue 35, items 4-6): a fault
once is a finding (flaky) and the search goes on; SIGTERM to the process group of ``explore -n 2`` ends it with
exit status 2 and its report; SIGKILL of it leaves no worker or adapter behind; ``-n`` is bounded."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner

from shinpan.cli import main
from shinpan.commands import explore as explore_command
from shinpan.explore import report as explore_report
from tests.explore_faults import ONCE

ROOT = Path(__file__).resolve().parent.parent
SERVED = f"cmd:{sys.executable} -m shinpan.adapters.server py:tests.explore_faults:"
UNTAP = "py:tests.planted_bugs:untap_both_players"


def _flaky_findings(report: Path) -> list[dict[str, object]]:
    lines = explore_report.read(report)
    return [c for line in lines if line["type"] == "property" for c in line["counterexamples"]
            if any("flaky" in str(d) for d in c["details"])]


@pytest.mark.parametrize(("adapter", "timeout"), [
    ("py:tests.explore_faults:RaisesOnce", "5"),
    ("py:tests.explore_faults:HangsOnce", "0.3"),
    (f"{SERVED}ExitsOnce", "5"),
    (f"{SERVED}HugeOnce", "5"),
])
def test_a_fault_that_does_not_repeat_is_a_flaky_finding_and_the_search_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, adapter: str, timeout: str) -> None:
    monkeypatch.setenv(ONCE, str(tmp_path / "happened"))
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    report = tmp_path / "explore.jsonl"
    result = CliRunner().invoke(main, ["explore", "--adapter", adapter, "--timeout", timeout, "--examples", "200",
                                       "--property", "differential", "--report", str(report)])
    assert result.exit_code == 1, result.output  # a finding: never "held", never a traceback
    assert (tmp_path / "happened").exists()  # the fault did happen (once)
    (flaky,) = _flaky_findings(report)
    assert flaky["cause"]["step"] == "destroy"  # type: ignore[index]
    footer = explore_report.read(report)[-1]
    assert footer["examples"] >= 200  # the search went on to its budget


def test_more_workers_than_the_bound_is_refused_in_one_line() -> None:
    bound = getattr(explore_command, "MAX_WORKERS", None)
    assert isinstance(bound, int) and bound >= 1  # without a bound, -n 100000 forks until the machine gives up
    result = CliRunner().invoke(main, ["explore", "-n", str(bound + 1), "--examples", "1"])
    assert result.exit_code == 4, result.output
    assert f"{bound + 1} is not in the range" in result.output and "Traceback" not in result.output


def _marked(mark: str) -> list[int]:
    """The live processes whose environment carries ``mark`` (every descendant of the command, adapters too)."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            ours = f"SHINPAN_TEST_MARK={mark}".encode() in (entry / "environ").read_bytes().split(b"\0")
            if ours and (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def _explore_with_workers(report: Path, adapter: str, processes: int,
                          database: Path | None = None) -> tuple[subprocess.Popen[str], str]:
    """``explore -n 2`` started, once ``processes`` of its own are alive (the command, which is a worker too, the
    other worker, and their adapters if they are processes) and, with a ``database``, once an example was found and saved in it (the
    workers are exploring: the report will count examples)."""
    mark = uuid.uuid4().hex
    command = [sys.executable, "-m", "shinpan", "explore", "--adapter", adapter, "--examples", "100000", "-n", "2",
               "--property", "differential", "--property", "one-place", "--report", str(report),
               *(["--database", str(database)] if database else [])]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, preexec_fn=_default_sigint,
                               env={**os.environ, "SHINPAN_TEST_MARK": mark, "PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 120
    while len(_marked(mark)) < processes or (database is not None and not _holds_a_file(database)):
        assert process.poll() is None and time.monotonic() < deadline, "explore -n 2 never got going"
        time.sleep(0.2)
    return process, mark


def _holds_a_file(folder: Path) -> bool:
    return any(path.is_file() for path in folder.rglob("*"))


def _none_left(mark: str, seconds: float) -> list[int]:
    """The processes still carrying ``mark`` once none does, or ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    while _marked(mark) and time.monotonic() < deadline:
        time.sleep(0.2)
    return _marked(mark)


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_to_the_process_group_ends_with_exit_status_2_and_the_report(tmp_path: Path) -> None:
    report = tmp_path / "explore.jsonl"
    process, mark = _explore_with_workers(report, UNTAP, 2, database=tmp_path / "examples")
    try:
        os.killpg(process.pid, signal.SIGTERM)
        _, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 2, err
    lines = explore_report.read(report)
    assert lines[-1]["interrupted"] and lines[-1]["exit_status"] == 2 and lines[-1]["examples"] > 0
    assert _none_left(mark, 10) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigkill_of_the_command_leaves_no_worker_manager_or_adapter(tmp_path: Path) -> None:
    process, mark = _explore_with_workers(tmp_path / "explore.jsonl",
                                          f"cmd:{sys.executable} -m shinpan.adapters.server reference", 4)
    try:
        assert len(_marked(mark)) >= 4  # the command and the other worker, each with its adapter
        process.kill()
        process.communicate(timeout=60)
        left = _none_left(mark, 10)
    finally:
        for pid in _marked(mark):
            os.kill(pid, signal.SIGKILL)
    assert left == []

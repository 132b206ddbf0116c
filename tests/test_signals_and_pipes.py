"""Signals and pipes (issue 24 item 7, issue 25 item 5): an interrupt ends a command with its status and one line,
never a traceback, and leaves nothing behind; a closed standard output changes nothing but what is printed;
``--report -`` writes the report to standard output and ``compare -`` reads one from standard input."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from shinpan.paths import PROJECT_ROOT
from tests.conftest import cases_in
from tests.test_faults import FAKE, left_running
from tests.test_outputs import environment

BASICS = cases_in(PROJECT_ROOT / "features" / "basics")
SHINPAN = [sys.executable, "-m", "shinpan"]


def wait_for(condition: Callable[[], bool], process: subprocess.Popen[bytes], what: str) -> None:
    """Poll (generously: the machine may be loaded) until ``condition`` holds; the process must still run."""
    deadline = time.monotonic() + 240
    while not condition():
        assert process.poll() is None, f"the command ended before {what}"
        assert time.monotonic() < deadline, f"never {what}"
        time.sleep(0.01)


# ------------------------------------------------------------------ a closed standard output
@pytest.mark.parametrize("command", [["list"], ["lint"], ["rulesets"], ["compare", "{report}"],
                                     ["run", "--report={report}", "features/basics"]])
def test_a_closed_stdout_changes_nothing_but_what_is_printed(suite_copy: Path, tmp_path: Path,
                                                             command: list[str]) -> None:
    """As ``shinpan list | head -1`` once the reader is gone: before, "Error: Broken pipe" and exit status 4 (and
    a run's report said 3)."""
    report = tmp_path / "report.jsonl"
    if command[0] == "compare":
        subprocess.run([*SHINPAN, "run", f"--report={report}"], env=environment(suite_copy), cwd=tmp_path,
                       capture_output=True, check=True)
    argv = [part.format(report=report) for part in command]
    process = subprocess.Popen([*SHINPAN, *argv], env=environment(suite_copy), cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before the first line
    errors = process.stderr.read().decode("utf-8", errors="replace")
    assert process.wait(timeout=300) == 0, errors
    assert "Broken pipe" not in errors and "Traceback" not in errors and "Error" not in errors, errors
    if command[0] == "run":
        lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
        assert lines[-1]["type"] == "footer" and lines[-1]["exit_status"] == 0 and len(lines) == BASICS + 2


def test_report_dash_writes_the_report_to_stdout_and_compare_dash_reads_it(suite_copy: Path,
                                                                           tmp_path: Path) -> None:
    done = subprocess.run([*SHINPAN, "run", "--report", "-", "features/basics"], env=environment(suite_copy),
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]  # nothing but the report on stdout
    assert (lines[0]["type"], lines[-1]["type"]) == ("header", "footer") and len(lines) == BASICS + 2
    assert "passed" in done.stderr  # what the run prints went to stderr
    assert not (tmp_path / "-").exists() and not list(tmp_path.glob("*.jsonl"))  # no file named "-", no scratch
    compared = subprocess.run([*SHINPAN, "compare", "--format", "json", "-"], input=done.stdout,
                              env=environment(suite_copy), cwd=tmp_path, capture_output=True, text=True, check=False)
    assert compared.returncode == 0, compared.stderr
    assert len(json.loads(compared.stdout)["scenarios"]) == BASICS


# ------------------------------------------------------------------ interrupts
def test_an_interrupt_while_the_adapter_ignores_stop_is_an_interrupted_run(suite_copy: Path,
                                                                          tmp_path: Path) -> None:
    """Before: exit status 1 while the report's footer said 0. The kit now stops the adapter before it writes the
    footer: an interrupt meanwhile makes the run interrupted (2), in the exit status and the footer alike."""
    report, stopping = tmp_path / "report.jsonl", tmp_path / "stopping"
    adapter = f"--adapter=cmd:{FAKE} ignore-stop --once {stopping} --pids {tmp_path / 'pids'}"
    process = subprocess.Popen([*SHINPAN, "run", adapter, f"--report={report}"], env=environment(suite_copy),
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    wait_for(stopping.exists, process, "the kit asked the adapter to stop")
    process.send_signal(signal.SIGINT)
    output = process.communicate(timeout=120)[0].decode("utf-8", errors="replace")
    assert process.returncode == 2, output
    assert "Traceback" not in output and "INTERNALERROR" not in output, output
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    assert lines[-1]["type"] == "footer" and lines[-1]["exit_status"] == 2
    assert len(lines) == BASICS + 2  # every scenario had ended: all are in the report
    assert left_running(tmp_path) == []


SLOW_IMPORT = '''
import os, pathlib, sys, time

class SlowClick:
    """Imports of click take a minute: the command is interrupted while the kit is loading."""
    def find_spec(self, name, path=None, target=None):
        if name == "click":
            pathlib.Path(os.environ["SHINPAN_TEST_LOADING"]).write_text("loading", encoding="utf-8")
            time.sleep(60)
        return None

sys.meta_path.insert(0, SlowClick())
'''


@pytest.mark.parametrize("entry", ["python -m shinpan", "the shinpan script"])
def test_an_interrupt_while_the_kit_loads_is_one_line_not_a_traceback(tmp_path: Path, entry: str) -> None:
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(SLOW_IMPORT, encoding="utf-8")
    loading = tmp_path / "loading"
    env = {**environment(PROJECT_ROOT / "features"), "SHINPAN_TEST_LOADING": str(loading),
           "PYTHONPATH": os.pathsep.join([str(hook), str(PROJECT_ROOT)])}
    script = Path(sys.executable).parent / "shinpan"
    if entry == "the shinpan script" and not script.exists():
        pytest.skip(f"no {script}: the kit is not installed in this environment")
    command = [*SHINPAN, "list"] if entry == "python -m shinpan" else [str(script), "list"]
    process = subprocess.Popen(command, env=env, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for(loading.exists, process, "the kit started loading click")
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert "Traceback" not in err.decode("utf-8", errors="replace"), err
    assert process.returncode == 130 and err.decode().strip() == "interrupted", (process.returncode, err)


def _reported_a_scenario(out: Path) -> bool:
    """Whether the site's reference run, in the build's scratch folder, has written a scenario's line: well into it."""
    for report in out.glob(".shinpan-build-*/*reference.jsonl*"):
        try:
            if any(json.loads(line).get("type") == "case" for line in report.read_text(encoding="utf-8").splitlines()
                   if line.endswith("}")):
                return True
        except (OSError, ValueError):  # moved into place meanwhile, or a line half written
            continue
    return False


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupted_site_run_leaves_no_scratch_and_the_previous_site(tmp_path: Path,
                                                                         signum: signal.Signals) -> None:
    out, scratch = tmp_path / "out", tmp_path / "tmp"
    scratch.mkdir()
    env = {**environment(PROJECT_ROOT / "features"), "TMPDIR": str(scratch)}
    subprocess.run([*SHINPAN, "site", "--out", str(out)], env=env, cwd=tmp_path, capture_output=True, check=True)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    process = subprocess.Popen([*SHINPAN, "site", "--run", "--out", str(out)], env=env, cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for(lambda: _reported_a_scenario(out), process, "the reference run reported a scenario")
    process.send_signal(signum)
    _, err = process.communicate(timeout=120)
    assert "Traceback" not in err.decode("utf-8", errors="replace")
    assert process.returncode == 130, err
    assert list(out.glob(".shinpan-build-*")) == [] and list(scratch.iterdir()) == []
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before

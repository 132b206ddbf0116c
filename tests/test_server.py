"""The JSON-lines server (shinpan.adapters.server) keeps the protocol safe from an engine that uses stdout."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from shinpan.adapters.contract import PROTOCOL_VERSION
from shinpan.paths import PROJECT_ROOT
from tests.conftest import SuiteRunner, cases_in

NOISY = "py:tests.noisy_engine:NoisyReference"


def test_an_engine_printing_to_stdout_does_not_break_the_protocol(run_suite: SuiteRunner, tmp_path: Path,
                                                                   suite_copy: Path) -> None:
    result = run_suite(f"--adapter=cmd:{sys.executable} -m shinpan.adapters.server {NOISY}", "--validate",
                       features=suite_copy, tmp=tmp_path)
    assert result.returncode == 0, result.output
    assert set(result.statuses().values()) == {"PASS"}, result.output
    assert len(result.statuses()) == cases_in(suite_copy)


def test_what_the_engine_prints_goes_to_stderr_and_only_responses_to_stdout() -> None:
    requests = (f'{{"cmd":"hello","protocol":{PROTOCOL_VERSION},"kit_version":"0"}}\n'
                '{"cmd":"new_game","rules":{"label":"today","changes":[]},"seed":0}\n')
    done = subprocess.run([sys.executable, "-m", "shinpan.adapters.server", NOISY], input=requests + '{"cmd":"stop"}\n',
                          capture_output=True, text=True, cwd=PROJECT_ROOT, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 3 and f'"protocol":{PROTOCOL_VERSION}' in lines[0] and lines[1:] == ['{"status":"ok"}'] * 2, done.stdout
    for noise in ("engine: handling hello", "engine: raw write during new_game", "engine: a child process prints"):
        assert noise in done.stderr


def test_a_bad_spec_is_one_line_and_exit_status_4() -> None:
    done = subprocess.run([sys.executable, "-m", "shinpan.adapters.server", "py:no_such_module:make"], input="",
                          capture_output=True, text=True, cwd=PROJECT_ROOT, check=False, timeout=60)
    assert done.returncode == 4 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "error: 'py:no_such_module:make': cannot import module 'no_such_module': ModuleNotFoundError: No module "
        "named 'no_such_module' (is its package installed, or on PYTHONPATH?)"]

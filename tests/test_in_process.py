"""An in-process adapter (py:, a plug-in, the kit's own) is held to what a cmd: one is (issue 23.5): its exception
is its ERROR with its traceback, its prints never reach a command's stdout, and a module that exists but fails to
import says where."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from shinpan.adapters.errors import AdapterError, AdapterSpecError
from shinpan.adapters.registry import InProcess, make_adapter
from shinpan.paths import PROJECT_ROOT
from tests.conftest import SuiteRunner


def test_an_assert_in_an_in_process_adapter_is_its_error_with_its_traceback(run_suite: SuiteRunner,
                                                                           tmp_path: Path) -> None:
    result = run_suite("--adapter=fake-asserts", "--tags=@id:basics-sick-002", tmp=tmp_path)
    (line,) = result.cases()
    assert line["status"] == "ERROR", line
    assert "AssertionError: the adapter's own check failed" in line["message"]
    assert "--- adapter traceback" in line["message"] and "fake_adapters.py" in line["message"]


def test_the_guard_lets_the_kits_own_errors_through() -> None:
    class Slow:
        def act(self, request: object) -> object:
            raise AdapterError("stopped by the time limit")

    with pytest.raises(AdapterError, match=r"^stopped by the time limit$"):
        InProcess(Slow(), "'slow'").act({"cmd": "act", "action": {"type": "end_turn"}, "choices": []})  # type: ignore[arg-type]


def test_smoke_as_json_keeps_stdout_clean_of_an_in_process_engines_prints(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "shinpan", "smoke", "--adapter", "py:tests.noisy_engine:NoisyReference",
                           "--format", "json"], capture_output=True, text=True, timeout=120, cwd=PROJECT_ROOT,
                          input="")
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)  # nothing but the report
    assert all(check["verdict"] == "ok" for check in report["checks"]), report
    assert "engine: raw write during act" in done.stderr and "engine: handling hello" in done.stderr


@pytest.mark.parametrize(("source", "line", "says"), [
    ("import os\n\nimport no_such_dependency_xyz\n", 3, "ModuleNotFoundError: No module named 'no_such_dependency_xyz'"),
    ("def make():\n    return (\n", 2, "SyntaxError"),
    ("X = 1\nraise RuntimeError('config missing')\n", 2, "RuntimeError: config missing"),
])
def test_a_module_that_exists_but_fails_to_import_says_where(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             source: str, line: int, says: str) -> None:
    module = tmp_path / "half_engine.py"
    module.write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(AdapterSpecError) as raised:
        make_adapter("py:half_engine:make")
    text = str(raised.value)
    assert f"module 'half_engine' was found ({module}), but importing it failed at {module}:{line}: " in text, text
    assert says in text and "is its package installed" not in text and "\n" not in text


def test_a_module_that_is_not_there_is_still_said_so() -> None:
    with pytest.raises(AdapterSpecError, match=r"cannot import module 'no_such_engine_abc'.*is its package installed"):
        make_adapter("py:no_such_engine_abc:make")

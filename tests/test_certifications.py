"""The certifications of outside engines (certifications/, issue 36): the harness keeps them as recorded, and a
deliberate regression — an expectation removed or edited, a capability dropped — fails it with one clear line.

The engines' sources are not part of the checkout: ``../shared/engines`` beside it (``SHINPAN_ENGINES`` names
another folder). Without them these tests are skipped, with that reason; CI has them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HARNESS = ROOT / "certifications" / "certify.py"
ENGINES = Path(os.environ.get("SHINPAN_ENGINES", ROOT.parent / "shared" / "engines"))

needs_dmsim = pytest.mark.skipif(not (ENGINES / "dmsim").is_dir(), reason=(
    f"no outside engines to certify: {ENGINES / 'dmsim'} is absent (../shared/engines beside the checkout, or "
    "SHINPAN_ENGINES; CI has it)"))


def certify(*args: str, root: Path | None = None, engines: Path = ENGINES) -> subprocess.CompletedProcess[str]:
    """The harness, as .ci/run calls it (through tox), on a certifications folder."""
    command = [sys.executable, str(HARNESS), "--engines", str(engines), *(("--root", str(root)) if root else ()),
               *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)


def verdicts(done: subprocess.CompletedProcess[str]) -> list[str]:
    """The harness's lines saying what differs."""
    return [line for line in done.stdout.splitlines() if line.startswith("certify: dmsim: ")
            and not re.match(r"certify: dmsim: (OK|DIFFERS|recorded) — ", line)]


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of certifications/dmsim to break on purpose (the harness's --root)."""
    shutil.copytree(ROOT / "certifications" / "dmsim", tmp_path / "dmsim",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


@needs_dmsim
def test_dmsim_is_as_recorded() -> None:
    done = certify("dmsim", "--only", "run", "--only", "contract-test")
    assert done.returncode == 0, done.stdout + done.stderr
    assert verdicts(done) == []
    assert "certify: dmsim: OK — " in done.stdout


@needs_dmsim
def test_a_removed_expectation_is_a_new_fail(copy: Path) -> None:
    path = copy / "dmsim" / "expectations.toml"
    text = path.read_text(encoding="utf-8")
    entry = re.search(r'\[expect\."evolution-basic-003"\]\n(?:[^\[\n].*\n|\n)*', text)
    assert entry is not None
    path.write_text(text.replace(entry.group(0), ""), encoding="utf-8")
    done = certify("dmsim", "--only", "run", root=copy)
    assert done.returncode == 1
    [line] = verdicts(done)
    assert "a new FAIL" in line and "evolution-basic-003 FAIL" in line


@needs_dmsim
def test_an_expectation_edited_to_pass_fails_in_one_line(copy: Path) -> None:
    path = copy / "dmsim" / "expectations.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('status = "FAIL"', 'status = "PASS"', 1), encoding="utf-8")
    done = certify("dmsim", "--only", "run", root=copy)
    assert done.returncode == 1
    [line] = verdicts(done)
    assert "exit 4" in line and "expectations.toml" in line and "PASS" in line


@needs_dmsim
def test_a_dropped_capability_loses_passes_and_coverage(copy: Path) -> None:
    adapter = copy / "dmsim" / "dmsim_adapter" / "adapter.py"
    text = adapter.read_text(encoding="utf-8")
    assert '"seal")' in text
    adapter.write_text(text.replace(', "seal")', ")"), encoding="utf-8")
    done = certify("dmsim", "--only", "run", root=copy)
    assert done.returncode == 1
    lines = verdicts(done)
    assert any(line.startswith("certify: dmsim: lost PASS: ") and "seal" in line for line in lines), lines
    assert any(line.startswith("certify: dmsim: coverage dropped from ") for line in lines), lines


@needs_dmsim
def test_the_adapter_over_the_wire_earns_the_same_statuses(copy: Path) -> None:
    """``also_run``: DMSIM over the wire (cmd:) must earn every status it earns in-process; one served without
    seals is caught, in one line naming the spec and the scenarios."""
    main = copy / "dmsim" / "dmsim_adapter" / "__main__.py"
    text = main.read_text(encoding="utf-8")
    assert "sys.exit(serve(DmsimAdapter()))" in text
    main.write_text(text.replace("sys.exit(serve(DmsimAdapter()))", 'DmsimAdapter.MECHANICS = tuple(m for m in '
                                 'DmsimAdapter.MECHANICS if m != "seal")\nsys.exit(serve(DmsimAdapter()))'),
                    encoding="utf-8")
    done = certify("dmsim", "--only", "run", root=copy)
    assert done.returncode == 1
    [line] = verdicts(done)
    assert line.startswith("certify: dmsim: shinpan run --adapter 'cmd:python -m dmsim_adapter' earns other statuses "
                           "than 'py:dmsim_adapter:make_adapter': "), line
    assert "carry-sick-seal-001 UNSUPPORTED (not PASS)" in line, line


@pytest.mark.slow  # certifies an outside engine
@needs_dmsim
def test_an_explore_finding_not_recorded_fails_in_one_line(copy: Path) -> None:
    path = copy / "dmsim" / "recorded" / "summary.json"
    summary = json.loads(path.read_text(encoding="utf-8"))
    forgotten = summary["explore"].pop()
    path.write_text(json.dumps(summary, ensure_ascii=False), encoding="utf-8")
    done = certify("dmsim", "--only", "explore", root=copy)
    assert done.returncode == 1
    [line] = verdicts(done)
    assert line.startswith(f"certify: dmsim: new explore finding: {forgotten['oracle']} {forgotten['cause']}: ")


@needs_dmsim
def test_a_malformed_engine_file_is_bad_input(copy: Path) -> None:
    (copy / "dmsim" / "engine.toml").write_text("[engine\n", encoding="utf-8")
    done = certify("dmsim", root=copy)
    assert done.returncode == 4
    assert done.stdout.startswith("certify: dmsim: bad input: ") and "engine.toml" in done.stdout


def test_without_the_engines_it_says_so(tmp_path: Path) -> None:
    done = certify(engines=tmp_path / "absent")
    assert done.returncode == 5
    assert done.stdout.strip() == (f"certify: no engine to certify: {tmp_path / 'absent'} is absent (CI has it; see "
                                   "certifications/README.md)")


@pytest.mark.parametrize("engine", ["dmsim", "shobu"])
def test_the_recorded_files_hold_no_path_of_the_recording_machine(engine: str) -> None:
    """The reports are committed: their headers name the expectations file relative to the engine's folder, and no
    file names the checkout's folder or the engines' (``certify.py --record`` makes them so)."""
    recorded = ROOT / "certifications" / engine / "recorded"
    for name in ("run-report.jsonl", "matrix-report.jsonl"):
        header = json.loads((recorded / name).read_text(encoding="utf-8").splitlines()[0])
        assert header["expectations"] == "expectations.toml", (name, header["expectations"])
    for path in sorted(recorded.iterdir()):
        text = path.read_text(encoding="utf-8")
        assert str(ROOT) not in text and str(ENGINES.resolve()) not in text, path

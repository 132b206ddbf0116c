"""No silent zero (issue 34.5): an adapter that refuses every game makes run, matrix and explore warn, in the
terminal and in the report, and exit 1 with --min-coverage; coverage below the expectations file's warns; a
declaration that lets explore draw no ordinary move warns; explore's skip reasons keep the adapter's words."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from shinpan.explore.exploration import commonest_first
from shinpan.paths import PROJECT_ROOT
from shinpan.reports.coverage_warnings import warnings
from shinpan.reports.outcomes import Status
from shinpan.reports.summary import Result

REFUSES = "py:tests.contract_faults:RefusesEveryGame"
REASON = "a change in doubt: cannot tell which rules apply"  # what RefusesEveryGame answers


def _shinpan(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "shinpan", *args], capture_output=True, text=True, cwd=PROJECT_ROOT,
                          timeout=600, check=False)


def _footer(path: Path) -> dict[str, object]:
    footer: dict[str, object] = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])
    return footer


def test_run_warns_of_a_zero_coverage_and_exits_1_below_min_coverage(tmp_path: Path) -> None:
    report = tmp_path / "run.jsonl"
    done = _shinpan("run", "--adapter", REFUSES, "--tags", "@topic:basics", "--report", str(report))
    assert done.returncode == 0  # every scenario UNSUPPORTED is no failure, but it is said
    assert "WARNING: coverage is 0 %" in done.stdout and REASON in done.stdout
    warnings = _footer(report)["warnings"]
    assert isinstance(warnings, list) and "coverage is 0 %" in warnings[0] and REASON in warnings[0]
    assert _shinpan("run", "--adapter", REFUSES, "--tags", "@topic:basics", "--min-coverage", "50").returncode == 1
    clean = tmp_path / "reference.jsonl"
    assert _shinpan("run", "--tags", "@topic:basics", "--min-coverage", "100", "--report", str(clean)).returncode == 0
    assert "warnings" not in _footer(clean)


def test_coverage_below_what_the_expectations_file_records_warns(tmp_path: Path) -> None:
    report, expectations = tmp_path / "reference.jsonl", tmp_path / "expectations.toml"
    assert _shinpan("run", "--tags", "@topic:basics", "--report", str(report)).returncode == 0
    updated = _shinpan("expectations", "update", str(report), "--file", str(expectations))
    assert "coverage 100.0 % recorded" in updated.stdout
    text = expectations.read_text(encoding="utf-8").replace('adapter = "reference"', f'adapter = "{REFUSES}"')
    expectations.write_text(text, encoding="utf-8")
    done = _shinpan("run", "--expectations", str(expectations), "--tags", "@topic:basics")
    assert "WARNING: coverage 0.0 % is below the 100.0 % the expectations file records" in done.stdout


def test_matrix_warns_and_exits_1_below_min_coverage() -> None:
    done = _shinpan("matrix", "--adapter", REFUSES, "--tags", "@topic:basics", "--format", "json",
                    "--min-coverage", "5")
    assert done.returncode == 1
    result = json.loads(done.stdout)
    assert result["failed"] == ["--min-coverage (coverage below it)"]
    assert any(w.startswith("coverage is 0 %") for w in result["warnings"]) and "WARNING:" in done.stderr


def test_explore_warns_when_every_example_is_skipped_keeping_the_adapters_words(tmp_path: Path) -> None:
    report = tmp_path / "explore.jsonl"
    done = _shinpan("explore", "--adapter", REFUSES, "--examples", "5", "--property", "differential",
                    "--report", str(report))
    assert done.returncode == 0 and "WARNING: every one of the" in done.stdout
    assert f"unsupported: setup: new_game: {REASON}" in done.stdout  # the adapter's message, not only "setup"
    warnings = _footer(report)["warnings"]
    assert isinstance(warnings, list) and REASON in warnings[0]
    assert _shinpan("explore", "--adapter", REFUSES, "--examples", "5", "--property", "differential",
                    "--min-coverage", "10").returncode == 1


def test_explore_warns_when_the_declared_mechanics_draw_no_ordinary_move() -> None:
    done = _shinpan("explore", "--adapter", "py:tests.contract_faults:RequiresTagsOnly", "--examples", "3",
                    "--property", "differential")
    assert "let the differential draw none of the ordinary moves" in done.stdout
    quiet = _shinpan("explore", "--examples", "3", "--property", "differential")
    assert "WARNING" not in quiet.stdout


def test_skip_reasons_are_listed_the_commonest_first() -> None:
    assert list(commonest_first({"b": 1, "a": 1, "c": 5})) == ["c", "a", "b"]


def test_the_site_says_again_what_the_run_warned_of(tmp_path: Path) -> None:
    report = tmp_path / "run.jsonl"
    assert _shinpan("run", "--adapter", REFUSES, "--tags", "@topic:basics", "--report", str(report)).returncode == 0
    done = _shinpan("site", "--out", str(tmp_path / "site"), "--report", str(report))
    assert done.returncode == 0 and "warning: run.jsonl" in done.stderr and "coverage is 0 %" in done.stderr
    engines = (tmp_path / "site" / "engines.html").read_text(encoding="utf-8")
    assert "実行時の警告: coverage is 0 %" in engines


def test_the_recorded_coverage_rounded_up_is_no_drop() -> None:
    """26 of 246 scenarios played (10.57 %) is recorded as 10.6 by ``expectations update``: the same run again
    does not warn (seen certifying shobu); one scenario fewer (10.16 %) does."""

    def run(played: int) -> list[Result]:
        return [Result(Status.PASS if i < played else Status.UNSUPPORTED, "", "basics", f"s{i}", "f", 0.0)
                for i in range(246)]

    assert warnings(run(26), expected=10.6) == []
    assert warnings(run(25), expected=10.6) == ["coverage 10.2 % is below the 10.6 % the expectations file records"]

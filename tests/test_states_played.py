"""Capabilities honoured by every command (issue 34.4): with no state named, smoke, contract-test, explore and run
play the latest state an engine declares and say so; a state it does not play is refused in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from shinpan.cli import main
from shinpan.contract_test import contract_test
from shinpan.paths import PROJECT_ROOT
from shinpan.running.smoke import run as smoke
from shinpan.running.states_played import default_state, refusal
from shinpan.suite import rulesets

OLD = "py:tests.old_rules_adapter:OldRules"
NOTE = "playing the latest state it declares: 2004-06-30 (before every change the kit lists)"


def test_the_default_state_is_the_latest_declared_and_a_day_before_every_change_is_said_so() -> None:
    changes = rulesets.load()
    assert default_state(changes, None) == (changes.today(), None)
    assert default_state(changes, {"current": True})[1] is None
    state, note = default_state(changes, {"until": "2004-06-30"})
    assert state.label == "2004-06-30" and state.in_force == () and note is not None and NOTE in note
    state, note = default_state(changes, {"states": ["before:2021-03-16"]})
    assert state.standings == changes.before("2021-03-16").standings and note is not None
    assert refusal(changes, {"until": "2004-06-30"}, changes.today()) is not None
    assert refusal(changes, None, changes.today()) is None


def test_smoke_and_contract_test_play_the_latest_declared_state() -> None:
    checks, _ = smoke(OLD)
    assert NOTE in next(check.detail for check in checks if check.name == "new game")
    result = contract_test(OLD)
    assert result.ok and result.rules_state == "2004-06-30" and result.note is not None and NOTE in result.note


def test_a_named_state_the_engine_does_not_play_is_refused_in_one_line() -> None:
    for command in (["contract-test", "--adapter", OLD, "--ruleset", "2025-12-17"],
                    ["run", "--adapter", OLD, "--ruleset", "2025-12-17"],
                    ["explore", "--adapter", OLD, "--examples", "3", "--ruleset", "2025-12-17"]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 4, result.output
        assert result.output.count("\n") == 1 and "does not play the rules 2025-12-17" in result.output


def test_explore_with_no_state_named_explores_the_latest_declared_state() -> None:
    result = CliRunner().invoke(main, ["explore", "--adapter", OLD, "--examples", "5"])
    assert result.exit_code == 0, result.output
    assert NOTE in result.output and "2004-06-30" in result.output  # the note (stderr) and the table


def _run(tmp_path: Path, name: str, *state: str) -> tuple[dict[str, str], str]:
    report = tmp_path / f"{name}.jsonl"
    done = subprocess.run([sys.executable, "-m", "shinpan", "run", "--adapter", OLD, "--tags", "@topic:basics",
                           "--report", str(report), *state], capture_output=True, text=True, cwd=PROJECT_ROOT,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    return {line["id"]: line["status"] for line in lines if line.get("type") == "case"}, done.stderr


def test_run_with_no_state_named_gives_the_verdicts_of_the_latest_declared_state(tmp_path: Path) -> None:
    unnamed, said = _run(tmp_path, "unnamed")
    named, _ = _run(tmp_path, "named", "--ruleset", "2004-06-30")
    assert unnamed == named and "PASS" in unnamed.values() and "UNSUPPORTED" not in unnamed.values()
    assert NOTE in said


def test_explore_gives_the_same_verdicts_with_no_state_named_as_with_its_state_named(tmp_path: Path) -> None:
    def explored(name: str, *state: str) -> list[tuple[str, str, str, int]]:
        report = tmp_path / f"{name}.jsonl"
        done = subprocess.run([sys.executable, "-m", "shinpan", "explore", "--adapter", OLD, "--examples", "5",
                               "--property", "differential", "--property", "one-place", "--report", str(report),
                               *state], capture_output=True, text=True, cwd=PROJECT_ROOT, timeout=600, check=False)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
        return [(line["oracle"], line["state"], line["verdict"], line["examples"]) for line in lines
                if line["type"] == "property"]

    unnamed = explored("unnamed")
    assert unnamed == explored("named", "--rules-as-of", "2004-06-30")
    assert {state for _, state, _, _ in unnamed} == {"2004-06-30"}

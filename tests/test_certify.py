"""shinpan certify (issue 32 item 1): one command runs the suite in the engine's states, the default exploration and
the adapter's self-test, and prints one certificate; a bug the suite misses but exploration finds fails it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from shinpan import certify
from shinpan.adapters import schemas
from shinpan.explore.search import ROUND
from shinpan.paths import PROJECT_ROOT
from tests.test_explore import UNTAP


def _certify(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    out = tmp_path / "certificate"
    done = subprocess.run([sys.executable, "-m", "shinpan", "certify", f"--out={out}", *args], cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}, capture_output=True, text=True,
                          check=False, timeout=600)
    document = json.loads((out / "certificate.json").read_text(encoding="utf-8")) if out.exists() else {}
    return done, document


ONE_ROUND = f"--examples={ROUND}"
"""Each search's first round, the very examples a default exploration starts with (its searches run in rounds of
:data:`~shinpan.explore.search.ROUND`, each seeded by the exploration's seed, the oracle and the round): what they find
the default finds. Seed 0's differential run finds the untap bug in its first 50 examples."""


@pytest.mark.slow  # the suite in every state and an exploration of every oracle
def test_an_engine_that_passes_the_suite_but_never_untaps_right_is_not_certified(tmp_path: Path) -> None:
    done, document = _certify(tmp_path, f"--adapter={UNTAP}", "--tags=@topic:basics", ONE_ROUND)
    assert done.returncode == 1, done.stdout + done.stderr
    assert schemas.problems("certificate.json", document) == []
    steps = {step["step"]: step for step in document["steps"]}
    assert steps["suite"]["verdict"] == "PASS" and steps["suite"]["totals"]["PASS"] > 0
    assert steps["explore"]["verdict"] == "FAIL"
    assert any(c["oracle"] == "differential" and c["known"] is None for c in steps["explore"]["counterexamples"])
    assert steps["self-test"]["verdict"] == "PASS"  # it follows the contract: its engine is what is wrong
    assert document["verdict"] == "not certified" and document["exit_status"] == 1
    printed = Path(steps["explore"]["scenarios"])
    assert "シナリオ" in printed.read_text(encoding="utf-8") or "Scenario" in printed.read_text(encoding="utf-8")
    text = done.stdout
    assert "FAIL" in text and "explore" in text and "NOT CERTIFIED (exit status 1)" in text.splitlines()[-1]
    assert str(printed) in text  # where the counterexample's scenario is, to lint and run


def test_the_reference_engine_is_certified_and_the_json_is_valid(tmp_path: Path) -> None:
    done, document = _certify(tmp_path, "--adapter=reference", "--tags=@topic:basics", "--examples=30",
                              "--format=json")
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout) == document
    assert schemas.problems("certificate.json", document) == []
    assert [s["step"] for s in document["steps"]] == ["suite", "explore", "self-test"]
    assert [s["verdict"] for s in document["steps"]] == ["PASS", "PASS", "PASS"]
    assert document["verdict"] == "certified"


def test_a_bad_adapter_is_bad_input_and_runs_nothing(tmp_path: Path) -> None:
    done, _ = _certify(tmp_path, "--adapter=nope:x")
    assert done.returncode == 4 and "Traceback" not in done.stderr
    assert not (tmp_path / "certificate").exists()


def test_the_self_test_step_is_the_contract_test_and_a_broken_rule_fails_the_certificate(tmp_path: Path) -> None:
    good = certify.self_test(certify.Options("reference", tmp_path))
    assert good.verdict == "PASS" and "no rule broken" in good.found
    bad = certify.self_test(certify.Options("py:tests.contract_faults:DeckBottomFirst", tmp_path))
    assert bad.verdict == "FAIL" and "C-3.2" in bad.found, bad
    passed = certify.Step("suite", certify.StepVerdict.PASS, "", "")
    assert certify.Certificate("reference", None, None, "", (passed, good)).exit_status == 0
    assert certify.Certificate("reference", None, None, "", (passed, bad)).exit_status == 1
    unavailable = certify.Step("self-test", certify.NOT_AVAILABLE, "", "")
    assert certify.Certificate("reference", None, None, "", (passed, unavailable)).exit_status == 0
def test_an_author_is_told_to_certify_in_the_readme_the_ci_recipe_and_the_guide(tmp_path: Path) -> None:
    from shinpan.scaffold import new_adapter

    new_adapter(tmp_path / "project", "python")
    assert "shinpan certify --adapter" in (tmp_path / "project" / "README.md").read_text(encoding="utf-8")
    assert "shinpan certify --adapter" in (tmp_path / "project" / ".github" / "workflows" /
                                           "shinpan-conformance.yml").read_text(encoding="utf-8")
    assert "shinpan certify --adapter" in (PROJECT_ROOT / "docs" / "adapters.md").read_text(encoding="utf-8")


def test_run_says_it_is_the_suite_alone_and_names_certify(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "shinpan", "run", "--adapter=reference", "--tags=@topic:basics"],
                          cwd=tmp_path, capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    said = " ".join(line.strip() for line in done.stdout.splitlines())  # wrapped to the terminal's width, if any
    assert "this is the suite alone" in said and "shinpan certify --adapter reference" in said


def test_new_adapter_says_to_certify_next(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "shinpan", "new-adapter", str(tmp_path / "p")], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0 and "then: shinpan certify --adapter 'cmd:python adapter.py'" in done.stdout


def test_the_verdicts_are_the_schemas_and_only_fail_and_error_fail() -> None:
    schema = json.loads((PROJECT_ROOT / "adapters" / "schema" / "certificate.json").read_text(encoding="utf-8"))
    step = schema["properties"]["steps"]["items"]["properties"]["verdict"]["enum"]
    assert [verdict.value for verdict in certify.StepVerdict] == step
    assert [verdict.value for verdict in certify.Verdict] == schema["properties"]["verdict"]["enum"]
    assert {verdict for verdict in certify.StepVerdict if verdict.fails} == {"FAIL", "ERROR"}


def test_an_adapter_whose_factory_fails_is_bad_input_before_any_step(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from shinpan.cli import main

    out = tmp_path / "certificate"
    done = CliRunner().invoke(main, ["certify", "--adapter", "py:tests.test_registry:_Broken", "--out", str(out)])
    assert done.exit_code == 4, done.output
    assert "calling the factory failed: RuntimeError: the card database is missing" in done.output
    assert not out.exists()  # nothing was run, nothing written

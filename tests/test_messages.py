"""--messages PATH: the run as Cucumber Messages, checked against the cucumber-messages package's model."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import cucumber_messages as cm
import pytest

from shinpan.paths import PROJECT_ROOT
from tests.conftest import SuiteRunner

SICK_STEP = "《テスト用クリーチャーA》は召喚酔いしている"
USER_HOME = os.environ.get("HOME")
"""The user's home as this session started: npm's cache and configuration are there (pytester points ``HOME`` at its
scratch folder, where npm would find neither and fetch every package again)."""


def _envelopes(path: Path) -> list[dict[str, Any]]:
    """Every line, checked against the package's typed model: required fields, enums, no unknown keys."""
    lines = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        assert len(line) == 1, line
        envelope = cm.message_converter.from_dict(line, cm.Envelope)
        assert cm.message_converter.to_dict(envelope) == line
    return lines


def _results(lines: list[dict[str, Any]]) -> dict[str, list[tuple[str, str, str | None]]]:
    """Scenario name -> (step text, status, message) per step, following the messages' references."""
    pickles = {line["pickle"]["id"]: line["pickle"] for line in lines if "pickle" in line}
    cases = {line["testCase"]["id"]: line["testCase"] for line in lines if "testCase" in line}
    started = {line["testCaseStarted"]["id"]: line["testCaseStarted"] for line in lines if "testCaseStarted" in line}
    results: dict[str, list[tuple[str, str, str | None]]] = {}
    for line in lines:
        if "testStepFinished" not in line:
            continue
        finished = line["testStepFinished"]
        case = cases[started[finished["testCaseStartedId"]]["testCaseId"]]
        pickle = pickles[case["pickleId"]]
        step = next(s for s in case["testSteps"] if s["id"] == finished["testStepId"])
        text = next(p["text"] for p in pickle["steps"] if p["id"] == step["pickleStepId"])
        result = finished["testStepResult"]
        results.setdefault(pickle["name"], []).append((text, result["status"], result.get("message")))
    return results


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one process", "xdist"])
def test_messages_tell_each_step_of_each_scenario(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path,
                                                  workers: list[str]) -> None:
    path = tmp_path / "out" / "run.ndjson"
    run = run_suite("--adapter=fake-never-sick", f"--messages={path}", *workers, features=suite_copy, tmp=tmp_path)
    lines = _envelopes(path)
    kinds = [next(iter(line)) for line in lines]
    assert kinds[0] == "meta" and kinds[-1] == "testRunFinished"
    assert lines[-1]["testRunFinished"]["success"] is False  # four scenarios fail
    assert kinds.index("testRunStarted") > max(i for i, k in enumerate(kinds) if k == "pickle")
    counts = Counter(kinds)
    assert counts["source"] == counts["gherkinDocument"] == len(list(suite_copy.rglob("*.feature")))
    assert counts["testCase"] == counts["testCaseStarted"] == counts["testCaseFinished"] == len(run.cases())
    assert counts["testStepStarted"] == counts["testStepFinished"]
    sources = {line["source"]["uri"] for line in lines if "source" in line}
    assert all(uri.endswith(".feature") for uri in sources)

    results = _results(lines)
    sick = results["このターンに召喚したクリーチャーは召喚酔いしていて攻撃できない"]
    assert [status for _, status, _ in sick] == ["PASSED", "PASSED", "PASSED", "FAILED", "SKIPPED"]
    text, _, message = sick[3]
    assert text == SICK_STEP and message == "FAIL: AssertionError: summoning_sick is False, expected True"
    passing = [name for name, steps in results.items() if {s for _, s, _ in steps} == {"PASSED"}]
    assert len(passing) == sum(1 for line in run.cases() if line["status"] == "PASS")


def test_a_skipped_scenario_says_why(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    path = tmp_path / "run.ndjson"
    run_suite("--adapter=fake-no-cards", f"--messages={path}", "--tags=@id:basics-sick-001", features=suite_copy,
              tmp=tmp_path)
    (steps,) = _results(_envelopes(path)).values()
    assert [status for _, status, _ in steps] == ["PASSED", "SKIPPED", "SKIPPED", "SKIPPED", "SKIPPED"]
    assert (steps[1][2] or "").startswith("UNSUPPORTED: card 《テスト用クリーチャーA》")


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one process", "xdist"])
def test_junit_names_each_scenario_by_its_id_and_keeps_the_kits_own_properties_out(
        run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path, workers: list[str]) -> None:
    junit = tmp_path / "junit.xml"
    run = run_suite("--adapter=fake-never-sick", f"--messages={tmp_path / 'run.ndjson'}", f"--junitxml={junit}",
                    *workers, features=suite_copy, tmp=tmp_path)
    testcases = ET.parse(junit).getroot().findall(".//testcase")
    assert sorted(case.get("name", "") for case in testcases) == sorted(line["id"] for line in run.cases())
    assert all(str(case.get("classname")).endswith(".feature") for case in testcases)  # the feature file
    properties = {p.get("name") for p in ET.parse(junit).getroot().iter("property")}
    assert properties == {"shinpan.id", "shinpan.status"}  # shinpan_steps is the messages plugin's, not JUnit's


def test_the_documented_cucumber_html_recipe_makes_the_page(run_suite: SuiteRunner, tmp_path: Path,
                                                            suite_copy: Path) -> None:
    """docs/cucumber: @cucumber/html-formatter is a library (the package has no command); the recipe's script drives
    it. Run as the docs say, with the packages npm installs; skipped, saying why, without Node.js or the registry."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.skip(f"the Cucumber HTML recipe needs Node.js and npm (node: {node}, npm: {npm}; "
                    "apt-get install -y nodejs npm)")
    recipe = tmp_path / "cucumber"
    shutil.copytree(PROJECT_ROOT / "docs" / "cucumber", recipe)
    # npm as the user runs it (their cache and .npmrc): packages it holds already are not fetched again (a CI machine
    # may not reach the registry: .ci/run fills the cache before tox; without it npm gave up after 210 s)
    installed = subprocess.run([npm, "install", "--prefer-offline", "--no-audit", "--no-fund", "--prefix", str(recipe)],
                               capture_output=True, text=True, check=False, timeout=600,
                               env={**os.environ, **({"HOME": USER_HOME} if USER_HOME else {})})
    if installed.returncode != 0:
        pytest.skip(f"npm could not install the recipe's packages: {installed.stderr.strip().splitlines()[-1:]}")
    messages = tmp_path / "run.ndjson"
    run_suite("--adapter=fake-never-sick", f"--messages={messages}", features=suite_copy, tmp=tmp_path)
    with messages.open("rb") as stdin:
        page = subprocess.run([node, str(recipe / "html-report.mjs")], stdin=stdin, capture_output=True, check=False,
                              timeout=120)
    html = page.stdout.decode("utf-8")
    assert page.returncode == 0, page.stderr.decode("utf-8", "replace")
    assert html.lstrip().startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    assert "このターンに召喚したクリーチャーは召喚酔いしていて攻撃できない" in html  # the run's own messages, embedded
    assert "summoning_sick is False, expected True" in html

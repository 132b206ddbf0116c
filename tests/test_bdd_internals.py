"""pytest-bdd's internals that the kit relies on (:mod:`shinpan.suite.bdd_internals`) are all there, with the
parameters and fields the kit uses; a release without one is named, with the supported range, in one line."""

from __future__ import annotations

import importlib
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_bdd.steps
from packaging.requirements import Requirement

from shinpan.paths import PROJECT_ROOT
from shinpan.running.plugin.collection import case_of
from shinpan.suite import bdd_internals

SCENARIO_MODULE = importlib.import_module("pytest_bdd.scenario")  # the package exports a function of that name
OUTLINE = """# language: ja
@topic:basics
機能: 例の行ごとのシナリオ

  @id:basics-outline-001 @rule:301.5
  シナリオアウトライン: 手札のクリーチャーを召喚すると召喚酔いしている
    前提 自分のターンである
    かつ 自分の手札に《<カード>》がある
    もし 自分が《<カード>》を召喚する
    ならば 《<カード>》は召喚酔いしている

    例:
      | カード |
      | テスト用クリーチャーA |
      | テスト用クリーチャーB |
"""


def test_the_installed_pytest_bdd_has_every_internal_the_kit_uses() -> None:
    problems = bdd_internals.problems()
    assert not problems, "pytest-bdd changed under the kit:\n" + "\n".join(problems)


def test_the_supported_range_is_the_one_the_package_pins() -> None:
    project = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    (pinned,) = [Requirement(d) for d in project["dependencies"] if Requirement(d).name == "pytest-bdd"]
    stated = Requirement(bdd_internals.supported_range())
    assert (stated.name, stated.specifier) == (pinned.name, pinned.specifier)


def test_a_missing_internal_is_named_with_the_supported_range(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(SCENARIO_MODULE, "scenario_wrapper_template_registry")
    problems = bdd_internals.problems()
    assert len(problems) == 1
    assert "pytest_bdd.scenario.scenario_wrapper_template_registry is missing" in problems[0]
    assert bdd_internals.supported_range() in problems[0]
    with pytest.raises(bdd_internals.PytestBddChanged, match="scenario_wrapper_template_registry is missing"):
        bdd_internals.TEMPLATES.get()


def test_a_run_on_a_pytest_bdd_without_an_internal_stops_before_anything_runs_with_one_line(tmp_path: Path) -> None:
    # A fresh process, as with a release that lacks the internal: the kit's modules are imported after it is gone.
    # (pytest-bdd's own modules do not need this one, so pytest-bdd itself still loads.)
    script = ("import importlib, sys\n"
              "del importlib.import_module('pytest_bdd.parser').FeatureParser._parse_feature_file\n"
              "from shinpan.cli import main\n"
              "main(['run', '--report', sys.argv[1]])\n")
    report = tmp_path / "report.jsonl"
    done = subprocess.run([sys.executable, "-c", script, str(report)], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)
    output = done.stdout + done.stderr
    assert done.returncode == pytest.ExitCode.USAGE_ERROR, output
    errors = [line for line in output.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 1 and "pytest_bdd.parser.FeatureParser has no _parse_feature_file" in errors[0], output
    assert bdd_internals.supported_range() in errors[0]
    assert "Traceback" not in output and "INTERNALERROR" not in output
    assert not report.exists()  # nothing ran


def test_a_replaced_function_with_other_parameters_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    def execute_step(request: object, step: object, context: object) -> None:
        return None

    monkeypatch.setattr(SCENARIO_MODULE, "_execute_step_function", execute_step)
    assert bdd_internals.problems() == [bdd_internals.explain(
        "pytest_bdd.scenario._execute_step_function takes (request, step, context), "
        "not (request, scenario, step, context)")]


def test_a_class_without_a_field_the_kit_reads_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    @dataclass
    class StepFunctionContext:
        type: str | None
        step_func: object

    monkeypatch.setattr(pytest_bdd.steps, "StepFunctionContext", StepFunctionContext)
    [problem] = bdd_internals.problems()
    assert "pytest_bdd.steps.StepFunctionContext has no parser" in problem


def test_each_row_of_an_outline_is_mapped_to_its_case(pytester: pytest.Pytester, suite_copy: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The row of a collected outline test comes from the parameter pytest-bdd gives it."""
    feature = suite_copy / "basics" / "outline.feature"
    feature.write_text(OUTLINE, encoding="utf-8")
    monkeypatch.setenv("SHINPAN_FEATURES", str(suite_copy))
    items, _ = pytester.inline_genitems("-p", "shinpan.pytest_plugin", "-p", "no:cacheprovider", str(feature))
    rows = [bdd_internals.example_row(item) for item in items]
    assert rows == [0, 1], (f"pytest-bdd no longer gives an outline's test the parameter "
                            f"{bdd_internals.EXAMPLE_PARAMETER!r}; shinpan supports {bdd_internals.supported_range()}")
    cases = [case_of(item) for item in items]
    assert [case.id if case else None for case in cases] == ["basics-outline-001#1", "basics-outline-001#2"]

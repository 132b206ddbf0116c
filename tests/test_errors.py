"""One error family (issue 17): every error of ours a user can meet is a ShinpanError with one exit code, and
the CLI turns each into its one line and that exit code in one place."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest
from click.testing import CliRunner

import shinpan
import shinpan.adapters
from shinpan.adapters.errors import (
    BAD_INPUT,
    FAILED,
    AdapterCrash,
    AdapterError,
    AdapterGaveUp,
    AdapterSpecError,
    AdapterTimeout,
    FileError,
    ScriptMismatchError,
    ShinpanError,
    SuiteError,
)
from shinpan.cli import Shinpan
from shinpan.errors import ExpectationsError, OutputError, RenderError, ReportError, RulesetError, ScaffoldError
from shinpan.running.checks import CheckFormError
from shinpan.suite.bdd_internals import PytestBddChanged

EXIT_CODES = {ShinpanError: BAD_INPUT, FileError: BAD_INPUT, SuiteError: BAD_INPUT, AdapterSpecError: BAD_INPUT,
              RulesetError: BAD_INPUT, ReportError: BAD_INPUT, ExpectationsError: BAD_INPUT, ScaffoldError: BAD_INPUT,
              OutputError: BAD_INPUT, RenderError: BAD_INPUT, CheckFormError: BAD_INPUT,
              AdapterError: FAILED, AdapterCrash: FAILED, AdapterGaveUp: FAILED, AdapterTimeout: FAILED,
              ScriptMismatchError: FAILED,
              PytestBddChanged: BAD_INPUT}
"""The exit code of each error, as adapters/errors.py and the README document them."""

NOT_ERRORS = {"shinpan.running.smoke._Ended": "how a smoke check ended (a verdict), caught where it is raised",
              "shinpan.commands.options.BadUsage": "click's usage error with the kit's exit status",
              **dict.fromkeys(["shinpan.adapters.sdk.answers.EngineAnswer", "shinpan.adapters.sdk.answers.Unsupported",
                               "shinpan.adapters.sdk.answers.Rejected", "shinpan.adapters.sdk.answers.ScriptMismatch",
                               "shinpan.adapters.sdk.answers.BadRequest", "shinpan.adapters.sdk.answers.ChoiceNeeded"],
                              "an engine's answer to a request, turned into its response status by the SDK"),
              "shinpan.adapters.sdk.actions.ActionError": "a message that is no action, answered as an error message",
              "shinpan.adapters.sdk.abilities.AbilityFormError": "an ability form the SDK cannot read; loading the "
                                                                 "registry turns it into a SuiteError",
              **dict.fromkeys(["shinpan.explore.findings.Counterexample", "shinpan.explore.oracle.Skip",
                               "shinpan.explore.oracle.Repeat"],
                              "how an example of shinpan explore ended, caught by its search"),
              **dict.fromkeys(["shinpan.contract_test.session.Broken", "shinpan.contract_test.session.Skip"],
                              "how a probe of shinpan contract-test ended (a broken rule, or nothing to judge), caught "
                              "by the probe runner")}
"""Exception classes of ours that are not part of the family, and why."""

SKIPPED_PACKAGES = ("shinpan.reference_engine", "shinpan.steps", "shinpan.features", "shinpan.adapters.examples")
"""The reference engine has its own errors (it knows nothing of the kit); the steps define none."""


def _our_exceptions() -> dict[str, type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    packages = [shinpan, shinpan.adapters]  # the adapters' folder is the package's shinpan.adapters (package-dir)
    for module_info in (info for package in packages
                        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")):
        if module_info.name.startswith(SKIPPED_PACKAGES) or module_info.name == "shinpan.__main__":
            continue
        module = importlib.import_module(module_info.name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__ == module.__name__:
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return found


def test_every_error_of_ours_is_in_the_family_with_its_documented_exit_code() -> None:
    found = _our_exceptions()
    assert set(NOT_ERRORS) <= set(found), set(NOT_ERRORS) - set(found)  # the list of exceptions stays true
    outside = sorted(name for name, cls in found.items() if name not in NOT_ERRORS and not issubclass(cls, ShinpanError))
    assert outside == [], f"errors outside the ShinpanError family: {outside}"
    family = {cls for cls in found.values() if issubclass(cls, ShinpanError)}
    assert family == set(EXIT_CODES), "a new error needs its documented exit code here and in the README"
    assert {cls: cls.exit_code for cls in family} == EXIT_CODES


@pytest.mark.parametrize("error", [
    SuiteError("features/cards.yaml", 3, "each card needs a non-empty 'name'"),
    ReportError("out/r.jsonl", None, "an empty report"),
    RulesetError("unknown change 'nope'"),
    ExpectationsError("e.toml: a reason is required"),
    CheckFormError("cases.jsonl:3: unknown check form 'hovering' (expected one of all, any, count…)"),
    AdapterSpecError("unknown adapter 'nope'", "nope"),
    AdapterCrash("adapter 'x' exited with status 3"),
    ScriptMismatchError("act: a choice was left unused"),
], ids=lambda error: type(error).__name__)
def test_the_cli_turns_every_error_into_its_line_and_exit_code_in_one_place(error: ShinpanError) -> None:
    group = Shinpan()

    @group.command()
    def fails() -> None:
        raise error

    result = CliRunner().invoke(group, ["fails"])
    assert (result.exit_code, result.output) == (error.exit_code, f"Error: {error.one_line()}\n")


def test_an_adapter_spec_error_names_the_option_and_the_spec() -> None:
    assert AdapterSpecError("unknown adapter 'nope'", "nope").one_line() == "--adapter nope: unknown adapter 'nope'"
    assert str(AdapterSpecError("unknown adapter 'nope'", "nope")) == "unknown adapter 'nope'"
    assert str(SuiteError("a.yaml", 2, "bad")) == "a.yaml:2: bad" and str(ReportError("r", None, "x")) == "r: x"

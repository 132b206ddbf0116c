"""--adapter SPEC: the kit's names, py:<module>:<factory>, plug-ins from the entry-point group shinpan.adapters,
and one clear line for every spec that names nothing. The contract package needs no runner."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any, ClassVar

import pytest

from shinpan.adapters import registry
from shinpan.adapters.errors import AdapterError, AdapterSpecError
from shinpan.adapters.reference import ReferenceSimulator
from shinpan.adapters.registry import AdapterSpec, BuiltinSpec, CommandSpec, PluginSpec, PythonSpec, make_adapter
from shinpan.paths import PROJECT_ROOT
from shinpan.running.session import AdapterSession
from tests.conftest import SuiteRunner, cases_in
from tests.noisy_engine import NoisyReference

CONTRACT = ("shinpan.adapters.contract", "shinpan.adapters.schemas", "shinpan.adapters.server",
            "shinpan.adapters.errors", "shinpan.adapters.registry", "shinpan.adapters.subprocess_adapter",
            "shinpan.adapters.cards", "shinpan.adapters.locations", "shinpan.adapters.yamlfile",
            "shinpan.adapters.registries", "shinpan.adapters.registries.layers", "shinpan.adapters.registries.validation",
            "shinpan.adapters.descendants", "shinpan.adapters.tracebacks")


def test_the_contract_package_loads_neither_pytest_nor_the_runner() -> None:
    code = f"import json, sys\nimport {', '.join(CONTRACT)}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=PROJECT_ROOT)
    loaded = set(json.loads(done.stdout))
    assert set(CONTRACT) <= loaded
    runner = {m for m in loaded if m.split(".")[0] in ("pytest", "_pytest", "pytest_bdd", "gherkin", "hypothesis")}
    assert runner == set()
    kit = {m for m in loaded if m.startswith("shinpan")}
    # no outcomes, session, steps; the text escaping its errors use is the contract package's own
    assert kit == {"shinpan", "shinpan.adapters", "shinpan.adapters.text", *CONTRACT}, kit - set(CONTRACT)


def test_py_spec_makes_an_in_process_adapter_from_a_module_and_factory() -> None:
    assert type(make_adapter("py:shinpan.adapters.reference:ReferenceSimulator").inner) is ReferenceSimulator  # type: ignore[attr-defined]
    assert type(make_adapter("py:tests.noisy_engine:NoisyReference").inner) is NoisyReference  # type: ignore[attr-defined]


def test_a_py_spec_runs_the_suite(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    result = run_suite("--adapter=py:shinpan.adapters.reference:ReferenceSimulator", features=suite_copy, tmp=tmp_path)
    assert result.returncode == 0, result.output
    assert set(result.statuses().values()) == {"PASS"} and len(result.statuses()) == cases_in(suite_copy)
    assert result.lines[0]["adapter"]["spec"] == "py:shinpan.adapters.reference:ReferenceSimulator"


class _Broken:
    def __init__(self) -> None:
        raise RuntimeError("the card database is missing\nsecond line")


class _NotASimulator:
    def hello(self) -> None: ...


CONSTANT = 3


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("py:", "'py:': expected py:<module>:<factory> with dotted Python names, "
                "e.g. py:my_engine.shinpan_adapter:make_adapter"),
        ("py:tests.test_registry", "'py:tests.test_registry': expected py:<module>:<factory> with dotted Python "
                                   "names, e.g. py:my_engine.shinpan_adapter:make_adapter"),
        ("py:tests/test_registry.py:_Broken", "'py:tests/test_registry.py:_Broken': expected py:<module>:<factory>"),
        ("py:no_such_engine.adapter:make", "'py:no_such_engine.adapter:make': cannot import module "
                                           "'no_such_engine.adapter': ModuleNotFoundError: No module named "
                                           "'no_such_engine' (is its package installed, or on PYTHONPATH?)"),
        ("py:tests.test_registry:nope", "'py:tests.test_registry:nope': module 'tests.test_registry' has no "
                                        "attribute 'nope'"),
        ("py:tests.test_registry:CONSTANT", "py:tests.test_registry:CONSTANT: 3 is not callable"),
        ("py:tests.test_registry:_Broken", "py:tests.test_registry:_Broken: calling the factory failed: "
                                           "RuntimeError: the card database is missing second line"),
        ("py:tests.test_registry:_NotASimulator", "py:tests.test_registry:_NotASimulator: the factory returned "
                                                  "_NotASimulator, which lacks the contract's method(s) new_game, "
                                                  "setup, act, observe, stop"),
        ("nope", "unknown adapter 'nope'; available: reference"),
    ],
)
def test_a_bad_spec_is_one_clear_line(spec: str, message: str) -> None:
    with pytest.raises(AdapterSpecError) as caught:
        make_adapter(spec)
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith(message), text


def _plugins(monkeypatch: pytest.MonkeyPatch, **values: str) -> None:
    monkeypatch.setattr(registry, "ADAPTERS", {"reference": registry.ADAPTERS["reference"]})  # no test fakes
    entries = [metadata.EntryPoint(name, value, registry.ENTRY_POINT_GROUP) for name, value in values.items()]
    monkeypatch.setattr(metadata, "entry_points",
                        lambda group: [e for e in entries if e.group == group])


def test_a_name_finds_an_installed_plug_in(monkeypatch: pytest.MonkeyPatch) -> None:
    _plugins(monkeypatch, noisy="tests.noisy_engine:NoisyReference", broken="tests.test_registry:nope")
    assert type(make_adapter("noisy").inner) is NoisyReference  # type: ignore[attr-defined]
    assert registry.available()[0] == "reference" and set(registry.available()) >= {"noisy", "broken"}
    with pytest.raises(AdapterSpecError, match=r"^the adapter plug-in 'broken' = 'tests.test_registry:nope' cannot "
                                               r"be loaded: AttributeError: .*nope"):
        make_adapter("broken")
    with pytest.raises(AdapterSpecError, match=r"^unknown adapter 'nonesuch'; available: reference, broken, noisy, "
                                               r"or cmd:<command line>, or py:<module>:<factory>$"):
        make_adapter("nonesuch")


# ------------------------------------------------- a spec is a value
_CALLED: list[str] = []


class _Counted(ReferenceSimulator):
    def __init__(self) -> None:
        _CALLED.append("made")
        super().__init__()


def test_a_spec_is_parsed_once_into_the_kind_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    _plugins(monkeypatch, noisy="tests.noisy_engine:NoisyReference")
    command = AdapterSpec.parse("cmd:python -m shinpan.adapters.server")
    assert isinstance(command, CommandSpec) and not command.in_process
    assert command.argv == (sys.executable, "-m", "shinpan.adapters.server") and str(command) == command.text
    python = AdapterSpec.parse("py:tests.noisy_engine:NoisyReference")
    assert isinstance(python, PythonSpec) and python.in_process
    assert (python.module, python.factory) == ("tests.noisy_engine", "NoisyReference")
    assert isinstance(AdapterSpec.parse("reference"), BuiltinSpec)
    plugin = AdapterSpec.parse("noisy")
    assert isinstance(plugin, PluginSpec) and plugin.entry.value == "tests.noisy_engine:NoisyReference"
    assert AdapterSpec.parse(python) is python  # a value already parsed is kept
    assert AdapterSpec.parse("py:tests.noisy_engine:NoisyReference") == python  # a value: equal when equal


def test_checking_a_spec_starts_no_engine_and_opening_makes_a_fresh_one() -> None:
    spec = AdapterSpec.parse("py:tests.test_registry:_Counted")
    spec.check()
    assert _CALLED == []  # the factory was found, not called
    first, second = spec.open(), spec.open()
    assert _CALLED == ["made", "made"] and first is not second
    with pytest.raises(AdapterSpecError, match=r"has no attribute 'nope'") as caught:
        AdapterSpec.parse("py:tests.test_registry:nope").check()
    assert caught.value.one_line().startswith("--adapter py:tests.test_registry:nope: ")
    AdapterSpec.parse("py:tests.test_registry:_Broken").check()  # its failure is its opening's, not its check's
    with pytest.raises(AdapterSpecError, match=r"calling the factory failed"):
        AdapterSpec.parse("py:tests.test_registry:_Broken").check(make=True)  # unless it is made once
    AdapterSpec.parse("cmd:python -c pass").check(make=True)  # a cmd: adapter is not started by a check
    with pytest.raises(AdapterSpecError, match=r"calling the factory failed"):
        AdapterSpec.parse("py:tests.test_registry:_Broken").open()


def test_a_bad_spec_fails_at_parsing_with_the_spec_it_names() -> None:
    with pytest.raises(AdapterSpecError) as caught:
        AdapterSpec.parse("cmd:")
    assert caught.value.one_line() == "--adapter cmd:: names no command (write cmd:<program> [arguments])"


class _Stops:
    """A wrapper that tells whether the adapter it wraps was stopped."""

    stopped: ClassVar[list[str]] = []

    def __init__(self, simulator: Any) -> None:
        self.simulator = simulator

    def __getattr__(self, name: str) -> Any:
        return getattr(self.simulator, name)

    def stop(self, request: Any) -> Any:
        _Stops.stopped.append("stop")
        return self.simulator.stop(request)


def test_a_session_opens_from_a_spec_and_a_failed_handshake_leaves_nothing_running() -> None:
    session = AdapterSession.open("py:shinpan.adapters.reference:ReferenceSimulator")
    assert isinstance(session.simulator.inner, ReferenceSimulator)  # type: ignore[attr-defined]
    assert session.name == "py:shinpan.adapters.reference:ReferenceSimulator"
    session.stop()
    with pytest.raises(AdapterError, match="speaks protocol 99"):
        AdapterSession.open("py:tests.fake_adapters:WrongProtocol", wrap=_Stops)
    assert _Stops.stopped == ["stop"]

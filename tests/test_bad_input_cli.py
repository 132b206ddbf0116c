"""Bad input through the commands (issue 14): one line naming the file and line (or the option) and what
was expected, and exit status 4 (``shinpan lint``: the problem line and exit status 1) — never a
traceback, an INTERNALERROR, or a run that starts and fails scenario by scenario. Also what must stay
true: YAML is read safely, ``cmd:`` never goes through a shell, suite content is never evaluated."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from shinpan.adapters.contract import PROTOCOL_VERSION, HelloRequest
from shinpan.adapters.errors import AdapterSpecError
from shinpan.adapters.registry import make_adapter
from shinpan.adapters.subprocess_adapter import SubprocessSimulator, command_of
from shinpan.suite import rulesets
from shinpan.suite import scenarios as suite
from shinpan.suite.lint import lint
from tests.conftest import cases_in
from tests.test_bad_input import HEADER, scenario, write

BAD_INPUT = 4
HELLO: HelloRequest = {"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": "test", "changes": []}


@dataclass
class Done:
    code: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        return (self.out + self.err).splitlines()


def shinpan(*args: str, features: Path, cwd: Path) -> Done:
    env = {**os.environ, "SHINPAN_FEATURES": str(features)}
    env.pop("PYTEST_ADDOPTS", None)
    done = subprocess.run([sys.executable, "-m", "shinpan", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, check=False, timeout=300)
    result = Done(done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr + done.stdout and "INTERNALERROR" not in done.stdout, done.stderr
    return result


# ----------------------------------------------------------- feature files
def unknown(change: str) -> str:
    return f"@since/@until: unknown change {change!r}; known changes: {', '.join(rulesets.load().ids)}"


@pytest.mark.parametrize(("tags", "message"), [
    ("@id:t-001 @rule:1 @since:nope", lambda: unknown("nope")),
    ("@id:t-001 @rule:1 @until:2021-13-45", lambda: unknown("2021-13-45")),
])
def test_a_bad_revision_tag_stops_the_run_with_the_lint_line(suite_copy: Path, tmp_path: Path, tags: str,
                                                           message: object) -> None:
    path = write(suite_copy, HEADER + scenario("    前提 自分のターンである\n", tags=tags))
    text = message()  # type: ignore[operator]
    done = shinpan("run", features=suite_copy, cwd=tmp_path)
    assert done.code == BAD_INPUT
    assert done.err.strip() == f"ERROR: {path}:6: {text}"
    assert [(p.line, p.message) for p in lint(suite_copy)] == [(6, text)]


def test_malformed_gherkin_stops_the_run_with_the_lint_line(suite_copy: Path, tmp_path: Path) -> None:
    path = write(suite_copy, HEADER + scenario("    前提 自分のターンである\n") + "  これは手順ではない\n")
    problem = next(p for p in lint(suite_copy) if "Gherkin" in p.message)
    done = shinpan("run", features=suite_copy, cwd=tmp_path)
    assert done.code == BAD_INPUT
    assert done.err.strip() == f"ERROR: {path}:{problem.line}: {problem.message}"
    assert problem.line == 8 and problem.message.startswith("Gherkin syntax: expected: #EOF")


# ------------------------------------------------------ YAML registries
BOMB = "cards:\n  - &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n  - &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"


@pytest.mark.parametrize(("text", "where", "message"), [
    ("cards: [\n", ":2", None),  # the parser's own words: libyaml's or PyYAML's
    ('cards: !!python/object/apply:os.system ["touch pwned"]\n', ":1",
     "not valid YAML: could not determine a constructor for the tag "
     "'tag:yaml.org,2002:python/object/apply:os.system'"),
    ("cards: 5\n", ":1", "cards: expected a list of cards"),
    (None, "", "cannot read: No such file or directory"),
    ("", ":1", "expected a mapping with a list 'cards'"),
    ("cards:\n  - 5\n", ":2", "cards[0]: each card is a mapping with 'name', 'kind', 'type' and 'text' (a face of "
                             "another card: 'name', 'kind' and 'face_of')"),
    (BOMB, ":2", "not valid YAML: the value at line 2 is used again through an alias (*name); aliases are not "
                 "allowed here (write the value out)"),
])
def test_a_bad_card_registry_is_one_line_everywhere(suite_copy: Path, tmp_path: Path, text: str | None,
                                                  where: str, message: str | None) -> None:
    path = suite_copy / "cards.yaml"
    if text is None:
        path.unlink()
    else:
        path.write_text(text, encoding="utf-8")
    if message is None:
        message = next(p.message for p in lint(suite_copy))
        assert message.startswith("not valid YAML: ") and "node content" in message
    expected = f"{path}{where}: {message}"
    run = shinpan("run", features=suite_copy, cwd=tmp_path)
    assert (run.code, run.err.strip()) == (BAD_INPUT, f"ERROR: {expected}")
    listed = shinpan("list", features=suite_copy, cwd=tmp_path)
    assert (listed.code, listed.err.strip()) == (BAD_INPUT, f"Error: {expected}")  # issue 35.17: never ignored
    linted = shinpan("lint", features=suite_copy, cwd=tmp_path)
    assert linted.code == 1 and linted.out.splitlines() == [f"features/cards.yaml{where or ':1'}: {message}"]
    assert not (tmp_path / "pwned").exists()  # safe YAML: the tag made no object and ran nothing


def test_an_impossible_date_in_rulesets_yaml_is_one_line_everywhere(suite_copy: Path, tmp_path: Path) -> None:
    path = suite_copy / "rulesets.yaml"
    text = path.read_text(encoding="utf-8")
    line = text.splitlines().index("    date: 2020-06-26") + 1
    path.write_text(text.replace("    date: 2020-06-26", "    date: 2021-02-30"), encoding="utf-8")
    expected = f"{path}:{line}: not valid YAML: 2021-02-30 is not a real date (day is out of range for month)"
    for command, code, shown in [("run", BAD_INPUT, f"ERROR: {expected}"), ("rulesets", BAD_INPUT, f"Error: {expected}"),
                                 ("list", BAD_INPUT, f"Error: {expected}"), ("matrix", BAD_INPUT, f"Error: {expected}")]:
        done = shinpan(command, features=suite_copy, cwd=tmp_path)
        assert (done.code, done.err.strip()) == (code, shown), command
    linted = shinpan("lint", features=suite_copy, cwd=tmp_path)
    assert linted.code == 1
    assert linted.out.splitlines() == [f"features/rulesets.yaml:{line}: {expected.split(': ', 1)[1]}"]


# -------------------------------------------------------- command line
@pytest.mark.parametrize("option", ["--report", "--junitxml"])
def test_an_output_file_that_cannot_be_written_stops_the_run_first(suite_copy: Path, tmp_path: Path,
                                                                  option: str) -> None:
    (tmp_path / "afile").write_text("", encoding="utf-8")
    target = tmp_path / "afile" / "out"
    done = shinpan("run", f"{option}={target}", features=suite_copy, cwd=tmp_path)
    assert (done.code, done.err.strip()) == (BAD_INPUT, f"ERROR: {option} {target}: cannot write: "
                                                        f"{tmp_path / 'afile'} is not a folder")


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[Path]:
    """A folder this process may not write into: read-only for its owner, and — as root, who may write where the mode
    forbids (CI's containers run as root) — immutable too (``chattr +i``, lifted afterwards)."""
    folder.mkdir(mode=0o500)
    immutable = os.geteuid() == 0
    if immutable:
        subprocess.run(["chattr", "+i", str(folder)], check=True, capture_output=True)
    try:
        assert not os.access(folder, os.W_OK), "the folder is writable: the test would prove nothing"
        yield folder
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(folder)], check=False, capture_output=True)


@pytest.mark.parametrize("option", ["--report", "--junitxml"])
def test_an_output_folder_without_write_permission_stops_the_run_first(suite_copy: Path, tmp_path: Path,
                                                                      option: str) -> None:
    with _locked(tmp_path / "locked") as folder:
        done = shinpan("run", f"{option}={folder / 'out'}", features=suite_copy, cwd=tmp_path)
    assert (done.code, done.err.strip()) == (BAD_INPUT, f"ERROR: {option} {folder / 'out'}: cannot write: "
                                                        "permission denied")


@pytest.mark.parametrize("text", ["hello, I am not a report\n", "", '{"type": "case", "id": "x", "status": "MAYBE"}\n',
                                  '{"type": "header", "adapter": "cmd:x"}\n',
                                  '{"type": "case", "id": "x", "status": "XFAIL", "actual": "MAYBE"}\n'])
def test_expectations_update_on_a_file_that_is_not_a_report(suite_copy: Path, tmp_path: Path, text: str) -> None:
    report = tmp_path / "notes.txt"
    report.write_text(text, encoding="utf-8")
    done = shinpan("expectations", "update", str(report), features=suite_copy, cwd=tmp_path)
    expected = {
        "": f"{report}: empty: not a shinpan report (written by shinpan run --report)",
        "hello, I am not a report\n": f"{report}:1: not a line of a shinpan report (a JSON object with type "
                                      "header, case or footer; written by shinpan run --report)",
        '{"type": "header", "adapter": "cmd:x"}\n': f"{report}:1: not a report header line: adapter: 'cmd:x' is "
                                                    "not of type 'object'",
        '{"type": "case", "id": "x", "status": "XFAIL", "actual": "MAYBE"}\n':
            f"{report}:1: not a report case line: actual: 'MAYBE' is not one of ['PASS', 'FAIL', 'UNSUPPORTED', "
            "'UNOBSERVABLE', 'SCRIPT_MISMATCH', 'ERROR', 'CRASH', 'TIMEOUT', 'XFAIL', 'XPASS', 'NOT_APPLICABLE', "
            "'UNRESOLVED']",
    }.get(text, f"{report}:1: a case line needs a string 'id' and a 'status' among PASS, FAIL, UNSUPPORTED, "
                "UNOBSERVABLE, SCRIPT_MISMATCH, ERROR, NOT_APPLICABLE, UNRESOLVED, CRASH, TIMEOUT, XFAIL, XPASS")
    assert (done.code, done.err.strip()) == (BAD_INPUT, f"Error: {expected}")
    assert not (tmp_path / "expectations.toml").exists()


def spec_error(spec: str) -> str:
    with pytest.raises(AdapterSpecError) as error:
        make_adapter(spec)
    return f"--adapter {spec}: {error.value}"


@pytest.mark.parametrize(("spec", "reason"), [
    ("nope", "unknown adapter 'nope'; available: reference, or cmd:<command line>, or py:<module>:<factory>"),
    ("cmd:", "names no command (write cmd:<program> [arguments])"),
    ("cmd:'engine --fast", "cannot split the command line: no closing quotation"),
    ("cmd:/nonexistent/engine", "program '/nonexistent/engine' does not exist"),
])
def test_an_adapter_spec_that_names_no_adapter_is_one_error_before_anything_runs(suite_copy: Path, tmp_path: Path,
                                                                                spec: str, reason: str) -> None:
    expected = f"--adapter {spec}: {reason}"
    if spec != "nope":  # (this test process may have registered the fake adapters)
        assert spec_error(spec) == expected
    run = shinpan("run", f"--adapter={spec}", features=suite_copy, cwd=tmp_path)
    assert (run.code, run.err.strip(), run.out) == (BAD_INPUT, f"ERROR: {expected}", "")
    matrix = shinpan("matrix", f"--adapter={spec}", features=suite_copy, cwd=tmp_path)
    assert (matrix.code, matrix.err.strip()) == (BAD_INPUT, f"Error: {expected}")
    smoke = shinpan("smoke", f"--adapter={spec}", features=suite_copy, cwd=tmp_path)  # smoke too (it said exit 1)
    assert (smoke.code, smoke.err.strip(), smoke.out) == (BAD_INPUT, f"Error: {expected}", "")


@pytest.mark.parametrize(("args", "expected"), [
    (["--scenario-timeout", "0"], "Error: Invalid value for '--scenario-timeout': '0' must be a number greater than 0"),
    (["--timeout-multiplier=-2"], "Error: Invalid value for '--timeout-multiplier': '-2' must be a number greater "
                                  "than 0"),
    (["--timeout-multiplier=nan"], "Error: Invalid value for '--timeout-multiplier': 'nan' must be a number "
                                   "greater than 0"),
])
def test_time_limits_must_be_positive(suite_copy: Path, tmp_path: Path, args: list[str], expected: str) -> None:
    done = shinpan("run", *args, features=suite_copy, cwd=tmp_path)
    assert done.code == BAD_INPUT and done.err.strip().splitlines()[-1] == expected


def test_time_limits_must_be_positive_under_plain_pytest(suite_copy: Path, tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "shinpan.pytest_plugin", "--scenario-timeout=0",
                           str(suite_copy)], capture_output=True, text=True, cwd=tmp_path, check=False,
                          env={**os.environ, "SHINPAN_FEATURES": str(suite_copy)})
    assert done.returncode == BAD_INPUT
    assert "error: argument --scenario-timeout: '0' must be a number greater than 0\n" in done.stderr


def test_run_keeps_the_order_of_pytest_arguments(suite_copy: Path, tmp_path: Path) -> None:
    basetemp = tmp_path / "bt"
    basetemp.mkdir()
    report = tmp_path / "r.jsonl"
    done = shinpan("run", f"--report={report}", "--basetemp", str(basetemp), "-x", features=suite_copy, cwd=tmp_path)
    assert done.code == 0, done.out + done.err
    scenarios = cases_in(suite_copy)
    assert f"{scenarios} passed" in done.out
    one = suite_copy / "basics" / "召喚酔い.feature"
    other = shinpan("run", "-x", str(one), features=suite_copy, cwd=tmp_path)
    assert other.code == 0 and f"{len(suite.feature(one).cases)} passed" in other.out, other.out


# ------------------------------------------------- what must stay true
def test_cmd_never_goes_through_a_shell(tmp_path: Path) -> None:
    spec = (f"cmd:{sys.executable} -m tests.fake_subprocess serve reference $(touch {tmp_path}/a) "
            f"; touch {tmp_path}/b `touch {tmp_path}/c` && touch {tmp_path}/d")
    argv = command_of(spec)
    assert argv[:5] == [sys.executable, "-m", "tests.fake_subprocess", "serve", "reference"]
    assert argv[5:8] == ["$(touch", f"{tmp_path}/a)", ";"]
    simulator = SubprocessSimulator(argv)
    try:
        assert simulator.hello(HELLO)["status"] == "ok"
    finally:
        simulator.close()
    assert [p.name for p in tmp_path.iterdir()] == []


def test_suite_content_is_never_evaluated(suite_copy: Path, tmp_path: Path) -> None:
    payload = f"__import__('os').system('touch {tmp_path}/pwned')"
    write(suite_copy, HEADER + scenario(f"    前提 自分のターンである\n    もし {payload}\n", name=payload)
          + f'\n  @id:t-002 @rule:1\n  シナリオ: {{{{{payload}}}}}\n    前提 自分のターンである\n      """\n      {payload}\n'
            '      """\n')
    shinpan("lint", features=suite_copy, cwd=tmp_path)
    shinpan("run", features=suite_copy, cwd=tmp_path)
    shinpan("list", features=suite_copy, cwd=tmp_path)
    assert not (tmp_path / "pwned").exists()



def test_the_readme_gives_the_exit_status_of_every_command() -> None:
    from shinpan.cli import main
    from shinpan.paths import PROJECT_ROOT

    text = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
    table = text[text.index("### Exit status"):text.index("### Statuses")]
    for name, command in main.commands.items():
        shown = [f"`{name} {sub}`" for sub in getattr(command, "commands", {})] or [f"`{name}`"]
        for label in shown:
            assert label in table, f"README's exit status table does not mention {label}"

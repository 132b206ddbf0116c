"""Nothing a user has is ever lost (issue 24, items 1 and 2): every output is written whole or not at all, the
previous one stays whole until then — after SIGKILL at any instant and after a refused start — and no output
ever overwrites an input or another output (refused before anything is written: one line, exit status 4)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from shinpan.outputs import Claims, file_name, replaced, write_text
from shinpan.paths import PROJECT_ROOT
from tests.conftest import SuiteRunner, cases_in
from tests.test_faults import FAKE, left_running

BASICS = cases_in(PROJECT_ROOT / "features" / "basics")
BAD_INPUT = 4


def environment(features: Path) -> dict[str, str]:
    env = {**os.environ, "SHINPAN_FEATURES": str(features), "PYTHONPATH": str(PROJECT_ROOT)}
    env.pop("PYTEST_ADDOPTS", None)
    return env


def shinpan(*args: str, features: Path, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "shinpan", *args], capture_output=True, text=True, cwd=cwd,
                          env=environment(features), check=False, timeout=timeout)
    assert "Traceback" not in done.stderr + done.stdout and "INTERNALERROR" not in done.stdout, done.stderr
    return done


# ------------------------------------------------------------------ the helper
def test_a_file_is_replaced_only_when_it_is_complete(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old\n", encoding="utf-8")
    with pytest.raises(KeyboardInterrupt), replaced(target) as file:
        file.write("half of the new")
        assert target.read_text(encoding="utf-8") == "old\n"
        raise KeyboardInterrupt
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]  # no temporary file left
    write_text(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n"


def test_a_replaced_file_keeps_its_permissions_and_a_link_keeps_pointing(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_text(link, "new")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new"
    assert real.stat().st_mode & 0o777 == 0o640


def test_a_stream_is_written_in_place_never_replaced() -> None:
    write_text(os.devnull, "nothing")
    assert Path(os.devnull).is_char_device()


def test_file_names_are_safe_unique_and_bounded() -> None:
    keys = ["basics-sick-001", "../../../PWN-site", "x/y", "x_y", "x\\y", "X_y", "ルール" * 28, "a" * 250,
            "a" * 251, "a#2", "a@before:2021-03-16", ".hidden", "-x", "x%2fy", ""]
    names = [file_name(key, ".html") for key in keys]
    assert names[0] == "basics-sick-001.html" and names[3] == "x_y.html"
    assert len(set(names)) == len(keys)
    assert len({name.lower() for name in names}) == len(keys)  # also where case is ignored
    for name in names:
        assert "/" not in name and "\\" not in name and not name.startswith((".", "-"))
        assert len(name.encode("utf-8")) <= 100 and name.isascii()


# ------------------------------------------------ an output never overwrites an input
@pytest.fixture
def previous(tmp_path: Path) -> dict[str, Path]:
    """A report, an expectations file, a JUnit XML and a messages file from an earlier run."""
    files = {"report": tmp_path / "report.jsonl", "expectations": tmp_path / "expectations.toml",
             "junit": tmp_path / "junit.xml", "messages": tmp_path / "messages.ndjson"}
    for name, path in files.items():
        path.write_text(f"# the user's {name}: must survive\n", encoding="utf-8")
    return files


def unchanged(files: dict[str, Path]) -> bool:
    return all(path.read_text(encoding="utf-8") == f"# the user's {name}: must survive\n"
               for name, path in files.items())


CONFLICTS: list[tuple[Callable[[dict[str, Path], Path], list[str]], str]] = [
    (lambda f, s: [f"--report={f['expectations']}", f"--expectations={f['expectations']}"],
     "--report {expectations}: would overwrite the input --expectations {expectations}"),
    (lambda f, s: [f"--report={s / 'basics' / '召喚酔い.feature'}"], "is in the suite's folder"),
    (lambda f, s: [f"--report={f['report']}", f"--messages={f['report']}"],
     "--report {report} and --messages {report} name the same file"),
    (lambda f, s: [f"--report={f['report']}", f"--junitxml={f['report']}"],
     "--report {report} and --junitxml {report} name the same file"),
    (lambda f, s: [f"--report={f['report']}", f"--trace={f['report'].parent}"],
     "is inside the folder of --trace"),
]


@pytest.mark.parametrize(("arguments", "message"), CONFLICTS)
def test_an_output_in_the_way_of_an_input_or_another_output_is_refused(
        suite_copy: Path, tmp_path: Path, previous: dict[str, Path],
        arguments: Callable[[dict[str, Path], Path], list[str]], message: str) -> None:
    feature = suite_copy / "basics" / "召喚酔い.feature"
    before = feature.read_bytes()
    done = shinpan("run", *arguments(previous, suite_copy), features=suite_copy, cwd=tmp_path)
    assert done.returncode == BAD_INPUT, done.stdout + done.stderr
    expected = message.format(**{k: str(v) for k, v in previous.items()})
    assert len(done.stderr.strip().splitlines()) == 1 and expected in done.stderr, done.stderr
    assert unchanged(previous) and feature.read_bytes() == before


def test_a_hard_link_to_an_input_is_the_input(tmp_path: Path, previous: dict[str, Path]) -> None:
    link = tmp_path / "another-name.jsonl"
    os.link(previous["expectations"], link)
    claims = Claims()
    claims.reads("--expectations", previous["expectations"])
    claims.writes("--report", link)
    with pytest.raises(Exception, match="would overwrite the input --expectations"):
        claims.check()


def test_expectations_update_never_writes_over_its_report(suite_copy: Path, tmp_path: Path,
                                                         previous: dict[str, Path]) -> None:
    done = shinpan("expectations", "update", str(previous["report"]), f"--file={previous['report']}",
                   features=suite_copy, cwd=tmp_path)
    assert done.returncode == BAD_INPUT
    assert f"--file {previous['report']}: would overwrite the input REPORT {previous['report']}" in done.stderr
    assert unchanged(previous)


@pytest.mark.parametrize("command", ["run", "matrix"])
def test_expectations_that_are_a_pipe_are_refused_not_waited_for(suite_copy: Path, tmp_path: Path,
                                                                 command: str) -> None:
    fifo = tmp_path / "expectations.toml"
    os.mkfifo(fifo)
    done = shinpan(command, f"--expectations={fifo}", features=suite_copy, cwd=tmp_path, timeout=120)
    assert done.returncode == BAD_INPUT
    assert f"{fifo}: not a regular file: an expectations file is a TOML file" in done.stderr


# ------------------------------------------------ a refused start writes nothing
@pytest.mark.parametrize("refusal", [["--tags=@topic:basics and"], ["--ruleset=no-such-change"],
                                     ["--adapter=cmd:"], ["--scenario-timeout=0"]])
def test_a_refused_run_leaves_every_previous_output_as_it_was(suite_copy: Path, tmp_path: Path,
                                                              previous: dict[str, Path], refusal: list[str]) -> None:
    done = shinpan("run", f"--report={previous['report']}", f"--junitxml={previous['junit']}",
                   f"--messages={previous['messages']}", *refusal, features=suite_copy, cwd=tmp_path)
    assert done.returncode == BAD_INPUT, done.stdout + done.stderr
    assert unchanged(previous)
    assert not list(tmp_path.glob(".*.partial"))


# ------------------------------------------------ SIGKILL at any instant
def _transcripts(trace: Path) -> list[Path]:
    return [p for p in trace.glob("*.jsonl")] if trace.exists() else []


PACE = 0.02
"""Seconds the slow adapter waits before each answer: a basics run of about two seconds, with every instant below
in it (at 0.1 s, the last scenario took ten: waiting longer changes no instant, only how long the test takes)."""
INSTANTS: dict[str, Callable[[Path], bool]] = {
    "at once": lambda tmp: True,
    "when the adapter starts": lambda tmp: (tmp / "pids").exists() and bool((tmp / "pids").read_text().strip()),
    "after a few scenarios": lambda tmp: len(_transcripts(tmp / "trace")) >= 3,
    "after the last scenario": lambda tmp: len(_transcripts(tmp / "trace")) >= BASICS,
}


def _whole_or_previous(name: str, path: Path, finished: bool) -> None:
    text = path.read_text(encoding="utf-8")
    if text == f"# the user's {name}: must survive\n":
        return
    assert finished, f"{name} was written before the run finished: {text[:200]!r}"
    if name == "report":
        lines = [json.loads(line) for line in text.splitlines()]
        assert (lines[0]["type"], lines[-1]["type"]) == ("header", "footer") and len(lines) == BASICS + 2
    elif name == "junit":
        assert len(ET.fromstring(text).findall(".//testcase")) == BASICS
    elif name == "messages":
        assert "testRunFinished" in json.loads(text.splitlines()[-1])


@pytest.mark.slow  # the slow adapter answers every request after PACE seconds
@pytest.mark.parametrize("instant", list(INSTANTS))
def test_sigkill_at_any_instant_leaves_every_previous_output_whole(suite_copy: Path, tmp_path: Path,
                                                                  previous: dict[str, Path], instant: str) -> None:
    previous.pop("expectations")
    trace = tmp_path / "trace"
    command = [sys.executable, "-m", "shinpan", "run", f"--adapter=cmd:{FAKE} slow --pace {PACE} --pids {tmp_path / 'pids'}",
               f"--report={previous['report']}", f"--junitxml={previous['junit']}",
               f"--messages={previous['messages']}", f"--trace={trace}"]
    process = subprocess.Popen(command, cwd=tmp_path, env=environment(suite_copy), stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 240
    while not INSTANTS[instant](tmp_path) and process.poll() is None:
        assert time.monotonic() < deadline, f"the run never got {instant}"
        time.sleep(0.01)
    process.send_signal(signal.SIGKILL)
    finished = process.wait() == 0
    for name, path in previous.items():
        _whole_or_previous(name, path, finished)
    for transcript in _transcripts(trace):  # each written whole: it ends with the scenario's end
        assert json.loads(transcript.read_text(encoding="utf-8").splitlines()[-1])["kind"] == "end"
    if (tmp_path / "pids").exists() and (tmp_path / "pids").read_text(encoding="utf-8").strip():
        left_running(tmp_path)  # the orphaned adapter is not left to the next test


# ------------------------------------------------ the site: SIGKILL at any instant, what it owns
def _site_files(out: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and ".shinpan-" not in str(p.relative_to(out))}


def _written_since(out: Path, started: int, *, pages_only: bool = False, top: Path | None = None) -> int:
    """How many paths under ``out`` (or only ``top``'s pages) were changed since ``started`` (ns)."""
    paths = (top or out).glob("*.html") if top else out.rglob("*")
    return sum(1 for p in paths if p.stat().st_mtime_ns > started and (not pages_only or p.suffix == ".html"))


SITE_INSTANTS: dict[str, Callable[[Path, int], bool]] = {
    "at once": lambda out, started: True,
    "as soon as it changes anything in --out": lambda out, started: _written_since(out, started) > 0,
    "half-way through its pages": lambda out, started: _written_since(out, started, pages_only=True) >= 150,
    "while its pages go into place": lambda out, started: _written_since(out, started, top=out / "scenarios") > 0,
}


def _last_tick(folder: Path) -> int:
    """A file time (ns) that every file written from now on is later than: the time of a probe file, once a probe
    written after it gets a later one (file times advance by the kernel's clock ticks, not by the nanosecond)."""
    probe = folder / ".tick"
    probe.write_bytes(b"")
    first = probe.stat().st_mtime_ns
    while True:
        probe.write_bytes(b"")
        if probe.stat().st_mtime_ns > first:
            probe.unlink()
            return first


def _whole(path: Path) -> bool:
    data = path.read_bytes()
    if path.suffix == ".html":
        return data.endswith(b"</html>\n")
    return path.suffix != ".js" or data.rstrip().endswith((b";", b"}"))


@pytest.mark.parametrize("instant", list(SITE_INSTANTS))
def test_sigkill_at_any_instant_leaves_the_previous_site_whole(tmp_path: Path, instant: str) -> None:
    """Before: the old pages were deleted first (SIGKILL at 0.8 s left no scenario page) and the new ones written in
    place. Now every page of the previous build is there and whole whenever the build is killed."""
    out = tmp_path / "out"
    env = environment(PROJECT_ROOT / "features")
    subprocess.run([sys.executable, "-m", "shinpan", "site", "--out", str(out)], env=env, check=True,
                   capture_output=True)
    before = _site_files(out)
    started = _last_tick(tmp_path)
    process = subprocess.Popen([sys.executable, "-m", "shinpan", "site", "--out", str(out)], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 240
    while not SITE_INSTANTS[instant](out, started) and process.poll() is None:
        assert time.monotonic() < deadline, f"the build never got {instant}"
        time.sleep(0.005)
    process.send_signal(signal.SIGKILL)
    process.wait()
    after = _site_files(out)
    assert set(before) <= set(after), sorted(str(p) for p in set(before) - set(after))[:5]
    assert [p for p in after if not _whole(p)] == []
    rebuilt = subprocess.run([sys.executable, "-m", "shinpan", "site", "--out", str(out)], env=env,
                             capture_output=True, text=True, check=False)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert list(out.glob(".shinpan-build-*")) == []  # the killed build's scratch is gone too


def test_the_site_never_follows_a_symbolic_link_out_of_its_folder(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "precious.html").write_text("the user's", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "scenarios").symlink_to(elsewhere)
    done = shinpan("site", "--out", str(out), features=PROJECT_ROOT / "features", cwd=tmp_path)
    assert done.returncode == BAD_INPUT
    assert f"{out / 'scenarios'} is a symbolic link" in done.stderr
    assert [p.name for p in elsewhere.iterdir()] == ["precious.html"]
    assert sorted(p.name for p in out.iterdir()) == ["scenarios"]  # nothing written


def test_a_page_that_is_a_link_is_replaced_not_written_through(tmp_path: Path) -> None:
    target = tmp_path / "passwd"
    target.write_text("root:x:0:0", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "index.html").symlink_to(target)
    done = shinpan("site", "--out", str(out), features=PROJECT_ROOT / "features", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert target.read_text(encoding="utf-8") == "root:x:0:0"
    assert not (out / "index.html").is_symlink() and _whole(out / "index.html")


def test_two_builds_into_one_folder_both_succeed(tmp_path: Path) -> None:
    """Before: each deleted the pages the other was writing, and one ended with exit status 4."""
    out = tmp_path / "out"
    env = environment(PROJECT_ROOT / "features")
    builds = [subprocess.Popen([sys.executable, "-m", "shinpan", "site", "--out", str(out)], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
    for build in builds:
        _, err = build.communicate(timeout=300)
        assert build.returncode == 0, err
    assert [p for p in _site_files(out) if not _whole(p)] == []
    assert len(list((out / "scenarios").glob("*.html"))) >= 300


def test_an_input_report_among_the_sites_pages_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / "scenarios").mkdir(parents=True)
    report = out / "scenarios" / "engine.jsonl"
    report.write_text("# the user's report\n", encoding="utf-8")
    done = shinpan("site", "--out", str(out), "--report", str(report), features=PROJECT_ROOT / "features",
                   cwd=tmp_path)
    assert done.returncode == BAD_INPUT
    assert f"--report {report}: is inside the folder of --out {out}" in done.stderr
    assert report.read_text(encoding="utf-8") == "# the user's report\n"


# ------------------------------------------------ expectations update: SIGKILL at any instant
@pytest.mark.parametrize("instant", ["at once", "while it writes the file"])
def test_sigkill_at_any_instant_leaves_the_previous_expectations_whole(tmp_path: Path, instant: str) -> None:
    report = tmp_path / "report.jsonl"
    lines = [{"type": "header", "adapter": {"spec": "cmd:engine"}, "suite_hash": "sha256:" + "0" * 64}]
    lines += [{"type": "case", "id": f"basics-x-{n:06}", "status": "FAIL", "message": f"wrong {n}"}
              for n in range(20000)]
    report.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    expectations = tmp_path / "expectations.toml"
    previous = 'adapter = "cmd:engine"\n\n# my reasons\n[expect."basics-x-000001"]\nstatus = "FAIL"\nreason = "known"\n'
    expectations.write_text(previous, encoding="utf-8")
    process = subprocess.Popen([sys.executable, "-m", "shinpan", "expectations", "update", str(report),
                                f"--file={expectations}"], env=environment(PROJECT_ROOT / "features"),
                               cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 240
    while instant != "at once" and process.poll() is None and not (
            list(tmp_path.glob(".expectations.toml.*.partial")) or expectations.read_text(encoding="utf-8") != previous):
        assert time.monotonic() < deadline
        time.sleep(0.001)
    process.send_signal(signal.SIGKILL)
    process.wait()
    text = expectations.read_text(encoding="utf-8")
    # the old file, or the whole new one (the command may be killed after its file is in place, before it exits)
    assert text == previous or (text.count("[expect.") == 20000 and "# my reasons" in text), text[:300]


@pytest.mark.parametrize("refusal", [["--tags=@topic:basics and"], ["--adapter=cmd:"]])
def test_a_refused_matrix_leaves_its_previous_report_as_it_was(suite_copy: Path, tmp_path: Path,
                                                               previous: dict[str, Path], refusal: list[str]) -> None:
    done = shinpan("matrix", f"--report={previous['report']}", *refusal, features=suite_copy, cwd=tmp_path)
    assert done.returncode == BAD_INPUT, done.stdout + done.stderr
    assert unchanged(previous)


def test_an_interrupt_while_collecting_leaves_the_previous_report(run_suite: SuiteRunner, suite_copy: Path,
                                                                  tmp_path: Path) -> None:
    """Before: the report was emptied when the run was interrupted before any scenario ran."""
    previous = '{"type": "header", "previous": true}\n'
    (tmp_path / "report-0.jsonl").write_text(previous, encoding="utf-8")  # the path run_suite's first run writes
    result = run_suite("-p", "tests.interrupt_collection", features=suite_copy, tmp=tmp_path)
    assert result.returncode == 2, result.output
    assert (tmp_path / "report-0.jsonl").read_text(encoding="utf-8") == previous

"""Hostile text (issue 24, items 8, 9 and 10): what a report or an adapter says reaches a terminal with its control
characters escaped; whatever the kit writes in a report, it reads back; a lone surrogate is a problem reported,
never a crash."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

from shinpan.adapters import schemas
from shinpan.adapters.text import clean
from shinpan.cli import main
from shinpan.errors import ReportError
from shinpan.outputs import json_line, printable
from shinpan.reports import report
from shinpan.site import reports
from tests.conftest import SuiteRunner
from tests.fake_adapters import HOSTILE
from tests.site_support import write_report

ESCAPES = ("\x1b", "\x07", "\u202e", "\u2028", "\x85", "\x9b")
"""What must never reach a terminal raw."""
SEPARATORS = ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\r", "\n", "\ud800", "\udfff",
              "\x1b[2J", '"', "\\"]
HOSTILE_TEXT = st.lists(st.one_of(st.sampled_from(SEPARATORS), st.text(max_size=5)), max_size=8).map("".join)
"""Text made of the characters some reader takes for a line end, lone surrogates, and anything else."""


def _raw(text: str) -> list[str]:
    return [escape for escape in ESCAPES if escape in text]


# ------------------------------------------------------------------ item 8: a terminal
def test_printable_escapes_controls_and_keeps_the_rest() -> None:
    assert printable("engine\x1b]0;t\x07 名前\t\n") == "engine\\x1b]0;t\\x07 名前\t\n"
    assert printable("a\nb\tc\u2028\u202e", one_line=True) == "a\\x0ab\\x09c\\u2028\\u202e"
    assert printable("\ud800\x9b") == "\\ud800\\x9b"


def _hostile_report(path: Path) -> Path:
    written = write_report(path, f"engine{HOSTILE}", lambda case_id: "FAIL")
    lines = [json.loads(line) for line in written.read_text(encoding="utf-8").split("\n") if line]
    lines[0]["suite_hash"] = "sha256:" + "1" * 64  # so that the site warns, naming the engine
    for line in lines[1:-1]:
        line.update(id=f"{line['id']}{HOSTILE}", topic=f"t{HOSTILE}", message=f"m{HOSTILE}")
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("format_", ["pretty", "markdown", "json"])
def test_compare_prints_no_control_character_of_a_report(tmp_path: Path, format_: str) -> None:
    hostile = _hostile_report(tmp_path / "hostile.jsonl")
    done = CliRunner().invoke(main, ["compare", "--format", format_, str(hostile)])
    assert done.exit_code == 0, done.output
    assert _raw(done.output) == [] and "engine" in done.output


def test_site_warns_without_printing_a_control_character(tmp_path: Path) -> None:
    hostile = _hostile_report(tmp_path / "hostile.jsonl")
    done = CliRunner().invoke(main, ["site", "--out", str(tmp_path / "out"), "--report", str(hostile)])
    assert done.exit_code == 0, done.output
    assert "report of another version of the suite" in done.output
    assert _raw(done.output) == [] and "engine\\x1b]0;pwned\\x07" in done.output


def test_a_run_prints_no_control_character_of_the_adapter(run_suite: SuiteRunner, suite_copy: Path,
                                                           tmp_path: Path) -> None:
    result = run_suite("--adapter=fake-hostile", "-rA", features=suite_copy, tmp=tmp_path)
    assert {line["status"] for line in result.cases()} == {"ERROR"}
    assert "cannot\\x1b]0;pwned\\x07" in result.output  # the failures, as the terminal shows them
    assert _raw(result.output) == []
    assert any(HOSTILE in str(line["message"]) for line in result.cases())  # the report keeps the text as it was


# ------------------------------------------------------------------ item 9: a report reads back
def kit_write(path: Path, lines: list[dict[str, Any]]) -> None:
    report.write(path, lines)


def kit_read(path: Path) -> list[dict[str, Any]]:
    return report.read(path)


def planted_write(path: Path, lines: list[dict[str, Any]]) -> None:
    """How the kit wrote before: raw text, a lone surrogate replaced by '?'."""
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8",
                    errors="replace")


def planted_read(path: Path) -> list[dict[str, Any]]:
    """How the kit read before: lines split by str.splitlines."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _lines(text: str) -> list[dict[str, Any]]:
    case = {"type": "case", "id": f"t-001{text}", "status": "FAIL", "message": text, "name": text, "topic": text}
    return [{"type": "header", "adapter": {"spec": text, "name": text}, "suite_hash": "sha256:" + "0" * 64}, case,
            {"type": "footer", "scenarios": 1}]


def round_trips(write: Callable[[Path, list[dict[str, Any]]], None],
                read: Callable[[Path], list[dict[str, Any]]], folder: Path, text: str) -> bool:
    path = folder / "report.jsonl"
    write(path, _lines(text))
    try:
        return bool(read(path) == clean(_lines(text)))
    except (ValueError, ReportError):
        return False


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=HOSTILE_TEXT)
def test_whatever_the_kit_writes_in_a_report_it_reads_back(tmp_path: Path, text: str) -> None:
    assert round_trips(kit_write, kit_read, tmp_path, text)
    path = tmp_path / "report.jsonl"
    assert len(path.read_bytes().split(b"\n")) == 4  # three lines, each split only at its end
    assert reports.load(path, "e0", "sha256:" + "0" * 64).results  # and the site reads it too


def test_the_round_trip_property_catches_the_old_writer_and_reader(tmp_path: Path) -> None:
    """The property's strength: with the kit's old ways (raw text, splitlines) it finds a text that breaks."""
    found = find(HOSTILE_TEXT, lambda text: not round_trips(planted_write, planted_read, tmp_path, text),
                 settings=settings(database=None, max_examples=500))
    assert any(separator in found for separator in SEPARATORS[:9])


def test_a_json_line_is_one_line_for_every_reader() -> None:
    line = json_line({"m": "".join(SEPARATORS)})
    assert line.splitlines() == [line] and line.isprintable()
    assert json.loads(line) == {"m": clean("".join(SEPARATORS))}


@pytest.mark.parametrize("command", [["compare"], ["expectations", "update"], ["site", "--out", "out", "--report"]])
def test_a_report_of_hostile_text_is_read_by_every_command(tmp_path: Path, command: list[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "r.jsonl"
    lines = _lines("a\u2028b\x85c\x0bd\x0ce\x1cf")
    lines[1].update(id="basics-sick-001", message=lines[1]["message"] + "\ud800")  # a scenario the site shows
    lines[0]["suite_hash"] = "sha256:" + "1" * 64
    # written by another tool: the separators raw, the surrogate as JSON's escape "\ud800"
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    path.write_text(text.replace("\ud800", "\\ud800"), encoding="utf-8")
    done = CliRunner().invoke(main, [*command, str(path)])
    assert done.exit_code == 0, done.output
    assert "Traceback" not in done.output


# ------------------------------------------------------------------ item 10: a lone surrogate is a problem
@pytest.mark.parametrize(("definition", "message", "where"), [
    ("response", {"status": "ok", "message": "\ud800"}, "message"),
    ("response", {"status": "\udc00"}, "status"),
    ("report.json#/$defs/case", {"type": "case", "id": "x\ud800", "status": "PASS"}, "id"),
])
def test_a_lone_surrogate_is_reported_not_raised(definition: str, message: dict[str, Any], where: str) -> None:
    found = schemas.problems(definition, message)
    assert f"{where}: a string holding a lone surrogate (\\ud800-\\udfff): not valid Unicode" in found


def test_the_site_copies_no_file_a_report_names_that_is_not_a_transcript(tmp_path: Path) -> None:
    """A shared report names its transcripts by path: one naming a private file must not get it published."""
    secret = tmp_path / "id_rsa"
    secret.write_text("-----BEGIN PRIVATE KEY-----\n", encoding="utf-8")
    path = write_report(tmp_path / "r.jsonl", "engine", lambda case_id: "FAIL", transcripts=tmp_path / "trace")
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines[1:-1]:
        if line.get("transcript"):
            line["transcript"] = str(secret)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    done = CliRunner().invoke(main, ["site", "--out", str(tmp_path / "out"), "--report", str(path)])
    assert done.exit_code == 0, done.output
    assert not [p for p in (tmp_path / "out").rglob("*") if p.is_file() and b"PRIVATE KEY" in p.read_bytes()]

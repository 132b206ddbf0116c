"""`shinpan smoke` tells a broken adapter from a wrong engine; `shinpan dump-cases` exports the suite."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

from shinpan.cli import main
from shinpan.running.smoke import run
from shinpan.suite import scenarios as suite

FAKE = f"cmd:{sys.executable} -m tests.fake_subprocess"


@pytest.mark.parametrize(
    ("spec", "verdicts", "diagnosis"),
    [
        ("reference", {"ok"}, "ADAPTER OK: handshake"),
        (f"{FAKE} dies-at-start", {"adapter"}, "BROKEN ADAPTER"),
        (f"{FAKE} garbage", {"ok", "adapter"}, "BROKEN ADAPTER: the exchange itself failed at 'empty state'"),
        (f"{FAKE} serve fake-always-wrong", {"ok", "engine"}, "ADAPTER OK, ENGINE DISAGREES"),
        (f"{FAKE} serve fake-supports-nothing", {"ok", "skipped"}, "some checks were skipped"),
    ],
)
def test_smoke_diagnoses(spec: str, verdicts: set[str], diagnosis: str) -> None:
    checks, text = run(spec, timeout=5)
    assert {c.verdict for c in checks} == verdicts, checks
    assert text.startswith(diagnosis) or diagnosis in text, text


def test_smoke_exit_status_and_stderr_tail() -> None:
    result = CliRunner().invoke(main, ["smoke", "--adapter", f"{FAKE} dies-at-start"])
    assert result.exit_code == 1
    assert "cannot load the card database" in result.output


def test_dump_cases_is_one_json_line_per_case() -> None:
    result = CliRunner().invoke(main, ["dump-cases", "--ruleset", "2020-09-18"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    expected = [c.id for p in suite.feature_paths() for c in suite.feature(p).cases]
    assert [line["id"] for line in lines] == expected
    first = lines[0]
    assert first["ruleset"] == "2020-09-18" and first["steps"] and {"keyword", "kind", "text", "line"} <= set(
        first["steps"][0])

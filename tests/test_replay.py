"""`shinpan dump-cases --messages`: the suite as messages and checks, replayed without the kit's steps."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from shinpan.adapters import schemas
from tests.conftest import SuiteRunner
from tests.replayer import replay

SERVER = [sys.executable, "-m", "shinpan", "serve-reference"]


def _dump(tmp_path: Path) -> list[dict[str, Any]]:
    done = subprocess.run([sys.executable, "-m", "shinpan", "dump-cases", "--messages"], capture_output=True,
                          text=True, check=False, cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_replaying_the_dump_passes_what_the_suite_passes(run_suite: SuiteRunner, tmp_path: Path) -> None:
    cases = _dump(tmp_path)
    for case in cases:
        assert schemas.problems("cases.json", case) == [], case["id"]
    replayed = replay(cases, SERVER)
    normal = run_suite("--adapter=reference", tmp=tmp_path)
    passed = {case_id for case_id, status in normal.statuses().items() if status == "PASS"}
    assert len(passed) >= 200
    assert {case_id for case_id, status in replayed.items() if status == "PASS"} == passed
    assert set(replayed) == passed  # nothing that applies fails, and nothing else is replayed
    assert {case["id"] for case in cases if case["applies"]} == passed
    kinds = {item["check"]["check"] for case in cases for item in case["messages"] if "check" in item}
    # every form but "any" and "mana_tapped" (which no scenario uses today: a tap state is a "tapped" check, wherever
    # the card is; tests/test_checks.py covers both) is replayed
    assert kinds == {"in_zone", "zone_count", "position", "object", "count", "mana_tapped", "tapped", "lost", "rejected",
                     "all", "any", "not"} - {"any", "mana_tapped"}

    # the checks are live: change what one expects, and that case (only) fails the replay
    sick = next(case for case in cases if case["id"] == "basics-sick-001")
    check = next(item["check"] for item in sick["messages"]
                 if "check" in item and item["check"].get("field") == "summoning_sick")
    check["value"] = not check["value"]
    rejecting = next(case for case in cases if case["id"] == "basics-sick-002")
    verdict = next(item["check"] for item in rejecting["messages"] if "check" in item
                   and item["check"]["check"] == "rejected")
    verdict["value"] = not verdict["value"]
    mutated = replay([sick, rejecting, cases[0]], SERVER)
    assert mutated == {"basics-sick-001": "FAIL", "basics-sick-002": "FAIL", cases[0]["id"]: "PASS"}


def test_the_replayer_does_not_import_the_kit() -> None:
    source = (Path(__file__).parent / "replayer.py").read_text(encoding="utf-8")
    assert "import shinpan" not in source and "from shinpan" not in source

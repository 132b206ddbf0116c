"""`dump-cases --messages` carries the reference engine's full answers (issue 34.7): every request of a case with
its answer, observations and events included, so that an author replays the cases in their own test runner and
compares answers without the kit."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from shinpan.adapters import schemas
from shinpan.cli import main
from shinpan.paths import PROJECT_ROOT


def _cases() -> list[dict[str, Any]]:
    result = CliRunner().invoke(main, ["dump-cases", "--messages"])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.output.splitlines()]


def test_each_case_that_ran_carries_every_request_with_the_reference_engines_answer() -> None:
    cases = _cases()
    ran = [case for case in cases if case["reference_status"] == "PASS"]
    assert len(ran) >= 200
    for case in ran:
        assert schemas.problems("cases.json", case) == [], case["id"]
        sent = [item["send"] for item in case["messages"] if "send" in item]
        requests = [exchange["request"] for exchange in case["reference_exchanges"]]
        assert requests == sent, case["id"]  # the case's own messages, in order, each with its answer
    observed = [exchange["answer"]["observation"] for case in ran for exchange in case["reference_exchanges"]
                if exchange["request"]["cmd"] == "observe"]
    assert observed and any(observation["events"] for observation in observed)
    assert all(not case["reference_exchanges"] for case in cases if case["reference_status"] != "PASS"
               and not case["applies"])


def test_replaying_the_requests_on_the_served_reference_engine_gives_the_recorded_answers() -> None:
    """The loop an author writes in their own runner (go test, node --test), here against the kit's server."""
    cases = [case for case in _cases() if case["reference_exchanges"]][:40]
    server = subprocess.Popen([sys.executable, "-m", "shinpan", "serve-reference"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, encoding="utf-8")
    assert server.stdin is not None and server.stdout is not None

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
        server.stdin.flush()
        answer: dict[str, Any] = json.loads(server.stdout.readline())
        return answer

    try:
        hello = ask({"cmd": "hello", "protocol": cases[0]["protocol"], "kit_version": "replay", "changes": []})
        assert hello["status"] == "ok"
        for case in cases:
            for exchange in case["reference_exchanges"]:
                assert ask(exchange["request"]) == exchange["answer"], case["id"]
        ask({"cmd": "stop"})
    finally:
        server.stdin.close()
        server.wait(timeout=30)


def test_the_guides_node_test_loop_replays_the_cases_against_the_node_template(tmp_path: Path) -> None:
    if shutil.which("node") is None:
        pytest.skip("no node on this machine")
    guide = (PROJECT_ROOT / "docs" / "adapters.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- replay-file: replay.test.js -->\n```js\n(.*?)\n```", guide, re.DOTALL)
    assert block is not None
    (tmp_path / "replay.test.js").write_text(block[1], encoding="utf-8")
    cases = _cases()
    adapter = PROJECT_ROOT / "adapters" / "examples" / "node" / "adapter.js"

    def node_test() -> subprocess.CompletedProcess[str]:
        (tmp_path / "cases.jsonl").write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases),
                                              encoding="utf-8")
        return subprocess.run(["node", "--test", "replay.test.js"], cwd=tmp_path, capture_output=True, text=True,
                              env={**os.environ, "CASES": "cases.jsonl", "ADAPTER": f"node {adapter}"}, timeout=300,
                              check=False)

    done = node_test()
    assert done.returncode == 0, done.stdout[-3000:]
    passed = int(re.search(r"^# pass (\d+)", done.stdout, re.MULTILINE)[1])  # type: ignore[index]
    assert passed >= 12  # hello, stop, and the cases the template plays, each answer as the reference's

    zone = next(case for case in cases if case["id"] == "basics-zone-001")  # the loop is live: plant a difference
    seen = next(e["answer"]["observation"] for e in zone["reference_exchanges"] if e["request"]["cmd"] == "observe")
    seen["players"]["me"]["graveyard"].append("nowhere")
    done = node_test()
    assert done.returncode != 0 and "# fail 1" in done.stdout

"""The Node.js example adapter (adapters/examples/node): the template simulator authors copy."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shinpan.paths import PROJECT_ROOT
from tests.conftest import SuiteRunner

NODE = shutil.which("node")
EXAMPLE = PROJECT_ROOT / "adapters" / "examples" / "node" / "adapter.js"


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_node_example_passes_what_it_supports_and_fails_nothing(run_suite: SuiteRunner, tmp_path: Path, suite_copy: Path) -> None:
    junit = tmp_path / "junit.xml"
    result = run_suite(f"--adapter=cmd:{NODE} {EXAMPLE}", "--validate", f"--junitxml={junit}", features=suite_copy,
                       tmp=tmp_path)
    statuses = result.statuses()
    assert set(statuses.values()) == {"PASS", "UNSUPPORTED"}, result.output
    assert statuses["basics-sick-001"] == "PASS"  # plain creatures: setup, moves, observation
    assert statuses["basics-sick-006"] == "UNSUPPORTED"  # スピードアタッカー is not among its cards
    assert result.returncode == 0, result.output
    header = result.lines[0]
    assert header["adapter"]["name"] == "shinpan-example-node" and header["adapter"]["language"] == "JavaScript"
    unsupported = [r for r in result.report if r["status"] == "UNSUPPORTED"]
    assert all("not implemented" in str(r["message"]) for r in unsupported)
    xml = junit.read_text(encoding="utf-8")  # pytest's JUnit XML carries each scenario's shinpan status
    assert '<property name="shinpan.id" value="basics-sick-006" />' in xml
    assert xml.count('<property name="shinpan.status" value="UNSUPPORTED" />') == len(unsupported)

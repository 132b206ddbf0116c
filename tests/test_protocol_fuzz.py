"""A protocol fuzzer (issue 14): hypothesis plans faults in the answers of a subprocess adapter
(:mod:`tests.fuzz_adapter`: wrong types, missing fields, extra lines, big and deep values, invalid
Unicode, lines that are not JSON, exits) and the kit runs a feature file through it.

Whatever the plan: the kit does not crash (exit status 0 or 1, never 3; no traceback, no INTERNALERROR),
the report is complete (header, one line per scenario — or, when the handshake failed, for the first scenario, after
which the run stops —, footer) and valid against ``report.json``, and no
process the adapter ran is left behind. The number of examples is fixed and small (each is one run of
seven scenarios), so a 2-core CI can afford it."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shinpan.adapters import schemas
from shinpan.paths import PROJECT_ROOT
from shinpan.suite import scenarios as suite
from tests.conftest import SuiteRunner
from tests.fuzz_adapter import FAULTS
from tests.test_faults import left_running

EXAMPLES = 8
"""Runs per test session (about 2-4 s each)."""
FEATURE = "ゾーンの移動.feature"
REQUESTS = 32
"""The last request number a plan may break: a run of the feature with no fault sends 33 requests (hello, then per
scenario new_game, setup, act, observe; then stop), so every planned number up to this one is surely reached."""

plans = st.dictionaries(
    keys=st.integers(min_value=0, max_value=REQUESTS).map(str),
    values=st.tuples(st.sampled_from(FAULTS), st.integers(min_value=0, max_value=10_000)).map(list),
    min_size=1, max_size=6,
)


@settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(plan=plans)
def test_no_plan_of_faults_crashes_the_kit(plan: dict[str, list[Any]], run_suite: SuiteRunner,
                                          tmp_path_factory: Any) -> None:
    tmp: Path = tmp_path_factory.mktemp("fuzz")
    features = tmp / "features"
    (features / "basics").mkdir(parents=True)
    for name in ("cards.yaml", "rulesets.yaml", f"basics/{FEATURE}"):
        shutil.copy(PROJECT_ROOT / "features" / name, features / name)
    (tmp / "plan.json").write_text(json.dumps(plan), encoding="utf-8")
    spec = f"--adapter=cmd:{sys.executable} -m tests.fuzz_adapter {tmp / 'plan.json'} {tmp}"
    result = run_suite(spec, "--scenario-timeout=1", features=features, tmp=tmp)
    assert result.returncode in (0, 1), result.output
    assert "Traceback" not in result.output and "INTERNALERROR" not in result.output, result.output
    lines = result.lines
    assert lines and (lines[0]["type"], lines[-1]["type"]) == ("header", "footer"), result.output
    # every scenario; or, when the adapter could not start (its handshake failed: the header says why), the first,
    # after which the run stops
    expected = 1 if lines[0]["adapter"].get("error") else len(suite.feature(features / "basics" / FEATURE).cases)
    assert len(result.cases()) == expected == lines[-1]["scenarios"]
    for line in lines:
        assert schemas.problems("report.json", line) == [], line
    assert left_running(tmp) == []
    answered = int((tmp / "count").read_text(encoding="utf-8"))
    assert answered > min(map(int, plan)), f"the plan's first fault was never reached ({answered} requests)"

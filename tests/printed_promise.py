"""The printer's promise, checked from outside :func:`shinpan.explore.printing.checked`: every scenario an exploration
prints lints clean, fails on the engine that showed it and passes on the reference engine — run here by the suite's
own runner on a scratch suite. Its notes hold no absolute path or traceback. Used by tests/test_explore_planted.py
(on each planted bug's own search) and tests/test_explore_promise.py (``SHINPAN_EXPLORE_SEEDS``: many seeds)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterable
from pathlib import Path

from shinpan.errors import RenderError
from shinpan.explore.findings import Finding
from shinpan.explore.printing import checked, feature
from shinpan.paths import PROJECT_ROOT
from shinpan.suite import rulesets
from shinpan.suite.lint import lint
from tests.conftest import SuiteRunner

TODAY = rulesets.load().today()
GENERATED_ID = re.compile(r"@id:(gen-[0-9a-f]{12})")
SHOWN = ("FAIL", "ERROR", "CRASH", "TIMEOUT", "SCRIPT_MISMATCH")


def printed(findings: Iterable[Finding], adapter: str, label: str) -> dict[str, str]:
    """The scenarios :func:`checked` prints for ``findings``, by id; each one it refuses is said (``-s``), with why."""
    unprintable: list[str] = []
    texts: list[str] = []
    findings = list(findings)
    for finding in findings:
        try:
            texts.append(checked(finding, TODAY, adapter))
        except RenderError as why:
            unprintable.append(f"{finding.cause.key}: {why}")
    print(f"\n{label}: {len(findings)} findings, {len(texts)} printed"
          + "".join(f"\n  unprintable {line}" for line in unprintable))
    return {GENERATED_ID.findall(text)[0]: text for text in texts}


def keeps_the_promise(scenarios: dict[str, str], adapter: str, run_suite: SuiteRunner, tmp_path: Path) -> None:
    """The printed ``scenarios`` (by id) hold no traceback or absolute path, lint clean in a scratch suite, and, run
    by the suite's runner, fail (or end as their fault did) on ``adapter`` and pass on the reference engine — or are
    UNRESOLVED on both when their answer depends on a change in doubt."""
    for text in scenarios.values():
        assert "Traceback" not in text and not re.search(r"(^|[\s(])/(home|work|usr|tmp|root)/", text), text
    root = tmp_path / "features"
    (root / "explore").mkdir(parents=True)
    for name in ("cards.yaml", "rulesets.yaml", "sources.yaml", "rules.yaml"):
        shutil.copy(PROJECT_ROOT / "features" / name, root / name)
    (root / "explore" / "explore.feature").write_text(feature(list(scenarios.values()), "planted"), encoding="utf-8")
    assert [str(problem) for problem in lint(root)] == []
    on_bug = _by_id(run_suite(f"--adapter={adapter}", features=root, tmp=tmp_path).statuses())
    on_reference = _by_id(run_suite(features=root, tmp=tmp_path).statuses())
    assert set(on_bug) == set(on_reference) == set(scenarios), (sorted(on_bug), sorted(scenarios))
    for scenario_id, text in scenarios.items():  # one whose answer depends on a change in doubt says so: UNRESOLVED
        in_doubt = "UNRESOLVED" in text
        assert on_reference[scenario_id] == ("UNRESOLVED" if in_doubt else "PASS"), (scenario_id, text)
        assert on_bug[scenario_id] in (("UNRESOLVED",) if in_doubt else SHOWN), (scenario_id, on_bug[scenario_id])


def _by_id(statuses: dict[str, str]) -> dict[str, str]:
    """The statuses by scenario id (the runner keys them by id, possibly with a suffix)."""
    return {key.split("#")[0]: value for key, value in statuses.items()}

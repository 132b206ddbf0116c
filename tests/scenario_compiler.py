"""Compile a printed scenario back to its case, as the kit compiles the suite: the text is read as a feature file
and its one scenario goes through :func:`shinpan.running.cases.compile_case` (the step library's definitions on a duel
that records what they make; no pytest, no engine)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from shinpan.adapters.contract import Rules
from shinpan.running.cases import Case, compile_case
from shinpan.suite import scenarios as suite

NO_CHANGES: Rules = {"label": "printed", "changes": []}


def compile_scenario(feature_text: str, rules: Rules = NO_CHANGES) -> Case:
    """The case of the only scenario of ``feature_text`` (a feature file's text), under ``rules``."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "printed.feature"
        path.write_text(feature_text, encoding="utf-8")
        (scenario,) = suite.parse_feature(path).cases
        return compile_case(scenario, rules)

"""Every printed scenario keeps the printer's promise (tests/printed_promise.py), over many seeds and every planted
bug: it lints clean, fails on the engine that showed it and passes on the reference engine — checked by the suite's
own runner on a scratch suite, independently of :func:`shinpan.explore.printing.checked`, which refuses (with why) to
print one that would not. Its tags cite only rules of its days; its notes hold no absolute path or traceback.

Each planted bug's own searches check it in tests/test_explore_planted.py (one search per bug and seed finds, replays
and prints: the work is done once). ``SHINPAN_EXPLORE_SEEDS=N`` adds here a test per bug exploring it under seeds
0..N-1 (the issue's bar: 20) with the differential run and the bug's oracles, each with the whole budget of
:data:`EXAMPLES`. ``-s`` prints, per bug and seed, the findings and how many printed.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from shinpan.explore import Settings, explore
from shinpan.explore.printing import checked
from tests.conftest import SuiteRunner
from tests.planted_bugs import PLANTED
from tests.printed_promise import TODAY, keeps_the_promise, printed
from tests.test_explore_planted import RULES

SEEDS = int(os.environ.get("SHINPAN_EXPLORE_SEEDS", "0"))
EXAMPLES = 300
"""Examples per oracle of each search under ``SHINPAN_EXPLORE_SEEDS``."""

if SEEDS:
    @pytest.mark.slow
    @pytest.mark.parametrize("bug", sorted(PLANTED))
    def test_every_printed_scenario_lints_fails_on_its_bug_and_passes_on_the_reference(
            bug: str, run_suite: SuiteRunner, tmp_path: Path) -> None:
        adapter = f"py:tests.planted_bugs:{bug}"
        scenarios: dict[str, str] = {}
        for seed in range(SEEDS):
            exploration = explore(Settings(adapter, (TODAY,), seed=seed, examples=EXAMPLES,
                                           only=tuple(dict.fromkeys(("differential", *RULES[bug])))))
            scenarios.update(printed(exploration.findings, adapter, f"{bug} seed {seed}"))
        if scenarios:
            keeps_the_promise(scenarios, adapter, run_suite, tmp_path)


def test_a_finding_that_reads_a_move_to_the_graveyard_as_destruction_says_the_sources_do_not_define_it() -> None:
    """The rules text of the sources defines no 破壊 (no rule of features/rules.yaml says a battle zone → graveyard move
    is one): the look-back finding of a move to the graveyard says so in its triage notes instead of citing a rule."""
    from shinpan.explore.printing import DESTRUCTION
    from shinpan.suite import rules

    defining = [r.number for r in rules.load().items
                if "破壊" in r.title or "destr" in r.title.lower() or any("destr" in v.meaning for v in r.versions)]
    assert defining == []  # nothing to cite (when the sources gain the definition, cite it instead)
    adapter = "py:tests.planted_bugs:battle_to_graveyard_not_destroyed"
    exploration = explore(Settings(adapter, (TODAY,), examples=EXAMPLES, only=("look-back",)))
    texts = [checked(finding, TODAY, adapter) for finding in exploration.findings]
    assert texts and all(DESTRUCTION in text for text in texts), texts

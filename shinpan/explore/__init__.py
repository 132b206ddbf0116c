"""Generative conformance (生成による適合性の探索): ``shinpan explore``.

Hypothesis draws boards and moves from the contract's vocabulary and the card registry, and two kinds of oracle
judge them: the differential run (:mod:`~shinpan.explore.differential`: the engine under test against the reference
engine, compared after every move, stopping at the first difference) and the rule properties
(:mod:`~shinpan.explore.properties`: statements written as rulings are, tested on the engine alone). Every
counterexample is shrunk, grouped by cause and printed as a scenario of the suite (:mod:`~shinpan.explore.printing`).

    settings = Settings("cmd:my-engine", states=(rulesets.load().today(),), seed=1)
    exploration = explore(settings)             # every oracle under every state, within the budget
    for finding in exploration.findings:
        print(finding.cause.key, finding.message)

The pieces, each a module: the card pool (:mod:`~shinpan.explore.pool`), the dice (:mod:`~shinpan.explore.dice`),
boards and moves (:mod:`~shinpan.explore.boards`, :mod:`~shinpan.explore.moves`), the engine under exploration and
its questions (:mod:`~shinpan.explore.engines`, :mod:`~shinpan.explore.questions`), observations compared
(:mod:`~shinpan.explore.observations`, :mod:`~shinpan.explore.expected`), findings
(:mod:`~shinpan.explore.findings`), the search (:mod:`~shinpan.explore.search`), the exploration and its workers
(:mod:`~shinpan.explore.exploration`, :mod:`~shinpan.explore.workers`), the report (:mod:`~shinpan.explore.report`)
and the command (:mod:`~shinpan.explore.command`).
"""

from __future__ import annotations

from shinpan.explore import hypothesis_alone  # noqa: F401  (first: Hypothesis imported without plugins)
from shinpan.explore.exploration import EXAMPLES, Exploration, Result, Settings
from shinpan.explore.findings import Cause, Finding
from shinpan.explore.properties import PROPERTIES, Property
from shinpan.explore.workers import explore_on as explore

__all__ = ["EXAMPLES", "PROPERTIES", "Cause", "Exploration", "Finding", "Property", "Result", "Settings", "explore"]

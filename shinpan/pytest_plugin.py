"""The pytest plugin that runs the suite. pytest loads it by this name (``-p shinpan.pytest_plugin``, as ``shinpan
run`` does, or the project's root ``conftest.py``); it loads the plugin's modules (:mod:`shinpan.running.plugin`, one
concern each) and the step library (:mod:`shinpan.suite.step_library`), all as plugins, by name.

Feature files are collected directly (node ids point at them: ``features/basics/召喚酔い.feature::test_…``),
with pytest-bdd binding their scenarios.
"""

from __future__ import annotations

from shinpan.suite.step_library import PACKAGE as STEP_LIBRARY

pytest_plugins = [
    "shinpan.running.plugin.options", "shinpan.running.plugin.startup", "shinpan.running.plugin.timelimit",
    "shinpan.running.plugin.states",
    # a plugin is imported first as a plugin: allstates before statuses, which imports it (its results per state),
    # and statuses before collection, which imports it (its ScenarioTest)
    "shinpan.running.plugin.allstates", "shinpan.running.plugin.statuses", "shinpan.running.plugin.collection",
    "shinpan.running.plugin.gating", "shinpan.running.plugin.terminal",
    STEP_LIBRARY,
]

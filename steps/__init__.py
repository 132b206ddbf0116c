"""The step library: Japanese phrases of the feature files -> calls on the adapter contract.

Steps never import an engine. They build the starting state, send moves and read observations
through :class:`shinpan.steps.duel.Duel`, which speaks only the contract's messages. Each phrase also prints back:
its renderer, beside its definition, says the message as the phrase (:mod:`shinpan.steps.printer`).
"""

STEP_MODULES: tuple[str, ...] = (
    "shinpan.steps.fixtures", "shinpan.steps.given", "shinpan.steps.when", "shinpan.steps.then",
    "shinpan.steps.evolution", "shinpan.steps.triggers", "shinpan.steps.carry_over", "shinpan.steps.replacements",
)
"""The step modules. The runner loads this package as a plugin, by name (:mod:`shinpan.suite.step_library`), and pytest
then loads these as its plugins; the lint reads their step definitions."""

pytest_plugins = list(STEP_MODULES)

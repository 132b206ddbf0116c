"""The step library: Japanese phrases of the feature files -> calls on the adapter contract.

Steps never import an engine. They build the starting state, send moves and read observations
through :class:`steps.duel.Duel`, which speaks only the contract's messages.
"""

STEP_MODULES: tuple[str, ...] = (
    "steps.fixtures", "steps.given", "steps.when", "steps.then", "steps.evolution",
    "steps.triggers", "steps.carry_over", "steps.replacements",
)
"""The step modules, loaded as pytest plugins by :mod:`shinpan.pytest_plugin` (and read by the lint)."""

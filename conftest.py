"""Root conftest: the shinpan plugin and the step library, for every pytest run in this project."""

pytest_plugins = ["shinpan.pytest_plugin", "steps.fixtures", "steps.given", "steps.when", "steps.then",
                  "steps.evolution"]

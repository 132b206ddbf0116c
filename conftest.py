"""Root conftest: load the shinpan plugin (which loads the step library) for every pytest run here."""

pytest_plugins = ["shinpan.pytest_plugin"]

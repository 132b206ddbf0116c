"""Root conftest: load the shinpan plugin (which loads the step library) for every pytest run here, and pytest's
``pytester`` (the kit's tests run the suite in-process with it)."""

pytest_plugins = ["shinpan.pytest_plugin", "pytester", "tests.skips"]

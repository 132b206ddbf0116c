"""shinpan (審判): the conformance kit's own tooling — CLI, pytest plugin, lint, reports, suite data."""

__version__ = "0.1.0"

"""What the plugin's modules keep on each collected test (pytest's stash), for one another and the recorders."""

from __future__ import annotations

import pytest

from shinpan.reports.outcomes import ScenarioSkip
from shinpan.running import failures
from shinpan.suite import scenarios as suite

CASE_KEY = pytest.StashKey[suite.Case]()
"""The case (scenario, or outline row) a test runs."""
SKIP_KEY = pytest.StashKey[ScenarioSkip]()
"""The status decided at collection (the rules state's verdict, ``@status:unresolved``, ``-``), with its reason."""
STEP_KEY = pytest.StashKey[failures.FailedStep]()
"""The Gherkin step where the test failed."""

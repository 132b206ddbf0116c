"""Collection: every ``.feature`` file is a test module whose tests are its scenarios (pytest-bdd binds them),
checked before pytest collects; each collected test is mapped back to its case (scenario, or outline row)."""

from __future__ import annotations

import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shinpan.adapters.errors import SuiteError
from shinpan.adapters.locations import current
from shinpan.outputs import printable
from shinpan.running.plugin import step_lookup
from shinpan.running.plugin.run import RUN_KEY
from shinpan.running.plugin.statuses import ScenarioTest
from shinpan.suite import bdd_internals, identity
from shinpan.suite import scenarios as suite
from shinpan.suite.lint import kit_scenario_ids, revision_tag_problems


class FeatureModule(pytest.Module):
    """A ``.feature`` file collected as a test module whose tests are its scenarios (each a :class:`ScenarioTest`)."""

    def collect(self) -> list[pytest.Item | pytest.Collector]:
        collected = list(super().collect())
        for node in collected:
            if type(node) is pytest.Function:  # pytest makes every test a Function: each is a scenario's test
                node.__class__ = ScenarioTest
        return collected

    def cases_by_place(self) -> dict[tuple[int, int | None], suite.Case]:
        """The file's cases by (line of the scenario, outline row): how a collected test finds its case."""
        found: dict[tuple[int, int | None], suite.Case] | None = getattr(self, "_cases_by_place", None)
        if found is None:
            found = {(case.scenario_line, case.row): case for case in suite.feature(self.path).cases}
            self._cases_by_place = found
        return found

    def _getobj(self) -> types.ModuleType:
        module = types.ModuleType(f"feature::{self.path}")
        module.__file__ = str(self.path)
        namespace = module.__dict__
        step_lookup.share_parse(self.path)
        namespace.update(_scenarios=bdd_internals.scenarios, _name=self.path.name, _base=str(self.path.parent))
        # scenarios() binds tests into its caller's namespace, so it must run as this module's code
        exec(compile("_scenarios(_name, features_base_dir=_base)", str(self.path), "exec"), namespace)
        return module


def case_of(item: pytest.Item) -> suite.Case | None:
    """The case a collected test runs: by the line of the scenario pytest-bdd bound it from, and its outline row
    (None: not a test of a feature file)."""
    if not isinstance(item, pytest.Function) or not isinstance(item.parent, FeatureModule):
        return None
    line = bdd_internals.scenario_line(item.obj)
    if line is None:
        return None
    return item.parent.cases_by_place().get((line, bdd_internals.example_row(item)))


@pytest.hookimpl(tryfirst=True)
def pytest_collection(session: pytest.Session) -> None:
    """Before pytest collects: every feature file to run parses, its ``@since``/``@until`` tags name known
    revisions, (in a user suite) no scenario id is one of the kit's, and its scenarios' identity is sound
    (:mod:`shinpan.suite.identity`: registry tags, ids of the character set, each used once among the files to run);
    else one usage error, as ``shinpan lint`` words it (``path:line: message``)."""
    context = session.config.stash[RUN_KEY]
    folders = current()
    kit_ids = kit_scenario_ids(folders)
    cases: list[suite.Case] = []
    for path in dict.fromkeys(p.resolve() for p in _feature_files(session.config.args)):
        user = folders.user is not None and folders.user in path.resolve().parents
        try:
            feature = suite.feature(path)
        except SuiteError as error:
            raise pytest.UsageError(str(error)) from None
        for case in feature.cases:
            for problem in revision_tag_problems(case.values, context.changes):
                raise _usage_error(f"{path}:{case.scenario_line}: {problem}")
            if user and case.id in kit_ids:  # a user suite's scenario ids are its own
                raise _usage_error(f"{path}:{case.line}: @id {case.id} is already used at {kit_ids[case.id]}")
        cases.extend(feature.cases)
    for found in identity.problems(cases, str):
        raise _usage_error(f"{found.path}:{found.line}: {found.message}")


def _usage_error(line: str) -> pytest.UsageError:
    """A usage error quoting the suite's text (a tag, an id), its control characters shown escaped."""
    return pytest.UsageError(printable(line, one_line=True))


def _feature_files(args: list[str]) -> Iterator[Path]:
    for arg in args:
        path = Path(arg.split("::", 1)[0])
        if path.is_dir():
            yield from suite.feature_paths(path)
        elif path.suffix == ".feature" and path.is_file():
            yield path


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix != ".feature":
        return None
    try:
        suite.feature(file_path)
    except SuiteError as error:
        raise pytest.UsageError(str(error)) from None
    module: FeatureModule = FeatureModule.from_parent(parent, path=file_path)
    return module


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_apply_tag(tag: str, function: Any) -> bool:
    """Tags become markers in collection (from the parsed cases: :mod:`shinpan.running.plugin.gating`), not here."""
    return True

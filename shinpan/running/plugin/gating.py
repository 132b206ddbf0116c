"""Which collected scenarios run: their tags become markers, ``--tags`` deselects those its expression does not
match, and a scenario that asserts nothing here is skipped with its status — NOT_APPLICABLE or UNRESOLVED by
the rules state's verdict on its ``@since``/``@until`` tags, UNRESOLVED for ``@status:unresolved``,
NOT_APPLICABLE for a ``-`` of the source table."""

from __future__ import annotations

from typing import Any

import pytest

from shinpan.errors import RulesetError
from shinpan.reports.outcomes import ScenarioSkip
from shinpan.running.cases import applicability
from shinpan.running.plugin.collection import case_of
from shinpan.running.plugin.keys import CASE_KEY, SKIP_KEY
from shinpan.running.plugin.run import RUN_KEY, RunContext
from shinpan.suite import scenarios as suite
from shinpan.suite.rulesets import RulesState
from shinpan.suite.tags import REGISTRY


def pytest_configure(config: pytest.Config) -> None:
    for name, meaning in REGISTRY.items():
        config.addinivalue_line("markers", f"{name}(value): scenario tag @{name}: — {meaning}")
    # pytest-bdd turns Examples-block tags into marks by name ("rule:801.4a"), which pytest cannot register
    config.addinivalue_line("filterwarnings", r"ignore:Unknown pytest\.mark\.\w+\x3a:pytest.PytestUnknownMarkWarning")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    context = config.stash[RUN_KEY]
    expression = _tag_expression(config.getoption("tags"))
    selected, deselected = [], []
    for item in items:
        case = case_of(item)
        if case is not None:
            _mark(item, case)
        if case is not None and expression is not None and not expression.evaluate(list(case.tags)):
            deselected.append(item)
            continue
        selected.append(item)
        if case is not None and not context.is_matrix:  # the matrix decides per state (shinpan.running.plugin.matrix)
            _gate(item, case, context)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = selected


def _mark(item: pytest.Item, case: suite.Case) -> None:
    """Keep the test's case on it, and give it a marker per tag (``-m``, ``@requires:`` checks)."""
    item.stash[CASE_KEY] = case
    for name in REGISTRY:
        for value in getattr(case.values, name):
            item.add_marker(getattr(pytest.mark, name)(value))


def _gate(item: pytest.Item, case: suite.Case, context: RunContext) -> None:
    """Skip a scenario that asserts nothing in its state, its status kept on the item (:data:`SKIP_KEY`)."""
    skip = skip_of(case, context.state, context)
    if skip is not None:
        item.stash[SKIP_KEY] = skip
        item.add_marker(pytest.mark.skip(reason=skip.shown))


def skip_of(case: suite.Case, state: RulesState, context: RunContext) -> ScenarioSkip | None:
    """Why a scenario asserts nothing in ``state`` (its status and reason), or None: it runs
    (:func:`shinpan.running.cases.applicability`; an unknown change id is a usage error naming the scenario)."""
    try:
        return applicability(case.values, state, context.changes)
    except RulesetError as error:
        raise pytest.UsageError(f"{case.path}:{case.line}: {error}") from None


def _tag_expression(text: str | None) -> Any:
    if not text:
        return None
    from cucumber_tag_expressions import TagExpressionError, parse

    try:
        return parse(text)
    except TagExpressionError as error:
        raise pytest.UsageError(f"--tags {text!r}: {error}") from None

"""Where engines disagree (エンジン間の食い違い), and where one failed: what the engines page and a scenario's page
show beyond each status.

A scenario on which the engines' statuses differ is a *real* disagreement when the engines that played it ended
differently (PASS against FAIL, ERROR…), and a *coverage gap* when they differ only in which engines played it (PASS
against UNSUPPORTED): :func:`shinpan.reports.compare.disagreement`, the one rule ``shinpan compare`` uses too. Coverage
is also given per mechanic a scenario ``@requires``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from shinpan.reports.compare import disagreement, played
from shinpan.site.model import CaseView, Scenario, Site
from shinpan.site.reports import Engine


def kind(site: Site, scenario: Scenario) -> str:
    """``agree``, ``real`` or ``gap``: how the engines' statuses of ``scenario`` compare."""
    return disagreement([site.status(engine, scenario) for engine in site.engines])


@dataclass(frozen=True)
class Agreement:
    """How the engines compare over the whole suite."""

    every_engine_passes: int
    """Scenarios every engine passed."""
    real: int
    """Scenarios on which the engines that played them ended differently."""
    gaps: int
    """Scenarios on which the engines differ only in which of them played it."""


def agreement(site: Site) -> Agreement:
    """The suite's scenarios counted by how the engines' statuses compare."""
    kinds = Counter(kind(site, scenario) for scenario in site.scenarios.values())
    passed = sum(1 for scenario in site.scenarios.values()
                 if site.engines and all(site.status(engine, scenario) == "PASS" for engine in site.engines))
    return Agreement(passed, kinds["real"], kinds["gap"])


@dataclass(frozen=True)
class MechanicCoverage:
    """The scenarios that ``@requires`` a mechanic, and per engine how many of them it played and passed."""

    mechanic: str
    scenarios: int
    played: dict[str, int]
    """Engine key -> scenarios it played (passed or failed, not UNSUPPORTED, not run)."""
    passed: dict[str, int]


def mechanics(site: Site) -> list[MechanicCoverage]:
    """Coverage per ``@requires`` mechanic, mechanics in name order."""
    by_mechanic: dict[str, list[Scenario]] = {}
    for scenario in site.scenarios.values():
        for mechanic in scenario.requires:
            by_mechanic.setdefault(mechanic, []).append(scenario)
    found = []
    for mechanic, scenarios in sorted(by_mechanic.items()):
        statuses = {engine.key: [site.status(engine, s) for s in scenarios] for engine in site.engines}
        found.append(MechanicCoverage(mechanic, len(scenarios),
                                      {key: sum(map(played, earned)) for key, earned in statuses.items()},
                                      {key: earned.count("PASS") for key, earned in statuses.items()}))
    return found


def failed_steps(engines: tuple[Engine, ...], case: CaseView) -> dict[int, list[str]]:
    """The lines of ``case``'s steps during which an engine failed, each with the engines that failed there."""
    found: dict[int, list[str]] = {}
    for engine in engines:
        result = engine.result(case.id)
        if result is not None and result.failed and result.step_line is not None:
            found.setdefault(result.step_line, []).append(engine.label)
    return found

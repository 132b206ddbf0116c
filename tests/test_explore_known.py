"""Known means the same deviation: planted adapters, an expectations file, and what the report calls known.

The engine has two planted bugs — a swap that keeps the effects (which ``carry-table-swap-pump`` shows, and the
expectations file names) and an untap step that untaps both players' cards (which no entry names). Each finding's case
is played on an engine with each bug alone, which says which bug it shows independently of :mod:`shinpan.explore.known`:
a finding the untap bug alone shows is never known; one only the swap bug shows, in the entry's own ways, always is.
An ``UNSUPPORTED`` entry never makes a finding known, and two entries that fail the same way make it ambiguous: new.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from shinpan.explore import Finding, Settings, explore
from shinpan.explore.engines import Engine
from shinpan.explore.known import deviations, recognised, ways
from shinpan.running.checks import ZoneCount
from shinpan.suite import rulesets
from tests.planted_bugs import Planted, swap_keeps_effects, untap_both_players

SWAP = "py:tests.planted_bugs:swap_keeps_effects"
UNTAP = "py:tests.planted_bugs:untap_both_players"
BOTH = "py:tests.test_explore_known:swap_and_untap"
ENTRY = "carry-table-swap-pump"
SEEDS = (0, 1)


def swap_and_untap() -> Planted:
    return Planted([*swap_keeps_effects().patches, *untap_both_players().patches])


@cache
def _findings(adapter: str, seed: int) -> tuple[Finding, ...]:
    """What 600 examples of three oracles find. The swap bug alone, each oracle to the end of the round of its first
    finding (``until_found``): it has one cause per oracle, and the rest of the budget found no other (measured, seed 0:
    power after swap, and the swaps property, either way); with both bugs the whole budget finds causes the first
    rounds do not (effects after swap), and the test needs every one."""
    today = rulesets.load().today()
    return tuple(explore(Settings(adapter, (today,), seed=seed, examples=600, only=("differential", "swaps", "seals"),
                                  until_found=adapter == SWAP)).findings)


def _expectations(tmp_path: Path, adapter: str, entries: dict[str, str]) -> Path:
    path = tmp_path / "expectations.toml"
    text = f'adapter = "{adapter}"\n' + "".join(f'\n[expect."{scenario}"]\nstatus = "{status}"\nreason = "known"\n'
                                                 for scenario, status in entries.items())
    path.write_text(text, encoding="utf-8")
    return path


def _labels(adapter: str, findings: tuple[Finding, ...], path: Path) -> list[str | None]:
    engine = Engine(adapter)
    try:
        known = deviations(path, engine, rulesets.load().today())
        return [recognised(finding, known, engine) for finding in findings]
    finally:
        engine.stop()


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_a_new_deviation_beside_a_known_one_is_never_known_and_a_rediscovered_one_always_is(
        seed: int, tmp_path: Path) -> None:
    findings = _findings(BOTH, seed)
    _EXPECTATIONS[:] = [_expectations(tmp_path, BOTH, {ENTRY: "FAIL"})]
    labels = _labels(BOTH, findings, _EXPECTATIONS[0])
    swap, untap, both = Engine(SWAP), Engine(UNTAP), Engine(BOTH)
    entry_ways = {("swap", ("object", "effects", "")), ("swap", ("object", "power", ""))}
    try:
        kinds = []
        for finding, label in zip(findings, labels, strict=True):
            by_untap, by_swap = ways(finding.case, untap), ways(finding.case, swap)
            if by_untap:  # the bug no entry names shows in it
                assert label is None, (finding.cause.key, label)
                kinds.append("new")
            elif by_swap and by_swap <= entry_ways:  # only the named bug, failing as its scenario fails
                assert label == ENTRY, (finding.cause.key, by_swap)
                kinds.append("known")
                assert _with_another_way(finding, both) is None  # the same finding failing one more way is new
            else:
                assert label is None, (finding.cause.key, by_swap, label)
        assert "new" in kinds and "known" in kinds, [f.cause.key for f in findings]
    finally:
        swap.stop()
        untap.stop()
        both.stop()


def _with_another_way(finding: Finding, engine: Engine) -> str | None:
    """What ``finding`` is recognised as once its case also fails a check of another form (a count of a zone)."""
    from dataclasses import replace

    from shinpan.explore.case import checks_of, generated, moves_of

    other = ZoneCount("me", "hyperspatial", 99)
    case = generated(finding.case.setup, moves_of(finding.case), [*checks_of(finding.case), other])
    path = _EXPECTATIONS[0]
    return recognised(replace(finding, case=case), deviations(path, engine, rulesets.load().today()), engine)


_EXPECTATIONS: list[Path] = []


def test_an_unsupported_entry_never_makes_a_finding_known(tmp_path: Path) -> None:
    findings = _findings(SWAP, 0)
    assert findings
    assert _labels(SWAP, findings, _expectations(tmp_path, SWAP, {ENTRY: "FAIL"})).count(ENTRY) >= 1
    assert _labels(SWAP, findings, _expectations(tmp_path, SWAP, {ENTRY: "UNSUPPORTED"})) == [None] * len(findings)


def test_two_entries_that_fail_the_same_way_make_a_finding_ambiguous_and_new(tmp_path: Path) -> None:
    """carry-change-001 fails on the swap bug only on the effects after a swap, as carry-table-swap-pump does: a
    finding that fails only that way matches both, and is new."""
    findings = _findings(SWAP, 0)
    alone = _labels(SWAP, findings, _expectations(tmp_path, SWAP, {"carry-change-001": "FAIL"}))
    both = _labels(SWAP, findings, _expectations(tmp_path, SWAP, {"carry-change-001": "FAIL", ENTRY: "FAIL"}))
    assert "carry-change-001" in alone, alone
    for one, two in zip(alone, both, strict=True):
        if one == "carry-change-001":
            assert two is None

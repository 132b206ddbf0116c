"""Every planted bug (tests/planted_bugs.py) is found by ``shinpan explore`` within its default budget, and the
finding reproduces: its case, played by the executor, does not pass on the planted engine and passes on the
reference engine; and what it prints keeps the printer's promise (tests/printed_promise.py): the scenarios lint clean,
fail on the planted engine and pass on the reference engine, run by the suite's own runner. One search per bug and
seed gives the finding, the replay and the printed scenarios (tests/test_explore_promise.py adds many seeds under
``SHINPAN_EXPLORE_SEEDS``).

The fast test explores each bug under three seeds, with the oracles that state the rule it breaks and twice the default
budget (examples per oracle); ``SHINPAN_EXPLORE_FULL=1`` (CI's explore environment, which alone runs this file in tox)
explores each under seeds 0 and 1 with the default budget and those oracles, each searched as a default exploration
searches it (an oracle's examples depend on the seed and the oracle alone, so what they find a default exploration
finds), and under seed 2 with twice it, each stopped at its first finding to keep CI's time bounded, and the bug's
oracles searched one after another until one finds (:func:`_search`). ``benchmarks/planted_seeds.py --own`` gives the
table over ten seeds.

Only seed 0 — the seed a default exploration takes — shrinks what it finds: its findings prove the shrunk path (the
smallest case replays and prints scenarios that keep the promise). Seeds 1 and 2 search without shrinking
(:attr:`~shinpan.explore.Settings.shrink`): they prove that the bug is found whatever the seed, not by one seed's
luck, and their finding, its replay and its printed scenarios are checked on the case as drawn. Shrinking is most of
what this file costs (in CI, 45,164 shrinking runs against 3,831 examples), and a shrunk case of every seed would
prove nothing more.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from shinpan.errors import RenderError
from shinpan.explore import EXAMPLES, Settings, explore
from shinpan.explore.differential import ID as DIFFERENTIAL
from shinpan.explore.exploration import Exploration
from shinpan.explore.findings import Finding
from shinpan.explore.printing import scenario
from shinpan.explore.replay import replay
from shinpan.reports.outcomes import Status
from shinpan.suite import rulesets
from tests.conftest import SuiteRunner
from tests.planted_bugs import PLANTED
from tests.printed_promise import keeps_the_promise, printed

TODAY = rulesets.load().today()
RULES: dict[str, tuple[str, ...]] = {
    "destroy_one_at_a_time": ("look-back",),
    "untap_both_players": ("differential",),
    "ignored_enter_abilities_trigger": ("enter-triggers",),
    "leave_trigger_per_card": ("look-back",),
    "battle_to_graveyard_not_destroyed": ("look-back",),
    "waiting_dropped_when_source_leaves": ("differential",),
    "second_replacement_applies": ("replacement",),
    "replacement_turn_order_reversed": ("replacement",),
    "reconstruction_untaps": ("reconstruction",),
    "link_tapped_only_if_all": ("links",),
    "unlink_loses_effects": ("links",),
    "swap_keeps_effects": ("swaps",),
    "sealed_creature_untaps": ("seals",),
    "unsealed_to_hand": ("seals",),
    "returning_creature_stays_tapped": ("new-object",),
    "replacement_to_deck_top": ("replacement",),
    "swap_carries_equipment": ("swaps",),
    "own_watcher_sees_opponents": ("differential",),
    # general play (issue 30): found by the differential run's swarm generation (and the turns property)
    "end_of_turn_effects_last": ("differential", "turns"),
    "permanent_effects_end_with_turn": ("differential", "turns"),
    "mana_stays_tapped": ("differential", "turns"),
    "draw_from_the_bottom": ("differential", "turns"),
    "attacking_creature_stays_untapped": ("differential",),
    "attack_outlasts_the_turn": ("differential", "turns"),
    "evolution_creatures_summoning_sick": ("differential",),
    "ignored_keywords_still_apply": ("differential", "ignored-keywords"),
    "put_tapped_enters_untapped": ("differential",),
    "seal_from_the_bottom": ("seals",),
    "broken_shields_to_graveyard": ("differential",),
    "linked_power_of_the_first_god": ("differential",),
    "leave_to_deck_unseen": ("differential", "look-back"),
    "graveyard_evolution_refused": ("differential",),
    "sealed_creature_drops_equipment": ("differential", "carry-over-equipment"),
    "awakened_face_summoning_sick": ("differential",),
    "linked_gods_summoning_sick": ("differential", "links"),
    # properties over general play (issue 30): found by the rules one-place's generated play checks at every step
    "sealed_creature_with_abilities_can_attack": ("one-place",),
    "evolution_stays_tapped_at_untap": ("one-place",),
    "devolved_creature_never_sick": ("carry-over-sickness",),
    "leave_watcher_once_per_event": ("look-back", "one-place"),
    "returned_to_hand_replaces_any_leave": ("replacement", "one-place"),
    "swapped_in_creature_not_sick": ("carry-over-sickness", "one-place"),
}
"""Each planted bug and the oracles that state the rule it breaks."""
FULL = os.environ.get("SHINPAN_EXPLORE_FULL") == "1"
SEARCHES = ((0, EXAMPLES), (1, EXAMPLES), (2, 2 * EXAMPLES)) if FULL else ((0, 2 * EXAMPLES), (1, 2 * EXAMPLES),
                                                                         (2, 2 * EXAMPLES))
"""Each bug's searches, (seed, examples per oracle). A bug must be found whatever the seed, not by one seed's luck:
three seeds. The fast test gives each twice the default budget (its oracles are the bug's own and its search stops
once it has found something; measured with benchmarks/planted_findings.py: own_watcher_sees_opponents is missed under
seed 1 in 1000 examples of the differential run, found under seeds 0-5 in 2000); the full one gives seed 0 — the seed
a default exploration takes — and seed 1 the default budget, and seed 2 twice it. tox runs the full one alone (in its
explore environment; the tests environment leaves this file to it): what the fast one asserts, and more."""
SHRUNK = 0
"""The one seed whose findings are shrunk (the default exploration's): the others' are checked as drawn."""


def test_every_planted_bug_has_its_oracles() -> None:
    assert sorted(RULES) == sorted(PLANTED)
    assert len(PLANTED) >= 10


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "budget"), SEARCHES, ids=[str(seed) for seed, _ in SEARCHES])
@pytest.mark.parametrize("bug", sorted(PLANTED))
def test_each_planted_bug_is_found_reproduces_and_prints_scenarios_that_keep_the_promise(
        bug: str, seed: int, budget: int, run_suite: SuiteRunner, tmp_path: Path) -> None:
    adapter = f"py:tests.planted_bugs:{bug}"
    exploration = _search(adapter, RULES[bug], seed, budget, shrink=seed == SHRUNK)
    assert exploration.findings, f"{bug}: nothing found in {exploration.examples} examples under seed {seed}"
    _reproduces(exploration, adapter)
    scenarios = printed(exploration.findings, adapter, f"{bug} seed {seed}")
    assert scenarios, f"{bug}: nothing printed under seed {seed}"
    keeps_the_promise(scenarios, adapter, run_suite, tmp_path)


def _search(adapter: str, oracles: tuple[str, ...], seed: int, budget: int, shrink: bool) -> Exploration:
    """The bug's oracles searched one at a time, each as a default exploration searches it (shrinking what it finds
    if ``shrink``: the examples up to the first finding are the same either way) and stopped at its first
    finding, until one finds something (what any of them finds, a default exploration finds): the rule properties
    first, whose search for the rule they state is the shorter, and the differential run last (measured: the turns
    property finds end_of_turn_effects_last in 3 to 7 examples under seeds 0-2, the differential run in 82 to 186 and
    permanent_effects_end_with_turn not in 1,000)."""
    for oracle in sorted(oracles, key=lambda oracle: oracle == DIFFERENTIAL):
        exploration = explore(Settings(adapter, (TODAY,), seed=seed, examples=budget, only=(oracle,),
                                       until_found=True, shrink=shrink))
        if exploration.findings:
            break
    return exploration


def _reproduces(exploration: Exploration, adapter: str) -> None:
    """Every finding that prints as a scenario reproduces, and at least one prints (a finding no phrase can show
    is reported without a scenario: :func:`shinpan.explore.printing.scenario`)."""
    printed = [finding for finding in exploration.findings if _prints(finding)]
    assert printed, [finding.cause.key for finding in exploration.findings]
    for finding in printed:
        on_bug, on_reference = replay(finding.case, adapter), replay(finding.case, "reference")
        assert on_reference.status == Status.PASS, (finding.cause.key, on_reference.message)
        assert on_bug.status != Status.PASS, finding.cause.key


def _prints(finding: Finding) -> bool:
    try:
        scenario(finding, TODAY)
    except RenderError:
        return False
    return True

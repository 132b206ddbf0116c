"""Swarm generation and what a run covered (issue 30): every kind of move and destination of the contract is drawn
by a default exploration, every card family and kind of move gets its share of the swarms, and the coverage count
reaches the report and the terminal."""

from __future__ import annotations

from collections import Counter
from typing import Any

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shinpan.adapters import cards
from shinpan.cli import main
from shinpan.explore import Settings, explore
from shinpan.explore.corpus import Corpus, neighbour
from shinpan.explore.coverage import DETAILS, FEATURES, KINDS, reached, total
from shinpan.explore.dice import Dice
from shinpan.explore.moves import DRAWERS
from shinpan.explore.pool import FAMILIES, pool
from shinpan.explore.strategies import boards, moves, swarms
from shinpan.suite import rulesets

TODAY = rulesets.load().today()
POOL = pool(cards.load(), {entry.name for entry in cards.load()})


def test_default_explorations_draw_every_kind_of_move_and_destination_of_the_contract() -> None:
    """Two seeds' default explorations of the differential run (the reference engine against itself: clean) draw
    every kind of move with every destination and way, and 墓地進化."""
    runs = [explore(Settings("reference", (TODAY,), seed=seed, only=("differential",))) for seed in (0, 1)]
    counts = total(r.coverage for done in runs for r in done.results)
    assert not [f.cause.key for done in runs for f in done.findings]
    never = [kind for kind in (*KINDS, *DETAILS) if not counts.get(kind)]
    assert not never, f"never drawn: {never}"
    hit, possible = reached(counts)
    assert hit > possible // 2, (hit, possible)


def test_the_coverage_names_every_action_type_and_every_destination() -> None:
    assert {kind.split("→")[0].split("/")[0].split("+")[0] for kind in KINDS} == {*DRAWERS, "untap"}
    assert {kind.split("→")[1] for kind in KINDS if kind.startswith("move→")} == {
        "deck", "hand", "mana", "shields", "graveyard", "hyperspatial"}
    assert {"summon+graveyard", "put_into_battle+graveyard", "swap/j_change", "flip/dragon_release"} <= set(KINDS)
    assert "waiting ability" in FEATURES


def test_every_card_family_and_kind_of_move_gets_its_share_of_the_swarms() -> None:
    families: Counter[str] = Counter()
    kinds: Counter[str] = Counter()

    @settings(max_examples=600, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def draw(data: st.DataObject) -> None:
        drawn = data.draw(swarms(POOL))
        families.update(drawn.families)
        kinds.update(drawn.kinds)

    draw()
    assert set(families) == set(POOL.families) and set(POOL.families) <= set(FAMILIES)
    assert set(kinds) == set(DRAWERS)
    assert min(families.values()) >= 10, families  # a fair share: 600 swarms, one or two of 15 families each
    assert min(kinds.values()) >= 10, kinds


def test_the_terminal_says_what_the_run_covered() -> None:
    result = CliRunner().invoke(main, ["explore", "--adapter", "reference", "--property", "differential",
                                       "--property", "seals", "--examples", "60"])
    assert result.exit_code == 0, result.output
    assert "(move kind × board feature) pairs" in result.output
    (line,) = [line for line in result.output.splitlines() if line.startswith("rules reached (examples): ")]
    reached = dict(item.rsplit(" ", 1) for item in line.removeprefix("rules reached (examples): ").split(", "))
    assert int(reached["116.1a"]) > 0  # the seals property's rule
    assert set(reached) - {"116.1a", "116.2a", "701.23a"}, reached  # and those of the scenarios examples started from


def test_examples_start_from_neighbours_of_the_suites_boards() -> None:
    """The corpus gives a scenario's board with a prefix of its moves; a neighbour of a board has the other player's
    turn, a card swapped for one of its family and type, or a tap turned — each seen over a few draws."""
    corpus = Corpus(TODAY.as_sent(), POOL, {"zones", "summon", "tap", "turns", "attack", "power_modifiers", "mana",
                                            "evolution", "triggers", "summoning_sickness", "speed_attacker"})
    state: dict[str, Any] = {"cards": {"a": POOL.vanilla[0].name, "b": POOL.vanilla[1].name}, "turn": {"number": 3, "active": "me"},
             "players": {"me": {"battle": [{"cards": ["a"], "tapped": False}]}, "opp": {"battle": [{"cards": ["b"]}]}}}
    changes: Counter[str] = Counter()
    kept: list[int] = []

    @settings(max_examples=200, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def draw(data: st.DataObject) -> None:
        dice = Dice(data.draw)
        varied = neighbour(dice, state, POOL)
        changes.update(["turn"] if varied["turn"]["active"] != "me" else [])
        changes.update(f"card {label}" for label in "ab" if varied["cards"][label] != state["cards"][label])
        changes.update(["tap"] if varied["players"]["me"]["battle"][0].get("tapped") else [])
        assert all(POOL.named(varied["cards"][label]).type_line == POOL.named(state["cards"][label]).type_line
                   for label in "ab")
        seeded = corpus.seed(dice)
        kept.extend([len(seeded[1])] if seeded is not None else [])

    draw()
    assert changes["turn"] and changes["tap"] and (changes["card a"] or changes["card b"]), changes
    assert kept and max(kept) > 0, "no scenario of the suite was drawn with its moves"


def test_a_scenario_whose_moves_need_an_undeclared_mechanic_is_never_drawn() -> None:
    """The corpus weighs the mechanics of a scenario's moves too, not only those its setup and tags need: an adapter
    that declares no ``attack`` is never sent a scenario's attack (seen: tests/test_explore_faults.py's PlaysLittle)."""
    declared = {"zones", "summon", "tap", "turns", "triggers", "mana", "power_modifiers"}
    corpus = Corpus(TODAY.as_sent(), POOL, declared)
    seeded: list[tuple[str, ...]] = []

    @settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def draw(data: st.DataObject) -> None:
        drawn = corpus.seed(Dice(data.draw))
        seeded.extend([tuple(str(move.action["type"]) for move in drawn[1])] if drawn is not None else [])

    draw()
    assert len(seeded) > 20
    assert not any("attack" in kinds for kinds in seeded)
    assert any(kinds for kinds in seeded)  # scenarios with moves the adapter plays are still drawn


@settings(max_examples=40, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(swarms().flatmap(lambda drawn: st.tuples(st.just(drawn), boards(within=drawn))), st.data())
def test_the_drawers_compose_as_strategies(drawn: Any, data: st.DataObject) -> None:
    """A swarm, a board inside it and a move on it, composed as Hypothesis strategies: the board has a card in each
    deck (the turn can end) and in each hand (a swarm's board), and the move names cards of the board."""
    enabled, state = drawn
    players = state["players"]
    assert all(players[p].get("deck") and players[p].get("hand") for p in ("me", "opp"))
    move = data.draw(moves(state, state["cards"], favoured=enabled.kinds))
    named = [label for key in ("card", "attacker", "breaker") if isinstance(label := (move or {}).get(key), str)]
    assert set(named) <= set(state["cards"]), (move, state["cards"])

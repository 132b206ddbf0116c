"""A rule property (規則の性質): a statement any engine must satisfy, written as a ruling is.

A property has what a scenario of the suite has — the rule numbers it states, the sources that say so, the changes
from and until which it holds (``since``/``until``, so the rules-state machinery decides where it applies), a
sentence a judge can read (in Japanese) — and a way to test it: it draws a case suited to the rule (a board, the
moves) and the checks (:mod:`shinpan.checks`) the rule says must then hold. The engine under test plays the case
alone — no reference engine — and every check it fails is a counterexample, printed with the checks it failed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from shinpan.cases import Move, Setup
from shinpan.checks import judge
from shinpan.explore.case import generated, owners
from shinpan.explore.dice import Dice
from shinpan.explore.engines import Answer, Engine
from shinpan.explore.findings import Cause, Finding
from shinpan.explore.oracle import Game, Repeat, Skip
from shinpan.explore.pool import Pool

Check = dict[str, Any]


@dataclass(frozen=True)
class Plan:
    """A case a property draws: the starting state, the moves, and the checks the rule says hold after the last
    move (``after``); ``each``, if given, gives checks that hold after the setup and after every move (it is told
    the moves made so far)."""

    state: Mapping[str, Any]
    moves: Sequence[Mapping[str, Any]]
    after: Sequence[Check] = ()
    each: Callable[[Sequence[Mapping[str, Any]]], Sequence[Check]] | None = None


Planner = Callable[[Dice, Pool, "Rules"], Plan]
"""Draws a plan with the dice, from the card pool, under the rules the property is run under."""


@dataclass(frozen=True)
class Rules:
    """What a property may know of the rules state it runs under: the changes in force."""

    changes: frozenset[str]

    def after(self, change: str) -> bool:
        """Whether ``change`` is in force."""
        return change in self.changes


@dataclass(frozen=True)
class Property:
    """A rule property: its id, its statement and citations, and its planner."""

    id: str
    statement: str
    """The rule in a sentence a judge can read (Japanese)."""
    rules: tuple[str, ...]
    """Rule numbers (``features/rules.yaml``)."""
    sources: tuple[str, ...]
    """Sources (``features/sources.yaml``)."""
    planner: Planner
    mechanics: tuple[str, ...] = ()
    """Mechanics the engine must play for the property to be tested (else it is skipped, unsupported)."""
    cards: tuple[str, ...] = ()
    """Cards it needs, besides the pool's (else it is skipped, unsupported)."""
    since: tuple[str, ...] = ()
    until: tuple[str, ...] = field(default=())
    title: str = ""
    """A short English title, for reports."""


@dataclass
class Testing:
    """A property tested on one engine (an oracle of the search)."""

    rule: Property
    engine: Engine
    pool: Pool
    game: Game
    rules: Rules

    @property
    def id(self) -> str:
        """The property's id."""
        return self.rule.id

    def example(self, dice: Dice, known: frozenset[Cause]) -> Finding | None:
        """Draw a plan, play it on the engine, and judge the rule's checks after every move and at the end."""
        plan = self.rule.planner(dice, self.pool, self.rules)
        setup = Setup(self.game.rules, self.game.seed, plan.state)
        moves: list[Move] = []
        finding = self._judge(setup, moves, self.engine.start(setup), plan, final=not plan.moves)
        for index, action in enumerate(plan.moves):
            if finding is not None:
                break
            moves.append(Move(action, attempt=True))
            finding = self._judge(setup, moves, self.engine.act(moves[-1]), plan, final=index == len(plan.moves) - 1)
        if finding is not None and finding.cause in known:
            raise Repeat(finding.cause.key)
        return finding

    def _judge(self, setup: Setup, moves: list[Move], answer: Answer, plan: Plan, *, final: bool) -> Finding | None:
        step = moves[-1].action["type"] if moves else "setup"
        if answer.status in ("unsupported", "rejected", "choice_needed", "script_mismatch"):
            raise Skip(f"{answer.status}: {step}")
        if answer.fault:
            return self._finding(setup, moves, step, answer.status, answer.message, ())
        expected = [*(plan.each(list(m.action for m in moves)) if plan.each else ()), *(plan.after if final else ())]
        if not expected:
            return None
        seen = self.engine.observe()
        if seen.status != "ok" or seen.observation is None:
            return self._finding(setup, moves, step, seen.status if seen.fault else "error", seen.message, ())
        failed = [(check, problem) for check in expected if (problem := judge(check, seen.observation, None))]
        if not failed:
            return None
        message = "; ".join(problem for _, problem in failed)
        return self._finding(setup, moves, step, "breaks the rule", message, tuple(check for check, _ in failed))

    def _finding(self, setup: Setup, moves: list[Move], step: str, what: str, message: str,
                 checks: tuple[Check, ...]) -> Finding:
        prop = self.rule
        return Finding(Cause(prop.id, step, what), generated(setup, moves, checks), message, checks,
                       rules=prop.rules, sources=prop.sources, seed=self.game.seed)


def every_card(state: Mapping[str, Any]) -> list[str]:
    """Every card label of a starting state."""
    return list(owners(state))

"""A rule property (規則の性質): a statement any engine must satisfy, written as a ruling is.

A property has what a scenario of the suite has — the rule numbers it states, the sources that say so, the changes
from and until which it holds (``since``/``until``, so the rules-state machinery decides where it applies), a
sentence a judge can read (in Japanese) — and a way to test it: it draws a case suited to the rule (a board, the
moves) and the checks (:mod:`shinpan.running.checks`) the rule says must then hold. The engine under test plays the case
alone — no reference engine — and every check it fails is a counterexample, printed with the checks it failed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from shinpan.explore import coverage, questions, unresolved
from shinpan.explore.case import generated, owners
from shinpan.explore.dice import Dice
from shinpan.explore.engines import Answer, AnswerStatus, Engine
from shinpan.explore.findings import Cause, Finding, Wrong, plain
from shinpan.explore.oracle import Game, Played, Skip, new, play, skip_reason
from shinpan.explore.pool import Pool
from shinpan.running.cases import Move, Setup
from shinpan.running.checks import CheckForm
from shinpan.suite import rulesets
from shinpan.suite.rulesets import RulesState

Check = CheckForm
UNPLAYABLE = frozenset({AnswerStatus.UNSUPPORTED, AnswerStatus.REJECTED, AnswerStatus.CHOICE_NEEDED,
                        AnswerStatus.SCRIPT_MISMATCH})
"""Answers after which a plan's case did not happen as planned (the example is skipped)."""


MORE_MOVES = 5
"""The most moves a plan draws from the board (``Plan.more``), unless it says otherwise."""


@dataclass(frozen=True)
class Plan:
    """A case a property draws: the starting state, the moves, and the checks the rule says hold after the last
    move (``after``). ``each``, if given, gives checks that hold after the setup and after every move (it is told
    the moves made so far, with the choices the engine asked for); ``more``, if given, draws further moves from
    the board the engine shows (from ``least`` up to ``most`` moves, ``None`` to stop): a rule about every move is
    tested over generated play. A plan whose moves may be rejected says so (``may_reject``); otherwise a rejection
    means the case did not happen as planned, and the example is skipped."""

    state: Mapping[str, Any]
    moves: Sequence[Mapping[str, Any]] = ()
    after: Sequence[Check] = ()
    each: Callable[[Sequence[Move]], Sequence[Check]] | None = None
    more: Callable[[Dice, Mapping[str, Any]], Mapping[str, Any] | None] | None = None
    may_reject: bool = False
    least: int = 0
    """The fewest moves ``more`` draws (if it can draw one)."""
    most: int = MORE_MOVES
    """The most moves ``more`` draws."""
    general: Sequence[Property] = ()
    """The properties whose rule is checked over this plan's play (:attr:`Property.general`): after the setup and
    after every move, each where its premise occurs."""


@dataclass(frozen=True)
class Context:
    """What a planner knows: the card pool, the rules state the property runs under, what the engine under test
    plays (its mechanics) and reports (its observables), and the properties explored."""

    pool: Pool
    rules: RulesState
    mechanics: frozenset[str]
    observables: frozenset[str]
    properties: Sequence[Property] = ()
    """The properties explored (those stated over general play are checked over its play)."""

    def plays(self, *mechanics: str) -> bool:
        """Whether the engine plays every one of ``mechanics``."""
        return set(mechanics) <= self.mechanics

    @cached_property
    def general(self) -> tuple[Property, ...]:
        """The properties explored whose rule is checked over general play here (:mod:`.general`): those stated over
        any step, that hold under the rules state (their window) and whose mechanics the engine plays (decided once
        per context; a planner asks at every example)."""
        return tuple(p for p in self.properties if p.general is not None and holds(self.rules, p.since, p.until)
                     and self.plays(*p.mechanics))


Planner = Callable[[Dice, Context], Plan]
"""Draws a plan with the dice, in a context."""


@dataclass(frozen=True)
class Step:
    """One step of generated play, as the engine showed it: the board before, the move (its action; ``None`` for the
    setup), whether the rules rejected it, and the board after — what a property's premise is looked for in."""

    before: Mapping[str, Any] | None
    action: Mapping[str, Any] | None
    rejected: bool
    after: Mapping[str, Any]
    names: Mapping[str, str]
    """The card name of each label."""
    owners: Mapping[str, str]
    """The owner of each label."""
    earlier: Sequence[Mapping[str, Any]] = ()
    """The events the engine reported before this step, since the setup (an event check counts from the setup: a
    rule about the events of the step expects these and the step's)."""
    effects: Sequence[Mapping[str, Any]] = ()
    """The resolved effects applied so far: the setup's and those of the moves the rules allowed (``apply_effect``)."""


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
    title_ja: str = ""
    """The same title in Japanese (題名), as the site shows it beside the Japanese pages."""
    clauses: Callable[[], frozenset[str]] = field(default=frozenset, compare=False)
    """The changes the windows of its clauses name, besides ``since``/``until`` (a clause that holds on fewer days
    than the whole property asks :func:`holds`): with those, every change its answer may follow."""

    clauses_of: Callable[[Sequence[str]], frozenset[str]] | None = field(default=None, compare=False)
    """The changes of the clauses a case of these action types tests, if narrower than :attr:`clauses` (a carry-over
    column: the windows of the rows it played)."""
    general: Callable[[Step, Context], Sequence[Check]] | None = field(default=None, compare=False)
    """The rule stated once over any step of generated play (:mod:`shinpan.explore.properties.general`): given a step,
    the checks the rule says hold after it where its premise occurs (none where it does not)."""

    def changes(self, actions: Sequence[str] | None = None) -> frozenset[str]:
        """Every change the property's windows name — or, given the action types of a case, those its clauses name
        there: a rules change it does not name must not change its answer."""
        narrower = self.clauses_of(actions) if actions is not None and self.clauses_of is not None else None
        return frozenset((*self.since, *self.until)) | (self.clauses() if narrower is None else narrower)


def holds(rules: RulesState, since: tuple[str, ...] = (), until: tuple[str, ...] = ()) -> bool:
    """Whether a clause with this window asserts under ``rules`` (as a scenario with these ``@since``/``@until``
    would: not outside it, and no change it names in doubt)."""
    return rules.verdict(since, until, rulesets.load()).status is None


@dataclass
class Testing:
    """A property tested on one engine (an oracle of the search)."""

    rule: Property
    engine: Engine
    context: Context
    game: Game
    covered: Counter[str] = field(default_factory=Counter, init=False)
    """Per rule number (``rule 603.5c``) of a property checked over this property's play, how many examples reached
    that property's premise there (:func:`shinpan.explore.coverage.premises`)."""
    _reached: set[str] = field(default_factory=set, init=False, repr=False)
    """The rule numbers whose premise the example being played reached over general play."""

    @property
    def id(self) -> str:
        """The property's id."""
        return self.rule.id

    def example(self, dice: Dice, known: frozenset[Cause]) -> Finding | None:
        """Draw a plan, play it on the engine (answering its questions with draws), and judge the rule's checks
        after every move and at the end."""
        plan = self.rule.planner(dice, self.context)
        setup = Setup.drawn(self.game.rules, self.game.seed, plan.state)

        def more(played: Played) -> Move | None:
            if plan.more is None or played.view is None or not dice.more(len(played.moves) - len(plan.moves),
                                                                          plan.least, plan.most):
                return None
            drawn = plan.more(dice, played.view)
            return None if drawn is None else Move(drawn)

        self._reached.clear()
        try:
            return new(play(Played(setup),
                            lambda played: self._begin(played, setup, plan),
                            lambda played, move: self._play(played, move, plan, dice),
                            [Move(action) for action in plan.moves], more), known)
        finally:  # an example counts once per rule whose premise it reached, even if it ended in a skip
            self.covered.update(coverage.RULE + number for number in self._reached)

    def _begin(self, played: Played, setup: Setup, plan: Plan) -> tuple[Mapping[str, Any] | None, Finding | None]:
        """Start the game on the engine, and judge it: an adapter that takes batches is told whether the board will
        be observed after the setup (only when there is something to judge there, or a move to draw from it)."""
        expected = self._expected(played, plan)
        answer = self.engine.start(setup, observed=bool(expected) or plan.more is not None)
        return self._judge(played, answer, plan, expected)

    def _play(self, played: Played, move: Move, plan: Plan, dice: Dice) -> tuple[Mapping[str, Any] | None,
                                                                                Finding | None]:
        """Play a move on the engine (answering its questions with draws), and judge it (the board is observed after
        it only for a plan that judges every step, draws further moves, or judges after this, its last move)."""
        looks = plan.each is not None or plan.more is not None or (
            len(played.moves) + 1 == len(plan.moves) and bool(plan.after))
        move, answer, _ = questions.played(self.engine, Move(move.action, move.choices, True), dice, observed=looks)
        played.moves.append(Move(move.action, move.choices, answer.status is AnswerStatus.REJECTED))
        return self._judge(played, answer, plan)

    def _expected(self, played: Played, plan: Plan) -> list[Check]:
        """The plan's checks judged now: its ``each`` (after the setup and after every move) and its ``after`` (after
        its last move, or after the setup for a plan of none), but those on a field the engine does not report."""
        observables = self.context.observables  # a field the engine does not report cannot be judged
        final = len(played.moves) == len(plan.moves)
        return [check for check in (*(plan.each(played.moves) if plan.each else ()), *(plan.after if final else ()))
                if check.observable is None or check.observable in observables]

    def _judge(self, played: Played, answer: Answer, plan: Plan, expected: list[Check] | None = None
               ) -> tuple[Mapping[str, Any] | None, Finding | None]:
        """The engine's answer and board after a step, judged: the board (if observed) and a finding, if any. The
        plan's ``after`` checks are judged after its last move (or after the setup, for a plan of none). Event
        checks count the events since the setup: a finding prints as a scenario that observes once, after its last
        move."""
        step = played.step
        rejected = answer.status is AnswerStatus.REJECTED
        if answer.status is AnswerStatus.REJECTED and plan.may_reject:
            answer = Answer(AnswerStatus.OK)
        if answer.status in UNPLAYABLE:
            raise Skip(skip_reason(f"{answer.status}: {step}", plain(answer.message)))
        if answer.fault:
            return None, self._finding(played, step, Wrong.of(answer.status), answer.message, ())
        observables = self.context.observables
        if expected is None:
            expected = self._expected(played, plan)
        if not expected and plan.more is None:
            return None, None
        seen = self.engine.observe()
        if seen.status is not AnswerStatus.OK or seen.observation is None:
            return None, self._finding(played, step, Wrong.of(seen.status), seen.message, ())
        earlier = len(played.events["engine"])
        so_far = played.since_setup("engine", seen.observation)
        ruled = [(self.rule, expected)]
        if plan.general and not rejected:  # every property whose premise the step shows, on the board observed
            now = Step(played.view, played.moves[-1].action if played.moves else None, rejected, seen.observation,
                       played.setup.state["cards"], played.owners, so_far["events"][:earlier], _effects(played))
            ruled += [(prop, [c for c in prop.general(now, self.context)
                              if c.observable is None or c.observable in observables])
                      for prop in plan.general if prop.general is not None]
            self._reached.update(number for prop, checks in ruled[1:] if checks for number in prop.rules)
        for prop, checks in ruled:
            failed = [(check, problem) for check in checks if (problem := check.judge(so_far, None))]
            if failed:
                unresolved.judged((played.view, seen.observation))  # power 0 or less: no source says what follows
                message = "; ".join(problem for _, problem in failed)
                return seen.observation, self._finding(played, step, Wrong.BREAKS_THE_RULE, message,
                                                       tuple(check for check, _ in failed), prop)
        return seen.observation, None

    def _finding(self, played: Played, step: str, what: Wrong, message: str, checks: tuple[Check, ...],
                 prop: Property | None = None) -> Finding:
        """A finding of the property tested (or of ``prop``, whose rule was checked over its play)."""
        prop = prop or self.rule
        return Finding(Cause(prop.id, step, what), generated(played.setup, played.made, checks), message, checks,
                       rules=prop.rules, sources=prop.sources, seed=self.game.seed)


def _effects(played: Played) -> list[Mapping[str, Any]]:
    """The resolved effects of the setup and of the moves the rules allowed so far."""
    return [*played.setup.state.get("effects", ()), *(move.action["effect"] for move in played.moves
                                                      if move.action["type"] == "apply_effect" and not move.attempt)]


def every_card(state: Mapping[str, Any]) -> list[str]:
    """Every card label of a starting state."""
    return list(owners(state))

"""The compiled case (事例): a scenario, or a generated example, as data an adapter can be driven by.

A case is a setup (前提: the rules, the seed and the starting state), then steps in order. Each step is one
Gherkin step (its keyword, text and line; a generated case may leave them empty) with the items it produced:

- :class:`NeedsCard` — the step put a card into the game: the adapter must implement it (else UNSUPPORTED);
- :class:`Move` — an ``act`` request: the action, the choices scripted for it, and whether the rules may reject it;
- :class:`Check` — what a ならば step checks, a form of :mod:`shinpan.running.checks`;
- :class:`Fault` — the step could not be compiled (an error of the scenario): the case ends there, with the
  status and message the pytest path gives that error.

The game starts (``new_game``, then ``setup``) before the first move or check, as it does under pytest. The
contract's own forms are kept as they are sent (``action``, the choices, the setup's ``state``): they are JSON
values, read-only by convention; a check is a typed form, written as JSON when sent. Cases are built by
:mod:`shinpan.running.cases.compiler` from the suite, or directly in Python
(``Case(id, Setup(rules, seed, state), (Step(..., items=(Move(...),)),))``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from shinpan.adapters.contract import Choice, Rules
from shinpan.reports.outcomes import Status
from shinpan.running.checks import CheckForm


@dataclass(frozen=True)
class Setup:
    """前提: the game a case starts from — the rules it is played under (``new_game``), the seed, and the starting
    state (the ``state`` of the ``setup`` request, ``adapters/schema/setup.json``)."""

    rules: Rules
    seed: int
    state: Mapping[str, Any]

    def request(self) -> dict[str, Any]:
        """The ``setup`` request (a fresh copy)."""
        return {"cmd": "setup", "state": fresh(self.state)}

    @cached_property
    def sent(self) -> dict[str, Any]:
        """The ``setup`` request, copied once, for what only reads it (a batch's plan, an adapter on the wire)."""
        return self.request()

    @classmethod
    def drawn(cls, rules: Rules, seed: int, state: Mapping[str, Any]) -> Setup:
        """A setup whose starting state was made for it alone (a generated example's: plain dicts and lists, which
        nothing changes once made): its request sends the state itself, not a copy of it."""
        setup = cls(rules, seed, state)
        setup.__dict__["sent"] = {"cmd": "setup", "state": state}
        return setup


@dataclass(frozen=True)
class NeedsCard:
    """The step puts the card named ``name`` into the game: an adapter that does not implement it cannot play the
    case (UNSUPPORTED at this step)."""

    name: str


@dataclass(frozen=True)
class Move:
    """行動: one move, sent as an ``act`` request with the choices scripted for it."""

    action: Mapping[str, Any]
    choices: tuple[Choice, ...] = ()
    attempt: bool = False
    """〜しようとする: the rules may reject the move (a later ``rejected`` check decides); otherwise a rejection
    fails the case."""

    def request(self) -> dict[str, Any]:
        """The ``act`` request (a fresh copy)."""
        return {"cmd": "act", "action": fresh(self.action), "choices": fresh(self.choices)}

    @cached_property
    def sent(self) -> dict[str, Any]:
        """The ``act`` request, copied once (a move is played under every state of the matrix), for what only reads
        it (a batch's plan, an adapter on the wire)."""
        return self.request()


@dataclass(frozen=True)
class Check:
    """確認: what a ならば step checks (a form of :mod:`shinpan.running.checks`)."""

    check: CheckForm

    @property
    def observables(self) -> frozenset[str]:
        """The observables the check always reads (its ``observable``, and those of the checks it combines)."""
        return frozenset(self.check.always_read())

    @property
    def needs_observation(self) -> bool:
        """Whether it is judged against an observation (every check but ``rejected``)."""
        return self.check.needs_observation


@dataclass(frozen=True)
class Fault:
    """The step could not be compiled (a card missing from the registry, a deck too small for its draws, a setup
    step after the first move…): the case ends at this step with ``status`` (ERROR, as under pytest) and
    ``message``."""

    status: Status
    message: str


Item = NeedsCard | Move | Check | Fault
"""What a step produces, in the order it produced it."""


@dataclass(frozen=True)
class Step:
    """One step of a case: the Gherkin step it comes from, and the items it produced."""

    keyword: str
    text: str
    line: int
    items: tuple[Item, ...] = ()

    def describe(self) -> str:
        """The step as written: keyword and text."""
        return f"{self.keyword.strip()} {self.text}".strip()


@dataclass(frozen=True)
class Needs:
    """What a case needs of an adapter, as the adapter's ``hello`` capabilities name it."""

    cards: tuple[str, ...] = ()
    mechanics: tuple[str, ...] = ()
    observables: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()
    """Changes whose both sides the adapter must play (the case's ``@since``/``@until``)."""


@dataclass(frozen=True)
class Case:
    """A compiled case: its id, its setup and its steps, and the mechanics and changes it needs of any adapter
    (checked before its first step, as the pytest path does)."""

    id: str
    setup: Setup
    steps: tuple[Step, ...]
    mechanics: tuple[str, ...] = ()
    """Mechanics the adapter must implement (a scenario's ``@requires:``)."""
    since: tuple[str, ...] = ()
    """Changes from which the case holds (``@since:``): the adapter must play both sides of each."""
    until: tuple[str, ...] = field(default=())
    """Changes until which the case holds (``@until:``): the adapter must play both sides of each."""

    def under(self, rules: Rules, seed: int | None = None) -> Case:
        """The same case played under other rules (and seed): what the matrix runs for each state."""
        setup = Setup(rules, self.setup.seed if seed is None else seed, self.setup.state)
        setup.__dict__["sent"] = self.setup.sent  # the same starting state: its request copied once for every state
        return Case(self.id, setup, self.steps, self.mechanics, self.since, self.until)

    def items(self) -> Iterator[tuple[Step, Item]]:
        """Every item with its step, in order."""
        for step in self.steps:
            for item in step.items:
                yield step, item

    @property
    def needs(self) -> Needs:
        """Every card, mechanic, observable and change the case needs (each once, in the order first needed)."""
        cards = [item.name for _, item in self.items() if isinstance(item, NeedsCard)]
        observables = [name for _, item in self.items() if isinstance(item, Check) for name in sorted(item.observables)]
        return Needs(cards=_once(cards), mechanics=_once(self.mechanics), observables=_once(observables),
                     changes=_once((*self.since, *self.until)))


def fresh(value: Any) -> Any:
    """A deep copy of a JSON value (dicts, lists and scalars): what is sent to an adapter, which may keep or change
    what it is given, while the case is played again (under each rules state of the matrix)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list or kind is tuple:
        return [item if type(item) in _SCALARS else fresh(item) for item in value]
    if kind is dict or isinstance(value, Mapping):
        return {key: item if type(item) in _SCALARS else fresh(item) for key, item in value.items()}
    return value


_SCALARS = frozenset({str, int, bool, float, type(None)})


def _once(values: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(values))


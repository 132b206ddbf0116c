"""Rules revisions as dated changes (ルールの改訂), and the rules in force on a day or around a change.

``features/rulesets.yaml`` lists *changes*. Each has an id and either a ``date`` (the day it took effect;
its id is that date, e.g. ``2021-03-16``) or a range ``after``/``by`` when the sources give no date (it took
effect after ``after`` and on or before ``by``; either bound may be missing). Changes are independent: no
order between them is invented.

The rules on day D (:meth:`Changes.on`): a dated change is in force if its date is on or before D; a ranged
change is in force if ``by`` <= D, not in force if D <= ``after``, and **in doubt** otherwise.
The rules just after change X (:meth:`Changes.after`) are those of a moment inside X's own date or range once
X has taken effect; just before X (:meth:`Changes.before`) are those of the day before X's date, or for a ranged X
the same moment as just after it with X not yet in force.

Scenario windows name changes: ``@since:X`` — the ruling holds once X is in force; ``@until:X`` — it holds
until X (X ended it). Under a state where a change a scenario names is in doubt, the scenario is
UNRESOLVED with a reason naming the change and its range; the run itself never stops for doubt. A change the sources
*disagree* about (``conflict``) is a ranged change whose range is the days of the disagreement; the conflict is the
reason its scenarios give for being UNRESOLVED there.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from shinpan.adapters import registries
from shinpan.adapters.contract import Rules
from shinpan.adapters.errors import SuiteError
from shinpan.adapters.locations import SuiteFolders, current
from shinpan.errors import RulesetError
from shinpan.suite.tags import TagValues


class Standing(StrEnum):
    """Whether a change is in force in a state of the rules."""

    IN_FORCE = "in_force"
    NOT_IN_FORCE = "not_in_force"
    IN_DOUBT = "in_doubt"


@dataclass(frozen=True)
class Change:
    """One change of the rules or rulings (a rulebook revision, an official answer that changed a ruling)."""

    id: str
    title: str
    what: tuple[str, ...]
    """What changed, in our own words."""
    sources: tuple[str, ...]
    """Ids of ``features/sources.yaml`` entries."""
    date: dt.date | None = None
    after: dt.date | None = None
    """For a ranged change: it took effect after this day (``None``: no lower bound is known)."""
    by: dt.date | None = None
    """For a ranged change: it had taken effect on or before this day (``None``: no upper bound is known)."""
    conflict: str | None = None
    """For a change the sources disagree about (矛盾): which sources say what. Its range is then the days over which
    they disagree (no ``by`` while they still do), and a scenario that names it is UNRESOLVED there, this text its
    reason."""
    line: int | None = None

    @property
    def earliest(self) -> dt.date | None:
        """The last day on which it was certainly not in force (``None`` if unknown)."""
        return self.date - dt.timedelta(days=1) if self.date is not None else self.after

    @property
    def latest(self) -> dt.date | None:
        """The first day on which it was certainly in force (``None`` if unknown)."""
        return self.date if self.date is not None else self.by

    def when(self) -> str:
        """Its date, or its range in words (``after 2019-08-02 and by 2021-01-03``)."""
        if self.date is not None:
            return self.date.isoformat()
        bounds = [f"after {self.after}" if self.after else "", f"by {self.by}" if self.by else ""]
        text = " and ".join(b for b in bounds if b)
        return f"undated, {text}" if text else "undated, no bound known"

    def doubt(self) -> str:
        """Why a scenario naming it is UNRESOLVED where it is in doubt: its id and range, and the conflict if any."""
        text = f"{self.id} ({self.when()})"
        return f"{text}; the sources disagree: {self.conflict}" if self.conflict else text

    def describe(self) -> str:
        """One line: the id with its date or range, and its title."""
        if self.date is not None and self.id == self.date.isoformat():
            return f"{self.id}: {self.title}"
        return f"{self.id} ({self.when()}): {self.title}"

    def turning_days(self) -> tuple[dt.date, ...]:
        """The days on which its standing changes: its date; or the day after ``after`` and the day ``by``."""
        if self.date is not None:
            return (self.date,)
        return tuple(d for d in (self.after and self.after + dt.timedelta(days=1), self.by) if d is not None)

    def on(self, day: dt.date) -> Standing:
        """Whether it is in force on ``day``."""
        if self.latest is not None and self.latest <= day:
            return Standing.IN_FORCE
        if self.date is not None or (self.after is not None and day <= self.after):
            return Standing.NOT_IN_FORCE
        return Standing.IN_DOUBT

    def relative_to(self, other: Change) -> Standing:
        """Whether it is in force just after ``other`` took effect (at a moment inside other's date or range)."""
        if other.date is not None:
            return self.on(other.date)
        if self.latest is not None and other.earliest is not None and self.latest <= other.earliest:
            return Standing.IN_FORCE
        if self.earliest is not None and other.latest is not None and self.earliest >= other.latest:
            return Standing.NOT_IN_FORCE
        return Standing.IN_DOUBT


@dataclass(frozen=True)
class Verdict:
    """Whether a scenario applies in a state: ``status`` is ``None`` (it applies), NOT_APPLICABLE or UNRESOLVED."""

    status: str | None
    reason: str | None = None
    doubts: tuple[str, ...] = ()
    """The changes in doubt that this scenario names (for UNRESOLVED)."""


@dataclass(frozen=True)
class RulesState:
    """The rules at one point: every change with its standing. A value; build it with :class:`Changes`.

    ``label`` is how a run names it: a day (``2023-06-01``), a change id (just after it) or ``before:ID``.
    ``day`` is the day it describes when there is one: the day asked for, or a dated change's date.
    """

    label: str
    standings: tuple[tuple[str, Standing], ...]
    day: dt.date | None = None
    change: str | None = None
    side: str | None = None
    """``after`` or ``before`` when the state is named by a change."""

    def standing(self, change_id: str) -> Standing:
        """The standing of ``change_id``; :class:`RulesetError` if the change is unknown."""
        for cid, standing in self.standings:
            if cid == change_id:
                return standing
        raise RulesetError(f"unknown change {change_id!r}")

    @property
    def in_force(self) -> tuple[str, ...]:
        """The changes certainly in force, in file order."""
        return tuple(c for c, s in self.standings if s == Standing.IN_FORCE)

    @property
    def in_doubt(self) -> tuple[str, ...]:
        """The changes whose standing the sources cannot settle here, in file order."""
        return tuple(c for c, s in self.standings if s == Standing.IN_DOUBT)

    @property
    def rules(self) -> str:
        """The rules themselves, whatever the label: the changes in force and those in doubt. Two days between the
        same changes (today and tomorrow, most days) are the same rules."""
        return f"in force: {','.join(self.in_force)}; in doubt: {','.join(self.in_doubt)}"

    @property
    def engine_changes(self) -> tuple[str, ...]:
        """The one definite set of changes sent to an engine: those certainly in force.

        A change in doubt is sent as not in force. Scenarios that name it are UNRESOLVED and never run, and a
        scenario that does not name a change must not depend on it, so the choice cannot change a result.
        """
        return self.in_force

    def as_sent(self) -> Rules:
        """The rules as ``new_game`` sends them to an engine: this state's label and :attr:`engine_changes`."""
        return {"label": self.label, "changes": list(self.engine_changes)}

    def describe(self) -> str:
        """One line: the label, and the changes in doubt if any."""
        what = {"after": "just after change", "before": "just before change"}.get(self.side or "", "rules as of")
        text = f"{what} {self.change or self.label}"
        if self.in_doubt:
            text += f" (in doubt: {', '.join(self.in_doubt)})"
        return text

    def verdict(self, since: Iterable[str], until: Iterable[str], changes: Changes) -> Verdict:
        """Whether a scenario with these ``@since``/``@until`` tags applies here; unknown ids are a RulesetError."""
        doubts: list[str] = []
        for tag, change_id, needed in [*(("since", c, Standing.IN_FORCE) for c in since),
                                       *(("until", c, Standing.NOT_IN_FORCE) for c in until)]:
            standing = self.standing(change_id)
            change = changes.get(change_id)
            if standing == Standing.IN_DOUBT:
                doubts.append(change_id)
            elif standing != needed:
                reason = (f"@since:{change_id} — the ruling holds once {change.describe()} is in force"
                          if tag == "since" else f"@until:{change_id} — the ruling was changed by {change.describe()}")
                return Verdict("NOT_APPLICABLE", reason)
        if doubts:
            named = "; ".join(changes.get(c).doubt() for c in doubts)
            return Verdict("UNRESOLVED", f"depends on a change in doubt here: {named}", tuple(doubts))
        return Verdict(None)


OPEN_QUESTION = "an open question; asserts nothing"
NO_QUESTION = "'-' in the source table: the question does not arise; asserts nothing"


def scenario_verdict(state: RulesState, values: TagValues, changes: Changes) -> Verdict:
    """Whether a scenario asserts in ``state``: outside its ``@since``/``@until`` window, or where it names a change
    in doubt, the window's :meth:`RulesState.verdict`; inside it, ``@status:unresolved`` (an open question) is
    UNRESOLVED and ``@status:not_applicable`` (a '-' of a source table) is NOT_APPLICABLE; otherwise it applies."""
    verdict = state.verdict(values.since, values.until, changes)
    if verdict.status is not None:
        return verdict
    if values.unresolved:
        return Verdict("UNRESOLVED", OPEN_QUESTION)
    if values.not_applicable:
        return Verdict("NOT_APPLICABLE", NO_QUESTION)
    return verdict


@dataclass(frozen=True)
class Changes:
    """Every known change, in the file's order (which carries no meaning)."""

    items: tuple[Change, ...]
    path: Path

    @property
    def ids(self) -> tuple[str, ...]:
        """Change ids in file order."""
        return tuple(c.id for c in self.items)

    def get(self, change_id: str) -> Change:
        """The change ``change_id``; :class:`RulesetError` listing the known ids if there is none."""
        for change in self.items:
            if change.id == change_id:
                return change
        raise RulesetError(f"unknown change {change_id!r}; known changes: {', '.join(self.ids)}")

    def on(self, day: dt.date) -> RulesState:
        """The rules on ``day``."""
        return RulesState(day.isoformat(), tuple((c.id, c.on(day)) for c in self.items), day=day)

    def after(self, change_id: str) -> RulesState:
        """The rules just after ``change_id`` took effect."""
        anchor = self.get(change_id)
        standings = tuple((c.id, Standing.IN_FORCE if c.id == anchor.id else c.relative_to(anchor))
                          for c in self.items)
        return RulesState(anchor.id, standings, day=anchor.date, change=anchor.id, side="after")

    def before(self, change_id: str) -> RulesState:
        """The rules just before ``change_id`` took effect. For a dated change, the rules of the day before its date
        (a ranged change whose ``by`` is that date is in doubt there); for a ranged one, as just after it, with it
        not yet in force."""
        anchor = self.get(change_id)
        if anchor.date is not None:
            eve = anchor.date - dt.timedelta(days=1)
            return RulesState(f"before:{change_id}", self.on(eve).standings, day=eve, change=change_id, side="before")
        after = self.after(change_id)
        standings = tuple((c, Standing.NOT_IN_FORCE if c == change_id else s) for c, s in after.standings)
        return RulesState(f"before:{change_id}", standings, change=change_id, side="before")

    def calendar_states(self) -> tuple[RulesState, ...]:
        """The rules of one day of each stretch of days over which no change's standing changes: the day before the
        first day a standing changes, and every such day. Every calendar day has the standings of one of them."""
        days = sorted({day for change in self.items for day in change.turning_days()}) or [dt.date.today()]
        return tuple(self.on(day) for day in (days[0] - dt.timedelta(days=1), *days))

    def on_some_day(self, since: Sequence[str], until: Sequence[str]) -> bool:
        """Whether a scenario with this window holds on at least one calendar day. One that does not (its window
        needs a change whose range has no lower bound to be not yet in force, or one in doubt on every day after
        its start) runs only in the abstract states of the matrix, just before or after a change."""
        return any(state.verdict(since, until, self).status is None for state in self.calendar_states())

    def today(self) -> RulesState:
        """The rules today (the default)."""
        return self.on(dt.date.today())

    def select(self, ruleset: str | None = None, as_of: str | None = None) -> RulesState:
        """The state chosen by ``--ruleset`` (a change id, ``after:ID``, ``before:ID``, ``latest`` or a day) or
        ``--rules-as-of DAY`` (not both); today by default."""
        if ruleset and as_of:
            raise RulesetError("give either --ruleset or --rules-as-of, not both")
        if as_of:
            return self.on(parse_day(as_of))
        return self.named(ruleset) if ruleset and ruleset != "latest" else self.today()

    def named(self, name: str) -> RulesState:
        """A state by name: ``before:ID``, ``after:ID``, a change id (just after it), or a day."""
        side, _, change_id = name.partition(":")
        if change_id and side == "before":
            return self.before(change_id)
        if change_id and side == "after":
            return self.after(change_id)
        if name in self.ids:
            return self.after(name)
        try:
            day = dt.date.fromisoformat(name)
        except ValueError:
            raise RulesetError(f"unknown ruleset {name!r}: expected a change id, after:ID, before:ID or a day "
                               f"(YYYY-MM-DD); known changes: {', '.join(self.ids)}") from None
        return self.on(day)

    def plays(self, played: Mapping[str, Any] | None, state: RulesState) -> bool:
        """Whether an engine whose ``rules`` capability is ``played`` (``messages.json#/$defs/rules_played``;
        ``None``: every state) plays ``state``: any form it gives says so — ``current``: the same standings as
        today's rules; ``from``/``until``: the state's day lies in that range, or the state is the rules of the
        range's first or last day; ``states``: the same standings as a state it names (a label this kit does not
        know names nothing)."""
        if played is None:
            return True
        if played.get("current") and state.standings == self.today().standings:
            return True
        first, last = str(played.get("from", "0001-01-01")), str(played.get("until", "9999-12-31"))
        if ("from" in played or "until" in played) and state.day is not None \
                and first <= state.day.isoformat() <= last:
            return True
        # The rules of the range's own first and last days: an engine of 2004-06 ({"until": "2006-12-31"}) plays
        # the state before every change, though the matrix dates that state by the first change (2013-12-31).
        ends = [self._day_state(played.get(key)) for key in ("from", "until") if key in played]
        if any(end is not None and end.standings == state.standings for end in ends):
            return True
        return any(self._standings_of(label) == state.standings for label in played.get("states", ()))

    def latest_played(self, played: Mapping[str, Any] | None) -> RulesState:
        """The state a command plays when none is named, for an engine whose ``rules`` capability is ``played``:
        today's rules if it plays them, else the latest day (of :meth:`calendar_states` and the matrix's states)
        it plays, a day its declaration names counted (one before the first listed change too); today's rules when
        it plays none (the command then refuses them, naming why)."""
        if self.plays(played, self.today()):
            return self.today()
        named = [self._day_state(played.get(key)) for key in ("from", "until")] if played else []
        named += [self._named_state(label) for label in (played or {}).get("states", ())]
        only_range = played is not None and not played.get("states") and not played.get("current")
        last = str(played.get("until", "9999-12-31")) if played is not None and only_range else "9999-12-31"
        candidates = [s for s in (*self.calendar_states(), *self.states(), *filter(None, named))
                      if self.plays(played, s) and (s.day is None or s.day.isoformat() <= last)
                      and (s.day is None or s.day <= dt.date.today())]
        dated = sorted((s for s in candidates if s.day is not None), key=lambda s: s.day or dt.date.min)
        return dated[-1] if dated else candidates[-1] if candidates else self.today()

    def _day_state(self, day: object) -> RulesState | None:
        try:
            return self.on(dt.date.fromisoformat(str(day))) if day is not None else None
        except ValueError:
            return None

    def _named_state(self, label: object) -> RulesState | None:
        try:
            return self.named(str(label))
        except RulesetError:
            return None

    def _standings_of(self, label: object) -> tuple[tuple[str, Standing], ...] | None:
        state = self._named_state(label)
        return state.standings if state is not None else None

    def states(self) -> tuple[RulesState, ...]:
        """The matrix's states: just before and just after every change, in file order, then today; a state whose
        standings equal an earlier one's is left out (see :meth:`same_states`)."""
        return tuple(group[0] for group in self.same_states())

    def same_states(self) -> tuple[tuple[RulesState, ...], ...]:
        """Every state of the matrix, grouped by equal standings (the first of each group is the one run)."""
        return _same_states(self, dt.date.today())

    def window_problem(self, since: Sequence[str], until: Sequence[str]) -> str | None:
        """Why ``@since``/``@until`` ids cannot form a window (unknown id, or it ends before it starts)."""
        for change_id in (*since, *until):
            if change_id not in self.ids:
                return f"unknown change {change_id!r}; known changes: {', '.join(self.ids)}"
        for start in since:
            for end in until:
                if start == end:
                    return f"@since:{start} and @until:{end} name the same change: the window is empty"
                if self.ends_before(end, start):
                    return (f"@until:{end} ({self.get(end).when()}) takes effect no later than @since:{start} "
                            f"({self.get(start).when()}): the window is empty")
        return None

    def ends_before(self, end: str, start: str) -> bool:
        """Whether a window that change ``end`` closes is over before one that change ``start`` opens: just after
        ``start`` takes effect, ``end`` is certainly in force (as the states reckon it, :meth:`Change.relative_to`),
        or they are the same change."""
        return end == start or self.get(end).relative_to(self.get(start)) == Standing.IN_FORCE


@cache
def _same_states(changes: Changes, today: dt.date) -> tuple[tuple[RulesState, ...], ...]:
    """:meth:`Changes.same_states`, worked out once per registry and day (the lint asks for it per @rule: citation,
    a run's checks per scenario)."""
    groups: dict[tuple[tuple[str, Standing], ...], list[RulesState]] = {}
    everyone = [*(s for c in changes.items for s in (changes.before(c.id), changes.after(c.id))), changes.on(today)]
    for state in everyone:
        groups.setdefault(state.standings, []).append(state)
    return tuple(tuple(group) for group in groups.values())


def parse_day(text: str) -> dt.date:
    """A day given as ``YYYY-MM-DD``; :class:`RulesetError` otherwise."""
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise RulesetError(f"{text!r} is not a date of the form YYYY-MM-DD") from None


def load(suite: Path | SuiteFolders | None = None) -> Changes:
    """The changes of the rules of ``suite`` (default: the suite being run): the kit's ``features/rulesets.yaml``;
    or, given a path, the file there. A user suite has none of its own (:data:`USER_SUITE_RULESETS`)."""
    if isinstance(suite, Path):
        return _load(suite, registries.versions((suite,)))
    folders = suite or current()
    if folders.user is not None and (folders.user / "rulesets.yaml").exists():
        raise SuiteError(folders.user / "rulesets.yaml", 1, USER_SUITE_RULESETS)
    path = folders.kit / "rulesets.yaml"
    return _load(path, registries.versions((path,)))


USER_SUITE_RULESETS = ("a user suite uses the kit's changes of the rules (see `shinpan rulesets`); it has no "
                       "rulesets.yaml: a change is a fact of the game, which every engine is told by its id")
"""Why a user suite may not list changes of its own: an engine plays the changes it is sent by id, and only the
kit's are known to it; a user suite's scenarios name the kit's changes in @since/@until."""


@cache
def _load(path: Path, versions: tuple[tuple[int, int], ...]) -> Changes:
    """The changes in ``path``, once per version of it: the file checked against its schema
    (``registries/schema/rulesets.json``), then what the schema cannot say (:func:`_bounds_problem`)."""
    items = [_change(entry) for entry in registries.entries((path,), "rulesets")]
    return Changes(tuple(items), path)


def _change(entry: registries.Entry) -> Change:
    data = entry.data
    date, after, by = (_day(entry, data.get(key)) for key in ("date", "after", "by"))
    problem = _bounds_problem(entry.id, date, after, by)
    if problem:
        raise SuiteError(entry.path, entry.line, f"change {entry.id}: {problem}")
    return Change(entry.id, str(data["title"]), tuple(data["what"]), tuple(data["sources"]), date=date, after=after,
                  by=by, conflict=data.get("conflict"), line=entry.line)


def _day(entry: registries.Entry, value: object) -> dt.date | None:
    """A day as YAML read it (a date) or as it was quoted (``"2021-03-16"``, which must be a real day)."""
    if value is None or isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError as error:
        raise SuiteError(entry.path, entry.line, f"change {entry.id}: {value} is not a real date ({error})") from None


def _bounds_problem(cid: str, date: dt.date | None, after: dt.date | None, by: dt.date | None) -> str | None:
    """What the schema cannot say: a dated change's id is its date, and a range ends after it starts."""
    if date is not None:
        return None if cid == date.isoformat() else f"a dated change's id must be its date ({date.isoformat()})"
    if after is not None and by is not None and by <= after:
        return f"'by' ({by}) must come after 'after' ({after})"
    return None

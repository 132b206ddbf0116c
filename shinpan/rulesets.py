"""Rules revisions (ルールの改訂) from ``features/rulesets.yaml``, and which scenarios apply under one.

Each revision has an id. A dated revision's id is its date (``2021-03-16``). An undated one has a
name and the date range the sources allow (``after`` < its date <= ``by``); it is listed at the
latest position that range allows. Scenario tags refer to revisions:

* ``@since:R`` — the ruling holds from revision ``R`` on;
* ``@until:D`` — the ruling held up to and including day ``D``, the day before a dated revision
  changed it; for a change whose day is unknown, ``@until:`` names that undated revision instead.
  Either way the ruling holds under the revisions before the one that ended it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from shinpan import paths, yamlfile
from shinpan.errors import RulesetError, SuiteError


@dataclass(frozen=True)
class Revision:
    """One revision of the rules or rulings."""

    id: str
    title: str
    changes: tuple[str, ...]
    date: dt.date | None = None
    after: dt.date | None = None
    """For an undated revision: it took effect after this day."""
    by: dt.date | None = None
    """For an undated revision: it had taken effect by this day."""
    line: int | None = None

    @property
    def dated(self) -> bool:
        """Whether the day it took effect is known."""
        return self.date is not None

    def describe(self) -> str:
        """One line: the id with its date or range, and its title."""
        if self.date is not None:
            when = self.date.isoformat()
        else:
            bounds = [f"after {self.after}" if self.after else "", f"by {self.by}" if self.by else ""]
            when = ", ".join(["undated", " and ".join(b for b in bounds if b)]) if any(bounds) else "undated"
        return f"{self.id} ({when}): {self.title}" if self.id != str(self.date) else f"{self.id}: {self.title}"


@dataclass(frozen=True)
class Revisions:
    """All known revisions, oldest first."""

    items: tuple[Revision, ...]
    path: Path

    @property
    def ids(self) -> tuple[str, ...]:
        """Revision ids in order."""
        return tuple(r.id for r in self.items)

    @property
    def latest(self) -> Revision:
        """The newest revision: the default ruleset."""
        return self.items[-1]

    def get(self, revision_id: str) -> Revision:
        """The revision ``revision_id``; :class:`RulesetError` listing the known ids if there is none."""
        for revision in self.items:
            if revision.id == revision_id:
                return revision
        raise RulesetError(f"unknown ruleset {revision_id!r}; known rulesets: {', '.join(self.ids)}")

    def index(self, revision_id: str) -> int:
        """Position of ``revision_id`` in the order."""
        return self.ids.index(self.get(revision_id).id)

    def select(self, ruleset: str | None = None, as_of: str | None = None) -> Revision:
        """The revision chosen by ``--ruleset`` or ``--rules-as-of`` (not both); the latest by default."""
        if ruleset and as_of:
            raise RulesetError("give either --ruleset or --rules-as-of, not both")
        if as_of:
            return self.as_of(_parse_day(as_of))
        return self.get(ruleset) if ruleset and ruleset != "latest" else self.latest

    def as_of(self, day: dt.date) -> Revision:
        """The newest revision in force on ``day``. A day inside an undated revision's range is an error."""
        for revision in self.items:
            if not revision.dated and _inside(day, revision):
                raise RulesetError(
                    f"{day} falls inside the date range of the undated revision {revision.describe()}; "
                    f"the sources do not say whether it was in force then: choose one with --ruleset "
                    f"(e.g. --ruleset {revision.id}, or the revision before it)"
                )
        in_force = [r for r in self.items if _in_force_on(day, r)]
        if not in_force:
            raise RulesetError(f"{day} is before the first known revision, {self.items[0].describe()}")
        return max(in_force, key=lambda r: self.index(r.id))

    def ending_revision(self, until: str) -> Revision:
        """The revision that ended a ruling tagged ``@until:<until>``."""
        for revision in self.items:
            if revision.id == until and not revision.dated:
                return revision
        try:
            day = _parse_day(until)
        except RulesetError:
            raise RulesetError(
                f"@until:{until} is neither a day nor an undated revision id; undated ids: "
                f"{', '.join(r.id for r in self.items if not r.dated)}"
            ) from None
        next_day = day + dt.timedelta(days=1)
        for revision in self.items:
            if revision.date == next_day:
                return revision
        raise RulesetError(
            f"@until:{until} must be the day before a dated revision (so that a revision ends the ruling); "
            f"dated revisions: {', '.join(r.id for r in self.items if r.dated)}"
        )

    def applies(self, selected: Revision, since: Iterable[str], until: Iterable[str]) -> str | None:
        """``None`` if a scenario with these tags applies under ``selected``, else the reason it does not."""
        here = self.index(selected.id)
        for value in since:
            if here < self.index(value):
                return f"@since:{value} — the ruling holds from {self.get(value).describe()} on"
        for value in until:
            ending = self.ending_revision(value)
            if here >= self.index(ending.id):
                return f"@until:{value} — the ruling was changed by {ending.describe()}"
        return None


def _parse_day(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise RulesetError(f"{text!r} is not a date of the form YYYY-MM-DD") from None


def _inside(day: dt.date, revision: Revision) -> bool:
    low_ok = revision.after is None or day > revision.after
    high_ok = revision.by is None or day < revision.by
    return low_ok and high_ok


def _in_force_on(day: dt.date, revision: Revision) -> bool:
    if revision.date is not None:
        return revision.date <= day
    return revision.by is not None and revision.by <= day


@cache
def load(path: Path | None = None) -> Revisions:
    """Read and check ``features/rulesets.yaml`` (or ``path``)."""
    path = path or paths.rulesets_file()
    data = yamlfile.load(path)
    if not isinstance(data, dict) or not isinstance(data.get("revisions"), list) or not data["revisions"]:
        raise SuiteError(path, 1, "expected a mapping with a non-empty list 'revisions'")
    items: list[Revision] = []
    for entry in data["revisions"]:
        items.append(_revision(path, entry))
    _check_order(path, items)
    return Revisions(tuple(items), path)


def _revision(path: Path, entry: object) -> Revision:
    line = yamlfile.line_of(entry)
    if not isinstance(entry, dict):
        raise SuiteError(path, line, "each revision must be a mapping with id, title and changes")
    for key in ("id", "title", "changes"):
        if key not in entry:
            raise SuiteError(path, line, f"revision is missing {key!r}")
    rid = str(entry["id"])
    changes = entry["changes"]
    if not isinstance(changes, list) or not all(isinstance(c, str) for c in changes):
        raise SuiteError(path, line, f"revision {rid}: 'changes' must be a list of strings")
    date, window = entry.get("date"), entry.get("range")
    if (date is None) == (window is None):
        raise SuiteError(path, line, f"revision {rid}: give exactly one of 'date' or 'range'")
    if date is not None:
        if not isinstance(date, dt.date) or rid != date.isoformat():
            raise SuiteError(path, line, f"revision {rid}: a dated revision's id must be its date (YYYY-MM-DD)")
        return Revision(rid, str(entry["title"]), tuple(changes), date=date, line=line)
    if not isinstance(window, dict) or set(window) - {"after", "by"}:
        raise SuiteError(path, line, f"revision {rid}: 'range' must be a mapping with 'after' and/or 'by' dates")
    after, by = window.get("after"), window.get("by")
    for bound in (after, by):
        if bound is not None and not isinstance(bound, dt.date):
            raise SuiteError(path, line, f"revision {rid}: range bounds must be dates (YYYY-MM-DD)")
    return Revision(rid, str(entry["title"]), tuple(changes), after=after, by=by, line=line)


def _check_order(path: Path, items: list[Revision]) -> None:
    seen: set[str] = set()
    last: dt.date | None = None
    for revision in items:
        if revision.id in seen:
            raise SuiteError(path, revision.line, f"revision id {revision.id} appears twice")
        seen.add(revision.id)
        if revision.date is not None:
            if last is not None and revision.date <= last:
                raise SuiteError(path, revision.line, f"revision {revision.id} is out of date order")
            last = revision.date
        elif revision.by is not None and last is not None and revision.by < last:
            raise SuiteError(
                path, revision.line, f"undated revision {revision.id} is listed after {last}, later than its range"
            )

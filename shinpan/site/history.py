"""The rules' history on the site: the changes (改訂) and each scenario's window drawn on a timeline.

A change took effect on a known day, or somewhere in a range (after ``after``, by ``by``) when the
sources give no day: the days inside that range are *in doubt* (shaded on the timeline). A scenario
holds from the changes named by its ``@since`` tags and up to the changes that ended it (``@until``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from shinpan.suite import rulesets


def first_day(change: rulesets.Change) -> dt.date | None:
    """The earliest day ``change`` may have taken effect (None: unknown)."""
    return change.earliest + dt.timedelta(days=1) if change.earliest is not None else None


def when(change: rulesets.Change) -> str:
    """The day ``change`` took effect, or the range, in Japanese."""
    if change.date is not None:
        return change.date.isoformat()
    after = f"{change.after.isoformat()} より後" if change.after else ""
    by = f"{change.by.isoformat()} までに" if change.by else ""
    return "、".join(p for p in (after, by) if p) + "(日付不明)"


@dataclass(frozen=True)
class Segment:
    """A stretch of the timeline in percent of its width."""

    left: float
    width: float
    kind: str
    """``holds`` (the ruling holds), ``doubt`` (a change the scenario depends on, in doubt), ``range`` (another
    change known by a range: not shaded), ``change`` (a dated change's tick)."""
    title: str


@dataclass(frozen=True)
class Timeline:
    """A scenario's window over every change: ticks and bands for the changes, and the window's segments."""

    changes: tuple[Segment, ...]
    window: tuple[Segment, ...]
    years: tuple[tuple[float, int], ...]
    """Where each new year starts on the axis (percent, year)."""
    start: str
    end: str


def changes() -> tuple[rulesets.Change, ...]:
    """Every change from ``features/rulesets.yaml``, oldest first (a ranged change by its earliest day)."""
    return tuple(sorted(rulesets.load().items, key=lambda c: first_day(c) or c.latest or dt.date.min))


def changed_by(change_id: str, windows: Iterable[tuple[str, Sequence[str], Sequence[str]]]) -> list[str]:
    """The scenario ids (of ``(id, since, until)``) whose outcome ``change_id`` changes: it starts or ends them."""
    found = []
    for scenario_id, since, until in windows:
        if change_id in since or change_id in until:
            found.append(scenario_id)
    return found


def timeline(all_changes: Sequence[rulesets.Change], since: Sequence[str], until: Sequence[str],
             today: dt.date) -> Timeline:
    """Draw the window of a scenario holding from the changes ``since`` to the ones ending it (``until``)."""
    by_id = {c.id: c for c in all_changes}
    days = [d for c in all_changes for d in (c.date, c.after, c.by) if d is not None]
    start = min(days) - dt.timedelta(days=365)
    end = max([*days, today])

    def x(day: dt.date | None, default: dt.date) -> float:
        day = day or default
        return round(100 * (day - start).days / max(1, (end - start).days), 2)

    marks = []
    depends = {*since, *until}
    for change in all_changes:
        if change.date is not None:
            marks.append(Segment(x(change.date, start), 0.0, "change", f"{change.id}: {change.title}"))
        else:  # a range: shaded as doubt only for a change the scenario depends on
            left = x(first_day(change), start)
            kind, aside = ("doubt", "") if change.id in depends else ("range", " — この裁定はこの変更に依らない")
            marks.append(Segment(left, x(change.latest, end) - left, kind, f"{change.id} ({when(change)}){aside}"))
    openings = [by_id[s] for s in since if s in by_id]
    endings = [by_id[e] for e in until if e in by_id]
    # It may hold once every opening may be in force, and surely holds once every one surely is;
    # it surely holds until the first ending may have come, and no longer once one surely has.
    may_from = max((x(first_day(c), start) for c in openings), default=0.0)
    sure_from = max((x(c.latest, end) for c in openings), default=0.0)
    sure_to = min((x(first_day(c), start) for c in endings), default=100.0)
    gone = min((x(c.latest, end) for c in endings), default=100.0)
    doubts = "、".join(f"{c.id} ({when(c)})" for c in (*openings, *endings) if c.date is None)
    window = []
    if sure_to < sure_from:
        window.append(Segment(may_from, max(0.0, gone - may_from), "doubt", f"{doubts} — 成り立つかは不明"))
    else:
        if sure_from > may_from:
            window.append(Segment(may_from, sure_from - may_from, "doubt", f"{doubts} — 不明"))
        window.append(Segment(sure_from, sure_to - sure_from, "holds", "この裁定が成り立つ期間"))
        if gone > sure_to:
            window.append(Segment(sure_to, gone - sure_to, "doubt", f"{doubts} — 不明"))
    years = tuple((x(dt.date(year, 1, 1), start), year) for year in range(start.year + 1, end.year + 1))
    marks.sort(key=lambda mark: mark.kind == "change")  # bands first, so that the ticks of dated changes show
    return Timeline(tuple(marks), tuple(window), years, start.isoformat(), end.isoformat())

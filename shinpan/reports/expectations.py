"""Expectations files (like WPT's metadata): what an adapter is known to get wrong or to lack.

One TOML file per adapter maps scenario ids to the status expected of it, with a reason and an
optional issue link; an entry may hold only under some rulesets (``rulesets``) or for rulesets in force
from a day (``since``) and before a day (``until``)::

    adapter = "cmd:node adapters/examples/node/adapter.js"

    # sickness lands in 2.0
    [expect."basics-sick-001"]
    status = "FAIL"
    reason = "summoning sickness is not tracked yet"
    issue = "https://example.invalid/engine/issues/12"
    rulesets = ["2021-12-16", "2025-12-17"]   # optional: only under these rulesets
    since = "2020-01-01"                        # optional: only rulesets dated on or after this day
    until = "2026-01-01"                        # optional: only rulesets dated before this day

With ``--expectations FILE`` a scenario that ends as expected is XFAIL; one that passes instead is
XPASS, which fails the run (the file is out of date) unless ``--allow-xpass`` is given; any other
status stays what it is. An entry with ``since``/``until`` never holds under an undated ruleset.
``shinpan expectations update REPORT`` edits the file from a report with tomlkit: entries sorted by id, each id
quoted, the ``adapter`` line the report's; comments (each above its entry), reasons and links of entries that still
hold are kept. A run given the file and no ``--adapter`` plays the file's adapter (:func:`adapter_for`).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import tomlkit
import tomlkit.items
from tomlkit.exceptions import TOMLKitError
from tomlkit.items import KeyType, SingleKey

from shinpan.errors import ExpectationsError
from shinpan.reports.outcomes import NOT_RUN, Status

EXPECTABLE = (Status.FAIL, Status.UNSUPPORTED, Status.UNOBSERVABLE, Status.SCRIPT_MISMATCH, Status.ERROR,
              Status.CRASH, Status.TIMEOUT)
"""Statuses an entry may expect (everything a scenario can earn but PASS and the not-run ones)."""

KEYS = ("status", "reason", "issue", "rulesets", "since", "until")
"""The keys of an entry, in the order a new entry is written."""

HEADER = ("shinpan expectations: scenarios this adapter is known to fail or lack (see docs/adapters.md).\n"
          "`shinpan expectations update REPORT` edits it; comments, reasons and issue links are kept.")


@dataclass(frozen=True)
class Expectation:
    """What one scenario is expected to end with, why, and under which rulesets it holds."""

    status: Status
    reason: str
    issue: str | None = None
    rulesets: tuple[str, ...] | None = None
    """Only under these ruleset ids (None: under any)."""
    since: dt.date | None = None
    """Only under rulesets that took effect on or after this day."""
    until: dt.date | None = None
    """Only under rulesets that took effect before this day."""

    def holds(self, ruleset: str, day: dt.date | None) -> bool:
        """Whether the entry applies to a run under ``ruleset``, in force from ``day`` (None: undated)."""
        if self.rulesets is not None and ruleset not in self.rulesets:
            return False
        if self.since is None and self.until is None:
            return True
        if day is None:
            return False
        return (self.since is None or day >= self.since) and (self.until is None or day < self.until)


@dataclass(frozen=True)
class Expectations:
    """A parsed expectations file (its TOML document is kept, so that rewriting it keeps its comments)."""

    adapter: str | None
    entries: dict[str, Expectation]
    path: str | None = None
    coverage: float | None = None
    """The coverage (percent) the adapter reached when the file was last updated: a run below it warns."""
    document: tomlkit.TOMLDocument = field(default_factory=tomlkit.document, compare=False, repr=False)

    def get(self, case_id: str) -> Expectation | None:
        return self.entries.get(case_id)

    def under(self, ruleset: str, day: dt.date | None) -> Expectations:
        """Only the entries that hold under ``ruleset`` (what a run under it applies)."""
        entries = {k: e for k, e in self.entries.items() if e.holds(ruleset, day)}
        return Expectations(self.adapter, entries, self.path, self.coverage, self.document)


def load(path: str | Path) -> Expectations:
    """Read and check an expectations file."""
    file = Path(path)
    if file.exists() and not file.is_file():  # a pipe would block the run forever, a folder cannot be one
        raise ExpectationsError(f"{file}: not a regular file: an expectations file is a TOML file")
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise ExpectationsError(f"{file}: cannot read the expectations file: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ExpectationsError(f"{file}: not UTF-8 text") from None
    return loads(text, str(file))


def loads(text: str, name: str = "<expectations>") -> Expectations:
    """Parse and check the text of an expectations file (``name`` is used in messages)."""
    try:
        document = tomlkit.parse(text)
    except TOMLKitError as error:
        raise ExpectationsError(f"{name}: not valid TOML: {error}") from None
    data = document.unwrap()
    unknown = set(data) - {"adapter", "coverage", "expect"}
    if unknown:
        raise ExpectationsError(f"{name}: unknown top-level key(s) {', '.join(sorted(unknown))}; "
                                "expected 'adapter', 'coverage' and [expect.\"<scenario id>\"] tables")
    coverage = data.get("coverage")
    if coverage is not None and (isinstance(coverage, bool) or not isinstance(coverage, int | float)
                                 or not 0 <= coverage <= 100):
        raise ExpectationsError(f"{name}: coverage must be a number from 0 to 100 (percent), not {coverage!r}")
    expect = data.get("expect", {})
    if not isinstance(expect, dict):
        raise ExpectationsError(f"{name}: 'expect' must be a table of scenario ids")
    entries = {case_id: _entry(f"{name}: [expect.{tomlkit.string(case_id).as_string()}]", entry)
               for case_id, entry in expect.items()}
    adapter = data.get("adapter")
    return Expectations(adapter if isinstance(adapter, str) else None, entries, name,
                        float(coverage) if coverage is not None else None, document)


def _entry(where: str, entry: object) -> Expectation:
    if not isinstance(entry, dict) or set(entry) - set(KEYS):
        raise ExpectationsError(f"{where}: allowed keys are {', '.join(KEYS)}")
    status = entry.get("status")
    if status not in {s.value for s in EXPECTABLE}:
        raise ExpectationsError(f"{where}: status {status!r} is not one of {', '.join(s.value for s in EXPECTABLE)}")
    reason = entry.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise ExpectationsError(f"{where}: a reason is required")
    issue = entry.get("issue")
    if issue is not None and not isinstance(issue, str):
        raise ExpectationsError(f"{where}: issue must be a string (a link)")
    rulesets = entry.get("rulesets")
    if rulesets is not None and (not isinstance(rulesets, list) or not all(isinstance(r, str) for r in rulesets)):
        raise ExpectationsError(f"{where}: rulesets must be a list of ruleset ids")
    days = {key: _day(where, key, entry.get(key)) for key in ("since", "until")}
    return Expectation(Status(status), reason, issue, tuple(rulesets) if rulesets is not None else None, **days)


def _day(where: str, key: str, value: object) -> dt.date | None:
    if value is None:
        return None
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    raise ExpectationsError(f"{where}: {key} must be a day, YYYY-MM-DD (got {value!r})")


def adapter_for(given: str | None, expectations: Expectations | None) -> str:
    """The adapter a run plays: ``--adapter`` when given, else the one the expectations file names (its ``adapter``
    line), else the reference engine. A file written for another adapter than the one given is bad input: its
    entries would be judged on the wrong engine."""
    named = expectations.adapter if expectations is not None else None
    if given is None:
        return named or "reference"
    if named is not None and named != given:
        where = expectations.path if expectations is not None else "--expectations"
        raise ExpectationsError(f"{where}: written for adapter {named!r}, but the run's --adapter is {given!r}: "
                                "run without --adapter (the file's adapter plays), or fix the file's adapter line")
    return given


def judge(expected: Expectation | None, status: Status) -> Status:
    """The status a scenario is reported with, given what was expected of it."""
    if expected is None or status in NOT_RUN:
        return status
    if status == expected.status:
        return Status.XFAIL
    if status == Status.PASS:
        return Status.XPASS
    return status


def dumps(expectations: Expectations) -> str:
    """The file's text: the kept document (comments and all), with entries written as they now are."""
    return tomlkit.dumps(_document(expectations))


def _document(expectations: Expectations) -> tomlkit.TOMLDocument:
    """The TOML document of ``expectations``: its own (edited in place: comments kept) or a new one; its ``adapter``
    line as the expectations say, its entries sorted by id, each id quoted (:func:`_sorted_entries`)."""
    document = expectations.document
    if not document.body:  # a new file (a file of comments only is kept as it is)
        document = tomlkit.document()
        document.add(tomlkit.comment(HEADER.splitlines()[0]))
        document.add(tomlkit.comment(HEADER.splitlines()[1]))
        document.add(tomlkit.nl())
    if expectations.adapter is not None:
        document["adapter"] = expectations.adapter
    if expectations.coverage is not None:
        document["coverage"] = expectations.coverage
    old: Any = document.get("expect", {})
    tables = {case_id: _table(old.get(case_id), entry) for case_id, entry in expectations.entries.items()}
    if "expect" in document:
        del document["expect"]
    leading, tail = _comments_between(document, old)
    _sorted_entries(document, tables, leading, tail)
    return document


Trivia = list[Any]
"""Comments and blank lines of a TOML document (tomlkit's items without a key)."""


def _table(current: Any, entry: Expectation) -> Any:
    """The entry's table: the one the file has (its comments kept), its values set to ``entry``'s."""
    table = tomlkit.table()
    if isinstance(current, dict):  # a table, or an inline table: its values in a table
        table = current if isinstance(current, tomlkit.items.Table) else _copied(current)
    for key, value in _values(entry).items():
        if value is None:
            table.pop(key, None)
        elif table.get(key) != value:
            table[key] = value
    return table


def _copied(inline: Any) -> Any:
    table = tomlkit.table()
    for key, value in inline.items():
        table[key] = value
    return table


def _comments_between(document: tomlkit.TOMLDocument, old: Any) -> tuple[dict[str, Trivia], Trivia]:
    """The comments (and blank lines) written above each entry of the file, by id, and those after the last one.
    tomlkit keeps a comment above an entry at the end of the entry before it (above the first: at the end of the
    document before ``[expect…]``); they are taken off there, to go back above their entry wherever it now is."""
    leading: dict[str, Trivia] = {}
    if not isinstance(old, tomlkit.items.Table):
        return leading, []
    above = _trailing(document.body, comments_only=True)  # above the first entry: its comments, not blank lines
    for case_id in old:
        leading[case_id] = above
        entry = old.get(case_id)
        above = _trailing(entry.value.body) if isinstance(entry, tomlkit.items.Table) else []
    return leading, above


def _trailing(body: list[tuple[Any, Any]], *, comments_only: bool = False) -> Trivia:
    """Take the comments and blank lines off the end of a tomlkit body (the keyed items stay where they are)."""
    taken: Trivia = []
    kinds = (tomlkit.items.Comment,) if comments_only else (tomlkit.items.Comment, tomlkit.items.Whitespace)
    while body and body[-1][0] is None and isinstance(body[-1][1], (*kinds, tomlkit.items.Null)):
        item = body.pop()[1]
        if not isinstance(item, tomlkit.items.Null):  # what a deleted key leaves behind
            taken.insert(0, item)
    return taken


def _sorted_entries(document: tomlkit.TOMLDocument, tables: dict[str, Any], leading: dict[str, Trivia],
                    tail: Trivia) -> None:
    """``[expect."<id>"]`` tables in the order of their ids, each id quoted, each after a blank line and the
    comments above it."""
    expect = tomlkit.table(is_super_table=True)
    previous: Any = None
    for case_id in sorted(tables):
        above = [item for item in leading.get(case_id, []) if isinstance(item, tomlkit.items.Comment)]
        if previous is None:  # above the first entry: at the end of the document
            if document.body and not isinstance(document.body[-1][1], tomlkit.items.Whitespace):
                document.add(tomlkit.nl())
            for comment in above:
                document.add(comment)
        else:
            for trivia in [tomlkit.nl(), *above]:
                previous.value.append(None, trivia)
        expect.append(SingleKey(case_id, t=KeyType.Basic), tables[case_id])
        tables[case_id].trivia.indent = ""  # the blank line above is written here, once
        previous = tables[case_id]
    for item in tail if previous is not None else []:
        previous.value.append(None, item)
    document.add("expect", expect)


def _values(entry: Expectation) -> dict[str, Any]:
    return {"status": entry.status.value, "reason": entry.reason, "issue": entry.issue,
            "rulesets": list(entry.rulesets) if entry.rulesets is not None else None,
            "since": entry.since.isoformat() if entry.since else None,
            "until": entry.until.isoformat() if entry.until else None}


LACKING = (Status.UNSUPPORTED, Status.UNOBSERVABLE)
"""Statuses that say the adapter lacks something (a mechanic, a card, a change, a field): written as entries only
when asked (``expectations update --include-unsupported``); otherwise counted by reason (:func:`lacking`)."""


def update(report_cases: Iterable[Mapping[str, Any]], old: Expectations | None, adapter: str | None, *,
           include_lacking: bool = False) -> Expectations:
    """Expectations that make the reported run all-green: one entry per scenario that failed (FAIL,
    SCRIPT_MISMATCH, ERROR, CRASH, TIMEOUT), and with ``include_lacking`` per scenario the adapter lacks something
    for (UNSUPPORTED, UNOBSERVABLE: they never fail a run; :func:`lacking` counts them by reason).

    An old entry that still expects the same status keeps its reason, issue link and ruleset limits; an entry
    whose scenario now passes (or, without ``include_lacking``, now lacks something) is dropped (an entry limited
    to some rulesets only loses the report's ruleset); scenarios not in the report, and entries that do not hold
    under the report's ruleset, are kept as they are. The ``adapter`` line is the report's (``adapter``), else the
    old file's. A file that already lists what the adapter lacks (an UNSUPPORTED or UNOBSERVABLE entry) goes on
    listing it (when the report confirms one of those entries): its new such scenarios are added as
    ``include_lacking`` would. An entry whose scenario the report
    did not play because it does not apply (NOT_APPLICABLE, UNRESOLVED) is dropped like one that now passes.
    """
    entries = dict(old.entries) if old else {}
    lines = list(report_cases)
    include_lacking = include_lacking or any(  # the file lists what the adapter lacks, and the report agrees
        (entry := entries.get(str(line["id"]))) is not None and entry.status in LACKING
        and Status(str(line.get("actual") or line["status"])) == entry.status for line in lines)
    for line in lines:
        case_id = str(line["id"])
        ruleset = str(line.get("ruleset", ""))
        earned = Status(str(line.get("actual") or line["status"]))
        previous = entries.get(case_id)
        if earned in NOT_RUN:
            if previous is not None:
                _no_longer(entries, case_id, previous, ruleset)
            continue
        if previous is not None and previous.status == earned:
            if previous.rulesets is not None and ruleset and ruleset not in previous.rulesets:
                entries[case_id] = replace(previous, rulesets=(*previous.rulesets, ruleset))
        elif earned in EXPECTABLE and (include_lacking or earned not in LACKING):
            entries[case_id] = Expectation(earned, _reason(line, earned))
        elif previous is not None:
            _no_longer(entries, case_id, previous, ruleset)
    document = old.document if old else tomlkit.document()
    return Expectations(adapter or (old.adapter if old else None), entries, old.path if old else None,
                        old.coverage if old else None, document)


@dataclass(frozen=True)
class Edits:
    """What an update did to the entries, by scenario id: added, removed, and changed (``old -> new`` status, or
    the rulesets an entry holds under)."""

    added: tuple[tuple[str, Status], ...]
    removed: tuple[tuple[str, Status], ...]
    changed: tuple[tuple[str, str], ...]


def edits(old: Expectations | None, new: Expectations) -> Edits:
    """What ``new`` adds, removes and changes in ``old`` (an entry's reason and issue link are the user's: a change
    of status or of the rulesets it holds under is a change)."""
    before = old.entries if old else {}
    after = new.entries
    changed = []
    for case_id in sorted(before.keys() & after.keys()):
        was, now = before[case_id], after[case_id]
        if was.status != now.status:
            changed.append((case_id, f"{was.status.value} -> {now.status.value}"))
        elif was.rulesets != now.rulesets:
            changed.append((case_id, f"rulesets {', '.join(was.rulesets or ('any',))} -> "
                                     f"{', '.join(now.rulesets or ('any',))}"))
    return Edits(tuple((k, after[k].status) for k in sorted(after.keys() - before.keys())),
                 tuple((k, before[k].status) for k in sorted(before.keys() - after.keys())), tuple(changed))


def _reason(line: Mapping[str, Any], earned: Status) -> str:
    """A new entry's reason: the first line of the scenario's message."""
    return str(line.get("message") or earned.value).splitlines()[0][:300] or earned.value


def _no_longer(entries: dict[str, Expectation], case_id: str, previous: Expectation, ruleset: str) -> None:
    """The scenario no longer ends as ``previous`` expects under ``ruleset``: the entry loses that ruleset, or goes."""
    if previous.rulesets is not None and len(previous.rulesets) > 1:
        entries[case_id] = replace(previous, rulesets=tuple(r for r in previous.rulesets if r != ruleset))
    elif previous.rulesets is None or ruleset in previous.rulesets:
        entries.pop(case_id, None)


def lacking(report_cases: Iterable[Mapping[str, Any]]) -> list[tuple[str, int]]:
    """The scenarios of a report the adapter lacks something for (UNSUPPORTED, UNOBSERVABLE), counted by reason —
    the mechanic, card, change or field it lacks, as the run said it —, most first."""
    reasons = Counter(_reason(line, Status.UNSUPPORTED) for line in report_cases
                      if Status(str(line.get("actual") or line["status"])) in LACKING)
    return sorted(reasons.items(), key=lambda item: (-item[1], item[0]))

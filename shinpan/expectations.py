"""Expectations files (like WPT's metadata): what an adapter is known to get wrong or to lack.

One TOML file per adapter maps scenario ids to the status expected of it, with a reason and an
optional issue link::

    adapter = "cmd:node adapters/examples/node/adapter.js"

    [expect."basics-sick-001"]
    status = "FAIL"
    reason = "summoning sickness is not tracked yet"
    issue = "https://example.invalid/engine/issues/12"

With ``--expectations FILE`` a scenario that ends as expected is XFAIL; one that passes instead is
XPASS, which fails the run (the file is out of date) unless ``--allow-xpass`` is given; any other
status stays what it is. ``shinpan expectations update REPORT`` writes the file from a report,
keeping the reasons and links of entries that still hold.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shinpan.outcomes import Status

EXPECTABLE = (Status.FAIL, Status.UNSUPPORTED, Status.UNOBSERVABLE, Status.SCRIPT_MISMATCH, Status.ERROR,
              Status.CRASH, Status.TIMEOUT)
"""Statuses an entry may expect (everything a scenario can earn but PASS and the not-run ones)."""


class ExpectationsError(Exception):
    """An expectations file that cannot be read: names the file and the entry."""


@dataclass(frozen=True)
class Expectation:
    """What one scenario is expected to end with, and why."""

    status: Status
    reason: str
    issue: str | None = None


@dataclass(frozen=True)
class Expectations:
    """A parsed expectations file."""

    adapter: str | None
    entries: dict[str, Expectation]
    path: str | None = None

    def get(self, case_id: str) -> Expectation | None:
        return self.entries.get(case_id)


def load(path: str | Path) -> Expectations:
    """Read and check an expectations file."""
    file = Path(path)
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except OSError as error:
        raise ExpectationsError(f"{file}: cannot read the expectations file: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise ExpectationsError(f"{file}: not valid TOML: {error}") from None
    unknown = set(data) - {"adapter", "expect"}
    if unknown:
        raise ExpectationsError(f"{file}: unknown top-level key(s) {', '.join(sorted(unknown))}; "
                                "expected 'adapter' and [expect.\"<scenario id>\"] tables")
    entries: dict[str, Expectation] = {}
    expect = data.get("expect", {})
    if not isinstance(expect, dict):
        raise ExpectationsError(f"{file}: 'expect' must be a table of scenario ids")
    for case_id, entry in expect.items():
        where = f"{file}: [expect.{json.dumps(case_id, ensure_ascii=False)}]"
        if not isinstance(entry, dict) or set(entry) - {"status", "reason", "issue"}:
            raise ExpectationsError(f"{where}: allowed keys are status, reason, issue")
        status = entry.get("status")
        if status not in {s.value for s in EXPECTABLE}:
            raise ExpectationsError(f"{where}: status {status!r} is not one of "
                                    f"{', '.join(s.value for s in EXPECTABLE)}")
        reason = entry.get("reason")
        if not isinstance(reason, str) or not reason.strip():
            raise ExpectationsError(f"{where}: a reason is required")
        issue = entry.get("issue")
        if issue is not None and not isinstance(issue, str):
            raise ExpectationsError(f"{where}: issue must be a string (a link)")
        entries[case_id] = Expectation(Status(status), reason, issue)
    adapter = data.get("adapter")
    return Expectations(adapter if isinstance(adapter, str) else None, entries, str(file))


def judge(expected: Expectation | None, status: Status) -> Status:
    """The status a scenario is reported with, given what was expected of it."""
    if expected is None or status in (Status.NOT_APPLICABLE, Status.UNRESOLVED):
        return status
    if status == expected.status:
        return Status.XFAIL
    if status == Status.PASS:
        return Status.XPASS
    return status


def dumps(expectations: Expectations) -> str:
    """The file's text: a stable format (entries sorted by id, keys in a fixed order)."""
    lines = ["# shinpan expectations: scenarios this adapter is known to fail or lack (see docs/adapters.md).",
             "# `shinpan expectations update REPORT` rewrites it; reasons and issue links are kept.", ""]
    if expectations.adapter is not None:
        lines += [f"adapter = {_string(expectations.adapter)}", ""]
    for case_id in sorted(expectations.entries):
        entry = expectations.entries[case_id]
        lines.append(f"[expect.{_string(case_id)}]")
        lines.append(f"status = {_string(entry.status.value)}")
        lines.append(f"reason = {_string(entry.reason)}")
        if entry.issue:
            lines.append(f"issue = {_string(entry.issue)}")
        lines.append("")
    return "\n".join(lines)


def _string(text: str) -> str:
    """A TOML basic string (JSON's escapes are a subset of TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def update(report_cases: Iterable[Mapping[str, Any]], old: Expectations | None, adapter: str | None) -> Expectations:
    """Expectations that make the reported run all-green: one entry per scenario that did not pass.

    An old entry that still expects the same status keeps its reason and issue link (and the file keeps
    its ``adapter``, else takes the report's); entries of
    scenarios that now pass are dropped; scenarios not in the report keep their old entries.
    """
    entries = dict(old.entries) if old else {}
    for line in report_cases:
        case_id = str(line["id"])
        earned = Status(str(line.get("actual") or line["status"]))
        if earned in (Status.NOT_APPLICABLE, Status.UNRESOLVED):
            continue
        if earned not in EXPECTABLE:
            entries.pop(case_id, None)
            continue
        previous = entries.get(case_id)
        if previous is not None and previous.status == earned:
            continue
        message = str(line.get("message") or earned.value).splitlines()[0][:300]
        entries[case_id] = Expectation(earned, message)
    return Expectations(old.adapter if old and old.adapter else adapter, entries)

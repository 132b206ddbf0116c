"""Engines on the site: each one is a run report (``--report``, JSON Lines, ``adapters/schema/report.json``).

A report adds one engine (エンジン), named by its header's ``adapter.name`` and ``adapter.version``. A
report of another version of the suite (its ``suite_hash`` differs from the suite being built) is kept,
but the engine carries a warning: its results may belong to scenarios that have since changed. Its
conformance and coverage are those the report's footer states: the run's own scores
(:func:`shinpan.summary.scores`), not worked out again from the statuses. A report that cannot be read raises
:class:`~shinpan.errors.ReportError` naming the file and the line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from shinpan.adapters.schemas import load as load_schema
from shinpan.errors import ReportError

NEEDED = {"header": ["type", "suite_hash", "adapter"], "case": ["id", "status", "message"], "footer": []}
"""The fields the site reads from each kind of line. Other fields may be missing or added (reports of other kit
versions still load); those present must have the types ``adapters/schema/report.json`` gives them."""


@dataclass(frozen=True)
class CaseResult:
    """How one scenario (one case id) ended on one engine."""

    status: str
    message: str


@dataclass(frozen=True)
class Engine:
    """One engine's results, from one report."""

    key: str
    """A short id for the page (``e0``, ``e1``…), in the order the reports were given."""
    name: str
    version: str
    spec: str
    ruleset: str
    report: str
    """The report's file name."""
    results: dict[str, CaseResult]
    warning: str | None
    """Set when the report belongs to another version of the suite."""
    conformance: float | None
    """As the report's footer states it (the run's own score); None: the run had none, or the report no footer."""
    coverage: float | None
    """As the report's footer states it (the run's own score); None: the run had none, or the report no footer."""

    @property
    def label(self) -> str:
        """``name version`` as the engine announced itself."""
        return f"{self.name} {self.version}".strip()

    def result(self, case_id: str) -> CaseResult | None:
        """The engine's result for ``case_id``, if the report has one."""
        return self.results.get(case_id)


def load(path: Path, key: str, suite_hash: str) -> Engine:
    """Read the report at ``path`` as engine ``key``; ``suite_hash`` is the hash of the suite being built."""
    header: dict[str, Any] | None = None
    footer: dict[str, Any] = {}
    results: dict[str, CaseResult] = {}
    for number, line in _json_lines(path):
        kind = _kind(path, number, line, first=header is None)
        if kind == "header":
            if header is not None:
                raise ReportError(path, number, "a second header: expected one report per file")
            header = line
        elif kind == "case":
            results[line["id"]] = CaseResult(line.get("actual", line["status"]), line["message"])
        else:
            footer = line
    if header is None:
        raise ReportError(path, 1, "empty: expected a JSON Lines report (shinpan run --report)")
    return _engine(path, key, header, results, suite_hash, footer)


def _json_lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each non-blank line of the report with its number, as a JSON object."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ReportError(path, None, f"cannot read the report: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ReportError(path, None, "not UTF-8 text: expected a JSON Lines report (shinpan run --report)") from None
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.strip():
            yield number, _parse(path, number, raw)


def _kind(path: Path, number: int, line: dict[str, Any], *, first: bool) -> str:
    """The kind of a report line (header, case, footer), once its fields have the schema's types; the header
    comes first."""
    kind: str = line.get("type", "case")
    if first and kind != "header":
        raise ReportError(path, number, "expected the report's header line first (type: header)")
    if kind not in NEEDED:
        raise ReportError(path, number, f"type {kind!r}: expected header, case or footer")
    wrong = sorted(_validator(kind).iter_errors(line), key=lambda e: list(e.absolute_path))
    if wrong:
        where = "/".join(str(p) for p in wrong[0].absolute_path) or "(line)"
        raise ReportError(path, number, f"not a report {kind} line: {where}: {wrong[0].message}")
    return kind


def _engine(path: Path, key: str, header: dict[str, Any], results: dict[str, CaseResult], suite_hash: str,
            footer: dict[str, Any]) -> Engine:
    """The engine the header announces, with its results and the footer's scores; a warning if it ran another
    version of the suite."""
    adapter = header["adapter"]
    name = adapter.get("name") or adapter["spec"]
    warning = None
    if header["suite_hash"] != suite_hash:
        warning = (f"この報告は別の版のスイートに対するものです(suite_hash {header['suite_hash'][:15]}… ≠ "
                   f"{suite_hash[:15]}…)。変わったシナリオの結果は古いかもしれません。")
    return Engine(key=key, name=name, version=adapter.get("version") or "", spec=adapter["spec"],
                  ruleset=_rules_label(header), report=path.name, results=results, warning=warning,
                  conformance=footer.get("conformance"), coverage=footer.get("coverage"))


def _rules_label(header: dict[str, Any]) -> str:
    """The rules the run used: ``rules.label``, or ``ruleset.id`` in reports of kits before the changes model."""
    for key, field in (("rules", "label"), ("ruleset", "id")):
        value = header.get(key)
        if isinstance(value, dict) and isinstance(value.get(field), str):
            return str(value[field])
    return "?"


@cache
def _validator(kind: str) -> Draft202012Validator:
    """The schema of a ``kind`` line, requiring only the fields the site reads (see :data:`NEEDED`)."""
    schema = load_schema("report.json")
    part = {key: value for key, value in schema["$defs"][kind].items() if key != "additionalProperties"}
    return Draft202012Validator({**part, "required": NEEDED[kind], "$defs": schema["$defs"]})


def _parse(path: Path, number: int, raw: str) -> dict[str, Any]:
    try:
        line = json.loads(raw)
    except json.JSONDecodeError as error:
        raise ReportError(path, number, f"not JSON ({error.msg}, column {error.colno}): expected one JSON object "
                                        "per line") from None
    if not isinstance(line, dict):
        raise ReportError(path, number, "expected a JSON object")
    return line

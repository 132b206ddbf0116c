"""The JSON Lines run report (``--report PATH``): a header, one line per scenario, a footer.

``adapters/schema/report.json`` is the format; every line this module writes matches it (a kit test
validates a real report). The header names everything needed to reproduce a run: kit version, suite
content hash, the rules (day or change, and the changes in doubt), protocol version, adapter spec and
the engine's name and version.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import IO, Any

import jsonschema_rs

from shinpan import __version__, outputs
from shinpan.adapters import build, schemas
from shinpan.adapters.contract import PROTOCOL_VERSION
from shinpan.adapters.locations import SuiteFolders, current
from shinpan.adapters.text import clean, may_hold_surrogates
from shinpan.errors import ReportError
from shinpan.reports.outcomes import Status
from shinpan.reports.summary import Result, scores
from shinpan.suite import scenarios as suite
from shinpan.suite.rulesets import Changes, RulesState

STATUSES = tuple(s.value for s in Status)


def suite_hash(root: Path | SuiteFolders | None = None) -> str:
    """``sha256:`` over every feature file of the suite (default: the suite being run) and the ``cards.yaml`` and
    ``rulesets.yaml`` of each of its layers (each file's path from its layer's folder, and its bytes)."""
    folders = root if isinstance(root, SuiteFolders) else SuiteFolders(root) if root else current()
    files = [*suite.feature_paths(folders.own), *(layer / name for layer in folders.layers
                                                   for name in ("cards.yaml", "rulesets.yaml"))]
    digest = hashlib.sha256()
    for path in sorted(f for f in files if f.exists()):
        layer = next(layer for layer in folders.layers if layer in path.parents)
        digest.update(path.relative_to(layer.parent).as_posix().encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return "sha256:" + digest.hexdigest()


def rules(state: RulesState, changes: Changes) -> dict[str, Any]:
    """The header's record of the rules a run used: label, day or change, changes in force and in doubt."""
    return {"label": state.label, "description": state.describe(),
            "day": state.day.isoformat() if state.day else None, "change": state.change, "side": state.side,
            "in_force": list(state.in_force),
            "in_doubt": [{"id": c, "when": changes.get(c).when()} for c in state.in_doubt]}


def header(state: RulesState, changes: Changes, spec: str, hello: Mapping[str, Any] | None, error: str | None,
           expectations: str | None, states: list[RulesState] | None = None,
           not_played: Sequence[str] = ()) -> dict[str, Any]:
    """The report's first line. A matrix run (``states``) names every state it ran (``rules`` then has the label
    ``matrix`` and lists every change in doubt in any of them), and those it left out because the adapter does not
    play them (``not_played``)."""
    engine: Mapping[str, Any] = hello.get("engine", {}) if hello else {}
    adapter: dict[str, Any] = {"spec": spec, "name": engine.get("name"), "version": engine.get("version"),
                               "language": engine.get("language"), "protocol": hello.get("protocol") if hello else None}
    if error:
        adapter["error"] = error
    if "build" in engine:
        adapter["build"] = dict(engine["build"])
        adapter["reference_build"] = spec != "reference" and build.same_as_reference(engine)
    selected = rules(state, changes)
    if states is not None:
        doubtful = [c.id for c in changes.items if any(c.id in s.in_doubt for s in states)]
        selected = {"label": "matrix", "description": f"the matrix: {len(states)} states, just before and just after "
                    "every change, and today", "day": None, "change": None, "side": None, "in_force": [],
                    "in_doubt": [{"id": c, "when": changes.get(c).when()} for c in doubtful]}
    line = {"type": "header", "kit_version": __version__, "protocol": PROTOCOL_VERSION, "suite_hash": suite_hash(),
            "rules": selected, "adapter": adapter,
            "expectations": expectations, "started": datetime.now(UTC).isoformat(timespec="seconds")}
    if states is not None:
        line["states"] = [s.label for s in states]
    if not_played:
        line["not_played"] = list(not_played)
    return line


def case(case_id: str, result: Result, ruleset: str) -> dict[str, Any]:
    """One scenario's line."""
    line: dict[str, Any] = {"type": "case", "id": case_id, "status": result.status.value, "message": result.message,
                            "feature": result.feature, "name": result.name, "topic": result.topic,
                            "ruleset": ruleset, "duration": round(result.duration, 4),
                            "line": result.line, "rules": list(result.rules), "sources": list(result.sources)}
    if result.step is not None:
        line["step"] = {"text": result.step, "line": result.step_line}
    if result.transcript is not None:
        line["transcript"] = result.transcript
    if result.expected is not None:
        line["actual"] = result.raw.value
        line["expected"] = result.expected.value
        if result.issue:
            line["issue"] = result.issue
    return line


def footer(results: Iterable[Result], exit_status: int, duration: float,
           given_up: Iterable[str] = (), warnings: Iterable[str] = ()) -> dict[str, Any]:
    """The report's last line: totals per status, conformance and coverage; the rules states under which the
    adapter was given up (its restart cap reached), if any; and the run's warnings (coverage 0 %, …), if any."""
    collected = list(results)
    score = scores(collected)
    totals = Counter(r.status.value for r in collected)
    line = {"type": "footer", "scenarios": len(collected), "totals": dict(sorted(totals.items())),
            "conformance": score.conformance, "coverage": score.coverage, "exit_status": exit_status,
            "duration": round(duration, 3)}
    states = list(given_up)
    if states:
        line["given_up"] = states
    said = list(warnings)
    if said:
        line["warnings"] = said
    return line


def write(path: str | Path, lines: Iterable[Mapping[str, Any]]) -> None:
    """Write a report whole or not at all (:mod:`shinpan.outputs.atomic`): each line one JSON line that reads back
    as one line whatever its text holds (:func:`shinpan.adapters.text.json_line`); the previous file at ``path``
    stays whole until the new one is complete."""
    with outputs.replaced(path) as file:
        for line in lines:
            file.write(outputs.json_line(line) + "\n")


def read(path: str | Path) -> list[dict[str, Any]]:
    """Every line of a report; :class:`ReportError` (file and line) if the file is not one."""
    return [line for _, line in iter_numbered(path)]


def read_numbered(path: str | Path) -> list[tuple[int, dict[str, Any]]]:
    """Every line of a report with its line number, for readers that check more and say where."""
    return list(iter_numbered(path))


def iter_numbered(path: str | Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each line of a report with its line number, read one at a time: what a reader holds is one line, however
    big the report (``-``: standard input). A line ends at ``\\n`` only — never at a character that
    ``str.splitlines`` would take for a line end (U+2028, U+0085, a form feed…), which a message may hold; a lone
    surrogate (``"\\ud800"``, valid JSON, invalid Unicode) reads as U+FFFD, as the kit writes it
    (:func:`shinpan.adapters.text.json_line`). :class:`ReportError` (file and line) for the first line that is
    not a report line."""
    if str(path) == "-":
        yield from _numbered(path, sys.stdin.buffer)
        return
    try:
        stream = open(path, "rb")  # noqa: SIM115 - closed by the with below
    except OSError as error:
        raise ReportError(path, None, f"cannot read a report: {error.strerror}") from None
    with stream:
        yield from _numbered(path, stream)


def _numbered(path: str | Path, stream: IO[bytes]) -> Iterator[tuple[int, dict[str, Any]]]:
    found = False
    try:
        for number, raw in enumerate(stream, 1):
            if raw.strip():
                found = True
                yield number, _line(path, number, raw)
    except OSError as error:
        raise ReportError(path, None, f"cannot read a report: {error.strerror}") from None
    if not found:
        raise ReportError(path, None, "empty: not a shinpan report (written by shinpan run --report)")


class Report:
    """A report read as it is needed: its header, then its lines one at a time as often as asked (standard input,
    ``-``, is first copied to a temporary file, so that it too can be read again)."""

    def __init__(self, path: str | Path) -> None:
        self.path = path
        self._copy: IO[bytes] | None = None
        if str(path) == "-":
            self._copy = tempfile.TemporaryFile()  # noqa: SIM115 - the report's life
            shutil.copyfileobj(sys.stdin.buffer, self._copy)
        first = next(self._lines(), (0, {}))[1]
        self.header: dict[str, Any] = first if first.get("type") == "header" else {}
        """The header line (empty for a report of a kit that wrote none)."""

    def _lines(self) -> Iterator[tuple[int, dict[str, Any]]]:
        if self._copy is None:
            return iter_numbered(self.path)
        self._copy.seek(0)
        return _numbered(self.path, self._copy)

    def lines(self) -> Iterator[dict[str, Any]]:
        """Every line, in order, one at a time."""
        return (line for _, line in self._lines())

    def cases(self) -> Iterator[dict[str, Any]]:
        """The scenario lines, in order, one at a time."""
        return (line for line in self.lines() if line.get("type", "case") == "case")


def _line(path: str | Path, number: int, raw: bytes) -> dict[str, Any]:
    """Line ``number`` of a report, as a JSON object whose fields have the types the schema gives them."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ReportError(path, number, "not UTF-8 text") from None
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):
        value = None
    if may_hold_surrogates(line):
        value = clean(value)
    if not isinstance(value, dict) or value.get("type", "case") not in ("header", "case", "footer"):
        raise ReportError(path, number, "not a line of a shinpan report (a JSON object with type header, "
                                        "case or footer; written by shinpan run --report)")
    if value.get("type", "case") == "case" and not (isinstance(value.get("id"), str)
                                                   and value.get("status") in STATUSES):
        raise ReportError(path, number, f"a case line needs a string 'id' and a 'status' among "
                                        f"{', '.join(STATUSES)}")
    wrong = _type_problem(value)
    if wrong:
        raise ReportError(path, number, wrong)
    return value


def rules_label(header: Mapping[str, Any]) -> str:
    """The rules a report's run used: its header's ``rules.label`` (``ruleset.id`` in reports of kits before the
    changes model); ``?`` if it names none."""
    for key, field in (("rules", "label"), ("ruleset", "id")):
        value = header.get(key)
        if isinstance(value, dict) and isinstance(value.get(field), str):
            return str(value[field])
    return "?"


def _type_problem(line: Mapping[str, Any]) -> str | None:
    """The first field of a report line whose type is not the one ``adapters/schema/report.json`` gives it. Fields
    may be missing (reports of other kit versions still load); those present are what every reader relies on."""
    kind = str(line.get("type", "case"))
    if _validator(kind).is_valid(line):
        return None
    from jsonschema import Draft202012Validator  # what is wrong, said only when something is (an import of 0.05 s)

    wrong = min(Draft202012Validator(_lenient(kind)).iter_errors(line), key=lambda e: list(e.absolute_path))
    return f"not a report {kind} line: {'/'.join(map(str, wrong.absolute_path)) or '(line)'}: {wrong.message}"


@cache
def _validator(kind: str) -> jsonschema_rs.Validator:
    """The schema of a ``kind`` line with every field optional (:func:`_lenient`), compiled by jsonschema-rs to tell
    whether a line is valid; jsonschema says what is wrong, as :func:`schemas.problems` does."""
    return jsonschema_rs.validator_for(_lenient(kind))


@cache
def _lenient(kind: str) -> dict[str, Any]:
    """The schema of a ``kind`` line with every field optional (:func:`_type_problem`)."""
    schema = schemas.load("report.json")
    return {"$schema": schemas.DRAFT, **_optional(schema["$defs"][kind]), "$defs": schema["$defs"]}


def _optional(schema: Any) -> Any:
    """``schema`` with no field required and no field refused, at any depth."""
    if isinstance(schema, dict):
        return {key: _optional(value) for key, value in schema.items()
                if key not in ("required", "additionalProperties")}
    return [_optional(value) for value in schema] if isinstance(schema, list) else schema


def cases(lines: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The scenario lines of a report (reports written before the header existed have no ``type``)."""
    return [line for line in lines if line.get("type", "case") == "case"]

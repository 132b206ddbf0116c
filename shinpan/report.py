"""The JSON Lines run report (``--report PATH``): a header, one line per scenario, a footer.

``adapters/schema/report.json`` is the format; every line this module writes matches it (a kit test
validates a real report). The header names everything needed to reproduce a run: kit version, suite
content hash, the rules (day or change, and the changes in doubt), protocol version, adapter spec and
the engine's name and version.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import IO, Any

import jsonschema_rs
from jsonschema import Draft202012Validator

from shinpan import __version__, suite
from shinpan.adapters import schemas
from shinpan.adapters.contract import PROTOCOL_VERSION
from shinpan.adapters.locations import SuiteFolders, current
from shinpan.errors import ReportError
from shinpan.outcomes import Status
from shinpan.rulesets import Changes, RulesState
from shinpan.summary import Result, scores

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


def footer(results: Iterable[Result], exit_status: int, duration: float) -> dict[str, Any]:
    """The report's last line: totals per status, conformance and coverage."""
    collected = list(results)
    score = scores(collected)
    totals = Counter(r.status.value for r in collected)
    return {"type": "footer", "scenarios": len(collected), "totals": dict(sorted(totals.items())),
            "conformance": score.conformance, "coverage": score.coverage, "exit_status": exit_status,
            "duration": round(duration, 3)}


class ReportWriter:
    """Writes the report as the run goes: the header before the first scenario, the footer at the end."""

    def __init__(self, path: str) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        # errors="replace": a string no UTF-8 can hold (a lone surrogate from an adapter) must not lose the report
        self._file: IO[str] | None = open(path, "w", encoding="utf-8", errors="replace")  # noqa: SIM115
        self._started = time.monotonic()
        self._header: Mapping[str, Any] | None = None

    @property
    def has_header(self) -> bool:
        return self._header is not None

    def write(self, line: Mapping[str, Any]) -> None:
        if self._file is None:
            return
        if line.get("type") == "header":
            self._header = line
        self._file.write(json.dumps(line, ensure_ascii=False) + "\n")
        self._file.flush()

    def rewrite_cases(self, cases: Iterable[Mapping[str, Any]], footer: Mapping[str, Any]) -> None:
        """Write the report anew at the end: the header, ``cases`` in the order given, the footer."""
        if self._file is None:
            return
        self._file.seek(0)
        self._file.truncate()
        for line in [*([self._header] if self._header else []), *cases, footer]:
            self._file.write(json.dumps(line, ensure_ascii=False) + "\n")
        self._file.flush()

    def elapsed(self) -> float:
        return time.monotonic() - self._started

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def read(path: str | Path) -> list[dict[str, Any]]:
    """Every line of a report; :class:`ReportError` (file and line) if the file is not one."""
    return [line for _, line in read_numbered(path)]


def read_numbered(path: str | Path) -> list[tuple[int, dict[str, Any]]]:
    """Every line of a report with its line number, for readers that check more and say where."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
        raise ReportError(path, None, f"cannot read a report: {reason}") from None
    read_lines = [(number, _line(path, number, line)) for number, line in enumerate(lines, 1) if line.strip()]
    if not read_lines:
        raise ReportError(path, None, "empty: not a shinpan report (written by shinpan run --report)")
    return read_lines


def _line(path: str | Path, number: int, line: str) -> dict[str, Any]:
    """Line ``number`` of a report, as a JSON object whose fields have the types the schema gives them."""
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):
        value = None
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
    fast, full = _validators(kind)
    if fast.is_valid(line):
        return None
    wrong = min(full.iter_errors(line), key=lambda e: list(e.absolute_path))
    return f"not a report {kind} line: {'/'.join(map(str, wrong.absolute_path)) or '(line)'}: {wrong.message}"


@cache
def _validators(kind: str) -> tuple[jsonschema_rs.Validator, Draft202012Validator]:
    """The schema of a ``kind`` line with every field optional (:func:`_type_problem`): compiled by jsonschema-rs to
    tell whether a line is valid, and by jsonschema to say what is wrong, as :func:`schemas.problems` does."""
    schema = schemas.load("report.json")
    lenient = {"$schema": schemas.DRAFT, **_optional(schema["$defs"][kind]), "$defs": schema["$defs"]}
    return jsonschema_rs.validator_for(lenient), Draft202012Validator(lenient)


def _optional(schema: Any) -> Any:
    """``schema`` with no field required and no field refused, at any depth."""
    if isinstance(schema, dict):
        return {key: _optional(value) for key, value in schema.items()
                if key not in ("required", "additionalProperties")}
    return [_optional(value) for value in schema] if isinstance(schema, list) else schema


def cases(lines: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The scenario lines of a report (reports written before the header existed have no ``type``)."""
    return [line for line in lines if line.get("type", "case") == "case"]

"""Certified engines on the site (適合の認証): ``shinpan site --certifications certifications/``.

Each sub-folder of the certifications folder with an ``engine.toml`` certifies one outside simulator
(``certifications/README.md`` gives the layout): its ``expectations.toml`` (every known deviation, triaged in its
reason) and what its last certification recorded in ``recorded/`` — ``run-report.jsonl`` (required),
``matrix-report.jsonl``, ``explore.jsonl``, ``explore.feature`` and ``contract-test.json`` (each shown when present,
its absence said on the page). The reports are read by the site's own readers (:mod:`shinpan.site.reports`,
:mod:`shinpan.site.explored`, :mod:`shinpan.expectations`); a file that is missing where required, or is not what
it should be, raises a :class:`~shinpan.errors.ReportError` naming it (exit status 4).
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shinpan.errors import ReportError
from shinpan.outputs import file_name
from shinpan.reports import expectations as expectations_
from shinpan.reports import report
from shinpan.reports.compare import disagreement
from shinpan.reports.outcomes import Status
from shinpan.reports.summary import Result, scores
from shinpan.site import explored, reports

ENGINE_FILE = "engine.toml"
"""What makes a sub-folder a certification."""
RECORDED = "recorded"
RUN, MATRIX, EXPLORE, PRINTED, CONTRACT = ("run-report.jsonl", "matrix-report.jsonl", "explore.jsonl",
                                          "explore.feature", "contract-test.json")
EXPECTATIONS = "expectations.toml"
RECORDED_FILES = (RUN, MATRIX, EXPLORE, PRINTED, CONTRACT)


@dataclass(frozen=True)
class Score:
    """Scenarios per status (the status each earned, before its expectations file), with the run's scores."""

    label: str
    totals: dict[str, int]
    conformance: float | None
    coverage: float | None

    @property
    def scenarios(self) -> int:
        return sum(self.totals.values())


@dataclass(frozen=True)
class SelfTest:
    """One adapter spec's contract self-test (``shinpan contract-test --format json``)."""

    spec: str
    ok: bool
    broken_rules: tuple[str, ...]
    counts: dict[str, int]


@dataclass(frozen=True)
class Certification:
    """One certified engine: who it is, and what its last certification recorded."""

    slug: str
    """Its folder's name."""
    name: str
    language: str
    upstream: str
    commit: str
    license: str
    engine: reports.Engine
    """The run report (``recorded/run-report.jsonl``), its known deviations from ``expectations.toml``."""
    topics: tuple[Score, ...]
    """Per topic, from the run report."""
    states: tuple[Score, ...]
    """Per rules state, from the matrix report (none when it was not recorded)."""
    not_played: tuple[str, ...]
    """The rules states the matrix left out: the engine says it does not play them."""
    exploration: explored.Explored | None
    printed: str | None
    """``explore.feature``: the counterexamples printed as scenarios."""
    self_tests: tuple[SelfTest, ...]
    missing: tuple[str, ...]
    """The recorded files this certification lacks (shown, never hidden)."""

    @property
    def url(self) -> str:
        """Its page, relative to the site's root."""
        return f"certifications/{file_name(self.slug, '.html')}"

    @property
    def totals(self) -> dict[str, int]:
        """Scenarios per status over the run (the status each earned, before the expectations file)."""
        summed: Counter[str] = Counter()
        for topic in self.topics:
            summed.update(topic.totals)
        return dict(summed)

    @property
    def findings(self) -> int:
        """The exploration's counterexamples."""
        if self.exploration is None:
            return 0
        return sum(len(o.counterexamples) for outcomes in self.exploration.outcomes.values() for o in outcomes)


def folders(root: Path) -> list[Path]:
    """The certifications under ``root``: its sub-folders with an ``engine.toml``, in name order. A ``root`` that is
    not a folder, or holds none, is bad input."""
    if not root.is_dir():
        raise ReportError(root, None, "expected a folder of certifications (one sub-folder per engine, each with "
                                      f"an {ENGINE_FILE}: certifications/README.md)")
    found = sorted(p for p in root.iterdir() if (p / ENGINE_FILE).is_file())
    if not found:
        raise ReportError(root, None, f"no certification: expected sub-folders with an {ENGINE_FILE}")
    return found


def load(folder: Path, key: str, suite_hash: str, shown: Container[str], topic_of: Mapping[str, str],
         explore_key: str) -> Certification:
    """The certification in ``folder`` as engine ``key`` (its exploration as ``explore_key``); ``topic_of`` maps a
    case id to its topic, ``shown`` the case ids the site shows."""
    about = _engine_file(folder / ENGINE_FILE)
    recorded = folder / RECORDED
    run = recorded / RUN
    if not run.is_file():
        raise ReportError(run, None, "missing: expected the recorded run report (shinpan run --report), written by "
                                     "certifications/certify.py --record")
    engine = reports.load(run, key, suite_hash, shown)
    if (folder / EXPECTATIONS).is_file():
        engine = reports.with_expectations([engine], [expectations_.load(folder / EXPECTATIONS)])[0]
    missing = [name for name in (MATRIX, EXPLORE, CONTRACT) if not (recorded / name).is_file()]
    exploration = explored.load(recorded / EXPLORE, explore_key) if EXPLORE not in missing else None
    return Certification(
        slug=folder.name, name=str(about.get("name") or engine.name), language=str(about.get("language", "")),
        upstream=str(about.get("upstream", "")), commit=str(about.get("commit", "")),
        license=str(about.get("license", "")), engine=engine,
        topics=_scores((topic_of.get(case_id, "?"), result.status) for case_id, result in engine.results.items()),
        states=_scores((str(line["ruleset"]), str(line.get("actual", line["status"])))
                       for line in _matrix(recorded / MATRIX)) if MATRIX not in missing else (),
        not_played=tuple(str(s) for s in report.read(recorded / MATRIX)[0].get("not_played", []))
        if MATRIX not in missing else (),
        exploration=exploration,
        printed=(recorded / PRINTED).read_text(encoding="utf-8") if (recorded / PRINTED).is_file() else None,
        self_tests=_self_tests(recorded / CONTRACT) if CONTRACT not in missing else (),
        missing=tuple(missing))


def _engine_file(path: Path) -> dict[str, Any]:
    """``engine.toml``'s ``[engine]`` table (name, language, upstream, commit, licence)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ReportError(path, None, f"expected an engine.toml (TOML, certifications/README.md): {error}") from None
    engine = data.get("engine", {})
    if not isinstance(engine, dict):
        raise ReportError(path, None, "expected an [engine] table (name, upstream, commit, license, language)")
    return engine


def _scores(statuses: Iterable[tuple[str, str]]) -> tuple[Score, ...]:
    """``(group, status earned)`` pairs (a group: a topic, a rules state) as each group's statuses and scores, the
    groups in the order first met."""
    grouped: dict[str, list[Result]] = {}
    for label, status in statuses:
        grouped.setdefault(label, []).append(Result(Status(status), "", "", "", "", 0.0))
    found = []
    for label, results in grouped.items():
        score = scores(results)
        found.append(Score(label, dict(Counter(r.status.value for r in results)), score.conformance, score.coverage))
    return tuple(found)


def _matrix(path: Path) -> list[dict[str, Any]]:
    """The case lines of a matrix report (``shinpan matrix --report``): its header names its states, each case
    line its state (``ruleset``) and status."""
    lines = report.read_numbered(path)
    if not isinstance(lines[0][1].get("states"), list):
        raise ReportError(path, lines[0][0], "expected a matrix report's header (shinpan matrix --report), with the "
                                             "states it ran")
    found = []
    for number, line in lines[1:]:
        if line.get("type", "case") != "case":
            continue
        missing = [name for name in ("id", "status", "ruleset") if name not in line]
        if missing:
            raise ReportError(path, number, f"not a report case line: missing {', '.join(missing)}")
        found.append(line)
    return found


def _self_tests(path: Path) -> tuple[SelfTest, ...]:
    """``contract-test.json``: a JSON list, one ``shinpan contract-test --format json`` document per adapter spec
    (each alone, or under ``report`` in the harness's record of the step)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise ReportError(path, None, f"expected a JSON list of contract-test documents: {error}") from None
    documents = data if isinstance(data, list) else [data]
    found = []
    for number, given in enumerate(documents, 1):
        # as the harness records it ({"adapter", "exit_status", "report": <the document>}) or the document alone
        document = given.get("report") if isinstance(given, dict) and isinstance(given.get("report"), dict) else given
        if not isinstance(document, dict) or not isinstance(document.get("ok"), bool):
            raise ReportError(path, None, f"document {number}: expected a shinpan contract-test --format json "
                                          "document (adapter, ok, broken_rules, counts)")
        found.append(SelfTest(str(document.get("adapter", "?")), document["ok"],
                              tuple(str(r) for r in document.get("broken_rules", [])),
                              {str(k): int(v) for k, v in dict(document.get("counts", {})).items()}))
    return tuple(found)


def kind(statuses: Iterable[str]) -> str:
    """How certified engines compare on one scenario: ``agree``, ``real`` or ``gap``
    (:func:`shinpan.compare.disagreement`, as on the engines page)."""
    return disagreement(list(statuses))


def answer(result: reports.CaseResult | None) -> str:
    """What the judge reads for an engine's status: ``right`` (it passes the ruling), ``wrong`` (it plays it and
    does otherwise), ``lacks`` (it does not play it), ``none`` (the ruling does not apply, or no result)."""
    if result is None:
        return "none"
    if result.status == "PASS":
        return "right"
    if result.failed:
        return "wrong"
    return "lacks" if result.status in ("UNSUPPORTED", "UNOBSERVABLE") else "none"

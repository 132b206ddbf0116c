"""The certificate's steps, each a command of the kit run in a child process (a pytest session and an exploration
keep state per process), its output kept in a log file of the work folder, its report read back."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shinpan.certify.certificate import Certificate, Finding, Step, StepVerdict, issued

PASS, FAIL, ERROR, NOT_AVAILABLE = StepVerdict.PASS, StepVerdict.FAIL, StepVerdict.ERROR, StepVerdict.NOT_AVAILABLE
"""A step the kit cannot run: it neither passes nor fails the certificate."""


@dataclass(frozen=True)
class Options:
    """What a certification runs with."""

    adapter: str
    work: Path
    """The folder the steps write their reports, logs and the printed counterexamples (explore.feature) into."""
    expectations: Path | None = None
    tags: str | None = None
    """Only the suite's scenarios matching this tag expression (the whole suite by default)."""
    seed: int = 0
    examples: int = 1000
    time_budget: float | None = None


def certify(options: Options, progress: Callable[[str], None] = lambda line: None) -> Certificate:
    """Run the three steps in order and return the certificate (a step that could not run is an ERROR step)."""
    options.work.mkdir(parents=True, exist_ok=True)
    steps: list[Step] = []
    for name, step in (("suite", suite), ("explore", explore), ("self-test", self_test)):
        progress(f"certify: {name}…")
        try:
            steps.append(step(options))
        except KeyboardInterrupt:
            return Certificate(options.adapter, _engine(options.work), _path(options.expectations), issued(),
                               tuple(steps), interrupted=True)
    return Certificate(options.adapter, _engine(options.work), _path(options.expectations), issued(), tuple(steps))


def suite(options: Options) -> Step:
    """The conformance suite in every state of the rules the adapter plays: ``shinpan matrix``."""
    report = options.work / "suite.jsonl"
    command = ["matrix", f"--adapter={options.adapter}", "--validate", "--format=json", f"--report={report}"]
    command += [f"--expectations={options.expectations}"] if options.expectations else []
    command += [f"--tags={options.tags}"] if options.tags else []
    status, out = _kit(command, options.work / "suite.log")
    try:
        document = json.loads(out.strip().splitlines()[-1]) if out.strip() else None
    except ValueError:
        document = None
    if status not in (0, 1) or not isinstance(document, dict):
        return Step("suite", ERROR, "the conformance suite", _last_line(options.work / "suite.log", status))
    rows: list[dict[str, Any]] = document["rulesets"]
    totals: Counter[str] = Counter()
    for row in rows:
        totals.update(row["totals"])
    scenarios = _scenarios(report)
    covers = (f"{scenarios} scenarios{' (' + options.tags + ')' if options.tags else ''} in the {len(rows)} distinct "
              "states of the rules the engine plays (just before and after every change, and today)")
    left_out = document.get("not_played") or []
    if left_out:
        covers += f"; {len(left_out)} state(s) left out by its capabilities.rules"
    failed = [str(label) for label in document.get("failed", [])]
    asserting = sum(totals.values()) - totals["NOT_APPLICABLE"] - totals["UNRESOLVED"]
    lacking = totals["UNSUPPORTED"] + totals["UNOBSERVABLE"]
    found = ", ".join(f"{n} {status_}" for status_, n in sorted(totals.items(), key=lambda item: -item[1]))
    if asserting:
        found += (f"; played {asserting - lacking} of the {asserting} (scenario, state) pairs that assert something "
                  f"({100 * (asserting - lacking) / asserting:.0f} %; the rest the engine does not support)")
    found += f"; failing under: {', '.join(failed)}" if failed else "; no scenario failed in any state"
    return Step("suite", FAIL if failed else PASS, covers, found, report=str(report), totals=dict(totals))


def explore(options: Options) -> Step:
    """The default exploration of the adapter under today's rules: ``shinpan explore``."""
    report = options.work / "explore.jsonl"
    command = ["explore", f"--adapter={options.adapter}", f"--report={report}", f"--out={options.work}",
               f"--seed={options.seed}", f"--examples={options.examples}"]
    command += [f"--expectations={options.expectations}"] if options.expectations else []
    command += [f"--time-budget={options.time_budget}"] if options.time_budget else []
    status, _ = _kit(command, options.work / "explore.log")
    if status not in (0, 1) or not report.exists() or not report.stat().st_size:
        return Step("explore", ERROR, "the default exploration", _last_line(options.work / "explore.log", status))
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines() if line.strip()]
    properties = [line for line in lines if line["type"] == "property"]
    footer = next(line for line in lines if line["type"] == "footer")
    findings = tuple(Finding(line["oracle"], line["state"], _what(c), c["known"])
                     for line in properties for c in line["counterexamples"])
    new = [f for f in findings if f.known is None]
    states = ", ".join(dict.fromkeys(line["state"] for line in properties))
    covers = (f"{len({line['oracle'] for line in properties})} oracles (the differential run and the rule "
              f"properties), {footer['examples']} examples, seed {options.seed}, under {states}")
    found = (f"{len(new)} counterexample(s) not in the expectations" if new else "no counterexample") + (
        f", {len(findings) - len(new)} known" if len(findings) > len(new) else "")
    printed = options.work / "explore.feature"
    return Step("explore", FAIL if new else PASS, covers, found, report=str(report),
                findings=findings, scenarios=str(printed) if printed.exists() else None)


def _what(counterexample: dict[str, Any]) -> str:
    """A counterexample in one line: the step after which it showed, and its message's first line."""
    message = (str(counterexample["message"]).splitlines() or [""])[0]
    step = counterexample["cause"].get("step")
    return f"after {step}: {message}" if step else message


def self_test(options: Options) -> Step:
    """The adapter's self-test: the written contract's probes (``shinpan contract-test``), each rule its declared
    capabilities touch; a broken rule fails the certificate (the suite's verdicts say little about the engine then)."""
    log = options.work / "self-test.log"
    status, out = _kit(["contract-test", f"--adapter={options.adapter}", "--format=json"], log)
    try:
        result = json.loads(out.strip().splitlines()[-1]) if out.strip() else None
    except ValueError:
        result = None
    if status not in (0, 1) or not isinstance(result, dict):
        return Step("self-test", ERROR, "the adapter's contract self-test", _last_line(log, status))
    counts: dict[str, int] = result.get("counts", {})
    covers = (f"{sum(counts.values())} probes of the written contract (docs/contract.md) under "
              f"{result.get('rules_state')}: {counts.get('pass', 0)} passed, "
              f"{counts.get('untouched', 0)} not touched by "
              "the declared capabilities")
    broken = [str(rule) for rule in result.get("broken_rules", [])]
    found = f"rules broken: {', '.join(broken)} (shinpan contract-test -v)" if broken else "no rule broken"
    return Step("self-test", FAIL if broken else PASS, covers, found)


def _kit(arguments: list[str], log: Path) -> tuple[int, str]:
    """Run ``shinpan ARGUMENTS`` in a child process, its stderr (and stdout) kept in ``log``; the exit status and
    stdout."""
    with log.open("w", encoding="utf-8") as err:
        done = subprocess.run([sys.executable, "-m", "shinpan", *arguments], stdout=subprocess.PIPE, stderr=err,
                              text=True, check=False)
    with log.open("a", encoding="utf-8") as out:
        out.write(done.stdout)
    return done.returncode, done.stdout


def _last_line(log: Path, status: int) -> str:
    lines = [line for line in log.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip()]
    return f"could not run (exit status {status}): {lines[-1] if lines else 'no output'} (the log: {log})"


def _scenarios(report: Path) -> int:
    if not report.exists():
        return 0
    ids = set()
    for raw in report.read_text(encoding="utf-8").splitlines():
        line = json.loads(raw) if raw.strip() else {}
        if line.get("type") == "case":
            ids.add(line["id"])
    return len(ids)


def _engine(work: Path) -> str | None:
    """The engine's name and version, from the first report that has it."""
    for name in ("explore.jsonl", "suite.jsonl"):
        path = work / name
        if path.exists() and path.stat().st_size:
            header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
            engine = header.get("adapter", {}).get("engine") if isinstance(header.get("adapter"), dict) else None
            if isinstance(engine, str):
                return engine
    return None


def _path(path: Path | None) -> str | None:
    return str(path) if path is not None else None

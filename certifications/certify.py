#!/usr/bin/env python3
"""Certify the outside engines of certifications/ and compare with what was recorded (certifications/README.md).

    python certifications/certify.py [ENGINE ...] [--engines DIR] [--record] [--only STEP] [--root DIR]

For each engine folder with an ``engine.toml``: build it, then ``shinpan run`` against its expectations,
``shinpan matrix`` over the states it plays, ``shinpan contract-test`` on every adapter spec, and a short
``shinpan explore`` with a fixed seed; each difference from ``recorded/`` is one line ``certify: ENGINE: WHAT``.
``--record`` writes ``recorded/`` from this run instead.

Exit status: 0 every engine as recorded, 1 some engine differs, 4 bad input, 5 no engine to certify (the
engines' folder is absent: it says so).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DIFFERS, BAD_INPUT, NOTHING = 1, 4, 5
STEP_TIMEOUT = 1800
"""Seconds a build command or a shinpan step may take (a hang is one line, never a stuck job)."""
REPORTS = ("run-report.jsonl", "matrix-report.jsonl", "contract-test.json", "explore.jsonl", "explore.feature",
           "summary.json")


class BadInput(Exception):
    """A malformed engine.toml or a missing folder: one line, exit status 4."""


@dataclass
class Engine:
    """One engine's folder and its engine.toml."""

    key: str
    folder: Path
    config: dict[str, Any]
    source: Path
    build: Path
    problems: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)

    def fill(self, text: str) -> str:
        """``text`` with its placeholders ({here}, {source}, {build}, {python}) filled in."""
        return text.format(here=self.folder, source=self.source, build=self.build, python=sys.executable)

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env["PATH"] = os.pathsep.join((str(Path(sys.executable).parent), env.get("PATH", "")))
        for name, value in self.config.get("adapter", {}).get("env", {}).items():
            env[name] = self.fill(str(value))
        return env

    def differs(self, what: str) -> None:
        self.problems.append(what)
        print(f"certify: {self.key}: {what}", flush=True)


STEPS = ("run", "matrix", "contract-test", "explore")


def load(key: str, root: Path, engines: Path, scratch: Path) -> Engine:
    """The engine ``key`` of the certifications folder ``root`` (BadInput for a malformed engine.toml)."""
    folder = root / key
    path = folder / "engine.toml"
    try:
        config = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise BadInput(f"{path}: {error}") from None
    for table, name in (("engine", "source"), ("adapter", "spec")):
        if not isinstance(config.get(table, {}).get(name), str):
            raise BadInput(f"{path}: [{table}] {name} must be a string")
    source = engines / config["engine"]["source"]
    if not source.is_dir():
        raise BadInput(f"{path}: the engine's source {source} is absent")
    build = scratch / key / "build"
    build.mkdir(parents=True, exist_ok=True)
    return Engine(key, folder, config, source, build)


def shinpan(engine: Engine, step: str, args: list[str], exe: str) -> subprocess.CompletedProcess[str]:
    """One shinpan command in the engine's folder, timed; its output kept for the log. A step that outlives
    STEP_TIMEOUT is stopped and answers exit status 124, as timeout(1) does."""
    started = time.monotonic()
    try:
        done = subprocess.run([exe, *args], cwd=engine.folder, env=engine.env(), capture_output=True, text=True,
                              check=False, timeout=STEP_TIMEOUT)
    except subprocess.TimeoutExpired:
        done = subprocess.CompletedProcess([exe, *args], 124, "", f"shinpan {step} timed out after {STEP_TIMEOUT} s")
    engine.seconds[step] = round(engine.seconds.get(step, 0.0) + time.monotonic() - started, 1)
    log = re.sub(r"[^\w.-]+", "_", step) + ".log"  # a step named by a spec: a file name all the same
    (engine.build.parent / log).write_text(done.stdout + done.stderr, encoding="utf-8")
    return done


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


def certify(engine: Engine, exe: str, out: Path, steps: tuple[str, ...] = STEPS) -> dict[str, Any]:
    """The steps for one engine (its build first); its reports go to ``out``; returns the summary."""
    spec, settings = engine.config["adapter"]["spec"], engine.config.get("certify", {})
    for command in engine.config.get("build", {}).get("commands", []):
        started = time.monotonic()
        try:
            built = subprocess.run([engine.fill(word) for word in command], cwd=engine.folder, env=engine.env(),
                                   capture_output=True, text=True, check=False, timeout=STEP_TIMEOUT)
        except subprocess.TimeoutExpired:
            built = subprocess.CompletedProcess(command, 124, "", f"timed out after {STEP_TIMEOUT} s")
        engine.seconds["build"] = round(engine.seconds.get("build", 0.0) + time.monotonic() - started, 1)
        if built.returncode != 0:
            engine.differs(f"build failed ({' '.join(command)}): {last_line(built.stdout + built.stderr)}")
            return {}
    expectations = ["--expectations", "expectations.toml"] if (engine.folder / "expectations.toml").is_file() else []
    output = ["--engine-output", str(engine.build.parent / "engine-output.txt")] if spec.startswith("py:") else []
    ruleset = ["--ruleset", settings["ruleset"]] if settings.get("ruleset") else []
    if "run" in steps:
        run_suite(engine, exe, out, [*expectations, *ruleset, *output])
        for number, other in enumerate(engine.config["adapter"].get("also_run", []), start=1):
            run_again(engine, exe, out, other, ruleset, engine.build.parent / f"run-also-{number}.jsonl")
    if "matrix" in steps:
        matrix = shinpan(engine, "matrix", ["matrix", "--adapter", spec, *expectations, *output,
                                            "--report", str(out / "matrix-report.jsonl")], exe)
        if matrix.returncode != 0:
            engine.differs(f"shinpan matrix exit {matrix.returncode}: {last_line(matrix.stdout + matrix.stderr)}")
    if "contract-test" in steps:
        contract_test(engine, exe, out)
    if "explore" in steps:
        explore = settings.get("explore", {})
        shinpan(engine, "explore", ["explore", "--adapter", spec, *expectations, *ruleset, *output,
                                    "--seed", str(explore.get("seed", 1)),
                                    "--examples", str(explore.get("examples", 30)),
                                    "--time-budget", str(explore.get("time_budget", 600)),
                                    "--report", str(out / "explore.jsonl"), "--out", str(out)], exe)
    return summary(engine, out)


def run_suite(engine: Engine, exe: str, out: Path, options: list[str]) -> None:
    """``shinpan run`` against the expectations: a new FAIL or an XPASS exits 1."""
    spec = engine.config["adapter"]["spec"]
    run = shinpan(engine, "run", ["run", "--adapter", spec, *options,
                                  "--report", str(out / "run-report.jsonl")], exe)
    if run.returncode == 1:
        engine.differs(f"shinpan run exit 1 (a new FAIL or an XPASS against expectations.toml): "
                       f"{failures(out / 'run-report.jsonl') or last_line(run.stdout + run.stderr)}")
    elif run.returncode != 0:
        engine.differs(f"shinpan run exit {run.returncode}: {last_line(run.stdout + run.stderr)}")


def contract_test(engine: Engine, exe: str, out: Path) -> None:
    """``shinpan contract-test`` on every adapter spec; the documents go to contract-test.json."""
    spec = engine.config["adapter"]["spec"]
    documents = []
    for each in engine.config["adapter"].get("contract_test", [spec]):
        tested = shinpan(engine, "contract-test", ["contract-test", "--adapter", each, "--format", "json"], exe)
        try:
            documents.append({"adapter": each, "exit_status": tested.returncode, "report": json.loads(tested.stdout)})
        except json.JSONDecodeError:
            documents.append({"adapter": each, "exit_status": tested.returncode, "report": None})
        if tested.returncode != 0:
            broken = (documents[-1]["report"] or {}).get("broken_rules") or last_line(tested.stdout + tested.stderr)
            engine.differs(f"shinpan contract-test --adapter {each!r} exit {tested.returncode}: broken {broken}")
    (out / "contract-test.json").write_text(json.dumps(documents, ensure_ascii=False, indent=1) + "\n",
                                            encoding="utf-8")


def run_again(engine: Engine, exe: str, out: Path, other: str, ruleset: list[str], report: Path) -> None:
    """``shinpan run`` with another spec of the same adapter (``[adapter] also_run``, e.g. over the wire): each
    scenario must earn the status ``spec`` earned. It runs without the expectations file, which names ``spec``
    (the kit refuses it for another adapter); its report is compared, not recorded."""
    output = ["--engine-output", str(engine.build.parent / "engine-output.txt")] if other.startswith("py:") else []
    run = shinpan(engine, f"run {other}", ["run", "--adapter", other, *ruleset, *output, "--report", str(report)],
                  exe)
    if run.returncode not in (0, 1):  # 1: some scenario fails, as in the certified run
        engine.differs(f"shinpan run --adapter {other!r} exit {run.returncode}: {last_line(run.stdout + run.stderr)}")
        return
    earned = {r["id"]: r.get("actual") or r["status"] for r in read_jsonl(out / "run-report.jsonl")
              if r.get("type") == "case"}
    again = {r["id"]: r["status"] for r in read_jsonl(report) if r.get("type") == "case"}
    other_status = [f"{case} {again.get(case, 'missing')} (not {status})" for case, status in sorted(earned.items())
                    if again.get(case) != status]
    if other_status:
        engine.differs(f"shinpan run --adapter {other!r} earns other statuses than {engine.config['adapter']['spec']!r}"
                       f": {', '.join(other_status[:8])}{' …' if len(other_status) > 8 else ''}")


def portable(engine: Engine, out: Path, engines: Path) -> None:
    """The reports' headers name the expectations file as the harness gave it, relative to the engine's folder:
    the kit writes the absolute path of the recording machine, which the committed files must not carry (nor
    any other path under the checkout or the engines' folder, ``engines``)."""
    for name in ("run-report.jsonl", "matrix-report.jsonl"):
        path = out / name
        if not path.is_file():
            continue
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        header = json.loads(lines[0]) if lines else {}
        named = header.get("expectations")
        if header.get("type") != "header" or not isinstance(named, str) or not Path(named).is_absolute():
            continue
        try:
            header["expectations"] = Path(named).relative_to(engine.folder).as_posix()
        except ValueError:
            continue  # not the engine's own file: left as the kit wrote it
        lines[0] = json.dumps(header, ensure_ascii=False) + "\n"
        path.write_text("".join(lines), encoding="utf-8")
    folders = (f"{HERE.parent}/", f"{engine.folder.parent.parent}/", f"{engines}/")  # the checkout, the engines
    for name in REPORTS:  # an adapter's traceback in a finding names its files: relative to those folders
        path = out / name
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            for folder in folders:
                text = text.replace(folder, "")
            path.write_text(text, encoding="utf-8")


def failures(report: Path) -> str:
    rows = [r for r in read_jsonl(report) if r.get("type") == "case" and r.get("status") in (
        "FAIL", "XPASS", "ERROR", "CRASH", "TIMEOUT", "SCRIPT_MISMATCH")]
    return ", ".join(f"{r['id']} {r['status']}" for r in rows[:8])


def findings(report: Path) -> list[dict[str, str]]:
    """The explore report's counterexamples: oracle, rules state, cause and whether a known deviation."""
    found = []
    for row in read_jsonl(report):
        for example in row.get("counterexamples", []) if row.get("type") == "property" else []:
            cause = example.get("cause", {})
            found.append({"oracle": str(row.get("oracle", "")), "state": str(row.get("state", "")),
                          "cause": f"{cause.get('step', '')}: {cause.get('what', '')}",
                          "known": str(example.get("known") or ""), "message": str(example.get("message", ""))[:300]})
    return sorted(found, key=lambda f: (f["oracle"], f["state"], f["cause"]))


def summary(engine: Engine, out: Path) -> dict[str, Any]:
    """The digest of this run's reports (summary.json)."""
    rows = read_jsonl(out / "run-report.jsonl")
    cases = [r for r in rows if r.get("type") == "case"]
    footer = next((r for r in rows if r.get("type") == "footer"), {})
    topics: dict[str, Counter[str]] = {}
    for case in cases:
        topics.setdefault(case["topic"], Counter())[case.get("actual") or case["status"]] += 1
    return {"engine": {k: engine.config["engine"].get(k) for k in ("name", "upstream", "commit", "license",
                                                                     "language")},
            "adapter": engine.config["adapter"]["spec"],
            "kit_version": next((r.get("kit_version") for r in rows if r.get("type") == "header"), None),
            "totals": dict(sorted(Counter(c.get("actual") or c["status"] for c in cases).items())),
            "topics": {t: dict(sorted(c.items())) for t, c in sorted(topics.items())},
            "conformance": footer.get("conformance"), "coverage": footer.get("coverage"),
            "passing": sorted(c["id"] for c in cases if c["status"] == "PASS"),
            "explore": findings(out / "explore.jsonl"), "seconds": engine.seconds}


def compare(engine: Engine, now: dict[str, Any], steps: tuple[str, ...] = STEPS) -> None:
    """What differs from recorded/summary.json, one line each (for the steps that ran)."""
    path = engine.folder / "recorded" / "summary.json"
    if not path.is_file():
        engine.differs(f"nothing recorded ({path} is absent): run with --record")
        return
    before = json.loads(path.read_text(encoding="utf-8"))
    if "run" in steps and now.get("totals"):  # no report: the run's own line said why
        run_compare(engine, before, now)
    if "explore" not in steps:
        return
    seen = {(f["oracle"], f["cause"]) for f in before.get("explore", [])}  # a state named by a day moves daily
    for finding in [f for f in now.get("explore", []) if (f["oracle"], f["cause"]) not in seen]:
        engine.differs(f"new explore finding: {finding['oracle']} {finding['cause']}: {finding['message'][:160]}")


def run_compare(engine: Engine, before: dict[str, Any], now: dict[str, Any]) -> None:
    """A PASS lost, or the coverage below the recorded one."""
    lost = sorted(set(before.get("passing", [])) - set(now.get("passing", [])))
    if lost:
        engine.differs(f"lost PASS: {', '.join(lost[:10])}{' …' if len(lost) > 10 else ''}")
    if (now.get("coverage") or 0) < (before.get("coverage") or 0) - 1e-9:
        engine.differs(f"coverage dropped from {before['coverage']:.1%} to {(now.get('coverage') or 0):.1%}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engines", nargs="*", help="engine folders to certify (default: every one)")
    parser.add_argument("--engines", dest="engines_dir", type=Path,
                        default=Path(os.environ.get("SHINPAN_ENGINES", HERE.parent.parent / "shared" / "engines")),
                        help="the engines' sources (default: ../shared/engines beside the checkout)")
    parser.add_argument("--root", type=Path, default=HERE, help="the certifications folder (default: this one)")
    parser.add_argument("--only", action="append", choices=STEPS, help="run only this step (repeatable)")
    parser.add_argument("--record", action="store_true", help="write recorded/ from this run instead of comparing")
    parser.add_argument("--shinpan", default=str(Path(sys.executable).parent / "shinpan"),
                        help="the shinpan command (default: the one beside this Python)")
    args = parser.parse_args(argv)
    if not args.engines_dir.is_dir():
        print(f"certify: no engine to certify: {args.engines_dir} is absent (CI has it; see "
              "certifications/README.md)", flush=True)
        return NOTHING
    keys = args.engines or sorted(p.parent.name for p in args.root.glob("*/engine.toml"))
    steps = tuple(args.only or STEPS)
    if args.record and steps != STEPS:
        print("certify: --record needs every step (no --only)", flush=True)
        return BAD_INPUT
    failed = False
    with tempfile.TemporaryDirectory(prefix="shinpan-certify-") as scratch:
        for key in keys:
            try:
                engine = load(key, args.root.resolve(), args.engines_dir.resolve(), Path(scratch))
            except BadInput as error:
                print(f"certify: {key}: bad input: {error}", flush=True)
                return BAD_INPUT
            out = engine.build.parent / "recorded"
            out.mkdir()
            now = certify(engine, args.shinpan, out, steps)
            if args.record:
                portable(engine, out, args.engines_dir.resolve())
                now["explore"] = findings(out / "explore.jsonl")  # as recorded: without the machine's paths
                recorded = engine.folder / "recorded"
                recorded.mkdir(exist_ok=True)
                (out / "summary.json").write_text(json.dumps(now, ensure_ascii=False, indent=1) + "\n",
                                                  encoding="utf-8")
                for name in REPORTS:
                    (recorded / name).unlink(missing_ok=True)
                    if (out / name).is_file():
                        shutil.copyfile(out / name, recorded / name)
            elif now:
                compare(engine, now, steps)
            totals = ", ".join(f"{n} {s}" for s, n in now.get("totals", {}).items())
            print(f"certify: {key}: {'recorded' if args.record else 'OK' if not engine.problems else 'DIFFERS'} — "
                  f"{totals}; coverage {(now.get('coverage') or 0):.1%}; "
                  f"{len(now.get('explore', []))} explore finding(s); seconds {engine.seconds}", flush=True)
            failed = failed or (bool(engine.problems) and not args.record)
    return DIFFERS if failed else 0


if __name__ == "__main__":
    sys.exit(main())

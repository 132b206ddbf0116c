"""Certifications for the site's tests, recorded by the kit's own commands in the layout of
``certifications/README.md``: ``engine.toml``, ``expectations.toml`` and ``recorded/`` (run and matrix reports, the
contract self-test, an exploration with its printed scenarios) — from the kit's fake and planted engines in
``tests/``, so that the tests depend on no real engine and no outside engine's sources."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from shinpan.paths import PROJECT_ROOT

NEVER_SICK = "py:tests.fake_adapters:NeverSick"
"""Reports no creature as summoning sick: the scenarios on sickness FAIL (rule 301.5)."""
SEALED_UNTAPS = "py:tests.planted_bugs:sealed_creature_untaps"
"""A sealed creature untaps: no scenario of the suite catches it, the exploration's seals property does."""
TRIAGED = "basics-sick-001"
TRIAGE = ("301.5: the engine reports the creature summoned this turn as not summoning sick; the rules say it is sick "
          "until its controller's next turn begins")


@dataclass(frozen=True)
class Engine:
    slug: str
    name: str
    adapter: str
    triaged: dict[str, str]
    """Case id -> the triage written as the expectations entry's reason (its status FAIL)."""
    matrix_tags: str = "@topic:basics"
    """The scenarios its matrix run plays (a part of the suite: the tests stay quick)."""
    harness_shape: bool = False
    """Its self-test recorded as the harness records it (the document under ``report``), not alone."""


ENGINES = (Engine("never-sick", "NeverSick", NEVER_SICK, {TRIAGED: TRIAGE}),
           Engine("sealed", "SealedUntaps", SEALED_UNTAPS, {}, harness_shape=True))


def shinpan(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A ``shinpan`` command in a child process, the tests' engines importable."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(PROJECT_ROOT), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-m", "shinpan", *args], capture_output=True, text=True, cwd=cwd, env=env,
                          check=False, timeout=600)


def record(root: Path, engine: Engine) -> Path:
    """Certify ``engine`` into ``root/<slug>`` as ``certifications/certify.py --record`` lays it out."""
    folder = root / engine.slug
    recorded = folder / "recorded"
    recorded.mkdir(parents=True)
    (folder / "engine.toml").write_text(
        f'[engine]\nname = "{engine.name}"\nupstream = "https://example.invalid/{engine.slug}"\ncommit = "abc1234"\n'
        f'license = "MIT"\nlanguage = "Python"\n\n[adapter]\nspec = "{engine.adapter}"\n', encoding="utf-8")
    entries = "".join(f'\n[expect."{case}"]\nstatus = "FAIL"\nreason = "{reason}"\n'
                      for case, reason in engine.triaged.items())
    (folder / "expectations.toml").write_text(f'adapter = "{engine.adapter}"\n{entries}', encoding="utf-8")
    steps = [("run", f"--expectations={folder / 'expectations.toml'}", f"--report={recorded / 'run-report.jsonl'}",
              "-n", "0"),
             ("matrix", f"--adapter={engine.adapter}", f"--tags={engine.matrix_tags}",
              f"--report={recorded / 'matrix-report.jsonl'}"),
             ("explore", f"--adapter={engine.adapter}", "--seed=1", "--examples=30", "--property=differential", "--property=seals",
              f"--report={recorded / 'explore.jsonl'}", f"--out={recorded}")]
    for step in steps:
        done = shinpan(*step, cwd=folder)
        assert done.returncode in (0, 1), (step, done.stderr[-2000:])
    test = shinpan("contract-test", f"--adapter={engine.adapter}", "--format=json", cwd=folder)
    assert test.returncode in (0, 1), test.stderr[-2000:]
    document = json.loads(test.stdout)
    if engine.harness_shape:  # as certifications/certify.py records the step
        document = {"adapter": engine.adapter, "exit_status": test.returncode, "report": document}
    (recorded / "contract-test.json").write_text(json.dumps([document]), encoding="utf-8")
    return folder


def certifications(root: Path) -> Path:
    """Both test engines certified under ``root`` (once: a later call with the same ``root``, from this process or
    another — pytest-xdist's workers — finds them ready; the tests read them, and change only copies)."""
    root.mkdir(parents=True, exist_ok=True)
    with (root.parent / f"{root.name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        ready = root.parent / f"{root.name}.ready"
        if not ready.exists():
            for engine in ENGINES:
                record(root, engine)
            ready.touch()
    return root

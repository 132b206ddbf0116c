"""A fresh virtual environment holding the kit's wheel, built from a copy of the repository, for the tests of
the kit without a checkout (tests/test_install.py, tests/test_ci_recipe.py).

The environment gets the wheel in its own site-packages; the third-party libraries the kit depends on come from
the environment running the tests, through a ``.pth`` line, so that no download is needed beyond the build
backend. Nothing of the repository is on its path. Under pytest-xdist the workers share one environment.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

_ANYWHERE = shutil.ignore_patterns(".git", ".venv", ".tox", "build", "dist", "*.egg-info", "__pycache__", ".*_cache",
                                   "*.jsonl")
_AT_THE_TOP = {"reports"}
"""Runs' output folders a checkout may hold at its top (``shinpan/reports/`` is the kit's own room: it is copied)."""


def IGNORED(folder: str, names: list[str]) -> set[str]:  # noqa: N802 -- shutil.copytree's ignore, as ignore_patterns
    """What a copy of the repository leaves out: tools' and runs' leftovers, never a module of the kit."""
    top = (Path(folder) / "pyproject.toml").is_file()  # the repository's own folder
    return set(_ANYWHERE(folder, names)) | (_AT_THE_TOP & set(names) if top else set())
HIDDEN = ("PYTHONPATH", "SHINPAN_FEATURES", "PYTEST_ADDOPTS", "VIRTUAL_ENV")
"""Variables of the test run the environment's programs must not see."""


@dataclass(frozen=True)
class Installed:
    """A fresh environment holding the built wheel."""

    wheel: Path
    python: Path
    bin: Path
    empty: Path
    """An empty folder far from the repository to run commands in."""

    def env(self, **extra: str) -> dict[str, str]:
        """The environment variables of a program run in the environment (its ``bin`` first on ``PATH``)."""
        env = {k: v for k, v in os.environ.items() if k not in HIDDEN}
        env["PATH"] = os.pathsep.join([str(self.bin), env.get("PATH", "")])
        return {**env, **extra}

    def run(self, *args: str, check: bool = True, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        """Run one of the environment's programs (``shinpan``, ``python``), in the empty folder by default."""
        done = subprocess.run([str(self.bin / args[0]), *args[1:]], capture_output=True, text=True,
                              cwd=cwd or self.empty, env=self.env(), check=False, timeout=600)
        if check:
            assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        return done

    def pip_install(self, target: Path) -> None:
        """Install a wheel or a project folder into the environment, without its dependencies."""
        self.run("python", "-m", "pip", "install", "--no-deps", "--ignore-installed", "--quiet", "--disable-pip-version-check",
                 str(target))  # the test environment's own (editable) shinpan is visible through the .pth: ignore it


def build_wheel(source: Path, dist: Path) -> Path:
    """Build the project's wheel as pip and pipx do (isolated build), from a copy of the repository."""
    copy = dist.parent / "source"
    shutil.copytree(source, copy, symlinks=True, ignore=IGNORED)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--disable-pip-version-check",
                           "-w", str(dist), str(copy)], capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (wheel,) = dist.glob("shinpan-*.whl")
    return wheel


def create(root: Path, source: Path) -> Installed:
    """Build the wheel of ``source`` and install it into a new environment under ``root`` (once: a later call
    with the same ``root``, from this process or another, finds it ready)."""
    root.mkdir(parents=True, exist_ok=True)
    venv = root / "venv"
    bin_ = venv / ("Scripts" if os.name == "nt" else "bin")
    with (root / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        ready = root / "ready"
        if not ready.exists():
            wheel = build_wheel(source, root / "dist")
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
            purelib = Path(subprocess.run([str(bin_ / "python"), "-c",
                                           "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                          capture_output=True, text=True, check=True).stdout.strip())
            # the kit's dependencies, from the environment running the tests (never the repository itself)
            deps = sorted({sysconfig.get_path("purelib"), sysconfig.get_path("platlib")})
            (purelib / "zz_shinpan_test_dependencies.pth").write_text("\n".join(deps) + "\n", encoding="utf-8")
            (root / "empty").mkdir()
            kit = Installed(wheel, bin_ / "python", bin_, root / "empty")
            kit.pip_install(wheel)
            ready.write_text(str(wheel), encoding="utf-8")
        wheel = Path(ready.read_text(encoding="utf-8"))
    return Installed(wheel, bin_ / "python", bin_, root / "empty")

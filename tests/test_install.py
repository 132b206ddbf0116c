"""The kit works without a checkout: the wheel, installed into a fresh virtual environment and run from an
empty folder, runs the same suite with the same results as the repository, and finds adapter plug-ins that
other installed packages declare.

The environment gets the wheel (and, later, a plug-in package) in its own site-packages; the third-party
libraries the kit depends on come from the environment running these tests, through a ``.pth`` line, so that
the test needs no download beyond the build backend and stays quick. Nothing of the repository is on its path.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from shinpan.paths import PROJECT_ROOT

IGNORED = shutil.ignore_patterns(".git", ".venv", ".tox", "build", "dist", "*.egg-info", "__pycache__", ".*_cache",
                                 "reports", "*.jsonl")


@dataclass(frozen=True)
class Installed:
    """A fresh environment holding the built wheel."""

    wheel: Path
    python: Path
    bin: Path
    empty: Path
    """An empty folder far from the repository to run commands in."""

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        """Run one of the environment's programs (``shinpan``, ``python``) in the empty folder."""
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SHINPAN_FEATURES", "PYTEST_ADDOPTS")}
        env["PATH"] = os.pathsep.join([str(self.bin), env.get("PATH", "")])
        done = subprocess.run([str(self.bin / args[0]), *args[1:]], capture_output=True, text=True, cwd=self.empty,
                              env=env, check=False, timeout=300)
        if check:
            assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        return done

    def pip_install(self, target: Path) -> None:
        """Install a wheel or a project folder into the environment, without its dependencies."""
        done = subprocess.run([sys.executable, "-m", "pip", "--python", str(self.python), "install", "--no-deps",
                               "--quiet", "--disable-pip-version-check", str(target)],
                              capture_output=True, text=True, check=False, timeout=300)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


def build_wheel(source: Path, dist: Path) -> Path:
    """Build the project's wheel as pip and pipx do (isolated build), from a copy of the repository."""
    copy = dist.parent / "source"
    shutil.copytree(source, copy, symlinks=True, ignore=IGNORED)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--disable-pip-version-check",
                           "-w", str(dist), str(copy)], capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (wheel,) = dist.glob("shinpan-*.whl")
    return wheel


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    root = tmp_path_factory.mktemp("install")
    wheel = build_wheel(PROJECT_ROOT, root / "dist")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    bin_ = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_ / "python"
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                  capture_output=True, text=True, check=True).stdout.strip())
    # the kit's dependencies, from the environment running the tests (never the repository itself)
    deps = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (purelib / "zz_shinpan_test_dependencies.pth").write_text("\n".join(sorted(deps)) + "\n", encoding="utf-8")
    kit = Installed(wheel, python, bin_, root / "empty")
    kit.empty.mkdir()
    kit.pip_install(wheel)
    yield kit


def test_the_wheel_holds_the_suite_under_the_shinpan_name_and_the_licence(installed: Installed) -> None:
    names = zipfile.ZipFile(installed.wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    assert tops == {"shinpan", installed.wheel.name.split("-py3")[0] + ".dist-info"}, tops  # no top-level steps/…
    assert "shinpan/features/cards.yaml" in names and "shinpan/features/rulesets.yaml" in names
    assert {"shinpan/py.typed", "shinpan/adapters/schema/messages.json", "shinpan/steps/duel.py",
            "shinpan/reference_engine/game.py"} <= set(names)
    features = {n for n in names if n.endswith(".feature")}
    assert features == {"shinpan/" + p.relative_to(PROJECT_ROOT).as_posix()
                        for p in (PROJECT_ROOT / "features").rglob("*.feature")}
    with zipfile.ZipFile(installed.wheel) as wheel:
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = wheel.read(meta_name).decode()
        licence = wheel.read(next(n for n in names if n.endswith("licenses/LICENSE"))).decode()
    assert "License-Expression: MIT" in meta and licence.startswith("MIT License")
    from shinpan import __version__

    assert f"\nVersion: {__version__}\n" in meta
    requires = [line for line in meta.splitlines() if line.startswith("Requires-Dist: hypothesis")]
    assert requires and all("extra == \"dev\"" in line for line in requires)  # a test tool, not a runtime need


def _report(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _statuses(lines: list[dict[str, Any]]) -> dict[str, str]:
    return {line["id"]: line["status"] for line in lines if line["type"] == "case"}


def test_the_installed_kit_runs_the_suite_from_an_empty_folder_as_the_checkout_does(installed: Installed,
                                                                                      tmp_path: Path) -> None:
    where = installed.run("python", "-c", "import shinpan, pytest_bdd; print(shinpan.__file__)").stdout.strip()
    assert Path(where).is_relative_to(installed.python.parent.parent), where  # the wheel, not the repository

    done = installed.run("shinpan", "run", "--report", "installed.jsonl")
    outside = _report(installed.empty / "installed.jsonl")
    checkout_report = tmp_path / "checkout.jsonl"
    env = {k: v for k, v in os.environ.items() if k not in ("SHINPAN_FEATURES", "PYTEST_ADDOPTS")}
    inside = subprocess.run([sys.executable, "-m", "shinpan", "run", "--report", str(checkout_report)],
                            capture_output=True, text=True, cwd=PROJECT_ROOT, env=env, check=False, timeout=300)
    assert inside.returncode == 0, inside.stdout[-3000:]
    checkout = _report(checkout_report)

    passes = Counter(_statuses(outside).values())["PASS"]
    assert passes == Counter(_statuses(checkout).values())["PASS"] > 200, done.stdout[-2000:]
    assert _statuses(outside) == _statuses(checkout)
    assert f"{passes} passed" in done.stdout
    features = {line["feature"] for line in outside if line["type"] == "case"}
    assert features == {line["feature"] for line in checkout if line["type"] == "case"}
    assert all(f.startswith("features/") for f in features), features
    assert outside[0]["suite_hash"] == checkout[0]["suite_hash"]
    basics = sum(1 for line in outside if line["type"] == "case" and line["topic"] == "basics"
                 and line["status"] == "PASS")
    served = installed.run("shinpan", "run", "--adapter", "cmd:shinpan serve-reference", "--report", "served.jsonl",
                           "features/basics")
    assert f"{basics} passed" in served.stdout
    assert set(_statuses(_report(installed.empty / "served.jsonl")).values()) == {"PASS"}


def test_the_installed_kit_lints_and_lists_from_an_empty_folder(installed: Installed) -> None:
    lint = installed.run("shinpan", "lint")
    assert "no problems" in lint.stdout
    listed = [json.loads(line) for line in installed.run("shinpan", "list", "--json").stdout.splitlines()]
    from click.testing import CliRunner

    from shinpan.cli import main

    here = CliRunner().invoke(main, ["list", "--json"])
    assert listed == [json.loads(line) for line in here.output.splitlines()]
    assert installed.run("shinpan", "--version").stdout.split()[-1] == installed.wheel.name.split("-")[1]
    smoke = installed.run("shinpan", "smoke", "--adapter", "reference")
    assert "ADAPTER OK" in smoke.stdout

"""One name per module, in the wheel, the editable install and the type check alike (issue 31 item 1): the top-level
folders ``adapters/``, ``reference_engine/``, ``steps/``, ``features/``, ``docs/`` are the package's
``shinpan.<folder>`` through ``[tool.setuptools.package-dir]``, with no link in the tree. Every folder that ships is
in the packages list (a folder left out would be missing from the wheel alone: the checkout's tests would pass), and
the type check names each module as Python imports it."""

from __future__ import annotations

import importlib.util
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
from mypy.modulefinder import BuildSource

from tests.test_layers import modules

ROOT = Path(__file__).resolve().parent.parent
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def _folders_that_ship() -> set[str]:
    """Every folder under a mapped one that holds a file (a module or shipped data), by its package name."""
    found = set()
    for name, folder in SETUPTOOLS["package-dir"].items():
        top = ROOT / folder
        for path in [top, *top.rglob("*")]:
            if not path.is_dir() or "__pycache__" in path.parts:
                continue
            if any(child.is_file() for child in path.iterdir()):
                found.add(".".join([name, *path.relative_to(top).parts]))
    return found


def test_every_folder_that_ships_is_a_listed_package_and_every_listed_package_is_a_folder() -> None:
    listed = set(SETUPTOOLS["packages"])
    assert len(listed) == len(SETUPTOOLS["packages"]), "a package is listed twice"
    missing = _folders_that_ship() - listed
    assert missing == set(), f"folders the wheel would leave out (add them to pyproject's packages): {sorted(missing)}"
    mapped = SETUPTOOLS["package-dir"]
    for package in listed:
        top = max((name for name in mapped if package == name or package.startswith(f"{name}.")), key=len)
        folder = ROOT / mapped[top] / Path(*package[len(top):].split(".")[1:])
        assert folder.is_dir(), f"{package}: listed, but {folder.relative_to(ROOT)} is no folder"


def test_no_link_in_the_tree() -> None:
    """Every file has one place (issue 31: no symlink): none in what ships, none anywhere git tracks."""
    shipped = [path.relative_to(ROOT).as_posix() for folder in SETUPTOOLS["package-dir"].values()
               for path in [ROOT / folder, *(ROOT / folder).rglob("*")] if path.is_symlink()]
    assert shipped == []
    tracked = subprocess.run(["git", "ls-files", "-s"], cwd=ROOT, capture_output=True, text=True, check=False)
    if tracked.returncode != 0:
        pytest.fail("this test reads the checkout's files with git ls-files; run it in a git checkout")
    assert [line.split("\t", 1)[1] for line in tracked.stdout.splitlines() if line.startswith("120000")] == []


def _typecheck() -> Any:
    spec = importlib.util.spec_from_file_location("typecheck", ROOT / "scripts" / "typecheck.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_type_check_names_each_module_as_python_imports_it() -> None:
    typecheck = _typecheck()
    folders = typecheck.package_dirs()
    assert set(folders.values()) == {name for name in SETUPTOOLS["package-dir"] if name != "shinpan"}
    known = modules(ROOT)
    mapped = {name: path for name, path in known.items() if path.relative_to(ROOT).parts[0] != "shinpan"}
    assert "shinpan.adapters.contract" in mapped and "shinpan.steps" in mapped
    for name, path in mapped.items():  # mypy would name adapters/contract.py adapters.contract
        assert typecheck.renamed(BuildSource(str(path), "as-found"), folders).module == name
    kit = ROOT / "shinpan" / "cli.py"
    assert typecheck.renamed(BuildSource(str(kit), "shinpan.cli"), folders).module == "shinpan.cli"

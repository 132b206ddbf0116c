"""The kit works without a checkout: the wheel, installed into a fresh virtual environment and run from an
empty folder (:mod:`tests.installed_kit`), runs the same suite with the same results as the repository, finds
adapter plug-ins that other installed packages declare, and runs the plug-in examples of docs/adapters.md.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import zipfile
from collections import Counter
from pathlib import Path
from typing import Any

from shinpan.paths import PROJECT_ROOT
from shinpan.reports.report import suite_hash
from tests.installed_kit import IGNORED, Installed


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
    assert requires and not any("extra ==" in line for line in requires)  # shinpan explore runs on it


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
    version = installed.run("shinpan", "--version").stdout.splitlines()
    assert version[0].split()[-1] == installed.wheel.name.split("-")[1]
    assert version[2] == f"suite {suite_hash()}"  # the wheel carries the suite of this checkout
    smoke = installed.run("shinpan", "smoke", "--adapter", "reference")
    assert "ADAPTER OK" in smoke.stdout
    installed.run("shinpan", "site", "--out", "site")
    pages = {p.name for p in (installed.empty / "site").rglob("*.html")}
    assert "index.html" in pages and len(pages) > 50  # a page per scenario, from the suite the wheel carries


PLUGIN_PYPROJECT = """\
[build-system]
requires = ["setuptools>=77"]
build-backend = "setuptools.build_meta"

[project]
name = "shinpan-plugin-demo"
version = "0.1.0"

[project.entry-points."shinpan.adapters"]
demo = "shinpan_plugin_demo:make_adapter"
broken = "shinpan_plugin_demo:no_such_factory"
"""

PLUGIN_MODULE = """\
from shinpan.adapters.reference import ReferenceSimulator


class DemoEngine(ReferenceSimulator):
    def hello(self, request):
        response = super().hello(request)
        response["engine"] = {"name": "demo-engine", "version": "0.1.0", "language": "Python"}
        return response


def make_adapter():
    return DemoEngine()
"""


def test_an_installed_package_plugs_in_an_adapter_by_name(installed: Installed, tmp_path: Path) -> None:
    package = tmp_path / "plugin"
    (package / "shinpan_plugin_demo").mkdir(parents=True)
    (package / "pyproject.toml").write_text(PLUGIN_PYPROJECT, encoding="utf-8")
    (package / "shinpan_plugin_demo" / "__init__.py").write_text(PLUGIN_MODULE, encoding="utf-8")
    installed.pip_install(package)

    done = installed.run("shinpan", "run", "--adapter", "demo", "--report", "demo.jsonl", "features/basics")
    lines = _report(installed.empty / "demo.jsonl")
    assert lines[0]["adapter"]["name"] == "demo-engine" and lines[0]["adapter"]["spec"] == "demo"
    assert set(_statuses(lines).values()) == {"PASS"}, done.stdout[-2000:]
    check = textwrap.dedent("""\
        from shinpan.adapters.errors import AdapterSpecError
        from shinpan.adapters.registry import available, make_adapter
        print(available())
        try:
            make_adapter("broken")
        except AdapterSpecError as error:
            print(error)
        """)
    out = installed.run("python", "-c", check).stdout.splitlines()
    names = out[0].strip("[]").replace("'", "").split(", ")
    assert names[0] == "reference" and {"broken", "demo"} <= set(names)  # (other tests may install more)
    assert out[1].startswith("the adapter plug-in 'broken' = 'shinpan_plugin_demo:no_such_factory' (from "
                             "shinpan-plugin-demo) cannot be loaded: AttributeError: ")


FILE = re.compile(r"<!-- file: (?P<path>\S+) -->\n```\w+\n(?P<body>.*?)\n```", re.DOTALL)
PLUG_IN = re.compile(r"<!-- example: plug-in -->\n```sh\n(?P<body>.*?)\n```", re.DOTALL)


def test_the_plug_in_examples_of_the_guide_run_in_a_fresh_environment(installed: Installed, tmp_path: Path) -> None:
    guide = (PROJECT_ROOT / "docs" / "adapters.md").read_text(encoding="utf-8")
    files = list(FILE.finditer(guide))
    assert [f["path"] for f in files] == ["my-engine/my_engine/shinpan_adapter.py", "my-engine/pyproject.toml"]
    for match in files:
        target = tmp_path / match["path"]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(match["body"] + "\n", encoding="utf-8")
    (block,) = [m["body"] for m in PLUG_IN.finditer(guide)]
    commands = block.splitlines()
    assert len(commands) == 4
    for command in commands:
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=installed.env(), capture_output=True,
                              text=True, check=False, timeout=600)
        assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        if "shinpan run" in command:
            assert " passed" in done.stdout and "failed" not in done.stdout, command
    report = _report(tmp_path / "out" / "my-engine.jsonl")
    assert report[0]["adapter"]["spec"] == "my-engine" and report[0]["adapter"]["name"] == "shinpan-reference"
    assert set(_statuses(report).values()) == {"PASS"}
    where = installed.run("python", "-c", "import my_engine.shinpan_adapter as m; print(m.__file__)").stdout
    assert Path(where.strip()).is_relative_to(installed.python.parent.parent)  # the package was installed



def test_a_new_adapter_written_by_the_installed_kit_passes_smoke_and_runs_the_suite(installed: Installed,
                                                                                    tmp_path: Path) -> None:
    """issue 23.3: shinpan new-adapter in an empty folder, from the wheel alone, for each language."""
    languages = ["python"] + (["node"] if shutil.which("node") else [])
    for lang in languages:
        project = tmp_path / f"my-{lang}-adapter"
        done = installed.run("shinpan", "new-adapter", str(project), "--lang", lang, cwd=tmp_path)
        assert f"next: cd {project}" in done.stdout
        names = {p.relative_to(project).as_posix() for p in project.rglob("*") if p.is_file()}
        assert names == {"adapter.py" if lang == "python" else "adapter.js", "README.md", "expectations.toml",
                         ".github/workflows/shinpan-conformance.yml"}
        command = "python adapter.py" if lang == "python" else "node adapter.js"
        assert f'ADAPTER: "cmd:{command}"' in (project / ".github/workflows/shinpan-conformance.yml").read_text()
        contract = installed.run("shinpan", "contract-test", "--adapter", f"cmd:{command}", cwd=project)
        assert "rules broken: none" in contract.stdout  # the README's first step, from the wheel alone
        smoke = installed.run("shinpan", "smoke", "--adapter", f"cmd:{command}", cwd=project)
        assert "ADAPTER OK" in smoke.stdout
        suite = installed.run("shinpan", "run", "--adapter", f"cmd:{command}", "--validate", "--expectations",
                              "expectations.toml", "--report", "engine.jsonl", cwd=project)
        statuses = Counter(_statuses(_report(project / "engine.jsonl")).values())
        assert statuses["PASS"] >= 10 and set(statuses) <= {"PASS", "UNSUPPORTED", "NOT_APPLICABLE", "UNRESOLVED"}
        assert "conformance 100.0%" in suite.stdout
    again = installed.run("shinpan", "new-adapter", str(tmp_path / "my-python-adapter"), check=False, cwd=tmp_path)
    assert again.returncode == 4 and "not an empty folder" in again.stderr
    guide = Path(installed.run("shinpan", "docs").stdout.splitlines()[0])
    assert guide.is_relative_to(installed.python.parent.parent) and guide.name == "adapters.md" and guide.is_file()
    assert (guide.parent / "contract.md").is_file() and (guide.parent / "CHANGELOG.md").is_file()
    assert "py:<module>:<factory>" in installed.run("shinpan", "run", "--help").stdout


def test_building_the_wheel_warns_of_nothing_and_leaves_the_checkout_as_it_was(tmp_path: Path) -> None:
    """pip builds the wheel from a checkout (an isolated build, as pip and pipx do): setuptools says nothing is amiss
    (it warned of every feature folder, 'absent from the packages configuration'), and no build/ or
    shinpan.egg-info/ is left in the checkout."""
    source = tmp_path / "source"
    shutil.copytree(PROJECT_ROOT, source, symlinks=True, ignore=IGNORED)
    before = sorted(p.name for p in source.iterdir())
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "--disable-pip-version-check",
                           "-w", str(tmp_path / "dist"), str(source)], capture_output=True, text=True, check=False,
                          timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    warnings = [line for line in (done.stdout + done.stderr).splitlines() if "Warning" in line]
    assert warnings == []
    assert sorted(p.name for p in source.iterdir()) == before
    assert list((tmp_path / "dist").glob("shinpan-*.whl"))


def test_the_installed_kit_explores_and_shows_the_exploration_from_an_empty_folder(installed: Installed) -> None:
    """``shinpan explore`` runs from the wheel alone (the properties, the printer, the report's schema are package
    data), and the site shows its report."""
    done = installed.run("shinpan", "explore", "--examples", "5", "--property", "differential", "--property",
                         "look-back", "--report", "explore.jsonl")
    assert "0 counterexamples" in done.stdout
    lines = [json.loads(line) for line in (installed.empty / "explore.jsonl").read_text("utf-8").splitlines()]
    assert lines[0]["type"] == "header" and lines[-1]["type"] == "footer" and lines[-1]["exit_status"] == 0
    assert {line["oracle"] for line in lines[1:-1]} == {"differential", "look-back"}
    installed.run("shinpan", "site", "--out", "explored-site", "--explore", "explore.jsonl")
    page = (installed.empty / "explored-site" / "properties.html").read_text("utf-8")
    assert "look-back" in page

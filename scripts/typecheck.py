"""mypy --strict over the checkout, each module under the one name it is imported by (``python scripts/typecheck.py``,
as the tox environment ``type`` runs it; arguments are mypy's).

The top-level folders ``adapters/``, ``reference_engine/``, ``steps/`` are the package's ``shinpan.adapters``,
``shinpan.reference_engine``, ``shinpan.steps`` (``[tool.setuptools.package-dir]`` in ``pyproject.toml``). Python
finds them there through the installed package (a wheel, or the editable install's import hook); mypy reads neither
hook nor mapping, and from the checkout would name ``adapters/contract.py`` ``adapters.contract`` and find no
``shinpan.adapters``. So this runs mypy (its ``files`` from the configuration, or the paths given) with every source
under a mapped folder named as the package names it: ``adapters/contract.py`` is ``shinpan.adapters.contract``, the
same module that ``from shinpan.adapters.contract import …`` imports.
"""

from __future__ import annotations

import sys
import time
import tomllib
from pathlib import Path

import mypy.main
from mypy import util
from mypy.fscache import FileSystemCache
from mypy.modulefinder import BuildSource

ROOT = Path(__file__).resolve().parent.parent


def package_dirs(root: Path = ROOT) -> dict[Path, str]:
    """The folders ``pyproject.toml`` maps into the package, each with its dotted name (``adapters`` →
    ``shinpan.adapters``), the package's own folder left out (mypy names it right)."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    mapping: dict[str, str] = config["tool"]["setuptools"]["package-dir"]
    return {(root / folder).resolve(): name for name, folder in mapping.items() if name != folder}


def renamed(source: BuildSource, folders: dict[Path, str]) -> BuildSource:
    """``source`` named as the package names it, if it lies in a mapped folder."""
    if source.path is None:
        return source
    path = Path(source.path).resolve()
    for folder, name in folders.items():
        if folder == path.parent or folder in path.parents:
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            return BuildSource(source.path, ".".join([name, *parts]), source.text, str(ROOT), source.followed)
    return source


def main(args: list[str]) -> int:
    """mypy's own run (its options and configuration, its messages and summary line) on the renamed sources; the
    exit status mypy's would be (0 clean, 1 errors, 2 a blocking error)."""
    started = time.time()
    cache = FileSystemCache()
    sources, options = mypy.main.process_options(args, stdout=sys.stdout, stderr=sys.stderr, fscache=cache)
    # a cache of its own: a plain mypy run names the mapped folders' modules otherwise (adapters.contract)
    options.cache_dir = str(Path(options.cache_dir) / "package-names")
    folders = package_dirs()
    sources = [renamed(source, folders) for source in sources]
    _, messages, blockers = mypy.main.run_build(sources, options, cache, started, sys.stdout, sys.stderr)
    formatter = util.FancyFormatter(sys.stdout, sys.stderr, options.hide_error_codes)
    errors, notes, files = util.count_stats(messages)
    if errors:
        print(formatter.format_error(errors, files, len(sources), blockers=blockers, use_color=options.color_output))
    else:
        print(formatter.format_success(len(sources), options.color_output))
    if messages and notes < len(messages):
        return 2 if blockers else 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

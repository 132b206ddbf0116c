"""Start an adapter in one command (アダプターの雛形): ``shinpan new-adapter DIR --lang python|node``.

It writes a working adapter project — the kit's template for the language (the Python one on the adapter SDK,
the Node one with no dependencies), a README saying what to run, a GitHub Actions workflow and an empty
expectations file — that passes ``shinpan smoke`` as it is. The templates, the adapter guide and the CI recipe
ship inside the kit (:func:`guide`), so that a project is made from the installed kit alone, with no checkout.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Final

import jinja2

from shinpan.adapters.locations import docs_dir
from shinpan.adapters.registry import CMD_PREFIX
from shinpan.errors import ScaffoldError
from shinpan.outputs import printable, shell_word


@dataclass(frozen=True)
class Language:
    """What a project in one language holds: its adapter file (a template of the kit), and how it is run."""

    name: str
    template: str
    """The kit's template, in the package ``shinpan.adapters`` (``examples/…``)."""
    adapter: str
    """The adapter's file name in the new project."""
    command: str
    """The command line that runs it, from the project's folder."""
    needs: str
    """What it needs besides the kit, for the README."""


LANGUAGES: Final[dict[str, Language]] = {
    "python": Language("python", "examples/python/adapter.py", "adapter.py", "python adapter.py",
                       "Python 3.11+ and the kit (pip install shinpan): the adapter runs on its SDK"),
    "node": Language("node", "examples/node/adapter.js", "adapter.js", "node adapter.js",
                     "Node.js 18+ (no packages); the kit to run the suite"),
}
"""The languages ``new-adapter`` writes a project in."""

WORKFLOW: Final = ".github/workflows/shinpan-conformance.yml"


def guide() -> Path:
    """The adapter guide (docs/adapters.md) as installed with the kit."""
    return docs_dir() / "adapters.md"


def new_adapter(directory: Path, language: str) -> list[Path]:
    """Write a new adapter project for ``language`` into ``directory`` (which must be empty or not exist yet);
    return the files written. A :class:`ScaffoldError` (bad input) says why nothing was written."""
    lang = LANGUAGES.get(language)
    if lang is None:
        raise ScaffoldError(f"--lang {language!r}: expected one of {', '.join(LANGUAGES)}")
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise ScaffoldError(f"{directory}: not an empty folder; new-adapter writes a new project into an empty one")
    adapter = f"{CMD_PREFIX}{lang.command}"
    files = {
        lang.adapter: _adapter_source(lang),
        "README.md": _render("README.md.j2", lang=lang, adapter=adapter, name=directory.name),
        "expectations.toml": _render("expectations.toml.j2", adapter=adapter),
        WORKFLOW: _workflow(adapter),
    }
    written = []
    for name, text in files.items():
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    (directory / lang.adapter).chmod(0o755)
    return written


def _adapter_source(lang: Language) -> str:
    """The kit's template, its own run line pointed at the new project's file."""
    text = _package_file(resources.files("shinpan.adapters"), lang.template).read_text(encoding="utf-8")
    return text.replace(f"adapters/{lang.template}", lang.adapter)


def _workflow(adapter: str) -> str:
    """The kit's CI recipe (docs/ci/shinpan-conformance.yml) with the project's adapter."""
    recipe = _package_file(docs_dir(), "ci/shinpan-conformance.yml").read_text(encoding="utf-8")
    lines = [f'  ADAPTER: "{adapter}"' if line.startswith("  ADAPTER:") else line for line in recipe.splitlines()]
    return "\n".join(lines) + "\n"


def _package_file(root: Traversable, relative: str) -> Traversable:
    found = root.joinpath(*relative.split("/"))
    if not found.is_file():
        raise ScaffoldError(f"the kit's template {relative} is missing from this installation (reinstall the kit)")
    return found


def _render(template: str, **values: object) -> str:
    environment = jinja2.Environment(loader=jinja2.PackageLoader("shinpan.scaffold", "templates"),
                                     keep_trailing_newline=True, undefined=jinja2.StrictUndefined, autoescape=False)
    environment.filters["shell"] = shell_word  # a word of a command line to paste, quoted for the shell
    environment.filters["one_line"] = lambda text: printable(text, one_line=True)
    return environment.get_template(template).render(**values)

"""A registry read in layers: the kit's file, then a user suite's, each checked against the registry's schema.

A user suite's registry adds entries to the kit's; it never changes one. An id given twice — in one file, or in
a user suite's file and the kit's — is a :class:`~shinpan.adapters.errors.SuiteError` naming the later entry's
file and line and where the id was first given.

Each file is read once per version of it (its size and modification time), as :mod:`shinpan.suite.scenarios` reads
feature files: a command, a run and its tests may ask for the registries as often as they like.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from shinpan.adapters import locations, yamlfile
from shinpan.adapters.errors import SuiteError
from shinpan.adapters.registries import validation


@dataclass(frozen=True)
class Shape:
    """How a registry lists its entries: the list's key, the key of an entry's id, and what an entry is called."""

    items: str
    id: str
    noun: str

    def label(self, entry_id: str) -> str:
        """An entry as messages name it: card 《name》, source seed003, rule 801.4, change 2021-03-16."""
        return f"{self.noun} 《{entry_id}》" if self.noun == "card" else f"{self.noun} {entry_id}"

    def place(self, data: Any, path: Sequence[str | int]) -> str:
        """Where a value of the file is, for a message (with its ``: ``): in an entry, the entry by its id and the
        path inside it (``card 《X》, abilities[0]: ``); elsewhere the path (``cards: ``); nothing for the file."""
        if not path:
            return ""
        if len(path) >= 2 and path[0] == self.items and isinstance(path[1], int):
            raw = data[self.items][path[1]]
            entry_id = raw.get(self.id) if isinstance(raw, Mapping) else None
            if entry_id is not None and not isinstance(entry_id, (Mapping, list, bool)):  # a name, a number, a day
                inside = validation.where(path[2:])
                return f"{self.label(str(entry_id))}{', ' + inside if inside else ''}: "
        return f"{validation.where(path)}: "


SHAPES: Final = {"cards": Shape("cards", "name", "card"), "sources": Shape("sources", "id", "source"),
                 "rules": Shape("rules", "number", "rule"), "rulesets": Shape("changes", "id", "change")}


@dataclass(frozen=True)
class Entry:
    """One entry of a registry: its id (a card's name, a source's id, a rule's number, a change's id), the entry
    as written (a mapping), and the file and line where it is."""

    id: str
    data: Mapping[str, Any]
    path: Path
    line: int | None

    @property
    def place(self) -> str:
        """``features/cards.yaml:51``: the file (with its folder) and line."""
        return f"{self.path.parent.name}/{self.path.name}:{self.line}"


def layered(suite: Path | locations.SuiteFolders | None, file_name: str) -> tuple[Path, ...]:
    """The files of the registry ``file_name`` (``cards.yaml``) to read: the one file ``suite`` names, or those of
    the layers of ``suite`` (default: the suite being run, :func:`~shinpan.adapters.locations.current`)."""
    if isinstance(suite, Path):
        return (suite,)
    return (suite or locations.current()).registry_files(file_name)


def problems(path: Path, name: str) -> list[SuiteError]:
    """Every way the registry file ``path`` breaks the schema of registry ``name`` (a file that cannot be read or
    parsed: that one problem)."""
    try:
        data, text = _parsed(path, *_version(path))
    except SuiteError as error:
        return [error]
    shape = SHAPES[name]
    return [SuiteError(path, problem.line, f"{shape.place(data, problem.path)}{problem.message}")
            for problem in validation.problems(name, data, text)]


def read(path: Path, name: str) -> Any:
    """The registry file ``path``, parsed as safe YAML and checked against the schema of registry ``name``; its
    first problem is a :class:`SuiteError` with the line."""
    found = problems(path, name)
    if found:
        raise found[0]
    return _parsed(path, *_version(path))[0]


def entries(files: Sequence[Path], name: str, missing: str | None = None) -> tuple[Entry, ...]:
    """The entries of registry ``name`` over ``files`` (the kit's first, then a user suite's), each file checked
    against the schema. The first file must exist (``missing``: what to say when it does not); an id given twice
    is a :class:`SuiteError` at the second."""
    if missing is not None and not files[0].exists():
        raise SuiteError(files[0], 1, missing)
    found, twice = _gather(files, name)
    if twice:
        raise twice[0]
    return found


def clashes(files: Sequence[Path], name: str) -> list[SuiteError]:
    """Every id of registry ``name`` given a second time over ``files`` (each at the second entry, naming where the
    first is): in a file, or in a user suite's file and the kit's."""
    return _gather(files, name)[1]


def _gather(files: Sequence[Path], name: str) -> tuple[tuple[Entry, ...], list[SuiteError]]:
    shape = SHAPES[name]
    found: dict[str, Entry] = {}
    twice: list[SuiteError] = []
    for path in files:
        for raw in read(path, name)[shape.items]:
            entry = Entry(str(raw[shape.id]), raw, path, yamlfile.line_of(raw))
            earlier = found.setdefault(entry.id, entry)
            if earlier is not entry:
                message = f"{shape.label(entry.id)} is already given at {earlier.place}"
                twice.append(SuiteError(path, entry.line, message))
    return tuple(found.values()), twice


def versions(files: Sequence[Path]) -> tuple[tuple[int, int], ...]:
    """What tells one version of each of ``files`` from another (a key to cache what is read from them)."""
    return tuple(_version(path) for path in files)


def _version(path: Path) -> tuple[int, int]:
    """A file's modification time and size (-1: it cannot be read)."""
    try:
        stat = path.stat()
    except OSError:
        return -1, -1
    return stat.st_mtime_ns, stat.st_size


@cache
def _parsed(path: Path, mtime_ns: int, size: int) -> tuple[Any, str]:
    """The file's YAML value and text, once per version of the file."""
    text = yamlfile.read_text(path)
    return yamlfile.parse(path, text), text

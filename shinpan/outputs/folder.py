"""A folder the kit writes into (``shinpan site --out DIR``), owning only what it wrote there (自分の書いたものだけ).

A build is staged in a scratch folder inside the folder (``.shinpan-build-<pid>-<random>/``), then published:
each file is moved into place (``os.replace``: the old page stays whole until its new one replaces it), the
pages of the previous build that this one no longer has are removed — only those listed in the previous build's
manifest (``.shinpan-manifest.json``): the user's own files are never touched — and the new manifest is written.
Nothing is written or removed through a symbolic link: a link where the build would write a folder is refused
(bad input) before anything is written; a link where it writes a file is replaced, never followed. The scratch
folder is removed when the build ends, interrupted or not; one left by a killed build is removed by the next.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from shinpan.adapters.descendants import alive
from shinpan.errors import OutputError

MANIFEST = ".shinpan-manifest.json"
"""The list of the files the last build wrote, relative to the folder."""
STAGING = ".shinpan-build-"
"""The start of the name of a build's scratch folder (then the builder's pid)."""


class OwnedFolder:
    """The folder ``out``, where a build publishes its files (:meth:`staging`, then :meth:`publish`)."""

    def __init__(self, out: Path, folders: tuple[str, ...] = ()) -> None:
        self.out = out
        self.folders = folders
        """The sub-folders the build writes into: none may be a symbolic link."""

    def owns(self, path: Path) -> bool:
        """Whether ``path`` (relative to the folder) is one a build may write: in one of its sub-folders, its
        manifest or scratch, or a page at the top (``*.html``, ``*.js``)."""
        parts = path.parts
        if not parts:
            return False
        return (parts[0] in self.folders or parts[0] == MANIFEST or parts[0].startswith(STAGING)
                or (len(parts) == 1 and path.suffix in (".html", ".js")))

    def check(self) -> None:
        """:class:`OutputError` if the folder, or a sub-folder the build writes into, cannot be written as a folder
        of its own (a file, or a symbolic link leading out of it)."""
        if self.out.exists() and not self.out.is_dir():
            raise OutputError(f"--out {self.out}: is not a folder")
        for name in self.folders:
            inner = self.out / name
            if inner.is_symlink():
                raise OutputError(f"--out {self.out}: {inner} is a symbolic link; the build writes only inside "
                                  "--out and never follows one: remove it")
            if inner.exists() and not inner.is_dir():
                raise OutputError(f"--out {self.out}: {inner} is not a folder")

    @contextlib.contextmanager
    def staging(self) -> Iterator[Path]:
        """A scratch folder inside the folder, removed when the block ends (whatever ends it)."""
        self.check()
        self.out.mkdir(parents=True, exist_ok=True)
        self._remove_abandoned()
        scratch = Path(tempfile.mkdtemp(prefix=f"{STAGING}{os.getpid()}-", dir=self.out))
        try:
            yield scratch
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    def publish(self, built: Path) -> list[str]:
        """Move every file under ``built`` (a folder of :meth:`staging`) into place, remove the previous build's
        files this one lacks, and record the new manifest; return the files published (relative, POSIX)."""
        new = sorted(p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file())
        old = self._manifest()
        self._record(built, sorted(set(old) | set(new)))  # a build killed from here on leaves nothing unlisted
        for name in new:
            target = self._inside(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(built / name, target)
        for name in sorted(set(old) - set(new)):
            with contextlib.suppress(FileNotFoundError, IsADirectoryError, NotADirectoryError):
                self._inside(name).unlink()
        self._record(built, new)
        return new

    def _inside(self, name: str) -> Path:
        """``name`` as a path in the folder; :class:`OutputError` if it would leave it (``..``, a link)."""
        relative = PurePosixPath(name)
        if relative.is_absolute() or ".." in relative.parts or not relative.parts:
            raise OutputError(f"--out {self.out}: {name!r} is not a path inside it")
        path = self.out.joinpath(*relative.parts)
        for parent in path.relative_to(self.out).parents:
            if parent != Path() and (self.out / parent).is_symlink():
                raise OutputError(f"--out {self.out}: {self.out / parent} is a symbolic link; the build never "
                                  "follows one")
        return path

    def _manifest(self) -> list[str]:
        """The files the previous build wrote, as its manifest lists them (none without a readable one)."""
        path = self.out / MANIFEST
        if path.is_symlink() or not path.is_file():
            return []
        try:
            files = json.loads(path.read_text(encoding="utf-8")).get("files", [])
        except (OSError, ValueError, AttributeError):
            return []
        return [name for name in files if isinstance(name, str) and self._is_plain(name)]

    @staticmethod
    def _is_plain(name: str) -> bool:
        relative = PurePosixPath(name)
        return bool(relative.parts) and not relative.is_absolute() and ".." not in relative.parts

    def _record(self, built: Path, files: list[str]) -> None:
        staged = built / MANIFEST
        staged.write_text(json.dumps({"files": files}, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
        os.replace(staged, self.out / MANIFEST)

    def _remove_abandoned(self) -> None:
        """Scratch folders of builds that were killed (their process is gone)."""
        for scratch in self.out.glob(f"{STAGING}*"):
            pid = scratch.name.removeprefix(STAGING).split("-", 1)[0]
            if pid.isdigit() and scratch.is_dir() and not scratch.is_symlink() and not alive(int(pid)):
                shutil.rmtree(scratch, ignore_errors=True)


"""An engine's build (版): where its code was loaded from, and a digest of that code — as its handshake says.

An adapter may say, in its handshake's ``engine.build``, which build of its engine answers: the folder its code was
loaded from (``location``) and a digest of that code (``hash``). The reference engine always does. When the engine
under test says the very build of the kit's reference engine, nothing is being compared — an exploration finds
nothing and a run passes, whatever was meant to be tested (a modified engine served by ``python -m shinpan
serve-reference`` from inside a checkout imports the checkout's ``shinpan``, not the one that was modified):
``run``, ``explore`` and ``compare`` say so at the top (:func:`notice`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, TypedDict


class Build(TypedDict):
    """Where an engine's code was loaded from, and the sha256 of that code (its files' paths and contents)."""

    location: str
    hash: str


def of_files(location: Path, files: list[Path]) -> Build:
    """The build of the code in ``files`` under ``location`` (their paths relative to it, and contents, in order;
    a file elsewhere is named by its file name)."""
    digest = hashlib.sha256()
    for path in files:
        name = path.relative_to(location).as_posix() if path.is_relative_to(location) else path.name
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return {"location": str(location), "hash": f"sha256:{digest.hexdigest()}"}


@cache
def reference() -> Build:
    """The build of the kit's reference engine as this process loads it: the engine's package (its location) and the
    adapter that serves it, found beside this module as the kit's suite is (``shinpan/reference_engine``, and
    ``shinpan/adapters/reference.py``), without importing either."""
    here = Path(__file__).resolve().parent
    package = (here.parent / "reference_engine").resolve()
    return of_files(package, [*sorted(package.rglob("*.py")), here / "reference.py"])


def same_as_reference(engine: Mapping[str, Any] | None) -> bool:
    """Whether a handshake's ``engine`` says the very build of the kit's reference engine (the same code)."""
    build = (engine or {}).get("build")
    return isinstance(build, Mapping) and build.get("hash") == reference()["hash"]


def notice(spec: str, engine: Mapping[str, Any] | None) -> str | None:
    """What to say at the top when the adapter ``spec`` (not ``reference`` itself) is the reference engine's very
    build; ``None`` otherwise."""
    if spec == "reference" or not same_as_reference(engine):
        return None
    location = (engine or {}).get("build", {}).get("location", "?")
    return (f"note: the adapter {spec!r} is the kit's own reference engine, the very same build (its code loaded "
            f"from {location}): nothing is being compared. A modified engine served with `python -m shinpan "
            "serve-reference` from inside a checkout runs the checkout's shinpan; start it from its own "
            "installation")

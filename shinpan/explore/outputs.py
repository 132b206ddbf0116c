"""What ``shinpan explore`` writes (探索の出力), held to the standard of ``shinpan run``'s outputs.

Before the first example (:func:`check`): the report (``--report``), the scenarios' folder (``--out``) and the
example database (``--database``) go through the same claims as a run's outputs (:class:`shinpan.outputs.Claims`):
none may replace an input (the ``--expectations`` file, even through a hard link), another output (``--report
D/explore.feature --out D``) or anything in the suite's folders; each must be writable; nothing is created yet. An
adapter that cannot start (its handshake fails) is bad input too (:func:`check_adapter`).

After the exploration: the report is written whole or not at all, each line one JSON line that reads back as one
line whatever an adapter's message holds (:func:`shinpan.explore.report.write`, by ``run``'s own writer); the
scenarios go to ``DIR/explore.feature`` (:data:`FEATURE`), marked as the kit's (:data:`MARK`) and written atomically.
A user's own ``explore.feature`` (one without the mark) is never overwritten; a clean exploration removes the one the
previous exploration wrote, so that no old counterexample stays in sight.
"""

from __future__ import annotations

from pathlib import Path

from shinpan import outputs
from shinpan.adapters import locations
from shinpan.adapters.errors import ShinpanError
from shinpan.errors import OutputError

FEATURE = "explore.feature"
"""The file ``--out DIR`` holds the printed scenarios in."""
MARK = "# written by shinpan explore --out: the next exploration rewrites or removes this file"
"""The comment line (the second, after the language) that makes ``explore.feature`` the kit's to replace."""


def check(report: str | None, out: str | None, database: str | None, expectations: str | None) -> None:
    """Every output can be written and none is in the way of anything else: :class:`OutputError` (bad input)
    otherwise, before anything is explored or written."""
    outputs.writable("--report", report)
    outputs.writable("--out", out, folder=True)
    outputs.writable("--database", database, folder=True)
    claims = outputs.Claims(*locations.current().layers)
    claims.reads("--expectations", expectations)
    claims.writes("--report", report)
    claims.writes("--out", out, folder=True, owns=lambda inside: inside == Path(FEATURE))
    claims.writes("--database", database, folder=True)
    claims.check()
    if out is not None and not outputs.is_stream(out):
        feature = Path(out) / FEATURE
        if feature.is_symlink() or (feature.exists() and not _ours(feature)):
            raise OutputError(f"--out {out}: {feature} is not one shinpan explore wrote (its second line is not "
                              f"{MARK!r}); move it, or give another folder")


def check_adapter(spec: str, timeout: float) -> None:
    """An adapter that cannot start (its handshake fails) is bad input: one line, nothing explored or written."""
    from shinpan.explore.engines import Engine

    try:
        Engine(spec, timeout=timeout).stop()
    except ShinpanError as error:
        raise OutputError(f"--adapter {spec}: the adapter could not start, nothing was explored: "
                          f"{outputs.printable(error, one_line=True)} (check it: shinpan smoke --adapter …)") from None


def save(out: Path, feature: str | None) -> None:
    """``out/explore.feature``: the printed scenarios (``feature``, its text), or — when there are none — no file,
    the previous exploration's removed."""
    out.mkdir(parents=True, exist_ok=True)
    target = out / FEATURE
    if feature is None:
        if target.is_file() and not target.is_symlink() and _ours(target):
            target.unlink()
        return
    first, _, rest = outputs.printable(feature).partition("\n")
    outputs.write_text(target, f"{first}\n{MARK}\n{rest}")


def _ours(feature: Path) -> bool:
    if not feature.is_file():  # a folder, a pipe: never opened, never the kit's
        return False
    try:
        with feature.open(encoding="utf-8", errors="replace") as text:
            return [text.readline().rstrip("\n") for _ in range(2)][1] == MARK
    except OSError:
        return False

"""Transcripts on the site: the file a run wrote for a scenario (``--trace DIR``), copied beside the pages
(``transcripts/<engine>/<file>``) so that a scenario's page links it from ``file://`` or any host.

A report names each transcript by the path the run wrote it to; one that is relative is looked for from the
report's folder, then from the current one. A transcript not found there is named on the page, not linked.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from shinpan.outputs import file_name
from shinpan.site.model import Site
from shinpan.site.reports import Engine

FOLDER = "transcripts"


def found(engine: Engine, named: str) -> Path | None:
    """The transcript a report of ``engine`` names, if it is on the disk and is one (a ``.jsonl`` file whose first
    line opens a scenario's transcript): a report is shared input, and the site publishes what it copies, so a
    report naming any other file (``~/.ssh/id_rsa``) gets nothing copied."""
    path = Path(named)
    candidates = [path] if path.is_absolute() else [engine.folder / path, Path.cwd() / path]
    return next((candidate for candidate in candidates if _is_transcript(candidate)), None)


def _is_transcript(path: Path) -> bool:
    if path.suffix != ".jsonl" or not path.is_file():
        return False
    try:
        with path.open("rb") as file:
            first = json.loads(file.readline(1 << 20))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(first, dict) and first.get("kind") == "scenario"


def copy(site: Site, out: Path) -> dict[tuple[str, str], str]:
    """Copy every transcript the engines' reports name into ``out``; (engine key, case id) -> its URL from the site's
    root."""
    urls: dict[tuple[str, str], str] = {}
    for engine in site.engines:
        for case_id, result in engine.results.items():
            source = found(engine, result.transcript) if result.transcript else None
            if source is None:
                continue
            target = out / FOLDER / engine.key / file_name(case_id, ".jsonl")  # safe, unique, bounded
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            urls[engine.key, case_id] = target.relative_to(out).as_posix()
    return urls

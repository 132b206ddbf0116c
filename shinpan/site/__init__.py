"""The living spec (生きた仕様): ``shinpan site`` builds a static site of every ruling.

Pages: home, a page per topic, one canonical page per scenario (``scenarios/<id>.html``), the
引き継ぎ早見表 grid, revisions, the rules index, sources, cards, the engines matrix and client-side
search. HTML comes from Jinja2 templates shipped in ``shinpan/site/templates``; the stylesheet and the
small script from ``shinpan/site/static``. Nothing is fetched from the network, building or viewing.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from shinpan import expectations as expectations_
from shinpan import invocation
from shinpan.report import suite_hash
from shinpan.site import model, render, reports

__all__ = ["build", "run_reference"]


def build(out: Path, report_paths: Sequence[Path], expectations: Sequence[Path] = ()) -> model.Site:
    """Build the site under ``out`` from the suite and the given reports (one engine each), each engine's known
    deviations marked from the ``expectations`` files (:func:`reports.with_expectations`)."""
    current = suite_hash()
    engines = [reports.load(path, f"e{number}", current) for number, path in enumerate(report_paths)]
    engines = reports.with_expectations(engines, [expectations_.load(path) for path in expectations])
    site = model.build(engines)
    out.mkdir(parents=True, exist_ok=True)
    render.write(site, out)
    return site


def run_reference(folder: Path) -> Path:
    """Run the whole suite on the reference engine (``shinpan run``); return its report in ``folder``."""
    return invocation.run_to_report(folder / "reference.jsonl", "reference")

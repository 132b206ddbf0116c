"""The living spec (生きた仕様): ``shinpan site`` builds a static site of every ruling.

Pages: home, a page per topic, one canonical page per scenario (``scenarios/<id>.html``), the
引き継ぎ早見表 grid, revisions, the rules index, sources, cards, the engines matrix, client-side
search, and the explorations' pages: every oracle of ``shinpan explore`` (``properties/<id>.html``), like a ruling,
with each explored engine's results, and the certified engines' pages (``certifications.html`` and one page per
engine: :mod:`shinpan.site.certified`). HTML comes from Jinja2 templates shipped in ``shinpan/site/templates``; the
stylesheet and the small script from ``shinpan/site/static``. Nothing is fetched from the network, building or viewing.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from shinpan import outputs
from shinpan.outputs.folder import OwnedFolder
from shinpan.reports import expectations as expectations_
from shinpan.reports.report import suite_hash
from shinpan.running import invocation
from shinpan.site import certified, explored, model, render, reports, transcripts
from shinpan.suite import scenarios as suite

__all__ = ["build", "folder"]

FOLDERS = ("scenarios", "topics", "properties", "certifications", "static", transcripts.FOLDER)
"""The sub-folders the site writes into (besides its pages at the top)."""


def folder(out: Path) -> OwnedFolder:
    """The site's folder ``out``: the site owns there only what it wrote (:mod:`shinpan.outputs.folder`)."""
    return OwnedFolder(out, FOLDERS)


def build(out: Path, report_paths: Sequence[Path], expectations: Sequence[Path] = (),
          explore_paths: Sequence[Path] = (), *, run_reference: bool = False,
          certifications: Path | None = None) -> model.Site:
    """Build the site under ``out`` from the suite and the given reports (one engine each) — with
    ``run_reference``, first a run of the whole suite on the reference engine — each engine's known deviations
    marked from the ``expectations`` files (:func:`reports.with_expectations`), and the explore reports
    (``shinpan explore --report``: one engine's exploration each). With ``certifications``, every engine certified
    there (:func:`certified.folders`) is added too, with its expectations and exploration, and has its own page.

    The suite, the reports and the expectations files are read before anything is written; the pages are written
    in a scratch folder inside ``out`` and moved into place at the end: until then the previous site stays whole;
    its pages this build no longer has are then removed, and nothing else (:mod:`shinpan.outputs.folder`)."""
    checks = outputs.Claims()
    for path in [*report_paths, *expectations]:
        checks.reads("--report" if path in report_paths else "--expectations", path)
    for path in explore_paths:
        checks.reads("--explore", path)
    certified_folders = certified.folders(certifications) if certifications is not None else []
    for path in certified_folders:
        for name in (certified.EXPECTATIONS, *(f"{certified.RECORDED}/{n}" for n in certified.RECORDED_FILES)):
            checks.reads("--certifications", path / name)
    site_folder = folder(out)
    checks.writes("--out", out, folder=True, owns=site_folder.owns)
    checks.check()
    site_folder.check()
    current = suite_hash()
    topic_of = {case.id: case.topic for case in suite.cases()}
    shown = set(topic_of)
    engines = [reports.load(path, f"e{number + run_reference}", current, shown)
               for number, path in enumerate(report_paths)]
    known = [expectations_.load(path) for path in expectations]
    explorations = [explored.load(path, f"x{number}") for number, path in enumerate(explore_paths)]
    certifications_ = [certified.load(path, f"c{number}", current, shown, topic_of, f"cx{number}")
                       for number, path in enumerate(certified_folders)]
    engines += [c.engine for c in certifications_]
    explorations += [c.exploration for c in certifications_ if c.exploration is not None]
    with site_folder.staging() as scratch:
        if run_reference:
            reference = invocation.run_to_report(scratch / "reference.jsonl", "reference")
            engines.insert(0, reports.load(reference, "e0", current, shown))
        site = model.build(reports.with_expectations(engines, known))
        render.write(site, scratch / "pages", explorations, certifications_)
        site_folder.publish(scratch / "pages")
    return site

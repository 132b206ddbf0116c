"""No silent zero (ゼロを黙らない): the warnings a scored run prints and writes in its report.

A run that scores an engine says so when nothing was really judged: coverage 0 % (every applicable scenario
UNSUPPORTED or UNOBSERVABLE, with the adapter's commonest reasons), every scenario skipped (none applies under the
rules), coverage below what the expectations file records (``coverage = P``, written by ``expectations update``),
or below ``--min-coverage P`` (which also makes the run exit 1).
"""

from __future__ import annotations

from collections.abc import Iterable

from shinpan.reports.summary import Result, lacking_reasons, scores

REASONS_SAID = 3
"""How many of the adapter's commonest reasons a 0 % warning quotes."""


def warnings(results: Iterable[Result], *, expected: float | None = None, minimum: float | None = None) -> list[str]:
    """The warnings about a run's ``results``: ``expected`` is the coverage (percent) the expectations file
    records, ``minimum`` the ``--min-coverage`` (percent)."""
    collected = list(results)
    score = scores(collected)
    said: list[str] = []
    if collected and score.total == 0:
        said.append(f"every scenario was skipped: none of the {len(collected)} applies under these rules "
                    "(NOT_APPLICABLE, UNRESOLVED)")
    elif score.total and score.supported == 0:
        reasons = lacking_reasons((r.raw.value, r.message) for r in collected)[:REASONS_SAID]
        why = "; ".join(f"{n}× {reason}" for n, reason in reasons)
        said.append(f"coverage is 0 %: none of the {score.total} applicable scenarios was played (every one "
                    f"UNSUPPORTED or UNOBSERVABLE){': ' + why if why else ''}")
    coverage = 100 * (score.coverage or 0.0)
    # The file records one decimal (``expectations update`` rounds): the same coverage, rounded up there
    # (26/246 = 10.57 % recorded as 10.6), is no drop.
    if expected is not None and round(coverage, 1) < expected:
        said.append(f"coverage {coverage:.1f} % is below the {expected:.1f} % the expectations file records")
    if minimum is not None and coverage < minimum:
        said.append(f"coverage {coverage:.1f} % is below --min-coverage {minimum:.1f} %")
    return said


def breaks_minimum(results: Iterable[Result], minimum: float | None) -> bool:
    """Whether the run's coverage is below ``--min-coverage`` (percent)."""
    if minimum is None:
        return False
    return 100 * (scores(list(results)).coverage or 0.0) < minimum

"""What a ならば step checks (確認), as typed values: each form is a frozen class (:class:`CheckForm`,
:mod:`.form`) that judges itself against an observation (``observe``) or, for :class:`Rejected`, against the latest
move.

Every Then step of the suite builds one of these and hands it to the scenario's game, which judges it. A check is
written as JSON (:meth:`CheckForm.to_json`) in the compiled cases (``shinpan dump-cases --messages``), so that an
author can replay the suite in any language (``adapters/schema/cases.json#/$defs/check`` is the format;
docs/adapters.md §9), and read back by :func:`parse`. The forms (``card`` is a label from the setup):

- :mod:`.zones`: :class:`InZone` (``in_zone``), :class:`ZoneCount` (``zone_count``), :class:`Position`
  (``position``), :class:`Places` (``places``) — where a card is, how many cards a zone holds, which card is at an
  end of it, in how many places a card is;
- :mod:`.objects`: :class:`ObjectField` (``object``) — a field of the battle-zone object a card is part of, by an
  :class:`ObjectTest`; :class:`ManaTapped` (``mana_tapped``) and :class:`Tapped` (``tapped``) — tap states;
- :mod:`.counts`: :class:`Count` (``count``) — how many events, waiting abilities or objects match, by a
  :class:`CountTest`;
- :mod:`.play`: :class:`Lost` (``lost``), :class:`Rejected` (``rejected``);
- :mod:`.combined`: :class:`AllOf` (``all``), :class:`AnyOf` (``any``) and :class:`Not` (``not``), which combine
  checks.

Any check may name an ``observable``: an adapter that does not report that field cannot be judged on it
(UNOBSERVABLE). A :class:`Tapped` check's field depends on where the card is: it is named once the observation is in
(:meth:`CheckForm.read_on`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from shinpan.adapters import schemas
from shinpan.adapters.errors import ShinpanError
from shinpan.running.checks.combined import AllOf, AnyOf, Not
from shinpan.running.checks.counts import Count, CountTest, Listed
from shinpan.running.checks.form import FORMS, CheckForm, build, one_of
from shinpan.running.checks.objects import ManaTapped, ObjectField, ObjectTest, Tapped
from shinpan.running.checks.observed import Observation, matching
from shinpan.running.checks.play import Lost, Rejected
from shinpan.running.checks.zones import ENDS, End, InZone, Places, Position, ZoneCount

SCHEMA = "cases.json#/$defs/check"
"""Where ``adapters/schema/cases.json`` defines a check: one branch of its ``oneOf`` per form."""


class CheckFormError(ShinpanError):
    """JSON that is not a check of ``adapters/schema/cases.json``: an unknown form, or a form missing a field."""


def parse(data: object, where: str = "a check") -> CheckForm:
    """The check ``data`` is (JSON, as :meth:`CheckForm.to_json` writes it); :class:`CheckFormError`, one line
    naming ``where``, if it is none."""
    kind = data.get("check") if isinstance(data, Mapping) else None
    if not isinstance(data, Mapping) or kind not in FORMS:
        raise CheckFormError(f"{where}: unknown check form {kind!r} (expected one of {', '.join(sorted(FORMS))})")
    problems = schemas.problems(_branch(str(kind)), data)
    if problems:
        raise CheckFormError(f"{where}: not a check of the form {kind!r}: {problems[0]}")
    return build(data)


@cache
def _branch(kind: str) -> str:
    """The schema of one form: its branch of the check's ``oneOf`` (so that what is wrong is said of that form)."""
    forms = schemas.load("cases.json")["$defs"]["check"]["oneOf"]
    index = next(i for i, form in enumerate(forms) if form["properties"]["check"]["const"] == kind)
    return f"{SCHEMA}/oneOf/{index}"


__all__ = ["ENDS", "FORMS", "AllOf", "AnyOf", "CheckForm", "CheckFormError", "Count", "CountTest", "End", "InZone",
           "Listed", "Lost", "ManaTapped", "Not", "ObjectField", "ObjectTest", "Observation", "Places", "Position",
           "Rejected", "Tapped", "ZoneCount", "matching", "one_of", "parse"]

"""The tag registry: which ``@name:value`` tags a scenario may carry, and what they mean.

* ``@topic:T`` (feature level) — the ruling topic, also the folder name under ``features/``;
* ``@id:X`` — a stable scenario id, never reused and never derived from position;
* ``@rule:N`` — a comprehensive-rules number the scenario encodes (as numbered in the version it encodes);
* ``@source:S`` — where the ruling comes from (``seed000``…, a Q&A id, ``timeline-17``);
* ``@since:R`` / ``@until:D`` — the revisions it holds from / until (see :mod:`shinpan.suite.rulesets`);
* ``@status:unresolved`` — an open question, documented, asserting nothing;
* ``@status:not_applicable`` — a "-" in a source table: the question does not arise; documented, asserting nothing;
* ``@requires:M`` — a mechanic the adapter must implement, else the scenario is UNSUPPORTED;
* ``@generated:SEED`` — the scenario was printed by a generator (``shinpan explore``), in the run with this seed
  (a whole number); its id is ``gen-`` and the first 12 hex digits of its script's digest. Only a generated
  scenario's id starts with ``gen-``, so it never meets a hand-written one's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

REGISTRY: dict[str, str] = {
    "topic": "the ruling topic (feature level)",
    "id": "a stable scenario id",
    "rule": "a comprehensive-rules number",
    "source": "where the ruling comes from",
    "since": "the revision from which the ruling holds",
    "until": "the last day the ruling held (or the undated revision that ended it)",
    "status": "unresolved: an open question that asserts nothing; not_applicable: a '-' cell of a source table",
    "requires": "a mechanic the adapter must implement",
    "generated": "printed by a generator (shinpan explore): the seed of the run that found it",
}
STATUS_VALUES = ("unresolved", "not_applicable")
GENERATED_ID_PREFIX = "gen-"
"""Every generated scenario's id starts with this, and no other scenario's."""
GENERATED_ID = re.compile(r"^gen-[0-9a-f]{12}$")
"""The id of a generated scenario: ``gen-`` and 12 hex digits (see ``shinpan.steps.printer``)."""
VALUE_TAG = re.compile(r"^@?(?P<name>[A-Za-z_][\w-]*):(?P<value>\S+)$")


@dataclass(frozen=True)
class TagValues:
    """The values of a scenario's tags, by kind; ``unknown`` holds tags outside the registry."""

    topic: tuple[str, ...] = ()
    id: tuple[str, ...] = ()
    rule: tuple[str, ...] = ()
    source: tuple[str, ...] = ()
    since: tuple[str, ...] = ()
    until: tuple[str, ...] = ()
    status: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    generated: tuple[str, ...] = ()
    unknown: tuple[str, ...] = field(default=())

    @property
    def unresolved(self) -> bool:
        """Whether the scenario is a documented open question."""
        return "unresolved" in self.status

    @property
    def not_applicable(self) -> bool:
        """Whether the scenario documents a question that does not arise ("-" in a source table)."""
        return "not_applicable" in self.status


def read_tags(tags: Iterable[str]) -> TagValues:
    """Sort tags (with or without the leading ``@``) into their registry kinds."""
    values: dict[str, list[str]] = {name: [] for name in REGISTRY}
    unknown: list[str] = []
    for tag in tags:
        match = VALUE_TAG.match(tag)
        if match and match["name"] in REGISTRY:
            bucket = values[match["name"]]
            if match["value"] not in bucket:
                bucket.append(match["value"])
        else:
            unknown.append(tag if tag.startswith("@") else "@" + tag)
    return TagValues(**{k: tuple(v) for k, v in values.items()}, unknown=tuple(unknown))

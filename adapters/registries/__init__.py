"""The suite's registries (登録簿): ``cards.yaml``, ``sources.yaml``, ``rules.yaml`` and ``rulesets.yaml``.

Each has a JSON Schema, shipped here (``schema/<name>.json``) and named on the first line of the file
(``# yaml-language-server: $schema=…``) so that an editor completes and checks it; the kit checks every registry it
reads against the same schema, and names the file and line of each problem (:func:`problems`, :func:`read`).

A registry is read in layers (:func:`entries`): the kit's file, then a user suite's
(:class:`~shinpan.adapters.locations.SuiteFolders`), which adds entries and never redefines one. What the entries
mean (a card's faces, a change's window, a rule's versions) is read by the registry's own module:
:mod:`shinpan.adapters.cards`, :mod:`shinpan.suite.sources`, :mod:`shinpan.suite.rules`, :mod:`shinpan.suite.rulesets`.
"""

from shinpan.adapters.registries.layers import Entry, clashes, entries, layered, problems, read, versions
from shinpan.adapters.registries.validation import NAMES, as_json, schema

__all__ = ["NAMES", "Entry", "as_json", "clashes", "entries", "layered", "problems", "read", "schema", "versions"]

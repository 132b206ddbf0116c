"""File names made from names the kit does not choose (scenario ids, topics, rules states): safe, unique, bounded.

A key made only of the characters of a plain name (lower-case ASCII letters, digits, ``-`` and ``_``, not
starting with ``-``) and at most :data:`LONGEST` characters long is its own file name: ``basics-sick-001``
gives ``basics-sick-001.html``, the canonical page a ruling is cited by. Any other key — ``../x``, ``x/y``,
``X``, ``ルール``, a case of an outline (``…-001#2``), a transcript of the matrix (``…@before:2021-03-16``),
250 characters — gives a readable prefix (its plain characters, others as ``_``, at most :data:`PREFIX` long)
then ``~`` and a hash of the whole key. ``~`` is never part of a plain name, so two keys never share a file
name (barring a collision of 48-bit hashes), on a file system that ignores case too; no name holds a path
separator, starts with a dot or exceeds ~80 bytes.
"""

from __future__ import annotations

import hashlib
import re

LONGEST = 80
"""The longest key that is its own file name."""
PREFIX = 40
"""The longest readable prefix of a file name with a hash."""
PLAIN = re.compile(r"[a-z0-9_][a-z0-9_-]*")
"""A plain name: its own file name on every file system."""
_NOT_PLAIN = re.compile(r"[^a-z0-9_-]")


def file_name(key: str, suffix: str = "") -> str:
    """The file name of ``key`` (with ``suffix``, e.g. ``.html``): safe, unique and bounded (see the module)."""
    if len(key) <= LONGEST and PLAIN.fullmatch(key):
        return key + suffix
    digest = hashlib.sha256(key.encode("utf-8", errors="surrogatepass")).hexdigest()[:12]
    prefix = _NOT_PLAIN.sub("_", key.lower())[:PREFIX].lstrip("-")
    return f"{prefix}~{digest}{suffix}"

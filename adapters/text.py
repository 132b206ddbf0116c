"""Text that comes from outside the kit — a report, an adapter's answer or stderr — made safe where it goes.

On a terminal (:func:`printable`): a control character (C0 but tab and newline, DEL, C1), a line or paragraph
separator (U+2028/U+2029), a bidirectional override and a lone surrogate are shown escaped (``\\x1b``,
``\\u2028``), so that an engine named ``ESC]0;…`` or ``ESC[2J`` cannot retitle or clear the user's terminal,
hide text or reorder it; everything else, Japanese included, is printed as it is.

In a JSON line (:func:`json_line`): one line that every reader splits as one line, and that a terminal shows as
it is — the characters some readers take for a line end (U+0085, U+2028, U+2029; JSON already escapes the C0
ones), the other C1 controls and the bidirectional overrides are written as ``\\uXXXX`` escapes, and a lone
surrogate (which no UTF-8 file can hold) becomes U+FFFD, the replacement character. :func:`clean` is what a
reader does to a line written by someone else.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import Any

REPLACEMENT = "\ufffd"
"""What a lone surrogate becomes (U+FFFD)."""

_SURROGATE = re.compile("[\ud800-\udfff]")
_UNSAFE_IN_JSON = re.compile("[\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_UNSAFE_ON_TERMINAL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069"
                                 "\ud800-\udfff]")
_UNSAFE_ON_ONE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069"
                                 "\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: object, *, one_line: bool = False) -> str:
    """``text`` as it may be printed on a terminal: controls shown escaped (with ``one_line``, tab and newline
    too); everything else as it is."""
    pattern = _UNSAFE_ON_ONE_LINE if one_line else _UNSAFE_ON_TERMINAL
    return pattern.sub(_escape, str(text))


def shell_word(text: str) -> str:
    """``text`` as one word of a shell command line that a user may paste (``cd DIR && …``): quoted for the shell
    (``shlex.quote``: a space, ``;``, ``$(…)``, a backquote, ``*`` or a quote stays part of the word); a word that
    holds a control character (a newline, ESC) is written ``$'…'`` with it escaped, so that it is never printed
    raw and still pastes as the same word in bash and zsh."""
    if printable(text, one_line=True) == text:
        return shlex.quote(text)
    return f"$'{_ansi_c(text)}'"


def _ansi_c(text: str) -> str:
    """``text`` inside bash's ``$'…'``: backslash and quote escaped, unsafe characters as code escapes."""
    out = []
    for char in text:
        if char in "\\'":
            out.append("\\" + char)
        elif _UNSAFE_ON_ONE_LINE.fullmatch(char):
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


def json_line(value: Any) -> str:
    """``value`` as one JSON line (without its ``\\n``) that reads back as one line wherever it is split, and
    that UTF-8 can hold: line separators and C1 controls escaped, lone surrogates replaced."""
    text = json.dumps(value, ensure_ascii=False)
    text = _UNSAFE_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return _SURROGATE.sub(REPLACEMENT, text) if _SURROGATE.search(text) else text


def clean(value: Any) -> Any:
    """``value`` (parsed JSON) with every lone surrogate in its strings, keys included, replaced by U+FFFD: what
    :func:`json_line` would have written. The same value when there is none."""
    if isinstance(value, str):
        return _SURROGATE.sub(REPLACEMENT, value)
    if isinstance(value, list):
        return [clean(item) for item in value]
    if isinstance(value, dict):
        return {clean(key): clean(item) for key, item in value.items()}
    return value


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def may_hold_surrogates(line: str) -> bool:
    """Whether a JSON line may decode to a lone surrogate (it holds a ``\\uD800``–``\\uDFFF`` escape): only then is
    :func:`clean` worth its walk."""
    return "\\u" in line and _SURROGATE_ESCAPE.search(line) is not None

"""What the kit writes (出力), and how it never loses what a user already has.

- :mod:`~shinpan.outputs.atomic` — every file is written whole or not at all: a temporary file beside it,
  moved into place (``os.replace``) when it is complete; the previous file stays whole until then;
- :mod:`~shinpan.outputs.claims` — an output never overwrites an input or another output of the same command;
- :mod:`~shinpan.outputs.names` — file names made from scenario ids: safe, unique and bounded;
- :mod:`~shinpan.adapters.text` — text from reports and adapters, made safe for a terminal and for a JSON line (in the
  contract package, which reads it too: re-exported here).
"""

from __future__ import annotations

from shinpan.adapters.text import json_line, printable, shell_word
from shinpan.outputs.atomic import Staged, is_stream, replaced, write_bytes, write_text
from shinpan.outputs.claims import Claims, writable
from shinpan.outputs.names import file_name

__all__ = ["Claims", "Staged", "file_name", "is_stream", "json_line", "printable", "replaced", "shell_word",
           "writable", "write_bytes", "write_text"]

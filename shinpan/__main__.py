"""``python -m shinpan`` is the ``shinpan`` command."""

from shinpan.cli import main

main()

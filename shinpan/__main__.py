"""The ``shinpan`` command's entry (``python -m shinpan`` too), with nothing imported before it is ready.

An interrupt (Ctrl-C, or SIGTERM, which is made to act as one) while the kit is still loading, or in a
command that is not running the suite, ends the command with one line and exit status 130 — never a Python
traceback; a run of the suite handles its own (exit status 2, the report with its footer). A closed standard
output (``| head -1``) changes nothing but what is printed (:mod:`shinpan.outputs.pipes`).
"""

import signal
import sys


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signal.Signals(signum).name}")


def main() -> None:
    """Run the ``shinpan`` command."""
    try:
        if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _interrupt)
        from shinpan.outputs import pipes

        pipes.install()
        from shinpan.cli import main as command

        command()
    except KeyboardInterrupt:
        from shinpan.adapters.errors import INTERRUPTED

        print("interrupted", file=sys.stderr)
        sys.exit(INTERRUPTED)


if __name__ == "__main__":
    main()

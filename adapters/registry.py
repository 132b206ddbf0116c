"""Choosing an adapter by name: ``--adapter NAME`` in pytest and in ``shinpan``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from shinpan.adapters.contract import Simulator


class AdapterSpecError(ValueError):
    """An ``--adapter`` value that names no adapter."""


def _reference() -> Simulator:
    from shinpan.adapters.reference import ReferenceSimulator

    return ReferenceSimulator()


ADAPTERS: dict[str, Callable[[], Simulator]] = {"reference": _reference}
"""In-process adapters by name."""


@dataclass(frozen=True)
class AdapterOptions:
    """How a subprocess adapter is run (in-process adapters ignore these)."""

    timeout: float = 5.0
    """Seconds each scenario may take, from its ``new_game`` on (already multiplied)."""
    startup_timeout: float = 30.0
    """Seconds the handshake may take (already multiplied)."""
    validate: bool = False
    """Check every message both ways against the schemas."""
    max_restarts: int = 10
    """Restarts after CRASH / TIMEOUT / garbage before the adapter is given up."""


def make_adapter(spec: str, options: AdapterOptions | None = None) -> Simulator:
    """A fresh adapter for ``spec`` (default ``reference``); ``cmd:<command line>`` runs a program."""
    if spec.startswith("cmd:"):
        from shinpan.adapters.subprocess_adapter import SubprocessSimulator, command_of

        opts = options or AdapterOptions()
        try:
            argv = command_of(spec)
        except ValueError as error:
            raise AdapterSpecError(str(error)) from None
        return SubprocessSimulator(argv, timeout=opts.timeout, startup_timeout=opts.startup_timeout,
                                   validate=opts.validate, max_restarts=opts.max_restarts)
    factory = ADAPTERS.get(spec)
    if factory is None:
        raise AdapterSpecError(f"unknown adapter {spec!r}; available: {', '.join(sorted(ADAPTERS))}, "
                               "or cmd:<command line>")
    return factory()

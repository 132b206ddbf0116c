"""Choosing an adapter by name: ``--adapter NAME`` in pytest and in ``shinpan``."""

from __future__ import annotations

from collections.abc import Callable

from adapters.contract import Simulator


class AdapterSpecError(ValueError):
    """An ``--adapter`` value that names no adapter."""


def _reference() -> Simulator:
    from adapters.reference import ReferenceSimulator

    return ReferenceSimulator()


ADAPTERS: dict[str, Callable[[], Simulator]] = {"reference": _reference}
"""In-process adapters by name."""


def make_adapter(spec: str) -> Simulator:
    """A fresh adapter for ``spec`` (default ``reference``)."""
    factory = ADAPTERS.get(spec)
    if factory is None:
        raise AdapterSpecError(f"unknown adapter {spec!r}; available: {', '.join(sorted(ADAPTERS))}")
    return factory()

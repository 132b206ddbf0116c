"""Adapters that fail while explored: each answers like the reference engine until one move, then crashes, hangs or
exits. ``shinpan explore`` must cost them one example per failure, restart them, and report the failure as a
counterexample of its own class, shrunk (tests/test_explore_faults.py)."""

from __future__ import annotations

import os
import time
from typing import Any

from shinpan.adapters.reference import ReferenceSimulator


def _several_destroyed(request: Any) -> bool:
    action = request["action"]
    return bool(action["type"] == "destroy" and len(action["cards"]) > 1)


class RaisesOnDestroy(ReferenceSimulator):
    """An in-process engine whose code raises when several creatures are destroyed at once."""

    def act(self, request: Any) -> Any:
        if _several_destroyed(request):
            raise RuntimeError("list index out of range in destroy_all")
        return super().act(request)


class HangsOnDestroy(ReferenceSimulator):
    """An engine that loops when several creatures are destroyed at once."""

    def act(self, request: Any) -> Any:
        if _several_destroyed(request):
            time.sleep(60)
        return super().act(request)


class ExitsOnDestroy(ReferenceSimulator):
    """A subprocess engine that dies when several creatures are destroyed at once (serve it with
    ``python -m shinpan.adapters.server py:tests.explore_faults:ExitsOnDestroy``)."""

    def act(self, request: Any) -> Any:
        if _several_destroyed(request):
            os._exit(3)
        return super().act(request)


class UnsupportsSwaps(ReferenceSimulator):
    """An engine that answers unsupported to every swap (and says nothing of it in its capabilities)."""

    def act(self, request: Any) -> Any:
        if request["action"]["type"] == "swap":
            return {"status": "unsupported", "message": "swaps are not implemented"}
        return super().act(request)

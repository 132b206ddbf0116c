"""Adapters that fail while explored: each answers like the reference engine until one move, then crashes, hangs or
exits. ``shinpan explore`` must cost them one example per failure, restart them, and report the failure as a
counterexample of its own class, shrunk (tests/test_explore_faults.py)."""

from __future__ import annotations

import os
import time
from typing import Any, ClassVar

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


class PlaysLittle(ReferenceSimulator):
    """An engine that declares only a few mechanics and answers unsupported to anything beyond them; it remembers
    every action type it was sent."""

    MECHANICS = ("zones", "summon", "tap", "turns", "triggers")
    seen: ClassVar[set[str]] = set()

    def hello(self, request: Any) -> Any:
        response = super().hello(request)
        response["capabilities"]["mechanics"] = list(self.MECHANICS)
        return response

    def setup(self, request: Any) -> Any:
        state = request["state"]
        objects = [obj for view in state["players"].values() for obj in view.get("battle", [])]
        beyond = (state.get("effects") or any(len(obj["cards"]) > 1 or obj.get("attacking") or obj.get("equipped_to")
                                               or obj.get("treated_as_creature") or obj.get("arrived_this_turn")
                                               for obj in objects)
                  or any(view.get("tapped_mana") for view in state["players"].values()))
        if beyond:
            return {"status": "unsupported", "message": "a part of the board it does not play"}
        return super().setup(request)

    def act(self, request: Any) -> Any:
        PlaysLittle.seen.add(request["action"]["type"])
        return super().act(request)


ONCE = "SHINPAN_TEST_ONCE"
"""The environment variable naming a file that the engines below create when their fault has happened (a subprocess
adapter's process is new after each crash, an in-process one is made anew: only a file remembers)."""


def _first_in_this_test() -> bool:
    marker = os.environ.get(ONCE)
    if marker is None or os.path.exists(marker):
        return False
    with open(marker, "w", encoding="utf-8"):
        return True


class RaisesOnce(ReferenceSimulator):
    """An engine that raises on the first destruction of several creatures, and never again."""

    def act(self, request: Any) -> Any:
        if _several_destroyed(request) and _first_in_this_test():
            raise RuntimeError("a fault that does not repeat")
        return super().act(request)


class HangsOnce(ReferenceSimulator):
    """An engine that hangs on the first destruction of several creatures, and never again."""

    def act(self, request: Any) -> Any:
        if _several_destroyed(request) and _first_in_this_test():
            time.sleep(60)
        return super().act(request)


class ExitsOnce(ReferenceSimulator):
    """A subprocess engine that dies on the first destruction of several creatures, and never again."""

    def act(self, request: Any) -> Any:
        if _several_destroyed(request) and _first_in_this_test():
            os._exit(3)
        return super().act(request)


class HugeOnce(ReferenceSimulator):
    """A subprocess engine that answers 20 MB of garbage to the first destruction of several creatures, then well."""

    def act(self, request: Any) -> Any:
        if _several_destroyed(request) and _first_in_this_test():
            return {"status": "ok", "padding": "x" * 20_000_000}
        return super().act(request)

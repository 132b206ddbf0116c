"""The states of the rules an engine plays (遊べるルール), as every command that scores it honours them.

An adapter declares them in ``capabilities.rules`` (``messages.json#/$defs/rules_played``; absent: every state).
With no state named, a command plays the engine's latest declared state and says so (:func:`default_state`); a
state it does not play is refused in one line (:func:`refusal`). Reading the declaration needs a handshake:
:func:`declared_rules` starts the adapter, says hello and stops it.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from shinpan import __version__
from shinpan.suite.rulesets import Changes, RulesState


def declared_rules(spec: str, *, timeout: float = 10.0) -> Mapping[str, Any] | None:
    """The ``rules`` the adapter ``spec`` declares (``None``: every state, or an adapter that did not answer the
    handshake, which the command then reports in its own way)."""
    rules = (declared(spec, timeout=timeout) or {}).get("rules")
    return rules if isinstance(rules, Mapping) else None


@cache
def declared(spec: str, *, timeout: float = 10.0) -> Mapping[str, Any] | None:
    """The capabilities the adapter ``spec`` declares in its handshake (``None`` if it did not answer one)."""
    from shinpan.adapters.contract import PROTOCOL_VERSION
    from shinpan.adapters.registry import AdapterOptions, make_adapter
    from shinpan.running.session import handshake_changes
    from shinpan.suite.rulesets import load

    try:  # a spec only a pytest plug-in of the run knows, or a broken adapter, is the command's to report
        simulator = make_adapter(spec, AdapterOptions(timeout=timeout, startup_timeout=timeout, max_restarts=0))
    except Exception:
        return None
    try:
        hello = simulator.hello({"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": __version__,
                                 "changes": handshake_changes(load())})
        capabilities = hello.get("capabilities") if isinstance(hello, Mapping) else None
        return capabilities if isinstance(capabilities, Mapping) else None
    except Exception:  # a broken adapter is the command's to report, with its own status
        return None
    finally:
        close = getattr(simulator, "close", None)  # a program is let go by the end of its stdin: `stop` is the
        with contextlib.suppress(Exception):  # real run's alone; a failed close changes nothing here
            if callable(close):
                close()
            else:
                simulator.stop({"cmd": "stop"})


def describe(changes: Changes, state: RulesState) -> str:
    """What a state is, in words: its label, and how many of the listed changes are in force (so that a day before
    the first listed change reads as the rules before every change)."""
    in_force = len(state.in_force)
    if in_force == 0:
        return f"{state.label} (before every change the kit lists)"
    return f"{state.label} ({in_force} of {len(changes.items)} listed changes in force)"


def default_state(changes: Changes, played: Mapping[str, Any] | None) -> tuple[RulesState, str | None]:
    """The state to play when none is named, and a note when it is not today's rules (``None``: today's)."""
    state = changes.latest_played(played)
    if state.standings == changes.today().standings:
        return state, None
    return state, (f"the engine does not play today's rules; playing the latest state it declares: "
                   f"{describe(changes, state)}")


def refusal(changes: Changes, played: Mapping[str, Any] | None, state: RulesState) -> str | None:
    """One line refusing ``state`` if the engine does not play it (``None``: it does)."""
    if changes.plays(played, state):
        return None
    return (f"the engine does not play the rules {describe(changes, state)}: it declares "
            f"{json.dumps(dict(played or {}), ensure_ascii=False)}; name a state it plays, or none for its latest")

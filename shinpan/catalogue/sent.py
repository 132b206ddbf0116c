"""What a phrase sends (送るもの): its example compiled with the step library's own definition on a duel that records
instead of sending (:func:`shinpan.running.cases.compile_case`, no engine), and the contract messages the executor would
send for that step, in the form of ``adapters/schema/cases.json``.

- a 前提 step builds the starting state: shown as the ``setup`` request as it stands after the step (sent, after
  ``new_game``, before the first move or check);
- a もし step sends its move (``act``; the game's ``new_game`` and ``setup`` go before the first move of a
  scenario, and are not shown with it), or — a choice (〜ことにする, 〜を選ぶ) — scripts an answer that travels in
  the ``choices`` of the next move, shown with it;
- a ならば step judges a check against an observation (``observe``, once after each move) or the last move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from shinpan.adapters.contract import Rules
from shinpan.catalogue.uses import Example
from shinpan.running.cases import Case, Fault, Move, compile_case, messages


@dataclass(frozen=True)
class Sent:
    """The messages of one example step, and how they come from it."""

    how: str
    """``setup`` (adds to the starting state), ``sends`` (its own messages), ``choices`` (sent with the next move),
    ``nothing`` or ``error`` (the example could not be compiled: ``messages`` holds the reason)."""
    messages: tuple[Mapping[str, Any], ...]


def sent(example: Example, rules: Rules) -> Sent:
    """What ``example``'s step sends when its scenario is played under ``rules``."""
    upto = compile_case(replace(example.case, steps=example.case.steps[:example.index + 1]), rules)
    if len(upto.steps) <= example.index:
        return Sent("error", ({"fault": "the scenario could not be compiled up to this step"},))
    step = upto.steps[example.index]
    fault = next((item for item in step.items if isinstance(item, Fault)), None)
    if fault is not None:
        return Sent("error", ({"fault": fault.message},))
    if example.step.type == "given":
        return Sent("setup", (upto.setup.request(),))
    own = _messages_of(upto, example.index)
    if own:
        return Sent("sends", own)
    later = _next_move(compile_case(example.case, rules), example.index)
    return Sent("choices", (later.request(),)) if later is not None else Sent("nothing", ())


def _messages_of(case: Case, index: int) -> tuple[Mapping[str, Any], ...]:
    """The messages between step ``index``'s marker and the next step's, but the game's start (``new_game``,
    ``setup``), which belongs to the scenario."""
    found: list[Mapping[str, Any]] = []
    step = -1
    for message in messages(case):
        if "step" in message:
            step += 1
        elif step == index and message.get("send", {}).get("cmd") not in GAME_START:
            found.append(message)
    return tuple(found)


GAME_START = ("new_game", "setup")


def _next_move(case: Case, index: int) -> Move | None:
    """The first move after step ``index`` (whose scripted choices a choice step adds to)."""
    return next((item for step in case.steps[index + 1:] for item in step.items if isinstance(item, Move)), None)

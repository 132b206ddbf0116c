"""Abilities in the structured form of the card registry (能力の構造化表記).

``features/cards.yaml`` gives each modelled card its abilities as small mappings, e.g.
``{keyword: speed_attacker}``. This module turns them into typed values. A form the engine does
not implement raises :class:`~reference_engine.errors.UnsupportedByEngine`, so that a card whose
abilities the engine cannot honour is reported as unsupported instead of played wrongly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from reference_engine.errors import UnsupportedByEngine


@dataclass(frozen=True)
class Keyword:
    """A keyword ability (キーワード能力) such as スピードアタッカー."""

    name: str


Ability = Keyword
"""Every ability form the engine implements."""

KEYWORDS: frozenset[str] = frozenset(
    {
        "speed_attacker",  # スピードアタッカー: not affected by summoning sickness (301.5, 101.2)
        "blocker",  # ブロッカー
        "double_breaker",  # W・ブレイカー
    }
)
"""Keywords the engine knows. Only スピードアタッカー changes what the engine core decides."""


def parse_ability(form: Mapping[str, Any]) -> Ability:
    """Read one structured ability, or raise :class:`UnsupportedByEngine` naming what is missing."""
    if set(form) == {"keyword"}:
        name = str(form["keyword"])
        if name not in KEYWORDS:
            raise UnsupportedByEngine(f"keyword {name!r} is not implemented")
        return Keyword(name)
    raise UnsupportedByEngine(f"ability form {dict(form)!r} is not implemented")

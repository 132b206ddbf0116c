"""Abilities in the structured form of the card registry (能力の構造化表記).

``features/cards.yaml`` gives each modelled card its abilities as small mappings, e.g.
``{keyword: speed_attacker}``. This module turns them into typed values. A form the engine does
not implement raises :class:`~reference_engine.errors.UnsupportedByEngine`, so that a card whose
abilities the engine cannot honour is reported as unsupported instead of played wrongly.

Forms:

- ``{keyword: NAME}`` — a keyword ability (:data:`KEYWORDS`).
- ``{evolution: {sources: N, of: creature|spell, civilization: C, from: battle|graveyard, or_more: B, neo: B}}``
  — 進化 (801): the card is put on top of N sources (進化V: 2, 進化GV: 3); ``neo: true`` for NEO進化
  (802), which may also be summoned alone.
- ``{replacement: enter_tapped_to_untapped, of: own_creatures}`` — "自分のクリーチャーがタップして出る時、
  かわりにアンタップして出る" (609); ``{replacement: leave_to_hand, of: self}`` — エターナル・Ω.
- ``{static: ignore_abilities, creature_cost_at_most: N, spell_cost_at_most: N}`` — "コストN以下の
  クリーチャーの能力とコストN以下の呪文の効果を無視する".
- ``{g_link: {partners: [NAME, …], side: left|right}}`` — G・リンク (804) with the named gods.
- ``{mugetsu: {count: N}}`` — 無月の門: stacked on N of its owner's 魔導具 (seed 000).
- Dormant forms (:data:`DORMANT`): abilities whose occasion the engine never produces (it pays no
  costs, resolves no battles or blocks). They are read so that the card can be played, and do nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from reference_engine.errors import UnsupportedByEngine


class CardFacts(Protocol):
    """What an ability needs to know of a card's printed facts."""

    @property
    def is_creature(self) -> bool: ...

    @property
    def is_spell(self) -> bool: ...

    @property
    def civilizations(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Keyword:
    """A keyword ability (キーワード能力) such as スピードアタッカー."""

    name: str


@dataclass(frozen=True)
class Evolution:
    """進化 (801) / NEO進化 (802): how many sources the card is put onto, and which cards qualify."""

    sources: int = 1
    """How many sources the evolution needs (進化: 1, 進化V: 2, 進化GV: 3); old 801.4a counts these."""
    of: str = "creature"
    """What a source is: ``creature`` (a creature card) or ``spell`` (a spell card)."""
    civilization: str | None = None
    """A civilization every source must have, if any."""
    zone: str = "battle"
    """Where the sources come from: ``battle`` (your creatures) or ``graveyard`` (墓地進化)."""
    or_more: bool = False
    """``N枚以上``: any number of sources from ``sources`` up."""
    neo: bool = False
    """NEO進化: the card may also be summoned alone; with cards under it, it is an evolution creature (802.3)."""

    def accepts(self, card: CardFacts) -> bool:
        """Whether a card with these printed facts is a proper source (適正な進化元) for this evolution."""
        kind_ok = card.is_creature if self.of == "creature" else card.is_spell
        return kind_ok and (self.civilization is None or self.civilization in card.civilizations)

    def count_ok(self, count: int) -> bool:
        """Whether ``count`` sources are as many as the evolution needs."""
        return count >= self.sources if self.or_more else count == self.sources


@dataclass(frozen=True)
class Replacement:
    """A replacement effect of a card's static ability (置換効果, 609), applied by the pipeline."""

    kind: str
    """``enter_tapped_to_untapped`` or ``leave_to_hand``."""
    of: str
    """Whose events it replaces: ``own_creatures`` (its controller's creatures) or ``self``."""


@dataclass(frozen=True)
class IgnoreAbilities:
    """A static ability: low-cost creatures' abilities and low-cost spells' effects are ignored (無視)."""

    creature_cost_at_most: int | None
    spell_cost_at_most: int | None


@dataclass(frozen=True)
class GLink:
    """G・リンク (804): the god may link with a god named in ``partners`` (on its ``side``)."""

    partners: tuple[str, ...]
    side: str


@dataclass(frozen=True)
class Mugetsu:
    """無月の門: the card may be put into the battle zone stacked on ``count`` of its owner's 魔導具."""

    count: int


@dataclass(frozen=True)
class Dormant:
    """An ability whose occasion the engine never produces (see :data:`DORMANT`): read, and inert."""

    kind: str


Ability = Keyword | Evolution | Replacement | IgnoreAbilities | GLink | Mugetsu | Dormant
"""Every ability form the engine implements."""

KEYWORDS: frozenset[str] = frozenset(
    {
        "speed_attacker",  # スピードアタッカー: not affected by summoning sickness (301.5, 101.2)
        "blocker",  # ブロッカー
        "double_breaker",  # W・ブレイカー
        "triple_breaker",  # T・ブレイカー
        "infinite_breaker",  # ∞ブレイカー
    }
)
"""Keywords the engine knows. Only スピードアタッカー changes what the engine core decides."""

REPLACEMENTS: frozenset[tuple[str, str]] = frozenset(
    {("enter_tapped_to_untapped", "own_creatures"), ("leave_to_hand", "self")}
)

DORMANT: dict[str, str] = {
    "cost_modifier": "costs are taken as paid: the engine never computes a cost",
    "alternative_cost": "costs are taken as paid: alternative costs (キリフダッシュ, ムゲンクライム) are never offered",
    "battle_trigger": "the engine resolves no battles",
    "blocked_trigger": "the engine resolves no blocks",
    "no_tap_by_opponent_effects": "the engine has no opponent's effect that taps (its tap move has no source)",
    "breaker_gain": "the engine breaks no shields: gaining a breaker keyword changes nothing it does",
    "unblocked_trigger": "the engine resolves no blocks, so no attack is ever found not blocked",
    "linked_attack_trigger": "the engine resolves no attack-time abilities (its attack move triggers nothing)",
    "d2_field_rule": "a D2 field entering while its controller has another is reported unsupported by the pipeline",
}
"""Dormant ability kinds and why they cannot matter to what the engine does."""


def parse_ability(form: Mapping[str, Any]) -> Ability:
    """Read one structured ability, or raise :class:`UnsupportedByEngine` naming what is missing."""
    if set(form) == {"keyword"}:
        name = str(form["keyword"])
        if name not in KEYWORDS:
            raise UnsupportedByEngine(f"keyword {name!r} is not implemented")
        return Keyword(name)
    if set(form) == {"evolution"} and isinstance(form["evolution"], Mapping):
        return _evolution(form["evolution"])
    if set(form) == {"replacement", "of"} and (str(form["replacement"]), str(form["of"])) in REPLACEMENTS:
        return Replacement(str(form["replacement"]), str(form["of"]))
    if form.get("static") == "ignore_abilities" and set(form) <= {
        "static", "creature_cost_at_most", "spell_cost_at_most"
    }:
        return IgnoreAbilities(form.get("creature_cost_at_most"), form.get("spell_cost_at_most"))
    if set(form) == {"g_link"} and isinstance(form["g_link"], Mapping):
        spec = form["g_link"]
        return GLink(tuple(str(n) for n in spec.get("partners", ())), str(spec.get("side", "any")))
    if set(form) == {"mugetsu"} and isinstance(form["mugetsu"], Mapping):
        return Mugetsu(int(form["mugetsu"].get("count", 1)))
    if set(form) == {"dormant"} and str(form["dormant"]) in DORMANT:
        return Dormant(str(form["dormant"]))
    raise UnsupportedByEngine(f"ability form {dict(form)!r} is not implemented")


def _evolution(spec: Mapping[str, Any]) -> Evolution:
    known = {"sources", "of", "civilization", "from", "or_more", "neo"}
    if not set(spec) <= known:
        raise UnsupportedByEngine(f"evolution form {dict(spec)!r} is not implemented")
    evolution = Evolution(
        sources=int(spec.get("sources", 1)),
        of=str(spec.get("of", "creature")),
        civilization=str(spec["civilization"]) if spec.get("civilization") else None,
        zone=str(spec.get("from", "battle")),
        or_more=bool(spec.get("or_more", False)),
        neo=bool(spec.get("neo", False)),
    )
    if evolution.of not in ("creature", "spell") or evolution.zone not in ("battle", "graveyard"):
        raise UnsupportedByEngine(f"evolution form {dict(spec)!r} is not implemented")
    return evolution

"""Abilities in the structured form of the card registry (能力の構造化表記).

``features/cards.yaml`` gives each modelled card its abilities as small mappings, e.g.
``{keyword: speed_attacker}``. This module turns them into typed values. A form the engine does
not implement raises :class:`~reference_engine.errors.UnsupportedByEngine`, so that a card whose
abilities the engine cannot honour is reported as unsupported instead of played wrongly.

Forms (the registry's header repeats them):

- ``{keyword: NAME}`` — a keyword ability (:data:`KEYWORDS`).
- ``{evolution: {sources: N, of: creature|spell, civilization: C, from: battle|graveyard, or_more: B, neo: B}}``
  — 進化 (801): the card is put on top of N sources (進化V: 2, 進化GV: 3); ``neo: true`` for NEO進化
  (802), which may also be summoned alone.
- ``{static: NAME, ...}`` — a static ability (常在型能力, :data:`STATICS`);
  ``{static: ignore_abilities, creature_cost_at_most: N, spell_cost_at_most: N}`` — "コストN以下の
  クリーチャーの能力とコストN以下の呪文の効果を無視する".
- ``{replacement: KIND, of: WHOSE[, instead: ZONE]}`` — a replacement effect (置換効果, 609), applied by
  the one replacement stage of the pipeline (:mod:`reference_engine.replacements`, :data:`REPLACEMENTS`):
  ``{replacement: enter_tapped_to_untapped, of: own_creatures}`` "自分のクリーチャーがタップして出る時、
  かわりにアンタップして出る"; ``{replacement: leaves, of: this, instead: hand}`` エターナル・Ω;
  ``{replacement: destroyed, of: this, instead: mana}`` a self-replacement (自己置換効果, 《恋愛妖精アジサイ》).
- ``{trigger: EVENT, of: SUBJECT, effect: EFFECT, optional: BOOL, ...}`` — a triggered ability (誘発型能力)
  with a zone-change or other trigger condition (603.5), see :class:`Triggered`.
- ``{dormant: KIND}`` (:data:`DORMANT`): an ability whose occasion the engine never produces (it pays no
  costs, resolves no battles or blocks). It is read so that the card can be played, and does nothing.
- ``{g_link: {partners: [NAME, …], side: left|right}}`` — G・リンク (804) with the named gods.
- ``{mugetsu: {count: N}}`` — 無月の門: stacked on N of its owner's 魔導具 (seed 000).
- ``{icon: EFFECT}`` — an icon ability (アイコン能力): an ability that uses the creature's icon abilities
  (``{use_icons: {of: this|that}}``) applies EFFECT (603.3a).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from reference_engine.errors import UnsupportedByEngine
from reference_engine.zones import Zone


class CardFacts(Protocol):
    """What an ability needs to know of a card's printed facts."""

    @property
    def is_creature(self) -> bool: ...

    @property
    def is_spell(self) -> bool: ...

    @property
    def is_tamaseed(self) -> bool: ...

    @property
    def is_cross_gear(self) -> bool: ...

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
    """What a source is: ``creature`` (a creature card), ``spell`` (a spell card), ``tamaseed`` (a タマシード) or
    ``cross_gear`` (a クロスギア: 進化クロスギア)."""
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
        kind_ok = {"creature": card.is_creature, "spell": card.is_spell, "tamaseed": card.is_tamaseed,
                   "cross_gear": card.is_cross_gear}[self.of]
        return kind_ok and (self.civilization is None or self.civilization in card.civilizations)

    def count_ok(self, count: int) -> bool:
        """Whether ``count`` sources are as many as the evolution needs."""
        return count >= self.sources if self.or_more else count == self.sources


@dataclass(frozen=True)
class Replacement:
    """A replacement effect of a card's static ability (置換効果, 609), applied by the pipeline's replacement stage."""

    kind: str
    """What it replaces (:data:`REPLACEMENTS`): ``enter_tapped_to_untapped`` (entering tapped), ``leaves``
    (leaving the battle zone) or ``destroyed`` (leaving the battle zone for the graveyard)."""
    of: str
    """Whose events it replaces: ``own_creatures`` (its controller's creatures) or ``this`` (its own card)."""
    instead: Zone | None = None
    """For ``leaves`` and ``destroyed``: the zone the card goes to instead (かわりに)."""


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


KEYWORDS: frozenset[str] = frozenset(
    {
        "speed_attacker",  # スピードアタッカー: not affected by summoning sickness (301.5, 101.2)
        "blocker",  # ブロッカー
        "double_breaker",  # W・ブレイカー
        "triple_breaker",  # T・ブレイカー
        "infinite_breaker",  # ∞ブレイカー
        "shield_force",  # シールド・フォース: enters in a given state; static, not triggered (603.5d, Ver.1.18)
    }
)
"""Keywords the engine knows. スピードアタッカー changes what the engine core decides."""


@dataclass(frozen=True)
class Static:
    """A static ability (常在型能力): its effect is computed afresh whenever it matters."""

    name: str
    race: str | None = None
    amount: int = 0
    civilization: str | None = None


STATICS: frozenset[str] = frozenset(
    {
        "mana_all_civilizations",  # 自分のマナゾーンにあるカードを、すべての文明のカードとして扱う
        "cannot_attack_players",  # このクリーチャーは、相手プレイヤーを攻撃できない
        "power_per_graveyard_race",  # 自分の墓地にある(race)1体につき+amount
        "power_to_other_own_civilization",  # 自分の他の(civilization)のクリーチャーのパワーを+amount
        "attack_untapped_turn_entered",  # バトルゾーンに出たターン、アンタップしているクリーチャーを攻撃できる
    }
)


class Who(StrEnum):
    """Whose move a trigger condition is about (the subject of 〜が出た時 / 〜が破壊された時)."""

    THIS = "this"
    """このクリーチャー: only the card that has the ability."""
    THIS_OR_OTHER_OWN = "this_or_other_own"
    """このクリーチャーまたは自分の他のクリーチャー: itself, named explicitly, or another of its controller's."""
    OWN = "own"
    """自分の(性質の)クリーチャー: a class of the controller's cards, which can include the card itself."""
    OTHER = "other"
    """他のクリーチャー: any player's, never the card itself."""
    ANY = "any"
    """クリーチャー: any player's, including the card itself."""


@dataclass(frozen=True)
class Subject:
    """Which moved card satisfies a trigger condition, and which characteristics it must have."""

    who: Who
    creature: bool = True
    """True: it must move as a creature (the top card of an object); False: any card (カード)."""
    race: str | None = None
    civilization: str | None = None
    name_contains: str | None = None
    card_type: str | None = None
    """A card type the card must have (e.g. ``タマシード``)."""
    counts_itself_always: bool = False
    """A class ability that a ruling lets see its own card leave under every revision (《神帝スヴァ》)."""


class TriggerEvent(StrEnum):
    """The events a triggered ability waits for."""

    ENTERS = "enters"
    """バトルゾーンに出た時: checked after the move, in the battle zone (603.5a)."""
    LEAVES = "leaves"
    """バトルゾーンを離れた時: checked just before the move (603.5c)."""
    DESTROYED = "destroyed"
    """破壊された時: left the battle zone for the graveyard; checked just before the move."""
    MOVED = "moved"
    """(ゾーンA)から(ゾーンB)に置かれた時: the condition must hold both before and after the move."""
    PUT_INTO = "put_into"
    """(ゾーン)に置かれた時: checked after the move, in that zone (603.5b)."""
    ATTACKS = "attacks"
    """攻撃する時: the creature declared an attack (not a zone change)."""
    CASTS = "casts"
    """呪文を唱えた時: its controller cast a spell. This engine has no casting action, so it never fires."""


@dataclass(frozen=True)
class Effect:
    """What a triggered ability does when it resolves. ``kind`` names one of :data:`EFFECTS`."""

    kind: str
    amount: int = 0
    zone: Zone | None = None
    whose: str = "opponent"
    power: str | None = None
    """For destroy: ``equal_to_that`` or ``at_most_that`` (the power of the card that triggered it)."""
    civilizations: tuple[str, ...] = ()
    max_cost: int | None = None
    race: str | None = None
    keyword: str | None = None
    cost_plus: int | None = None
    """For put_from_graveyard: the cost must be that card's cost plus this."""
    of: str | None = None
    """For pump_creature and use_icons: ``this`` (このクリーチャー) or ``that`` (そのクリーチャー)."""


EFFECTS: frozenset[str] = frozenset(
    {
        "draw",  # カードをamount枚引く
        "lose_game",  # 自分はゲームに負ける
        "move_that_card",  # そのカードを(zone)に置く/戻す: the card that triggered it, if found in its new zone
        "destroy",  # 相手のクリーチャーを1体破壊する (choice: target)
        "tap",  # 相手のクリーチャーを1体選び、タップする (choice: target)
        "put_from_graveyard",  # 自分の墓地からクリーチャーを1体バトルゾーンに出す (choice: target)
        "cast_from_hand",  # 自分の手札から呪文を1枚、コストを支払わずに唱える (choice: target)
        "return_self_to_battle",  # このカードをバトルゾーンに戻す
        "put_creature_from_hand_or_deck_top",  # マジボンバー: cost <= max_cost, from hand or deck top (choice)
        "destroy_self_after_attack",  # 攻撃の後、このクリーチャーを破壊する (attacks never end in this engine)
        "discard_same_cost_spell",  # 相手の手札から同じコストの呪文を捨てさせる (only with casting, never here)
        "swap_with_graveyard",  # 墓地のクリーチャー1体とこのクリーチャーを入れ替える (choice: target)
        "power_of_target",  # そのターン、相手のクリーチャー1体のパワーをamount (only while linked, never here)
        "pump_creature",  # このクリーチャー / そのクリーチャーのパワーをこのターンの終わりまで+amount (of: this|that)
        "use_icons",  # このクリーチャー / そのクリーチャーのアイコン能力を使う (of: this|that; 603.3a)
        "search_evolution_from_that",  # そのカードから進化できる進化クリーチャーを山札から手札に (choice: target)
    }
)


@dataclass(frozen=True)
class Icon:
    """An icon ability (アイコン能力, e.g. a キズナ icon): it does nothing by itself; an ability that uses the icon
    abilities of a creature (603.3a) applies ``effect``."""

    effect: Effect


@dataclass(frozen=True)
class Triggered:
    """A triggered ability (誘発型能力)."""

    event: TriggerEvent
    subject: Subject
    effect: Effect
    optional: bool = False
    """〜してもよい: the controller chooses at resolution (choice ``use``)."""
    source: Zone | None = None
    """For ``moved``: the zone the card must come from."""
    destination: Zone | None = None
    """For ``moved`` and ``put_into``: the zone the card must go to."""
    by_opponent: bool = False
    """相手によって: only when the opponent of the ability's controller caused the move."""
    condition: str | None = None
    """An if-clause checked on resolution: ``was_evolution`` (it was an evolution creature just before),
    ``linked`` (the ability's creature is G・リンク-ed, :mod:`reference_engine.link`), ``total_shields_at_most_6``."""


Ability = Keyword | Evolution | Static | IgnoreAbilities | Replacement | Triggered | GLink | Mugetsu | Dormant | Icon
"""Every ability form the engine implements."""

CONDITIONS: frozenset[str] = frozenset({"was_evolution", "linked", "total_shields_at_most_6"})

REPLACEMENTS: dict[tuple[str, str], bool] = {
    ("enter_tapped_to_untapped", "own_creatures"): False,
    ("leaves", "this"): True,
    ("destroyed", "this"): True,
}
"""The replacement forms the engine implements, (kind, of) -> whether the form names an ``instead`` zone."""

DORMANT: dict[str, str] = {
    "cost_modifier": "costs are taken as paid: the engine never computes a cost",
    "alternative_cost": "costs are taken as paid: alternative costs (キリフダッシュ, ムゲンクライム) are never offered",
    "battle_trigger": "the engine resolves no battles",
    "blocked_trigger": "the engine resolves no blocks",
    "no_tap_by_opponent_effects": "the engine has no opponent's effect that taps (its tap move has no source)",
    "breaker_gain": "the engine breaks no shields: gaining a breaker keyword changes nothing it does",
    "unblocked_trigger": "the engine resolves no blocks, so no attack is ever found not blocked",
    "linked_attack_trigger": ("an optional (〜てもよい) attack ability whose effect on the opponent's mana the engine "
                              "does not implement: its player always declines it (《竜極神メツ》)"),
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
    if form.get("static") == "ignore_abilities":
        if not set(form) <= {"static", "creature_cost_at_most", "spell_cost_at_most"}:
            raise UnsupportedByEngine(f"ability form {dict(form)!r} is not implemented")
        return IgnoreAbilities(form.get("creature_cost_at_most"), form.get("spell_cost_at_most"))
    if set(form) == {"g_link"} and isinstance(form["g_link"], Mapping):
        spec = form["g_link"]
        return GLink(tuple(str(n) for n in spec.get("partners", ())), str(spec.get("side", "any")))
    if set(form) == {"mugetsu"} and isinstance(form["mugetsu"], Mapping):
        return Mugetsu(int(form["mugetsu"].get("count", 1)))
    if "static" in form:
        name = str(form["static"])
        if name not in STATICS or not set(form) <= {"static", "race", "amount", "civilization"}:
            raise UnsupportedByEngine(f"static ability {dict(form)!r} is not implemented")
        return Static(name, _opt_str(form.get("race")), int(form.get("amount", 0)), _opt_str(form.get("civilization")))
    if set(form) == {"icon"}:
        return Icon(_effect(form["icon"]))
    if "replacement" in form:
        return _replacement(form)
    if "trigger" in form:
        return _triggered(form)
    if set(form) == {"dormant"} and str(form["dormant"]) in DORMANT:
        return Dormant(str(form["dormant"]))
    raise UnsupportedByEngine(f"ability form {dict(form)!r} is not implemented")


def _replacement(form: Mapping[str, Any]) -> Replacement:
    key = (str(form["replacement"]), str(form.get("of")))
    names_zone = REPLACEMENTS.get(key)
    expected = {"replacement", "of", "instead"} if names_zone else {"replacement", "of"}
    if names_zone is None or set(form) != expected:
        raise UnsupportedByEngine(f"replacement form {dict(form)!r} is not implemented")
    instead = Zone(str(form["instead"])) if names_zone else None
    if instead is Zone.BATTLE:
        raise UnsupportedByEngine(f"replacement form {dict(form)!r} is not implemented")
    return Replacement(key[0], key[1], instead)


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
    if (evolution.of not in ("creature", "spell", "tamaseed", "cross_gear")
            or evolution.zone not in ("battle", "graveyard")):
        raise UnsupportedByEngine(f"evolution form {dict(spec)!r} is not implemented")
    return evolution


def _triggered(form: Mapping[str, Any]) -> Triggered:
    known = {"trigger", "of", "effect", "optional", "from", "to", "by", "condition"}
    if set(form) - known:
        raise UnsupportedByEngine(f"triggered ability keys {sorted(set(form) - known)} are not implemented")
    try:
        event = TriggerEvent(str(form["trigger"]))
    except ValueError:
        raise UnsupportedByEngine(f"trigger event {form['trigger']!r} is not implemented") from None
    condition = _opt_str(form.get("condition"))
    if condition is not None and condition not in CONDITIONS:
        raise UnsupportedByEngine(f"condition {condition!r} is not implemented")
    return Triggered(
        event=event,
        subject=_subject(form.get("of", "this")),
        effect=_effect(form.get("effect")),
        optional=bool(form.get("optional", False)),
        source=Zone(str(form["from"])) if "from" in form else None,
        destination=Zone(str(form["to"])) if "to" in form else None,
        by_opponent=form.get("by") == "opponent",
        condition=condition,
    )


def _subject(form: object) -> Subject:
    if isinstance(form, str):
        return Subject(Who(form))
    if not isinstance(form, Mapping):
        raise UnsupportedByEngine(f"trigger subject {form!r} is not implemented")
    known = {"who", "kind", "race", "civilization", "name_contains", "card_type", "counts_itself"}
    if set(form) - known:
        raise UnsupportedByEngine(f"trigger subject keys {sorted(set(form) - known)} are not implemented")
    try:
        who = Who(str(form.get("who", "this")))
    except ValueError:
        raise UnsupportedByEngine(f"trigger subject {form.get('who')!r} is not implemented") from None
    return Subject(
        who=who,
        creature=form.get("kind", "creature") == "creature",
        race=_opt_str(form.get("race")),
        civilization=_opt_str(form.get("civilization")),
        name_contains=_opt_str(form.get("name_contains")),
        card_type=_opt_str(form.get("card_type")),
        counts_itself_always=form.get("counts_itself") == "always",
    )


def _effect(form: object) -> Effect:
    if not isinstance(form, Mapping) or len(form) != 1:
        raise UnsupportedByEngine(f"effect {form!r} is not implemented")
    ((kind, value),) = form.items()
    kind = str(kind)
    if kind not in EFFECTS:
        raise UnsupportedByEngine(f"effect {kind!r} is not implemented")
    if kind in ("draw", "power_of_target"):
        return Effect(kind, amount=int(value))
    if kind == "move_that_card":
        return Effect(kind, zone=Zone(str(value)))
    if isinstance(value, Mapping):
        return Effect(
            kind,
            whose=str(value.get("whose", "opponent")),
            power=_opt_str(value.get("power")),
            civilizations=tuple(str(c) for c in value.get("civilizations") or ()),
            max_cost=value.get("max_cost"),
            race=_opt_str(value.get("race")),
            keyword=_opt_str(value.get("keyword")),
            cost_plus=value.get("cost_plus"),
            amount=int(value.get("amount", 0)),
            of=_opt_str(value.get("of")),
        )
    return Effect(kind)


def _opt_str(value: object) -> str | None:
    return None if value is None else str(value)

"""Abilities in the structured form of the card registry (能力の構造化表記).

``features/cards.yaml`` gives each modelled card its abilities as small mappings, e.g.
``{keyword: speed_attacker}``. This module turns them into typed values. A form the engine does
not implement raises :class:`~shinpan.reference_engine.core.errors.UnsupportedByEngine`, so that a card whose
abilities the engine cannot honour is reported as unsupported instead of played wrongly.

Forms (the registry's header repeats them):

- ``{keyword: NAME}`` — a keyword ability (:data:`KEYWORDS`).
- ``{evolution: {sources: N, of: creature|spell, civilization: C, from: battle|graveyard, or_more: B, neo: B}}``
  — 進化 (801): the card is put on top of N sources (進化V: 2, 進化GV: 3); ``neo: true`` for NEO進化
  (802), which may also be summoned alone.
- ``{static: NAME, ...}`` — a static ability (常在型能力, :data:`STATICS`);
  ``{static: ignore_abilities, creature_cost_at_most: N, spell_cost_at_most: N}`` — "コストN以下の
  クリーチャーの能力とコストN以下の呪文の効果を無視する".
- ``{replacement: EVENT, of: WHOSE, instead: ZONE | {ACTION: …}, optional: B, during: opponent_turn, then: FOLLOW,
  position: top|bottom|shuffled}``
  — a replacement effect (置換効果, 609), applied by the one replacement stage of the pipeline
  (:mod:`shinpan.reference_engine.pipeline.replacements`, :data:`REPLACEMENT_EVENTS`):
  ``{replacement: enter_tapped_to_untapped, of: own_creatures}`` "自分のクリーチャーがタップして出る時、
  かわりにアンタップして出る"; ``{replacement: leaves, of: this, instead: hand}`` エターナル・Ω;
  ``{replacement: destroyed, of: this, instead: mana}`` 《恋愛妖精アジサイ》; ``instead: deck`` names the place in the
  deck with ``position`` (山札の上 ``top``, 一番下 ``bottom``, 加えてシャッフル ``shuffled``); ``instead`` may also be a
  replacing action (:class:`Instead`); ``then`` is a 「そうしたら」 follow-up (:class:`FollowUp`).
- ``{spell: EFFECT, then: {effect: EFFECT, optional: B, if_that_in: ZONE}}`` — a spell's effect, done when it is
  cast (:class:`SpellEffect`, :mod:`shinpan.reference_engine.resolving.spells`).
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

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from shinpan.reference_engine.core.errors import UnsupportedByEngine
from shinpan.reference_engine.core.zones import DeckPosition, Zone


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
class Instead:
    """A replacing action other than a plain zone move (the "B" of 「Aするかわりに、Bする」).

    Each part can be done only in the state the rules check (609.4):
    :mod:`shinpan.reference_engine.pipeline.replacements` says when.
    """

    destroy: str | None = None
    """``opponent``: destroy one of the opponent's creatures (choice ``target``), 《神羅スカル・ムーン》."""
    opponent_draws: int = 0
    """The opponent draws this many cards (《宇宙 タコンチュ》)."""
    power_this_turn: int = 0
    """This creature gets +N power until the end of the turn (《宇宙 タコンチュ》)."""
    mill_opponent: int = 0
    """The top N cards of the opponent's deck go to its owner's graveyard (《S級宇宙 アダムスキー》)."""
    mana: int = 0
    """The tapped mana card produces this much mana (《大革命のD ワイルド・サファリ・チャンネル》: 2)."""
    reveal_then_break: bool = False
    """The shield is shown to all players; a psychic creature costing less than it may be put from the
    hyperspatial zone (choices ``use``, ``target``); then the shield is broken (《ガイアール・ゼロ》)."""


@dataclass(frozen=True)
class FollowUp:
    """A sentence that follows an action: 「そうしたら…」 / 「そのクリーチャーより…」 (101.5a: a separate event).

    It runs when the action was done *or replaced* (seed 004, principle 3); a follow-up that names the
    zone the card should have gone to (``if_that_in``) checks that zone and can come to nothing.
    """

    effect: Effect
    optional: bool = False
    """〜してもよい: choice ``use`` (the card that has the ability, or nothing to decline)."""
    if_that_in: Zone | None = None
    """Only if the card the action was done to is now in this zone (《破壊と誕生の神殿》: 墓地に置いた時)."""


@dataclass(frozen=True)
class Replacement:
    """A replacement effect (置換効果, 609): "when EVENT would happen, do something else instead".

    Applied by the pipeline's one replacement stage (:mod:`shinpan.reference_engine.pipeline.replacements`).
    """

    kind: str
    """The event it waits for (:data:`REPLACEMENT_EVENTS`)."""
    of: str
    """Whose events it replaces (:data:`REPLACEMENT_SUBJECTS`): ``this`` (its own card), ``own_creatures``,
    ``opponent_creatures`` (of the ability's controller / their opponent), ``any`` (any player's creature),
    ``spells`` (any spell)."""
    instead: Zone | None = None
    """The zone the card goes to instead (かわりに), for a replacing zone move."""
    action: Instead | None = None
    """A replacing action other than a zone move."""
    optional: bool = False
    """〜してもよい: its controller chooses whether to apply it (choice ``replacement``)."""
    during: str | None = None
    """``opponent_turn``: only during a turn of its controller's opponent (相手のターン中に)."""
    then: FollowUp | None = None
    """「そうしたら…」: what follows the replacing action, as a separate event (101.5a)."""
    position: DeckPosition | None = None
    """Where in the deck the card goes instead (山札の上 / 一番下 / シャッフル): given exactly when ``instead`` is
    the deck."""

    @property
    def self_replacement(self) -> bool:
        """Whether it is a spell's effect replacing its own movement (609.7, applied first by 609.8a)."""
        return self.kind == "cast_to_graveyard" and self.of == "this"


@dataclass(frozen=True)
class SpellEffect:
    """A spell's effect (呪文の効果), done when it is cast: an action, then its follow-up (101.5a)."""

    action: Effect
    then: FollowUp | None = None


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
        "race_grant",  # 自分の(civilization)のクリーチャーはすべて、種族に(race)を追加する
        "no_tap_by_opponent_effects",  # 相手の呪文の効果・クリーチャーの能力で、自分のクリーチャーはタップされない
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
    untapped: bool = False
    """For destroy: only an untapped creature (アンタップしているクリーチャー)."""
    power_at_most: int | None = None
    """For destroy: only a creature of power N or less (パワーN以下)."""
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
        "return_to_hand",  # バトルゾーンにあるクリーチャーを1体選び、持ち主の手札に戻す (choice: target)
        "put_from_graveyard_cheaper",  # そのクリーチャーよりコストが小さい、進化ではないクリーチャーを墓地から出す
        "put_from_deck_same_cost",  # 山札を見て、そのクリーチャーとコストが同じクリーチャーを出す; 山札をシャッフル
        "pump_creature",  # このクリーチャー / そのクリーチャーのパワーをこのターンの終わりまで+amount (of: this|that)
        "use_icons",  # このクリーチャー / そのクリーチャーのアイコン能力を使う (of: this|that; 603.3a)
        "search_evolution_from_that",  # そのカードから進化できる進化クリーチャーを山札から手札に (choice: target)
        "mana_to_graveyard",  # (whose)のマナゾーンからカードをamount枚まで選び、持ち主の墓地に置く (choice: target)
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
    ``linked`` (the ability's creature is G・リンク-ed, :mod:`shinpan.reference_engine.transitions.link`),
    ``total_shields_at_most_6``."""


Ability = (Keyword | Evolution | Static | IgnoreAbilities | Replacement | SpellEffect | Triggered | GLink
           | Mugetsu | Dormant | Icon)
"""Every ability form the engine implements."""

CONDITIONS: frozenset[str] = frozenset({"was_evolution", "linked", "total_shields_at_most_6"})

REPLACEMENT_EVENTS: dict[str, frozenset[str]] = {
    "enter_tapped_to_untapped": frozenset({"own_creatures"}),  # タップして出る時、かわりにアンタップして出る
    "leaves": frozenset({"this"}),  # バトルゾーンを離れる時
    "destroyed": frozenset({"this", "own_creatures", "opponent_creatures", "any"}),  # 破壊される時 (to the graveyard)
    "returned_to_hand": frozenset({"own_creatures"}),  # バトルゾーンから手札に戻される時
    "discarded": frozenset({"this"}),  # 手札から捨てられる時 (works in the hand)
    "breaks": frozenset({"this"}),  # このクリーチャーがシールドをブレイクする時
    "cast_to_graveyard": frozenset({"this", "spells"}),  # 唱えた後、墓地に置かれる時
    "taps_for_mana": frozenset({"own_multicolored"}),  # マナゾーンで多色カードをタップする時
}
"""The events a replacement effect can wait for, and whose events each form may name."""

DORMANT: dict[str, str] = {
    "cost_modifier": "costs are taken as paid: the engine never computes a cost",
    "alternative_cost": "costs are taken as paid: alternative costs (キリフダッシュ, ムゲンクライム) are never offered",
    "battle_trigger": "the engine resolves no battles",
    "blocked_trigger": "the engine resolves no blocks",
    "breaker_gain": "the break move names every shield it breaks: gaining a breaker keyword changes nothing it does",
    "unblocked_trigger": "the engine resolves no blocks, so no attack is ever found not blocked",
    "d2_field_rule": "a D2 field entering while its controller has another is reported unsupported by the pipeline",
    "shield_trigger": "a broken shield goes to the hand; the engine never offers S・トリガー",
    "ninja_strike": "the engine never offers ニンジャ・ストライク, so nothing waits for one being used",
    "ultimate_evolution": "究極進化 is not modelled: evolving the card is reported unsupported (evolution.evolve)",
    "unblockable": "the engine resolves no blocks",
    "s_invasion": "S級侵略 is not modelled: the engine never offers it when a creature attacks",
    "d_switch": "Dスイッチ is not modelled: the engine has no turn-start choices",
}
"""Dormant ability kinds and why they cannot matter to what the engine does."""


def parse_ability(form: Mapping[str, Any]) -> Ability:
    """Read one structured ability, or raise :class:`UnsupportedByEngine` naming what is missing.

    A form is named by its key (:data:`FORMS`): one of :data:`FORMS_WITH_OPTIONS` with the options it takes, or
    another key alone.
    """
    kind = next((key for key in FORMS_WITH_OPTIONS if key in form), None)
    if kind is None and len(form) == 1:
        kind = str(next(iter(form)))
    reader = FORMS.get(kind or "")
    ability = reader(form) if reader is not None else None
    if ability is None:
        raise UnsupportedByEngine(f"ability form {dict(form)!r} is not implemented")
    return ability


def _keyword(form: Mapping[str, Any]) -> Keyword:
    name = str(form["keyword"])
    if name not in KEYWORDS:
        raise UnsupportedByEngine(f"keyword {name!r} is not implemented")
    return Keyword(name)


def _evolution_form(form: Mapping[str, Any]) -> Evolution | None:
    spec = form["evolution"]
    return _evolution(spec) if isinstance(spec, Mapping) else None


def _static(form: Mapping[str, Any]) -> Static | IgnoreAbilities:
    name = str(form["static"])
    if name == "ignore_abilities":
        if not set(form) <= {"static", "creature_cost_at_most", "spell_cost_at_most"}:
            raise UnsupportedByEngine(f"ability form {dict(form)!r} is not implemented")
        return IgnoreAbilities(form.get("creature_cost_at_most"), form.get("spell_cost_at_most"))
    if name not in STATICS or not set(form) <= {"static", "race", "amount", "civilization"}:
        raise UnsupportedByEngine(f"static ability {dict(form)!r} is not implemented")
    return Static(name, _opt_str(form.get("race")), int(form.get("amount", 0)), _opt_str(form.get("civilization")))


def _g_link(form: Mapping[str, Any]) -> GLink | None:
    spec = form["g_link"]
    if not isinstance(spec, Mapping):
        return None
    return GLink(tuple(str(n) for n in spec.get("partners", ())), str(spec.get("side", "any")))


def _mugetsu(form: Mapping[str, Any]) -> Mugetsu | None:
    spec = form["mugetsu"]
    return Mugetsu(int(spec.get("count", 1))) if isinstance(spec, Mapping) else None


def _icon(form: Mapping[str, Any]) -> Icon:
    return Icon(_effect(form["icon"]))


def _spell(form: Mapping[str, Any]) -> SpellEffect:
    if not set(form) <= {"spell", "then"}:
        raise UnsupportedByEngine(f"spell effect {dict(form)!r} is not implemented")
    return SpellEffect(_effect(form["spell"]), _follow_up(form["then"]) if "then" in form else None)


def _dormant(form: Mapping[str, Any]) -> Dormant | None:
    name = str(form["dormant"])
    return Dormant(name) if name in DORMANT else None


def _replacement(form: Mapping[str, Any]) -> Replacement:
    kind, of = str(form["replacement"]), str(form.get("of"))
    known = {"replacement", "of", "instead", "optional", "during", "then", "position"}
    if of not in REPLACEMENT_EVENTS.get(kind, frozenset()) or set(form) - known:
        raise UnsupportedByEngine(f"replacement form {dict(form)!r} is not implemented")
    during = _opt_str(form.get("during"))
    if during not in (None, "opponent_turn"):
        raise UnsupportedByEngine(f"replacement form {dict(form)!r} is not implemented")
    instead, action = _instead(form, kind)
    position = form.get("position")
    if (instead is Zone.DECK) != (position is not None) or position not in (None, *DeckPosition):
        raise UnsupportedByEngine(f"replacement form {dict(form)!r}: a card put into the deck instead needs a "
                                  "position (top, bottom or shuffled), and only then")
    return Replacement(kind, of, instead, action, bool(form.get("optional", False)), during,
                       _follow_up(form["then"]) if "then" in form else None,
                       DeckPosition(str(position)) if position is not None else None)


def _instead(form: Mapping[str, Any], kind: str) -> tuple[Zone | None, Instead | None]:
    value = form.get("instead")
    if kind == "enter_tapped_to_untapped":
        if value is not None:
            raise UnsupportedByEngine(f"replacement form {dict(form)!r} is not implemented")
        return None, None
    if isinstance(value, str):
        zone = Zone(value)
        if zone is Zone.BATTLE and kind != "discarded":
            raise UnsupportedByEngine(f"replacement form {dict(form)!r} is not implemented")
        return zone, None
    known = {"destroy", "opponent_draws", "power_this_turn", "mill_opponent", "reveal_then_break", "mana"}
    if not isinstance(value, Mapping) or not value or set(value) - known:
        raise UnsupportedByEngine(f"replacement form {dict(form)!r} is not implemented")
    return None, Instead(
        destroy=_opt_str(value.get("destroy")),
        opponent_draws=int(value.get("opponent_draws", 0)),
        power_this_turn=int(value.get("power_this_turn", 0)),
        mill_opponent=int(value.get("mill_opponent", 0)),
        reveal_then_break=bool(value.get("reveal_then_break", False)),
        mana=int(value.get("mana", 0)),
    )


def _follow_up(form: object) -> FollowUp:
    if not isinstance(form, Mapping) or not set(form) <= {"effect", "optional", "if_that_in"}:
        raise UnsupportedByEngine(f"follow-up {form!r} is not implemented")
    where = form.get("if_that_in")
    return FollowUp(_effect(form.get("effect")), bool(form.get("optional", False)),
                    Zone(str(where)) if where is not None else None)


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
            untapped=bool(value.get("untapped", False)),
            power_at_most=value.get("power_at_most"),
            amount=int(value.get("amount", 0)),
            of=_opt_str(value.get("of")),
        )
    return Effect(kind)


def _opt_str(value: object) -> str | None:
    return None if value is None else str(value)


FORMS_WITH_OPTIONS: tuple[str, ...] = ("static", "replacement", "spell", "trigger")
"""The forms whose key comes with other keys (options), in the order they are looked for; every other form is its
key alone."""

FORMS: dict[str, Callable[[Mapping[str, Any]], Ability | None]] = {
    "keyword": _keyword,
    "evolution": _evolution_form,
    "static": _static,
    "g_link": _g_link,
    "mugetsu": _mugetsu,
    "icon": _icon,
    "replacement": _replacement,
    "spell": _spell,
    "trigger": _triggered,
    "dormant": _dormant,
}
"""How each ability form is read, by its key; ``None``: the form is not one the engine implements."""

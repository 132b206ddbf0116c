"""The structured abilities of ``features/cards.yaml`` as typed values (能力の構造化表記), and a visitor.

The registry gives each test card (and each real card a ruling needs modelled) its abilities as small mappings,
``{keyword: speed_attacker}``, ``{trigger: destroyed, of: any, effect: {draw: 1}}``. :func:`parse_ability` reads
one into a frozen dataclass; :func:`shinpan.adapters.sdk.cards.card_models` reads every card. An engine compiles
the abilities it implements with an :class:`AbilityVisitor`: every ``visit_…`` method it does not override
answers :class:`~shinpan.adapters.sdk.answers.Unsupported` naming the form and its mechanic, so a card whose
abilities the engine cannot honour is UNSUPPORTED, never played wrong::

    class Compile(AbilityVisitor[MyAbility]):
        def visit_keyword(self, ability: Keyword) -> MyAbility:
            if ability.name != "speed_attacker":
                return self.unsupported(ability)
            return MySpeedAttacker()

    my_abilities = [ability.accept(Compile()) for ability in card.abilities]

The forms (the registry's header lists them too): ``keyword``, ``evolution``, ``static``, ``replacement``,
``spell``, ``trigger``, ``dormant``, ``g_link``, ``mugetsu``, ``icon``. A form this module does not know, or a key
a form does not take, is an :class:`AbilityFormError` (``tests/test_sdk_abilities.py`` reads every card).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NoReturn, TypeVar

from shinpan.adapters.sdk.answers import Unsupported

T = TypeVar("T")


class AbilityFormError(ValueError):
    """A structured ability this model cannot read: ``str()`` says which form and what is wrong."""


@dataclass(frozen=True)
class AbilityEffect:
    """What an ability does (効果): ``kind`` and the options the registry gives it (``{draw: 1}``,
    ``{destroy: {whose: opponent, power: at_most_that}}``, ``{move_that_card: hand}``)."""

    kind: str
    amount: int | None = None
    """``{draw: N}``, ``{power_of_target: N}``, or an ``amount`` option."""
    zone: str | None = None
    """``{move_that_card: ZONE}``."""
    whose: str | None = None
    power: str | None = None
    civilizations: tuple[str, ...] = ()
    max_cost: int | None = None
    race: str | None = None
    keyword: str | None = None
    cost_plus: int | None = None
    untapped: bool = False
    power_at_most: int | None = None
    of: str | None = None
    """``this`` (このクリーチャー) or ``that`` (そのクリーチャー), for pump_creature and use_icons."""
    flag: bool | None = None
    """A plain ``true``/``false`` value (``{lose_game: true}``)."""


@dataclass(frozen=True)
class FollowUp:
    """「そうしたら…」: what follows an action, as a separate event (101.5a)."""

    effect: AbilityEffect
    optional: bool = False
    if_that_in: str | None = None
    """Only if the card the action was done to is now in this zone."""


FORM_MECHANICS: dict[str, str] = {"replacement": "replacement_effects", "spell": "spells", "trigger": "triggers",
                                  "g_link": "g_link", "mugetsu": "mugetsu", "icon": "triggers"}
"""The mechanic (:data:`~shinpan.adapters.sdk.vocabulary.MECHANICS`) each form belongs to, where it is one."""


class Ability:
    """One structured ability. ``form`` is its key in the registry."""

    form: ClassVar[str] = ""

    @property
    def mechanic(self) -> str:
        """The mechanic an engine needs to play this ability (empty: none the contract names)."""
        return FORM_MECHANICS.get(self.form, "")

    def accept(self, visitor: AbilityVisitor[T]) -> T:
        """``visitor``'s ``visit_<form>`` method applied to this ability."""
        method = getattr(visitor, f"visit_{self.form}")
        result: T = method(self)
        return result


@dataclass(frozen=True)
class Keyword(Ability):
    """A keyword ability (キーワード能力): ``{keyword: NAME}``, e.g. スピードアタッカー."""

    name: str
    form: ClassVar[str] = "keyword"

    @property
    def mechanic(self) -> str:
        """``speed_attacker`` is a mechanic of its own; the other keywords need none the contract names."""
        return "speed_attacker" if self.name == "speed_attacker" else ""


@dataclass(frozen=True)
class Evolution(Ability):
    """進化 (801) / NEO進化 (802): ``{evolution: {sources: N, of: …, civilization: C, from: …, or_more: B,
    neo: B}}``."""

    sources: int = 1
    of: str = "creature"
    """``creature``, ``spell``, ``tamaseed`` or ``cross_gear``: what a source is."""
    civilization: str | None = None
    from_zone: str = "battle"
    """``battle`` or ``graveyard`` (墓地進化)."""
    or_more: bool = False
    neo: bool = False
    form: ClassVar[str] = "evolution"

    @property
    def mechanic(self) -> str:
        """``neo_evolution`` for NEO進化, else ``evolution``."""
        return "neo_evolution" if self.neo else "evolution"


@dataclass(frozen=True)
class Static(Ability):
    """A static ability (常在型能力): ``{static: NAME, …options}``."""

    name: str
    race: str | None = None
    civilization: str | None = None
    amount: int | None = None
    creature_cost_at_most: int | None = None
    spell_cost_at_most: int | None = None
    form: ClassVar[str] = "static"

    @property
    def mechanic(self) -> str:
        """``ignore_abilities`` for that static ability; the others need none the contract names."""
        return "ignore_abilities" if self.name == "ignore_abilities" else ""


@dataclass(frozen=True)
class InsteadAction:
    """A replacing action other than a zone move (the B of 「Aするかわりに、Bする」)."""

    destroy: str | None = None
    opponent_draws: int = 0
    power_this_turn: int = 0
    mill_opponent: int = 0
    mana: int = 0
    reveal_then_break: bool = False


@dataclass(frozen=True)
class Replacement(Ability):
    """A replacement effect (置換効果, 609): ``{replacement: EVENT, of: WHOSE, instead: ZONE | {ACTION: …}, …}``."""

    event: str
    of: str
    instead_zone: str | None = None
    instead_action: InsteadAction | None = None
    position: str | None = None
    """Where in the deck (``top``, ``bottom``, ``shuffled``) when ``instead_zone`` is the deck."""
    optional: bool = False
    during: str | None = None
    then: FollowUp | None = None
    form: ClassVar[str] = "replacement"


@dataclass(frozen=True)
class SpellEffect(Ability):
    """A spell's effect, done when it is cast: ``{spell: EFFECT, then: FOLLOW}``."""

    effect: AbilityEffect
    then: FollowUp | None = None
    form: ClassVar[str] = "spell"


@dataclass(frozen=True)
class Subject:
    """Which moved card satisfies a trigger condition (``of:``): ``who`` and the characteristics it must have."""

    who: str = "this"
    """``this``, ``this_or_other_own``, ``own``, ``other`` or ``any``."""
    kind: str = "creature"
    """``creature`` (it moves as a creature) or ``card`` (any card)."""
    race: str | None = None
    civilization: str | None = None
    name_contains: str | None = None
    card_type: str | None = None
    counts_itself: str | None = None


@dataclass(frozen=True)
class Triggered(Ability):
    """A triggered ability (誘発型能力): ``{trigger: EVENT, of: SUBJECT, effect: EFFECT, optional: B, from: Z, to: Z,
    by: opponent, condition: C}``."""

    event: str
    subject: Subject
    effect: AbilityEffect
    optional: bool = False
    from_zone: str | None = None
    to_zone: str | None = None
    by: str | None = None
    condition: str | None = None
    form: ClassVar[str] = "trigger"


@dataclass(frozen=True)
class Dormant(Ability):
    """An ability whose occasion the suite never produces (``{dormant: KIND}``): read so the card can be played."""

    kind: str
    form: ClassVar[str] = "dormant"


@dataclass(frozen=True)
class GLinkPartners(Ability):
    """G・リンク (804): ``{g_link: {partners: [NAME, …], side: left|right}}``."""

    partners: tuple[str, ...]
    side: str
    form: ClassVar[str] = "g_link"


@dataclass(frozen=True)
class MugetsuGate(Ability):
    """無月の門: ``{mugetsu: {count: N}}`` — stacked on N of its owner's 魔導具."""

    count: int
    form: ClassVar[str] = "mugetsu"


@dataclass(frozen=True)
class Icon(Ability):
    """An icon ability (アイコン能力): ``{icon: EFFECT}``, applied when an ability uses the icons (603.3a)."""

    effect: AbilityEffect
    form: ClassVar[str] = "icon"


class AbilityVisitor(Generic[T]):
    """Compiles abilities into an engine's own: override the ``visit_…`` methods of the forms the engine implements.
    Each one left answers :class:`Unsupported` (through :meth:`unsupported`)."""

    def unsupported(self, ability: Ability) -> NoReturn:
        """Answer that the engine does not implement ``ability``."""
        raise Unsupported(f"ability {ability!r} is not implemented", mechanic=ability.mechanic or None)

    def visit_keyword(self, ability: Keyword) -> T:
        """キーワード能力."""
        self.unsupported(ability)

    def visit_evolution(self, ability: Evolution) -> T:
        """進化."""
        self.unsupported(ability)

    def visit_static(self, ability: Static) -> T:
        """常在型能力."""
        self.unsupported(ability)

    def visit_replacement(self, ability: Replacement) -> T:
        """置換効果."""
        self.unsupported(ability)

    def visit_spell(self, ability: SpellEffect) -> T:
        """呪文の効果."""
        self.unsupported(ability)

    def visit_trigger(self, ability: Triggered) -> T:
        """誘発型能力."""
        self.unsupported(ability)

    def visit_dormant(self, ability: Dormant) -> T:
        """An ability the suite never gives an occasion: most engines take it as nothing."""
        self.unsupported(ability)

    def visit_g_link(self, ability: GLinkPartners) -> T:
        """G・リンク."""
        self.unsupported(ability)

    def visit_mugetsu(self, ability: MugetsuGate) -> T:
        """無月の門."""
        self.unsupported(ability)

    def visit_icon(self, ability: Icon) -> T:
        """アイコン能力."""
        self.unsupported(ability)


# ------------------------------------------------------------------ reading the registry's forms
def parse_ability(form: Mapping[str, Any]) -> Ability:
    """The typed ability of one structured form; :class:`AbilityFormError` if it is not one this model knows."""
    if not isinstance(form, Mapping) or not form:
        raise AbilityFormError(f"an ability is a mapping such as {{keyword: speed_attacker}}, not {form!r}")
    key = next((k for k in ("static", "replacement", "spell", "trigger") if k in form), None)
    key = key or (str(next(iter(form))) if len(form) == 1 else "")
    reader = _READERS.get(key)
    if reader is None:
        raise AbilityFormError(f"unknown ability form {dict(form)!r} (forms: {', '.join(_READERS)})")
    return reader(form)


def _only(form: Mapping[str, Any], allowed: set[str], what: str) -> Mapping[str, Any]:
    extra = set(form) - allowed
    if extra:
        raise AbilityFormError(f"{what} {dict(form)!r}: unknown key(s) {', '.join(sorted(map(str, extra)))}")
    return form


def _mapping(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise AbilityFormError(f"{what} must be a mapping, not {value!r}")
    return value


def _str(value: object) -> str | None:
    return None if value is None else str(value)


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _keyword(form: Mapping[str, Any]) -> Keyword:
    return Keyword(str(form["keyword"]))


def _evolution(form: Mapping[str, Any]) -> Evolution:
    spec = _only(_mapping(form["evolution"], "evolution"),
                 {"sources", "of", "civilization", "from", "or_more", "neo"}, "evolution")
    return Evolution(int(spec.get("sources", 1)), str(spec.get("of", "creature")), _str(spec.get("civilization")),
                     str(spec.get("from", "battle")), bool(spec.get("or_more", False)), bool(spec.get("neo", False)))


def _static(form: Mapping[str, Any]) -> Static:
    _only(form, {"static", "race", "civilization", "amount", "creature_cost_at_most", "spell_cost_at_most"}, "static")
    return Static(str(form["static"]), _str(form.get("race")), _str(form.get("civilization")), _int(form.get("amount")),
                  _int(form.get("creature_cost_at_most")), _int(form.get("spell_cost_at_most")))


def _replacement(form: Mapping[str, Any]) -> Replacement:
    _only(form, {"replacement", "of", "instead", "optional", "during", "then", "position"}, "replacement")
    instead = form.get("instead")
    action = None
    if isinstance(instead, Mapping):
        spec = _only(instead, {"destroy", "opponent_draws", "power_this_turn", "mill_opponent", "mana",
                               "reveal_then_break"}, "instead")
        action = InsteadAction(_str(spec.get("destroy")), int(spec.get("opponent_draws", 0)),
                               int(spec.get("power_this_turn", 0)), int(spec.get("mill_opponent", 0)),
                               int(spec.get("mana", 0)), bool(spec.get("reveal_then_break", False)))
    return Replacement(str(form["replacement"]), str(form.get("of", "this")),
                       instead if isinstance(instead, str) else None, action, _str(form.get("position")),
                       bool(form.get("optional", False)), _str(form.get("during")), _then(form))


def _spell(form: Mapping[str, Any]) -> SpellEffect:
    _only(form, {"spell", "then"}, "spell")
    return SpellEffect(parse_effect(form["spell"]), _then(form))


def _then(form: Mapping[str, Any]) -> FollowUp | None:
    if "then" not in form:
        return None
    spec = _only(_mapping(form["then"], "then"), {"effect", "optional", "if_that_in"}, "then")
    return FollowUp(parse_effect(spec.get("effect")), bool(spec.get("optional", False)), _str(spec.get("if_that_in")))


def _trigger(form: Mapping[str, Any]) -> Triggered:
    _only(form, {"trigger", "of", "effect", "optional", "from", "to", "by", "condition"}, "trigger")
    return Triggered(str(form["trigger"]), _subject(form.get("of", "this")), parse_effect(form.get("effect")),
                     bool(form.get("optional", False)), _str(form.get("from")), _str(form.get("to")),
                     _str(form.get("by")), _str(form.get("condition")))


def _subject(value: object) -> Subject:
    if isinstance(value, str):
        return Subject(value)
    spec = _only(_mapping(value, "of"), {"who", "kind", "race", "civilization", "name_contains", "card_type",
                                         "counts_itself"}, "of")
    return Subject(str(spec.get("who", "this")), str(spec.get("kind", "creature")), _str(spec.get("race")),
                   _str(spec.get("civilization")), _str(spec.get("name_contains")), _str(spec.get("card_type")),
                   _str(spec.get("counts_itself")))


EFFECT_OPTIONS = {"whose", "power", "civilizations", "max_cost", "race", "keyword", "cost_plus", "untapped",
                  "power_at_most", "amount", "of"}


def parse_effect(value: object) -> AbilityEffect:
    """An effect form: ``{KIND: N}``, ``{KIND: ZONE}``, ``{KIND: true}`` or ``{KIND: {options}}``."""
    spec = _mapping(value, "an effect")
    if len(spec) != 1:
        raise AbilityFormError(f"an effect has one key, its kind: {dict(spec)!r}")
    ((kind, option),) = spec.items()
    kind = str(kind)
    if isinstance(option, bool):
        return AbilityEffect(kind, flag=option)
    if isinstance(option, int):
        return AbilityEffect(kind, amount=option)
    if isinstance(option, str):
        return AbilityEffect(kind, zone=option)
    if option is None:
        return AbilityEffect(kind)
    options = _only(_mapping(option, f"effect {kind}"), EFFECT_OPTIONS, f"effect {kind}")
    return AbilityEffect(kind, amount=_int(options.get("amount")), whose=_str(options.get("whose")),
                         power=_str(options.get("power")),
                         civilizations=tuple(str(c) for c in options.get("civilizations") or ()),
                         max_cost=_int(options.get("max_cost")), race=_str(options.get("race")),
                         keyword=_str(options.get("keyword")), cost_plus=_int(options.get("cost_plus")),
                         untapped=bool(options.get("untapped", False)),
                         power_at_most=_int(options.get("power_at_most")), of=_str(options.get("of")))


def _dormant(form: Mapping[str, Any]) -> Dormant:
    return Dormant(str(form["dormant"]))


def _g_link(form: Mapping[str, Any]) -> GLinkPartners:
    spec = _only(_mapping(form["g_link"], "g_link"), {"partners", "side"}, "g_link")
    return GLinkPartners(tuple(str(p) for p in spec.get("partners") or ()), str(spec.get("side", "any")))


def _mugetsu(form: Mapping[str, Any]) -> MugetsuGate:
    spec = _only(_mapping(form["mugetsu"], "mugetsu"), {"count"}, "mugetsu")
    return MugetsuGate(int(spec.get("count", 1)))


def _icon(form: Mapping[str, Any]) -> Icon:
    return Icon(parse_effect(form["icon"]))


_READERS = {"keyword": _keyword, "evolution": _evolution, "static": _static, "replacement": _replacement,
            "spell": _spell, "trigger": _trigger, "dormant": _dormant, "g_link": _g_link, "mugetsu": _mugetsu,
            "icon": _icon}

"""Steps for carry-over (引き継ぎ, seed 000): G・リンク, flips, seals, swaps, equipment, 横跳び, 無月の門.

Phrases (each delimited so that it matches no phrase of the other step modules):

- 前提 《装備品》は《X》に装備されている
- 前提 自分のバトルゾーンにクリーチャーとして扱われている[タップされた]《T》がある
- 前提 《T》はクリーチャーとして扱われている (an object already placed)
- もし 効果で《X》のパワーがこのターンの終わりまで+2000される (期限なく: with no end)
- もし 効果で《X》の能力が[期限なく]無視される
- もし 《A》と《B》がG・リンクする / 効果で《A》のリンクが外れる / 《A》と《B》が覚醒リンクする
- もし 《X》が覚醒する / 《X》が龍解する / 効果で《X》が裏返る
- もし 効果で《X》が封印される / 効果で《X》の封印が外れる
- もし 《X》から手札の《Y》に革命チェンジする (効果で《X》と手札の《Y》が入れ替わる: steps/triggers.py)
- もし 《X》からマナゾーンの《Y》にJチェンジする
- もし 《装備品》を《X》に装備する
- もし 効果で《E》が《Y》の上に横跳びする
- もし 自分が《M》を無月の門で《T》の上に重ねて出す
- もし 効果で《T》がクリーチャーとして扱われなくなる
- choices: 自分は装備品を《X》に引き継ぐことにする (equipment_to, the next piece asked about)
           自分は《装備品》を《X》に引き継ぐことにする (equipment_to, naming the piece)
           自分はリンクしたゴッドのうち《X》を離れさせることにする (god_leaves, 804.7)
- ならば 《X》は《装備品》を装備している / 《X》は装備品を装備していない
- ならば 《装備品》はどのクリーチャーにも装備されていない
- ならば 《X》が受けているパワーの効果は合計+4000である / 《X》は解決済みの効果を受けていない
- ならば 《A》と《B》はリンクしている / 《A》と《B》はリンクしていない / 《A》はどのゴッドともリンクしていない
- ならば 《X》は《Y》の面を見せている
- ならば 《X》は封印されている / 《X》に封印はない
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pytest_bdd import given, then, when

from shinpan.adapters.contract import PlayerName
from shinpan.adapters.sdk.vocabulary import Duration
from shinpan.running.checks import AllOf, CheckForm, Count, CountTest, Listed, Not, ObjectField, ObjectTest
from shinpan.steps.duel import Duel
from shinpan.steps.phrase import CARD, CARDS, DURATION, PLAYER, SIGNED, Cards, Flag, Phrase, Prefixed, Several, Words
from shinpan.steps.printer.phrases import Context, Message, action_phrase, check_phrase, choice_phrase, setup_phrase
from shinpan.steps.then import declared_object_phrase, expect_object
from shinpan.steps.vocabulary import CardRef

TOGETHER = Cards(joiners=("と",), fewest=2)
"""Two or more cards joined by と (gods linked together)."""

# ------------------------------------------------------------------ given
EQUIPPED = Phrase("{piece}は{card}に装備されている", piece=CARD, card=CARD)


@given(EQUIPPED.parser)
def equipped_at_start(duel: Duel, piece: CardRef, card: CardRef) -> None:
    """The equipment, already in the battle zone, is equipped to the creature (setup)."""
    duel.setup_object(piece)["equipped_to"] = duel.label(card)


@setup_phrase("equipped")
def say_equipped(equipped: Message, context: Context) -> str:
    return EQUIPPED.write(piece=context.ref(equipped["piece"]), card=context.ref(equipped["to"]))


TREATED_IN_BATTLE = Phrase("{player}のバトルゾーンにクリーチャーとして扱われている[{tapped}]{card}がある",
                           player=PLAYER, tapped=Flag("タップされた"), card=CARD)


@given(TREATED_IN_BATTLE.parser)
def treated_as_creature(duel: Duel, player: PlayerName, tapped: bool, card: CardRef) -> None:
    """A non-creature (タマシード) that an effect treats as a creature too."""
    duel.put_object(player, [card], tapped=tapped)
    duel.setup_object(card)["treated_as_creature"] = True


@setup_phrase("object")
def say_treated_as_creature(obj: Message, context: Context) -> str | None:
    if not obj["treated"]:
        return None
    return TREATED_IN_BATTLE.write(player=obj["player"], tapped=bool(obj["tapped"]), card=context.ref(obj["cards"][0]))


TREATED = Phrase("{card}はクリーチャーとして扱われている", card=CARD)


@given(TREATED.parser)
def treated_as_creature_already(duel: Duel, card: CardRef) -> None:
    """The object the card is part of, already placed, is treated as a creature too."""
    duel.setup_object(card)["treated_as_creature"] = True


@setup_phrase("treated")
def say_treated(treated: Message, context: Context) -> str:
    return TREATED.write(card=context.ref(treated["card"]))


# ------------------------------------------------------------------- when
PUMP = Phrase("効果で{card}のパワーが{until}{amount}される", card=CARD, until=DURATION, amount=SIGNED)


@when(PUMP.parser)
def pump_now(duel: Duel, card: CardRef, until: Duration, amount: int) -> None:
    """A spell or ability resolves now and changes the object's power until the end of the turn (or with no end)."""
    duel.act({"type": "apply_effect", "effect": {"kind": "power", "target": duel.label(card), "amount": amount,
                                                 **({"duration": until} if until != "end_of_turn" else {})}})


IGNORE = Phrase("効果で{card}の能力が[{permanently}]無視される", card=CARD, permanently=Flag("期限なく"))


@when(IGNORE.parser)
def ignore_now(duel: Duel, card: CardRef, permanently: bool) -> None:
    """A spell or ability resolves now and makes the object's abilities ignored (for the contract's default time,
    or with no end)."""
    duel.act({"type": "apply_effect", "effect": {"kind": "ignore_abilities", "target": duel.label(card),
                                                 **({"duration": "permanent"} if permanently else {})}})


@action_phrase("apply_effect")
def say_effect_now(action: Message, attempt: bool, context: Context) -> str | None:
    effect: dict[str, Any] = dict(action["effect"])
    duration = effect.get("duration", "end_of_turn")
    target = context.ref(effect["target"])
    if attempt:
        return None
    if effect["kind"] == "power":
        return PUMP.write(card=target, until=duration, amount=effect["amount"])
    return IGNORE.write(card=target, permanently=duration == "permanent")


G_LINK = Phrase("{cards}がG・リンクする", cards=TOGETHER)


@when(G_LINK.parser)
def g_link(duel: Duel, cards: tuple[CardRef, ...]) -> None:
    """G・リンク, left to right as listed."""
    duel.act({"type": "g_link", "cards": [duel.label(ref) for ref in cards]})


@action_phrase("g_link")
def say_g_link(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else G_LINK.write(cards=context.refs(action["cards"]))


AWAKEN_LINK = Phrase("{cards}が覚醒リンクする", cards=TOGETHER)


@when(AWAKEN_LINK.parser)
def awaken_link(duel: Duel, cards: tuple[CardRef, ...]) -> None:
    """覚醒リンク, left to right as listed."""
    duel.act({"type": "awaken_link", "cards": [duel.label(ref) for ref in cards]})


@action_phrase("awaken_link")
def say_awaken_link(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else AWAKEN_LINK.write(cards=context.refs(action["cards"]))


UNLINK = Phrase("効果で{card}のリンクが外れる", card=CARD)


@when(UNLINK.parser)
def unlink(duel: Duel, card: CardRef) -> None:
    """リンク解除: the linked creature splits into its gods."""
    duel.act({"type": "unlink", "card": duel.label(card)})


@action_phrase("unlink")
def say_unlink(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else UNLINK.write(card=context.ref(action["card"]))


FLIP_BY_KEYWORD = Phrase("{card}が{how}する", card=CARD,
                         how=Words({"覚醒": "awaken", "龍解": "dragon_release"}, "覚醒 or 龍解"))
FLIP_OTHER = Phrase("効果で{card}が裏返る", card=CARD)


@when(FLIP_BY_KEYWORD.parser)
def flip_by_keyword(duel: Duel, card: CardRef, how: str) -> None:
    """覚醒 (805) or 龍解 (807): the card flips to its other face."""
    duel.act({"type": "flip", "card": duel.label(card), "by": how})


@when(FLIP_OTHER.parser)
def flip_other(duel: Duel, card: CardRef) -> None:
    """A flip that is neither 覚醒 nor 龍解 (解除, 龍回避, an effect)."""
    duel.act({"type": "flip", "card": duel.label(card), "by": "other"})


@action_phrase("flip")
def say_flip(action: Message, attempt: bool, context: Context) -> str | None:
    card = context.ref(action["card"])
    if attempt:
        return None
    if action["by"] == "other":
        return FLIP_OTHER.write(card=card)
    return FLIP_BY_KEYWORD.write(card=card, how=action["by"])


SEAL = Phrase("効果で{card}が封印される", card=CARD)


@when(SEAL.parser)
def seal(duel: Duel, card: CardRef) -> None:
    """封印を付ける: the top card of the owner's deck, face down, on the object."""
    duel.act({"type": "seal", "card": duel.label(card)})


@action_phrase("seal")
def say_seal(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else SEAL.write(card=context.ref(action["card"]))


UNSEAL = Phrase("効果で{card}の封印が外れる", card=CARD)


@when(UNSEAL.parser)
def unseal(duel: Duel, card: CardRef) -> None:
    """封印を外す: a seal goes to the graveyard."""
    duel.act({"type": "unseal", "card": duel.label(card)})


@action_phrase("unseal")
def say_unseal(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else UNSEAL.write(card=context.ref(action["card"]))


CHANGE = Phrase("{card}から{zone}の{other}に{how}チェンジする", card=CARD, other=CARD,
                zone=Words({"手札": "hand", "マナゾーン": "mana"}, "手札 or マナゾーン"),
                how=Words({"革命": "revolution_change", "J": "j_change"}, "革命 or J"))
CHANGED_WITH = {"revolution_change": "hand", "j_change": "mana"}
"""The zone each change swaps with: 革命チェンジ the hand, Jチェンジ the mana zone."""


@when(CHANGE.parser)
def change(duel: Duel, card: CardRef, other: CardRef, how: str) -> None:
    """革命チェンジ (with the hand) / Jチェンジ (with the mana zone): a swap during the attack."""
    duel.act({"type": "swap", "card": duel.label(card), "with": duel.label(other), "via": how})


@action_phrase("swap")
def say_change(action: Message, attempt: bool, context: Context) -> str | None:
    how = action.get("via", "swap")
    if attempt or how not in CHANGED_WITH:
        return None
    return CHANGE.write(card=context.ref(action["card"]), zone=CHANGED_WITH[how], other=context.ref(action["with"]),
                        how=how)


EQUIP = Phrase("{piece}を{card}に装備する", piece=CARD, card=CARD)


@when(EQUIP.parser)
def equip(duel: Duel, piece: CardRef, card: CardRef) -> None:
    """Equip (クロス / 装備) the equipment to the creature."""
    duel.act({"type": "equip", "card": duel.label(piece), "to": duel.label(card)})


@action_phrase("equip")
def say_equip(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else EQUIP.write(piece=context.ref(action["card"]), card=context.ref(action["to"]))


SIDE_JUMP = Phrase("効果で{card}が{onto}の上に横跳びする", card=CARD, onto=CARD)


@when(SIDE_JUMP.parser)
def side_jump(duel: Duel, card: CardRef, onto: CardRef) -> None:
    """横跳び: the top card of an evolution creature moves onto another creature."""
    duel.act({"type": "side_jump", "card": duel.label(card), "onto": duel.label(onto)})


@action_phrase("side_jump")
def say_side_jump(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else SIDE_JUMP.write(card=context.ref(action["card"]), onto=context.ref(action["onto"]))


MUGETSU = Phrase("{player}が{card}を無月の門で{tools}の上に重ねて出す", player=PLAYER, card=CARD,
                 tools=Cards(joiners=("と",)))


@when(MUGETSU.parser)
def mugetsu(duel: Duel, player: PlayerName, card: CardRef, tools: tuple[CardRef, ...]) -> None:
    """無月の門: the card from the hand is put out stacked on the 魔導具."""
    duel.act({"type": "mugetsu", "card": duel.own(player, card), "tools": [duel.label(ref) for ref in tools]})


@action_phrase("mugetsu")
def say_mugetsu(action: Message, attempt: bool, context: Context) -> str | None:
    card = action["card"]
    return None if attempt else MUGETSU.write(player=context.owner_of(card), card=context.ref(card),
                                              tools=context.refs(action["tools"]))


STOP_TREATING = Phrase("効果で{card}がクリーチャーとして扱われなくなる", card=CARD)


@when(STOP_TREATING.parser)
def stop_creature(duel: Duel, card: CardRef) -> None:
    """The effect that treated the タマシード as a creature ends."""
    duel.act({"type": "stop_treating_as_creature", "card": duel.label(card)})


@action_phrase("stop_treating_as_creature")
def say_stop_creature(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else STOP_TREATING.write(card=context.ref(action["card"]))


EQUIPMENT_TO = Phrase("{player}は装備品を{card}に引き継ぐことにする", player=PLAYER, card=CARD)


@when(EQUIPMENT_TO.parser)
def choose_equipment_to(duel: Duel, player: PlayerName, card: CardRef) -> None:
    """Scripted choice equipment_to: the next piece of equipment the rules ask about goes to this card's creature."""
    duel.script_choice(player, "equipment_to", [card])


@choice_phrase("equipment_to")
def say_equipment_to(choice: Message, context: Context) -> str | None:
    player, picks = choice["player"], choice["picks"]
    if len(picks) == 1:
        return EQUIPMENT_TO.write(player=player, card=context.ref(picks[0]))
    if len(picks) == 2:
        return PIECE_TO.write(player=player, piece=context.ref(picks[1]), card=context.ref(picks[0]))
    return None


GOD_LEAVES = Phrase("{player}はリンクしたゴッドのうち{card}を離れさせることにする", player=PLAYER, card=CARD)


@when(GOD_LEAVES.parser)
def choose_god_leaves(duel: Duel, player: PlayerName, card: CardRef) -> None:
    """Scripted choice god_leaves: when an effect moves a linked creature, this god is the one that leaves (804.7)."""
    duel.script_choice(player, "god_leaves", [card])


PIECE_TO = Phrase("{player}は{piece}を{card}に引き継ぐことにする", player=PLAYER, piece=CARD, card=CARD)


@when(PIECE_TO.parser)
def choose_equipment_piece_to(duel: Duel, player: PlayerName, piece: CardRef, card: CardRef) -> None:
    """Scripted choice equipment_to, naming the piece: this piece of equipment goes to this card's creature
    (picks: a card of the god, then the piece)."""
    duel.script_choice(player, "equipment_to", [card, piece])


@choice_phrase("god_leaves")
def say_god_leaves(choice: Message, context: Context) -> str | None:
    if len(choice["picks"]) != 1:
        return None
    return GOD_LEAVES.write(player=choice["player"], card=context.ref(choice["picks"][0]))


# ------------------------------------------------------------------- then
HAS_EQUIPMENT = Phrase("{card}は{piece}を装備{test}", card=CARD, piece=CARD,
                       test=Words({"している": ObjectTest.CONTAINS, "していない": ObjectTest.LACKS},
                                  "している or していない"))


@then(HAS_EQUIPMENT.parser)
def has_equipment(duel: Duel, card: CardRef, piece: CardRef, test: ObjectTest) -> None:
    """Whether the equipment is equipped to the creature the card is part of."""
    expect_object(duel, duel.label(card), "equipment", test, duel.label(piece))


declared_object_phrase("equipment", HAS_EQUIPMENT, lambda value, context: {"piece": context.ref(value),
                                                                         "test": ObjectTest.CONTAINS},
                       test=ObjectTest.CONTAINS)
declared_object_phrase("equipment", HAS_EQUIPMENT, lambda value, context: {"piece": context.ref(value),
                                                                         "test": ObjectTest.LACKS},
                       test=ObjectTest.LACKS)

NO_EQUIPMENT = Phrase("{card}は装備品を装備していない", card=CARD)


@then(NO_EQUIPMENT.parser)
def has_no_equipment(duel: Duel, card: CardRef) -> None:
    """Nothing is equipped to the creature."""
    expect_object(duel, duel.label(card), "equipment", ObjectTest.EQUALS, [])


declared_object_phrase("equipment", NO_EQUIPMENT, lambda value, context: {} if value == [] else None)

EQUIPMENT_IS = Phrase("{card}の装備品は{pieces}である", card=CARD, pieces=CARDS)


@then(EQUIPMENT_IS.parser)
def equipment_is(duel: Duel, card: CardRef, pieces: tuple[CardRef, ...]) -> None:
    """The equipment of the creature the card is part of is exactly these pieces, in this order."""
    expect_object(duel, duel.label(card), "equipment", ObjectTest.EQUALS, [duel.label(r) for r in pieces])


declared_object_phrase("equipment", EQUIPMENT_IS,
                       lambda value, context: {"pieces": context.refs(value)} if value else None)

EQUIPPED_TO_NOTHING = Phrase("{piece}はどのクリーチャーにも装備されていない", piece=CARD)


@then(EQUIPPED_TO_NOTHING.parser)
def equipped_to_nothing(duel: Duel, piece: CardRef) -> None:
    """No object in the battle zone has the equipment."""
    duel.check(Count(Listed.OBJECTS, {"equipment": duel.label(piece)}, CountTest.EXACTLY, 0, observable="equipment"))


@check_phrase(Count)
def say_equipped_to_nothing(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if not isinstance(check, Count) or check.player is not None or \
            (check.listed, sorted(check.where), check.test, check.value, check.observable) != \
            (Listed.OBJECTS, ["equipment"], CountTest.EXACTLY, 0, "equipment"):
        return None
    return EQUIPPED_TO_NOTHING.write(piece=context.ref(check.where["equipment"])), 1


EFFECTS_TOTAL = Phrase("{card}が受けているパワーの効果は合計{amount}である", card=CARD, amount=SIGNED)


@then(EFFECTS_TOTAL.parser)
def effects_total(duel: Duel, card: CardRef, amount: int) -> None:
    """The resolved power effects on the object add up to this amount."""
    expect_object(duel, duel.label(card), "effects", ObjectTest.POWER_TOTAL, amount)


declared_object_phrase("effects", EFFECTS_TOTAL, lambda value, context: {"amount": value}, test=ObjectTest.POWER_TOTAL)

NO_EFFECTS = Phrase("{card}は解決済みの効果を受けていない", card=CARD)


@then(NO_EFFECTS.parser)
def no_effects(duel: Duel, card: CardRef) -> None:
    """No resolved effect applies to the object."""
    expect_object(duel, duel.label(card), "effects", ObjectTest.EQUALS, [])


declared_object_phrase("effects", NO_EFFECTS, lambda value, context: {} if value == [] else None)


EFFECTS_ARE = Phrase("{card}が受けている解決済みの効果は{amounts}である", card=CARD,
                     amounts=Several(Prefixed("パワー", SIGNED), "、", fewest=1))


@then(EFFECTS_ARE.parser)
def effects_are(duel: Duel, card: CardRef, amounts: tuple[int, ...]) -> None:
    """The resolved effects on the object are exactly these power effects, in this order."""
    value = [{"kind": "power", "amount": amount} for amount in amounts]
    expect_object(duel, duel.label(card), "effects", ObjectTest.EQUALS, value)


def _power_amounts(value: Any, context: Context) -> dict[str, Any] | None:
    if not value or any(set(effect) != {"kind", "amount"} or effect["kind"] != "power" for effect in value):
        return None
    return {"amounts": tuple(effect["amount"] for effect in value)}


declared_object_phrase("effects", EFFECTS_ARE, _power_amounts)

LINKED = Phrase("{cards}はリンク{linked}", cards=TOGETHER,
                linked=Words({"している": True, "していない": False}, "している or していない"))


@then(LINKED.parser)
def linked(duel: Duel, cards: tuple[CardRef, ...], linked: bool) -> None:
    """Whether the gods are linked into one creature: each one's object links all of them."""
    labels = [duel.label(ref) for ref in cards]
    duel.check(AllOf(_together(labels), observable="linked") if linked else
               Not(AllOf(_together(labels)), observable="linked"))


def _together(labels: Sequence[str]) -> tuple[ObjectField, ...]:
    """That each card's object links every one of ``labels``."""
    return tuple(ObjectField(card, "linked", ObjectTest.CONTAINS, other) for card in labels for other in labels)


@check_phrase(AllOf)
@check_phrase(Not)
def say_linked(checks: Sequence[CheckForm], context: Context) -> tuple[str, int] | None:
    """The cards an ``all`` check made by :func:`linked` says are (or, under a ``not``, are not) linked together."""
    check = checks[0]
    together = check.of if isinstance(check, Not) else check
    if check.observable != "linked" or not isinstance(together, AllOf) or not together.of \
            or together.observable != (None if isinstance(check, Not) else "linked"):
        return None
    labels = list(dict.fromkeys(part.card for part in together.of if isinstance(part, ObjectField)))
    if len(labels) < 2 or together.of != _together(labels):
        return None
    return LINKED.write(cards=context.refs(labels), linked=not isinstance(check, Not)), 1


NOT_LINKED = Phrase("{card}はどのゴッドともリンクしていない", card=CARD)


@then(NOT_LINKED.parser)
def not_linked(duel: Duel, card: CardRef) -> None:
    """The card's object is not a linked creature (a god on its own)."""
    expect_object(duel, duel.label(card), "linked", ObjectTest.EQUALS, [])


declared_object_phrase("linked", NOT_LINKED, lambda value, context: {} if value == [] else None)

LINKED_AS = Phrase("{card}は左から{gods}の順にリンクしている", card=CARD, gods=Cards(joiner="、"))


@then(LINKED_AS.parser)
def linked_as(duel: Duel, card: CardRef, gods: tuple[CardRef, ...]) -> None:
    """The card's object is linked, of exactly these gods' top cards, left to right."""
    expect_object(duel, duel.label(card), "linked", ObjectTest.EQUALS, [duel.label(r) for r in gods])


declared_object_phrase("linked", LINKED_AS, lambda value, context: {"gods": context.refs(value)} if value else None)

SHOWS_FACE = Phrase("{card}は{face}の面を見せている", card=CARD, face=CARD)


@then(SHOWS_FACE.parser)
def shows_face(duel: Duel, card: CardRef, face: CardRef) -> None:
    """The card (top of its object) shows this face."""
    expect_object(duel, duel.label(card), "face", ObjectTest.EQUALS, face.name)


declared_object_phrase("face", SHOWS_FACE, lambda value, context: {"face": CardRef(value, value)}
                       if value in context.registry else None)

SEALED = Phrase("{card}{sealed}", card=CARD,
                sealed=Words({"は封印されている": False, "に封印はない": True}, "は封印されている or に封印はない"))


@then(SEALED.parser)
def sealed(duel: Duel, card: CardRef, sealed: bool) -> None:
    """Whether the object has a seal (the value said is whether its seals are empty)."""
    expect_object(duel, duel.label(card), "seals", ObjectTest.EMPTY, sealed)


declared_object_phrase("seals", SEALED, lambda value, context: {"sealed": value}, test=ObjectTest.EMPTY)


SEALS_ARE = Phrase("{card}の封印は{seals}である", card=CARD, seals=CARDS)
NO_SEALS = Phrase("{card}の封印は一つもない", card=CARD)


@then(SEALS_ARE.parser)
def seals_are(duel: Duel, card: CardRef, seals: tuple[CardRef, ...]) -> None:
    """The seals on the object are exactly these cards, in this order."""
    expect_object(duel, duel.label(card), "seals", ObjectTest.EQUALS, [duel.label(ref) for ref in seals])


@then(NO_SEALS.parser)
def no_seals(duel: Duel, card: CardRef) -> None:
    """The object has no seal (its seals are an empty list)."""
    expect_object(duel, duel.label(card), "seals", ObjectTest.EQUALS, [])


declared_object_phrase("seals", SEALS_ARE, lambda value, context: {"seals": context.refs(value)} if value else None)
declared_object_phrase("seals", NO_SEALS, lambda value, context: {} if value == [] else None)

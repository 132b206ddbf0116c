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

from pytest_bdd import given, parsers, then, when

from shinpan.steps.duel import Duel
from shinpan.steps.printer.phrases import Context, Message, action_phrase, check_phrase, choice_phrase, setup_phrase
from shinpan.steps.then import expect_object, object_phrase
from shinpan.steps.vocabulary import (
    CARD_PATTERN,
    CARDS_PATTERN,
    DURATION_PATTERN,
    DURATIONS,
    PLAYER_PATTERN,
    PLAYERS,
    card_ref,
    card_refs,
    signed_int,
)

PERMANENT = next(word for word, duration in DURATIONS.items() if duration == "permanent")

# ------------------------------------------------------------------ given


@given(parsers.re(rf"(?P<piece>{CARD_PATTERN})は(?P<card>{CARD_PATTERN})に装備されている"))
def equipped_at_start(duel: Duel, piece: str, card: str) -> None:
    """The equipment, already in the battle zone, is equipped to the creature (setup)."""
    duel.setup_object(card_ref(piece))["equipped_to"] = duel.label(card_ref(card))


@setup_phrase("equipped")
def say_equipped(equipped: Message, context: Context) -> str:
    return f"{context.card(equipped['piece'])}は{context.card(equipped['to'])}に装備されている"


@given(parsers.re(
    rf"(?P<player>{PLAYER_PATTERN})のバトルゾーンにクリーチャーとして扱われている(?P<tapped>タップされた)?"
    rf"(?P<card>{CARD_PATTERN})がある"
))
def treated_as_creature(duel: Duel, player: str, tapped: str | None, card: str) -> None:
    """A non-creature (タマシード) that an effect treats as a creature too."""
    ref = card_ref(card)
    duel.put_object(PLAYERS[player], [ref], tapped=bool(tapped))
    duel.setup_object(ref)["treated_as_creature"] = True


@setup_phrase("object")
def say_treated_as_creature(obj: Message, context: Context) -> str | None:
    if not obj["treated"]:
        return None
    return f"{context.player(obj['player'])}のバトルゾーンにクリーチャーとして扱われている" \
        f"{'タップされた' if obj['tapped'] else ''}{context.card(obj['cards'][0])}がある"


@given(parsers.re(rf"(?P<card>{CARD_PATTERN})はクリーチャーとして扱われている"))
def treated_as_creature_already(duel: Duel, card: str) -> None:
    """The object the card is part of, already placed, is treated as a creature too."""
    duel.setup_object(card_ref(card))["treated_as_creature"] = True


@setup_phrase("treated")
def say_treated(treated: Message, context: Context) -> str:
    return f"{context.card(treated['card'])}はクリーチャーとして扱われている"


# ------------------------------------------------------------------- when


@when(parsers.re(
    rf"効果で(?P<card>{CARD_PATTERN})のパワーが(?P<until>{DURATION_PATTERN})(?P<amount>[+\-＋－]\d+)される"
))
def pump_now(duel: Duel, card: str, until: str, amount: str) -> None:
    """A spell or ability resolves now and changes the object's power until the end of the turn (or with no end)."""
    duration = DURATIONS[until]
    duel.act({"type": "apply_effect", "effect": {"kind": "power", "target": duel.label(card_ref(card)),
                                                 "amount": signed_int(amount),
                                                 **({"duration": duration} if duration != "end_of_turn" else {})}})


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})の能力が(?P<until>{PERMANENT})?無視される"))
def ignore_now(duel: Duel, card: str, until: str | None) -> None:
    """A spell or ability resolves now and makes the object's abilities ignored (for the contract's default time,
    or with no end)."""
    duel.act({"type": "apply_effect", "effect": {"kind": "ignore_abilities", "target": duel.label(card_ref(card)),
                                                 **({"duration": "permanent"} if until else {})}})


@action_phrase("apply_effect")
def say_effect_now(action: Message, attempt: bool, context: Context) -> str | None:
    effect: dict[str, Any] = dict(action["effect"])
    duration = effect.get("duration", "end_of_turn")
    target = context.card(effect["target"])
    if attempt:
        return None
    if effect["kind"] == "power":
        until = next(word for word, value in DURATIONS.items() if value == duration)
        return f"効果で{target}のパワーが{until}{effect['amount']:+d}される"
    return f"効果で{target}の能力が{PERMANENT if duration == 'permanent' else ''}無視される"


@when(parsers.re(rf"(?P<cards>{CARD_PATTERN}(?:と{CARD_PATTERN})+)がG・リンクする"))
def g_link(duel: Duel, cards: str) -> None:
    """G・リンク, left to right as listed."""
    duel.act({"type": "g_link", "cards": [duel.label(ref) for ref in card_refs(cards)]})


@action_phrase("g_link")
def say_g_link(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else f"{context.cards(action['cards'])}がG・リンクする"


@when(parsers.re(rf"(?P<cards>{CARD_PATTERN}(?:と{CARD_PATTERN})+)が覚醒リンクする"))
def awaken_link(duel: Duel, cards: str) -> None:
    """覚醒リンク, left to right as listed."""
    duel.act({"type": "awaken_link", "cards": [duel.label(ref) for ref in card_refs(cards)]})


@action_phrase("awaken_link")
def say_awaken_link(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else f"{context.cards(action['cards'])}が覚醒リンクする"


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})のリンクが外れる"))
def unlink(duel: Duel, card: str) -> None:
    """リンク解除: the linked creature splits into its gods."""
    duel.act({"type": "unlink", "card": duel.label(card_ref(card))})


@action_phrase("unlink")
def say_unlink(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else f"効果で{context.card(action['card'])}のリンクが外れる"


@when(parsers.re(rf"(?P<card>{CARD_PATTERN})が(?P<how>覚醒|龍解)する"))
def flip_by_keyword(duel: Duel, card: str, how: str) -> None:
    """覚醒 (805) or 龍解 (807): the card flips to its other face."""
    duel.act({"type": "flip", "card": duel.label(card_ref(card)),
              "by": "awaken" if how == "覚醒" else "dragon_release"})


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})が裏返る"))
def flip_other(duel: Duel, card: str) -> None:
    """A flip that is neither 覚醒 nor 龍解 (解除, 龍回避, an effect)."""
    duel.act({"type": "flip", "card": duel.label(card_ref(card)), "by": "other"})


@action_phrase("flip")
def say_flip(action: Message, attempt: bool, context: Context) -> str | None:
    card = context.card(action["card"])
    how = {"awaken": f"{card}が覚醒する", "dragon_release": f"{card}が龍解する", "other": f"効果で{card}が裏返る"}
    return None if attempt else how[action["by"]]


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})が封印される"))
def seal(duel: Duel, card: str) -> None:
    """封印を付ける: the top card of the owner's deck, face down, on the object."""
    duel.act({"type": "seal", "card": duel.label(card_ref(card))})


@action_phrase("seal")
def say_seal(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else f"効果で{context.card(action['card'])}が封印される"


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})の封印が外れる"))
def unseal(duel: Duel, card: str) -> None:
    """封印を外す: a seal goes to the graveyard."""
    duel.act({"type": "unseal", "card": duel.label(card_ref(card))})


@action_phrase("unseal")
def say_unseal(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else f"効果で{context.card(action['card'])}の封印が外れる"


@when(parsers.re(rf"(?P<card>{CARD_PATTERN})から(?:手札|マナゾーン)の(?P<other>{CARD_PATTERN})に(?P<how>革命|J)チェンジする"))
def change(duel: Duel, card: str, other: str, how: str) -> None:
    """革命チェンジ (with the hand) / Jチェンジ (with the mana zone): a swap during the attack."""
    duel.act({"type": "swap", "card": duel.label(card_ref(card)), "with": duel.label(card_ref(other)),
              "via": "revolution_change" if how == "革命" else "j_change"})


@action_phrase("swap")
def say_change(action: Message, attempt: bool, context: Context) -> str | None:
    how = {"revolution_change": ("手札", "革命"), "j_change": ("マナゾーン", "J")}.get(action.get("via", "swap"))
    if attempt or how is None:
        return None
    return f"{context.card(action['card'])}から{how[0]}の{context.card(action['with'])}に{how[1]}チェンジする"


@when(parsers.re(rf"(?P<piece>{CARD_PATTERN})を(?P<card>{CARD_PATTERN})に装備する"))
def equip(duel: Duel, piece: str, card: str) -> None:
    """Equip (クロス / 装備) the equipment to the creature."""
    duel.act({"type": "equip", "card": duel.label(card_ref(piece)), "to": duel.label(card_ref(card))})


@action_phrase("equip")
def say_equip(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else f"{context.card(action['card'])}を{context.card(action['to'])}に装備する"


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})が(?P<onto>{CARD_PATTERN})の上に横跳びする"))
def side_jump(duel: Duel, card: str, onto: str) -> None:
    """横跳び: the top card of an evolution creature moves onto another creature."""
    duel.act({"type": "side_jump", "card": duel.label(card_ref(card)), "onto": duel.label(card_ref(onto))})


@action_phrase("side_jump")
def say_side_jump(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else f"効果で{context.card(action['card'])}が{context.card(action['onto'])}の上に横跳びする"


@when(parsers.re(
    rf"(?P<player>{PLAYER_PATTERN})が(?P<card>{CARD_PATTERN})を無月の門で(?P<tools>{CARD_PATTERN}(?:と{CARD_PATTERN})*)"
    r"の上に重ねて出す"
))
def mugetsu(duel: Duel, player: str, card: str, tools: str) -> None:
    """無月の門: the card from the hand is put out stacked on the 魔導具."""
    duel.act({"type": "mugetsu", "card": duel.own(PLAYERS[player], card_ref(card)),
              "tools": [duel.label(ref) for ref in card_refs(tools)]})


@action_phrase("mugetsu")
def say_mugetsu(action: Message, attempt: bool, context: Context) -> str | None:
    card = action["card"]
    return None if attempt else \
        f"{context.owner(card)}が{context.card(card)}を無月の門で{context.cards(action['tools'])}の上に重ねて出す"


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})がクリーチャーとして扱われなくなる"))
def stop_creature(duel: Duel, card: str) -> None:
    """The effect that treated the タマシード as a creature ends."""
    duel.act({"type": "stop_treating_as_creature", "card": duel.label(card_ref(card))})


@action_phrase("stop_treating_as_creature")
def say_stop_creature(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else f"効果で{context.card(action['card'])}がクリーチャーとして扱われなくなる"


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は装備品を(?P<card>{CARD_PATTERN})に引き継ぐことにする"))
def choose_equipment_to(duel: Duel, player: str, card: str) -> None:
    """Scripted choice equipment_to: the next piece of equipment the rules ask about goes to this card's creature."""
    duel.script_choice(PLAYERS[player], "equipment_to", [card_ref(card)])


@choice_phrase("equipment_to")
def say_equipment_to(choice: Message, context: Context) -> str | None:
    player, picks = context.player(choice["player"]), choice["picks"]
    if len(picks) == 1:
        return f"{player}は装備品を{context.card(picks[0])}に引き継ぐことにする"
    if len(picks) == 2:
        return f"{player}は{context.card(picks[1])}を{context.card(picks[0])}に引き継ぐことにする"
    return None


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})はリンクしたゴッドのうち(?P<card>{CARD_PATTERN})を離れさせることにする"))
def choose_god_leaves(duel: Duel, player: str, card: str) -> None:
    """Scripted choice god_leaves: when an effect moves a linked creature, this god is the one that leaves (804.7)."""
    duel.script_choice(PLAYERS[player], "god_leaves", [card_ref(card)])


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は(?P<piece>{CARD_PATTERN})を(?P<card>{CARD_PATTERN})に引き継ぐことにする"))
def choose_equipment_piece_to(duel: Duel, player: str, piece: str, card: str) -> None:
    """Scripted choice equipment_to, naming the piece: this piece of equipment goes to this card's creature
    (picks: a card of the god, then the piece)."""
    duel.script_choice(PLAYERS[player], "equipment_to", [card_ref(card), card_ref(piece)])


@choice_phrase("god_leaves")
def say_god_leaves(choice: Message, context: Context) -> str | None:
    if len(choice["picks"]) != 1:
        return None
    god = context.card(choice["picks"][0])
    return f"{context.player(choice['player'])}はリンクしたゴッドのうち{god}を離れさせることにする"


# ------------------------------------------------------------------- then


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は(?P<piece>{CARD_PATTERN})を装備(?P<neg>している|していない)"))
def has_equipment(duel: Duel, card: str, piece: str, neg: str) -> None:
    """Whether the equipment is equipped to the creature the card is part of."""
    test = "contains" if neg == "している" else "lacks"
    expect_object(duel, duel.label(card_ref(card)), "equipment", test, duel.label(card_ref(piece)))


@object_phrase("equipment", "contains")
def say_has_equipment(value: Any, context: Context) -> str:
    return "{card}は" + context.card(value) + "を装備している"


@object_phrase("equipment", "lacks")
def say_lacks_equipment(value: Any, context: Context) -> str:
    return "{card}は" + context.card(value) + "を装備していない"


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は装備品を装備していない"))
def has_no_equipment(duel: Duel, card: str) -> None:
    """Nothing is equipped to the creature."""
    expect_object(duel, duel.label(card_ref(card)), "equipment", "equals", [])


@object_phrase("equipment", "equals")
def say_no_equipment(value: Any, context: Context) -> str | None:
    return "{card}は装備品を装備していない" if value == [] else None


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の装備品は(?P<pieces>{CARDS_PATTERN})である"))
def equipment_is(duel: Duel, card: str, pieces: str) -> None:
    """The equipment of the creature the card is part of is exactly these pieces, in this order."""
    expect_object(duel, duel.label(card_ref(card)), "equipment", "equals", [duel.label(r) for r in card_refs(pieces)])


@object_phrase("equipment", "equals")
def say_equipment_is(value: Any, context: Context) -> str | None:
    return "{card}の装備品は" + context.cards(value) + "である" if value else None


@then(parsers.re(rf"(?P<piece>{CARD_PATTERN})はどのクリーチャーにも装備されていない"))
def equipped_to_nothing(duel: Duel, piece: str) -> None:
    """No object in the battle zone has the equipment."""
    duel.check({"check": "count", "list": "objects", "where": {"equipment": duel.label(card_ref(piece))},
                "test": "==", "value": 0, "observable": "equipment"})


@check_phrase("count")
def say_equipped_to_nothing(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    if (check["list"], sorted(check["where"]), check["test"], check["value"], check.get("observable")) != \
            ("objects", ["equipment"], "==", 0, "equipment") or "player" in check:
        return None
    return f"{context.card(check['where']['equipment'])}はどのクリーチャーにも装備されていない", 1


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})が受けているパワーの効果は合計(?P<amount>[+\-＋－]\d+)である"))
def effects_total(duel: Duel, card: str, amount: str) -> None:
    """The resolved power effects on the object add up to this amount."""
    expect_object(duel, duel.label(card_ref(card)), "effects", "power_total", signed_int(amount))


@object_phrase("effects", "power_total")
def say_effects_total(value: Any, context: Context) -> str:
    return "{card}が受けているパワーの効果は合計" + f"{value:+d}である"


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は解決済みの効果を受けていない"))
def no_effects(duel: Duel, card: str) -> None:
    """No resolved effect applies to the object."""
    expect_object(duel, duel.label(card_ref(card)), "effects", "equals", [])


@object_phrase("effects", "equals")
def say_no_effects(value: Any, context: Context) -> str | None:
    return "{card}は解決済みの効果を受けていない" if value == [] else None


POWER_EFFECT = r"パワー[+\-＋－]\d+"


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})が受けている解決済みの効果は(?P<effects>{POWER_EFFECT}(?:、{POWER_EFFECT})*)である"))
def effects_are(duel: Duel, card: str, effects: str) -> None:
    """The resolved effects on the object are exactly these power effects, in this order."""
    value = [{"kind": "power", "amount": signed_int(effect.removeprefix("パワー"))} for effect in effects.split("、")]
    expect_object(duel, duel.label(card_ref(card)), "effects", "equals", value)


@object_phrase("effects", "equals")
def say_effects_are(value: Any, context: Context) -> str | None:
    if not value or any(set(effect) != {"kind", "amount"} or effect["kind"] != "power" for effect in value):
        return None
    return "{card}が受けている解決済みの効果は" + "、".join(f"パワー{e['amount']:+d}" for e in value) + "である"


@then(parsers.re(rf"(?P<cards>{CARD_PATTERN}(?:と{CARD_PATTERN})+)はリンク(?P<neg>している|していない)"))
def linked(duel: Duel, cards: str, neg: str) -> None:
    """Whether the gods are linked into one creature: each one's object links all of them."""
    labels = [duel.label(ref) for ref in card_refs(cards)]
    together = {"check": "all", "of": [{"check": "object", "card": card, "field": "linked", "test": "contains",
                                        "value": other} for card in labels for other in labels]}
    duel.check({**(together if neg == "している" else {"check": "not", "of": together}), "observable": "linked"})


def _linked_together(check: Message) -> list[str] | None:
    """The cards an ``all`` check made by :func:`linked` says are linked together (or None if it is not one)."""
    if check["check"] != "all" or not check["of"]:
        return None
    labels = list(dict.fromkeys(part.get("card") for part in check["of"]))
    expected = [{"check": "object", "card": card, "field": "linked", "test": "contains", "value": other}
                for card in labels for other in labels]
    return labels if len(labels) > 1 and list(check["of"]) == expected else None


@check_phrase("all")
@check_phrase("not")
def say_linked(checks: Sequence[Message], context: Context) -> tuple[str, int] | None:
    check = checks[0]
    together = check["of"] if check["check"] == "not" else {k: v for k, v in check.items() if k != "observable"}
    labels = _linked_together(together) if check.get("observable") == "linked" and "observable" not in together \
        else None
    if labels is None:
        return None
    return f"{context.cards(labels)}はリンク{'していない' if check['check'] == 'not' else 'している'}", 1


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})はどのゴッドともリンクしていない"))
def not_linked(duel: Duel, card: str) -> None:
    """The card's object is not a linked creature (a god on its own)."""
    expect_object(duel, duel.label(card_ref(card)), "linked", "equals", [])


@object_phrase("linked", "equals")
def say_not_linked(value: Any, context: Context) -> str | None:
    return "{card}はどのゴッドともリンクしていない" if value == [] else None


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は左から(?P<gods>{CARDS_PATTERN})の順にリンクしている"))
def linked_as(duel: Duel, card: str, gods: str) -> None:
    """The card's object is linked, of exactly these gods' top cards, left to right."""
    expect_object(duel, duel.label(card_ref(card)), "linked", "equals", [duel.label(r) for r in card_refs(gods)])


@object_phrase("linked", "equals")
def say_linked_as(value: Any, context: Context) -> str | None:
    return "{card}は左から" + context.cards(value, "、") + "の順にリンクしている" if value else None


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})は(?P<face>{CARD_PATTERN})の面を見せている"))
def shows_face(duel: Duel, card: str, face: str) -> None:
    """The card (top of its object) shows this face."""
    expect_object(duel, duel.label(card_ref(card)), "face", "equals", card_ref(face).name)


@object_phrase("face", "equals")
def say_face(value: Any, context: Context) -> str | None:
    return "{card}は" + f"《{value}》の面を見せている" if value in context.registry else None


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})(?P<neg>は封印されている|に封印はない)"))
def sealed(duel: Duel, card: str, neg: str) -> None:
    """Whether the object has a seal."""
    expect_object(duel, duel.label(card_ref(card)), "seals", "empty", neg != "は封印されている")


@object_phrase("seals", "empty")
def say_sealed(value: Any, context: Context) -> str:
    return "{card}" + ("に封印はない" if value else "は封印されている")


@then(parsers.re(rf"(?P<card>{CARD_PATTERN})の封印は(?:(?P<seals>{CARDS_PATTERN})である|一つもない)"))
def seals_are(duel: Duel, card: str, seals: str | None) -> None:
    """The seals on the object are exactly these cards, in this order (一つもない: none)."""
    expected = [duel.label(r) for r in card_refs(seals)] if seals else []
    expect_object(duel, duel.label(card_ref(card)), "seals", "equals", expected)


@object_phrase("seals", "equals")
def say_seals_are(value: Any, context: Context) -> str | None:
    return "{card}の封印は" + (context.cards(value) + "である" if value else "一つもない")

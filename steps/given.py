"""前提 steps: the starting state. Each phrase is declared once (:mod:`shinpan.steps.phrase`), then its step
definition reads it and its renderer (setup fragment → the phrase) writes it."""

from __future__ import annotations

from typing import Any

from pytest_bdd import given

from shinpan.adapters.contract import PlayerName
from shinpan.adapters.sdk.vocabulary import Duration, TurnStep
from shinpan.steps.duel import Duel
from shinpan.steps.phrase import CARD, CARD_ZONE, CARDS, DURATION, NUMBER, PLAYER, SIGNED, TURN_STEP, Flag, Phrase
from shinpan.steps.printer.phrases import Context, Message, setup_phrase
from shinpan.steps.vocabulary import CardRef

DEFAULT_TURN_NUMBER = 3
"""The turn number a scenario that does not say one plays in (a turn after both players' first)."""

WHOSE_TURN = Phrase("[{number}ターン目の]{player}のターン[の{step}]である",
                    number=NUMBER, player=PLAYER, step=TURN_STEP)


@given(WHOSE_TURN.parser)
def whose_turn(duel: Duel, player: PlayerName, number: int | None, step: TurnStep | None) -> None:
    """It is this player's turn (the 3rd turn of the game, unless 〜ターン目の says), in its main step (unless
    the phrase names another step)."""
    duel.set_turn(player, DEFAULT_TURN_NUMBER if number is None else number, step or "main")


@setup_phrase("turn")
def say_whose_turn(turn: Message, context: Context) -> str:
    return WHOSE_TURN.write(number=None if turn["number"] == DEFAULT_TURN_NUMBER else turn["number"],
                            player=turn["active"], step=None if turn["step"] == "main" else turn["step"])


CARDS_IN_ZONE = Phrase("{player}の{zone}に{cards}がある", player=PLAYER, zone=CARD_ZONE, cards=CARDS)


@given(CARDS_IN_ZONE.parser)
def cards_in_zone(duel: Duel, player: PlayerName, zone: str, cards: tuple[CardRef, ...]) -> None:
    """Cards in a zone other than the battle zone, in order (the deck is listed top first)."""
    for ref in cards:
        duel.put(player, zone, ref)


@setup_phrase("zone")
def say_cards_in_zone(run: Message, context: Context) -> str:
    return CARDS_IN_ZONE.write(player=run["player"], zone=run["zone"], cards=context.refs(run["cards"]))


TAPPED_MANA = Phrase("{player}のマナゾーンにタップされた{cards}がある", player=PLAYER, cards=CARDS)


@given(TAPPED_MANA.parser)
def tapped_mana(duel: Duel, player: PlayerName, cards: tuple[CardRef, ...]) -> None:
    """Tapped cards in the mana zone, in order after the cards already there."""
    for ref in cards:
        duel.put_tapped_mana(player, ref)


@setup_phrase("tapped_mana")
def say_tapped_mana(run: Message, context: Context) -> str:
    return TAPPED_MANA.write(player=run["player"], cards=context.refs(run["cards"]))


ELEMENTS = Phrase("{player}のバトルゾーンに{cards}がある", player=PLAYER, cards=CARDS)


@given(ELEMENTS.parser)
def elements_in_battle_zone(duel: Duel, player: PlayerName, cards: tuple[CardRef, ...]) -> None:
    """Non-creature elements in the battle zone (フィールド, …): each its own object, there since before this turn."""
    for ref in cards:
        duel.put_object(player, [ref])


def _plain(obj: Message) -> bool:
    """An object of one card, said with nothing but its place."""
    return len(obj["cards"]) == 1 and not (obj["treated"] or obj["tapped"] or obj["attacking"] or obj["arrived"])


@setup_phrase("object")
def say_element(obj: Message, context: Context) -> str | None:
    if not _plain(obj) or context.is_creature(obj["cards"][0]):
        return None
    return ELEMENTS.write(player=obj["player"], cards=context.refs(obj["cards"]))


CREATURES = Phrase("{player}のバトルゾーンに[{arrived}][{tapped}][{attacking}]{cards}がいる", player=PLAYER,
                   arrived=Flag("このターンに出た"), tapped=Flag("タップされた"), attacking=Flag("攻撃中の"),
                   cards=CARDS)


@given(CREATURES.parser)
def creatures_in_state(duel: Duel, player: PlayerName, arrived: bool, tapped: bool, attacking: bool,
                       cards: tuple[CardRef, ...]) -> None:
    """Battle-zone objects of one card each: untapped and there since before this turn, unless
    このターンに出た (entered this turn), タップされた (tapped) or 攻撃中の (attacking, so tapped) says otherwise."""
    for ref in cards:
        duel.put_object(player, [ref], tapped=tapped or attacking, arrived=arrived, attacking=attacking)


@setup_phrase("object")
def say_creature(obj: Message, context: Context) -> str | None:
    if len(obj["cards"]) != 1 or obj["treated"] or (_plain(obj) and not context.is_creature(obj["cards"][0])):
        return None
    return CREATURES.write(player=obj["player"], arrived=bool(obj["arrived"]), attacking=bool(obj["attacking"]),
                           tapped=bool(obj["tapped"]) and not obj["attacking"], cards=context.refs(obj["cards"]))


ATTACKING = Phrase("{card}は攻撃している", card=CARD)


@given(ATTACKING.parser)
def attacking_at_start(duel: Duel, card: CardRef) -> None:
    """The object the card is part of is attacking (without being tapped, unless a phrase said so)."""
    duel.setup_object(card)["attacking"] = True


@setup_phrase("attacking")
def say_attacking(flag: Message, context: Context) -> str:
    return ATTACKING.write(card=context.ref(flag["card"]))


POWER_EFFECT = Phrase("{card}は解決済みの効果で{until}パワー{amount}されている",
                      card=CARD, until=DURATION, amount=SIGNED)


@given(POWER_EFFECT.parser)
def resolved_power_effect(duel: Duel, card: CardRef, until: Duration, amount: int) -> None:
    """A spell or ability has already resolved and changed the power until end of turn (or with no end)."""
    duel.add_effect(card, amount, until)


@setup_phrase("effect")
def say_power_effect(fragment: Message, context: Context) -> str | None:
    effect: dict[str, Any] = dict(fragment["effect"])
    if effect["kind"] != "power":
        return None
    return POWER_EFFECT.write(card=context.ref(effect["target"]), until=effect.get("duration", "end_of_turn"),
                              amount=effect["amount"])

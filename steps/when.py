"""もし steps: the moves. Each phrase is followed by its renderer (move → the phrase)."""

from __future__ import annotations

from pytest_bdd import parsers, when

from shinpan.steps.duel import Duel
from shinpan.steps.printer.phrases import Context, Message, action_phrase, attempt_phrase, choice_phrase
from shinpan.steps.vocabulary import (
    CARD_PATTERN,
    CARDS_PATTERN,
    DECK_POSITION_PATTERN,
    DECK_POSITIONS,
    PLAYER_PATTERN,
    PLAYERS,
    ZONE_PATTERN,
    ZONES,
    card_ref,
    card_refs,
)
from shinpan.suite.step_library import library

PLACE_OF_POSITION = {value: word for word, value in DECK_POSITIONS.items()}


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})が(?P<card>{CARD_PATTERN})を召喚する"))
def summon(duel: Duel, player: str, card: str) -> None:
    """召喚: the card's owner summons it from the hand."""
    duel.act({"type": "summon", "card": duel.own(PLAYERS[player], card_ref(card))})


@action_phrase("summon")
def say_summon(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or "sources" in action:
        return None
    return f"{context.owner(action['card'])}が{context.card(action['card'])}を召喚する"


@when(parsers.re(rf"効果で(?P<cards>{CARDS_PATTERN})が(同時に)?破壊される"))
def destroy(duel: Duel, cards: str) -> None:
    """An effect destroys the named creatures at the same time."""
    duel.act({"type": "destroy", "cards": [duel.label(ref) for ref in card_refs(cards)]})


@action_phrase("destroy")
def say_destroy(action: Message, attempt: bool, context: Context) -> str | None:
    together = "同時に" if len(action["cards"]) > 1 else ""
    return None if attempt else f"効果で{context.cards(action['cards'])}が{together}破壊される"


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})が(?P<state>タップ|アンタップ)される"))
def tap(duel: Duel, card: str, state: str) -> None:
    """An effect taps (or untaps) the object the card is part of."""
    duel.act({"type": "tap" if state == "タップ" else "untap", "card": duel.label(card_ref(card))})


@action_phrase("tap")
@action_phrase("untap")
def say_tap(action: Message, attempt: bool, context: Context) -> str | None:
    state = "タップ" if action["type"] == "tap" else "アンタップ"
    return None if attempt else f"効果で{context.card(action['card'])}が{state}される"


def _by(by: str | None) -> dict[str, str]:
    """The ``by`` field of a move made by a named player's effect (相手の効果で…), if the phrase names one."""
    return {"by": PLAYERS[by]} if by else {}


def _said_by(action: Message, context: Context) -> str:
    return f"{context.player(action['by'])}の" if "by" in action else ""


@when(parsers.re(rf"効果で(?P<card>{CARD_PATTERN})が持ち主の(?P<zone>{ZONE_PATTERN})に置かれる"))
def move(duel: Duel, card: str, zone: str) -> None:
    """An effect moves the card (with its object) to its owner's zone; the battle zone means 出す."""
    label = duel.label(card_ref(card))
    if ZONES[zone] == "battle":
        duel.act({"type": "put_into_battle", "card": label})
    else:
        duel.act({"type": "move", "card": label, "to": ZONES[zone]})


@action_phrase("move")
def say_move(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or "by" in action or "position" in action:
        return None
    return f"効果で{context.card(action['card'])}が持ち主の{context.zone(action['to'])}に置かれる"


@when(parsers.re(
    rf"(?:(?P<by>{PLAYER_PATTERN})の)?効果で(?P<card>{CARD_PATTERN})が持ち主の山札の(?P<where>{DECK_POSITION_PATTERN})"
    "に置かれる"
))
def move_into_deck(duel: Duel, by: str | None, card: str, where: str) -> None:
    """An effect (of the named player's, if said) puts the card (with its object) on top of, or at the bottom of, its
    owner's deck."""
    duel.act({"type": "move", "card": duel.label(card_ref(card)), "to": "deck", "position": DECK_POSITIONS[where],
              **_by(by)})


@when(parsers.re(
    rf"(?:(?P<by>{PLAYER_PATTERN})の)?効果で(?P<card>{CARD_PATTERN})が持ち主の山札に加えられ、山札がシャッフルされる"
))
def shuffle_into_deck(duel: Duel, by: str | None, card: str) -> None:
    """An effect (of the named player's, if said) puts the card into its owner's deck, and the deck is shuffled
    (山札に加えてシャッフルする)."""
    duel.act({"type": "move", "card": duel.label(card_ref(card)), "to": "deck", "position": "shuffled", **_by(by)})


@action_phrase("move")
def say_move_into_deck(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or action["to"] != "deck" or "position" not in action:
        return None
    card = f"{_said_by(action, context)}効果で{context.card(action['card'])}が持ち主の山札"
    if action["position"] == "shuffled":
        return f"{card}に加えられ、山札がシャッフルされる"
    return f"{card}の{PLACE_OF_POSITION[action['position']]}に置かれる"


@when(parsers.re(rf"効果で(?P<cards>{CARD_PATTERN}(?:と{CARD_PATTERN})*)が(?:同時に)?(?P<tapped>タップして)?バトルゾーンに出る"))
def put_into_battle(duel: Duel, cards: str, tapped: str | None) -> None:
    """出す: an effect puts the card into its owner's battle zone (タップして: tapped). Several cards are put in by
    one effect at the same time (同時に): one event (603.5a), or, under 409.1f, held and entering one at a time in
    the order scripted (enter_order)."""
    first, *rest = [duel.label(ref) for ref in card_refs(cards)]
    duel.act({"type": "put_into_battle", "card": first, **({"with": rest} if rest else {}),
              **({"tapped": True} if tapped else {})})


@action_phrase("put_into_battle")
def say_put_into_battle(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or "sources" in action:
        return None
    together = [action["card"], *action.get("with", [])]
    return (f"効果で{context.cards(together)}が{'同時に' if len(together) > 1 else ''}"
            f"{'タップして' if action.get('tapped') else ''}バトルゾーンに出る")


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})は(?P<cards>{CARDS_PATTERN})の順に1枚ずつバトルゾーンに出すことにする"))
def choose_entering_order(duel: Duel, player: str, cards: str) -> None:
    """Scripted choice enter_order: the order in which the cards one effect puts into the battle zone together
    enter, one at a time (409.1f)."""
    duel.script_choice(PLAYERS[player], "enter_order", card_refs(cards))


@choice_phrase("enter_order")
def say_entering_order(choice: Message, context: Context) -> str:
    order = context.cards(choice["picks"])
    return f"{context.player(choice['player'])}は{order}の順に1枚ずつバトルゾーンに出すことにする"


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})が(?P<card>{CARD_PATTERN})をマナゾーンに置く"))
def charge_mana(duel: Duel, player: str, card: str) -> None:
    """マナチャージ from the hand."""
    duel.act({"type": "charge_mana", "card": duel.own(PLAYERS[player], card_ref(card))})


@action_phrase("charge_mana")
def say_charge_mana(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else f"{context.owner(action['card'])}が{context.card(action['card'])}をマナゾーンに置く"


@when(parsers.re(rf"(?P<player>{PLAYER_PATTERN})がカードを(?P<count>\d+)枚引く"))
def draw(duel: Duel, player: str, count: str) -> None:
    """The player draws cards from the top of the deck."""
    duel.draw_from(PLAYERS[player], int(count))
    duel.act({"type": "draw", "player": PLAYERS[player], "count": int(count)})


@action_phrase("draw")
def say_draw(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else f"{context.player(action['player'])}がカードを{action.get('count', 1)}枚引く"


@when(parsers.re(rf"(?P<card>{CARD_PATTERN})で(?P<target>{PLAYER_PATTERN})を攻撃(?P<attempt>しようと)?する"))
def attack_player(duel: Duel, card: str, target: str, attempt: str | None) -> None:
    """Declare an attack on a player. 〜しようとする only tries: the result is checked by a later step."""
    action = {"type": "attack", "attacker": duel.label(card_ref(card)), "target": {"player": PLAYERS[target]}}
    duel.act(action, attempt=bool(attempt))


@when(parsers.re(rf"(?P<card>{CARD_PATTERN})で(?P<target>{CARD_PATTERN})を攻撃(?P<attempt>しようと)?する"))
def attack_creature(duel: Duel, card: str, target: str, attempt: str | None) -> None:
    """Declare an attack on a creature. 〜しようとする only tries: the result is checked by a later step."""
    action = {"type": "attack", "attacker": duel.label(card_ref(card)),
              "target": {"card": duel.label(card_ref(target))}}
    duel.act(action, attempt=bool(attempt))


@action_phrase("attack")
def say_attack(action: Message, attempt: bool, context: Context) -> str:
    target = action["target"]
    whom = context.player(target["player"]) if "player" in target else context.card(target["card"])
    return f"{context.card(action['attacker'])}で{whom}を攻撃{'しようと' if attempt else ''}する"


@when("ターンが終わる")
def end_turn(duel: Duel) -> None:
    """The current turn ends and the next player's turn begins."""
    duel.end_turn()


@action_phrase("end_turn")
def say_end_turn(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else "ターンが終わる"


@when(parsers.re(rf"次の(?P<player>{PLAYER_PATTERN})のターンになる"))
def next_turn_of(duel: Duel, player: str) -> None:
    """Turns end until the named player's next turn has begun (at least one turn ends; whose turn it is follows
    from the setup and the turns ended, as the players alternate)."""
    duel.end_turn()
    while duel.active_player() != PLAYERS[player]:
        duel.end_turn()


@when(parsers.re(r"「(?P<move>(?:《[^《》]+》|[^「」《》])+)」ことを試みる"))
def attempt(duel: Duel, move: str) -> None:
    """Only try the move the quoted phrase (a もし phrase of a move) says: the rules may reject it, and a later
    その行動は… step says whether they did."""
    found = [d for d in library().matching("when", move) if d.step_func is not attempt]
    if len(found) != 1:
        raise LookupError(f"「{move}」 is not one phrase of a move: {len(found)} もし steps say it")
    definition = found[0]
    before = duel.moves_made
    with duel.attempting():
        definition.step_func(duel=duel, **definition.parser.parse_arguments(move))
    if duel.moves_made != before + 1:
        raise ValueError(f"「{move}」 makes {duel.moves_made - before} moves: only one move can be tried")


@attempt_phrase
def say_attempt(made: str) -> str:
    return f"「{made}」ことを試みる"

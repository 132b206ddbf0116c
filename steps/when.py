"""もし steps: the moves. Each phrase is declared once (:mod:`shinpan.steps.phrase`), then its step definition reads
it and its renderer (move → the phrase) writes it."""

from __future__ import annotations

import inspect

from pytest_bdd import when

from shinpan.adapters.contract import PlayerName
from shinpan.adapters.sdk.vocabulary import DeckPosition, Zone
from shinpan.steps.duel import Duel
from shinpan.steps.phrase import CARD, CARDS, DECK_POSITION, NUMBER, PLAYER, ZONE, Cards, Flag, Phrase, Text, Words
from shinpan.steps.printer.phrases import Context, Message, action_phrase, attempt_phrase, choice_phrase
from shinpan.steps.vocabulary import CardRef
from shinpan.suite.step_library import library

SUMMON = Phrase("{player}が{card}を召喚する", player=PLAYER, card=CARD)


@when(SUMMON.parser)
def summon(duel: Duel, player: PlayerName, card: CardRef) -> None:
    """召喚: the card's owner summons it from the hand."""
    duel.act({"type": "summon", "card": duel.own(player, card)})


@action_phrase("summon")
def say_summon(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or "sources" in action:
        return None
    return SUMMON.write(player=context.owner_of(action["card"]), card=context.ref(action["card"]))


TOGETHER = Flag("同時に")
DESTROY = Phrase("効果で{cards}が[{together}]破壊される", cards=CARDS, together=TOGETHER)


@when(DESTROY.parser)
def destroy(duel: Duel, cards: tuple[CardRef, ...], together: bool) -> None:
    """An effect destroys the named creatures at the same time."""
    duel.act({"type": "destroy", "cards": [duel.label(ref) for ref in cards]})


@action_phrase("destroy")
def say_destroy(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else DESTROY.write(cards=context.refs(action["cards"]), together=len(action["cards"]) > 1)


TAPS = Words({"タップ": "tap", "アンタップ": "untap"}, "tap or untap")
TAP = Phrase("効果で{card}が{state}される", card=CARD, state=TAPS)


@when(TAP.parser)
def tap(duel: Duel, card: CardRef, state: str) -> None:
    """An effect taps (or untaps) the object the card is part of."""
    duel.act({"type": state, "card": duel.label(card)})


@action_phrase("tap")
@action_phrase("untap")
def say_tap(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else TAP.write(card=context.ref(action["card"]), state=action["type"])


def _by(by: PlayerName | None) -> dict[str, str]:
    """The ``by`` field of a move made by a named player's effect (相手の効果で…), if the phrase names one."""
    return {"by": by} if by else {}


MOVE = Phrase("効果で{card}が持ち主の{zone}に置かれる", card=CARD, zone=ZONE)


@when(MOVE.parser)
def move(duel: Duel, card: CardRef, zone: Zone) -> None:
    """An effect moves the card (with its object) to its owner's zone; the battle zone means 出す."""
    label = duel.label(card)
    if zone == "battle":
        duel.act({"type": "put_into_battle", "card": label})
    else:
        duel.act({"type": "move", "card": label, "to": zone})


@action_phrase("move")
def say_move(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or "by" in action or "position" in action:
        return None
    return MOVE.write(card=context.ref(action["card"]), zone=action["to"])


INTO_DECK = Phrase("[{by}の]効果で{card}が持ち主の山札の{where}に置かれる", by=PLAYER, card=CARD, where=DECK_POSITION)


@when(INTO_DECK.parser)
def move_into_deck(duel: Duel, by: PlayerName | None, card: CardRef, where: DeckPosition) -> None:
    """An effect (of the named player's, if said) puts the card (with its object) on top of, or at the bottom of, its
    owner's deck."""
    duel.act({"type": "move", "card": duel.label(card), "to": "deck", "position": where, **_by(by)})


SHUFFLED_IN = Phrase("[{by}の]効果で{card}が持ち主の山札に加えられ、山札がシャッフルされる", by=PLAYER, card=CARD)


@when(SHUFFLED_IN.parser)
def shuffle_into_deck(duel: Duel, by: PlayerName | None, card: CardRef) -> None:
    """An effect (of the named player's, if said) puts the card into its owner's deck, and the deck is shuffled
    (山札に加えてシャッフルする)."""
    duel.act({"type": "move", "card": duel.label(card), "to": "deck", "position": "shuffled", **_by(by)})


@action_phrase("move")
def say_move_into_deck(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or action["to"] != "deck" or "position" not in action:
        return None
    by, card = action.get("by"), context.ref(action["card"])
    if action["position"] == "shuffled":
        return SHUFFLED_IN.write(by=by, card=card)
    return INTO_DECK.write(by=by, card=card, where=action["position"])


PUT_INTO_BATTLE = Phrase("効果で{cards}が[{together}][{tapped}]バトルゾーンに出る", cards=Cards(joiners=("と",)),
                         together=TOGETHER, tapped=Flag("タップして"))


@when(PUT_INTO_BATTLE.parser)
def put_into_battle(duel: Duel, cards: tuple[CardRef, ...], together: bool, tapped: bool) -> None:
    """出す: an effect puts the card into its owner's battle zone (タップして: tapped). Several cards are put in by
    one effect at the same time (同時に): one event (603.5a), or, under 409.1f, held and entering one at a time in
    the order scripted (enter_order)."""
    first, *rest = [duel.label(ref) for ref in cards]
    duel.act({"type": "put_into_battle", "card": first, **({"with": rest} if rest else {}),
              **({"tapped": True} if tapped else {})})


@action_phrase("put_into_battle")
def say_put_into_battle(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt or "sources" in action:
        return None
    together = [action["card"], *action.get("with", [])]
    return PUT_INTO_BATTLE.write(cards=context.refs(together), together=len(together) > 1,
                                 tapped=bool(action.get("tapped")))


ENTERING_ORDER = Phrase("{player}は{cards}の順に1枚ずつバトルゾーンに出すことにする", player=PLAYER, cards=CARDS)


@when(ENTERING_ORDER.parser)
def choose_entering_order(duel: Duel, player: PlayerName, cards: tuple[CardRef, ...]) -> None:
    """Scripted choice enter_order: the order in which the cards one effect puts into the battle zone together
    enter, one at a time (409.1f)."""
    duel.script_choice(player, "enter_order", list(cards))


@choice_phrase("enter_order")
def say_entering_order(choice: Message, context: Context) -> str:
    return ENTERING_ORDER.write(player=choice["player"], cards=context.refs(choice["picks"]))


CHARGE_MANA = Phrase("{player}が{card}をマナゾーンに置く", player=PLAYER, card=CARD)


@when(CHARGE_MANA.parser)
def charge_mana(duel: Duel, player: PlayerName, card: CardRef) -> None:
    """マナチャージ from the hand."""
    duel.act({"type": "charge_mana", "card": duel.own(player, card)})


@action_phrase("charge_mana")
def say_charge_mana(action: Message, attempt: bool, context: Context) -> str | None:
    if attempt:
        return None
    return CHARGE_MANA.write(player=context.owner_of(action["card"]), card=context.ref(action["card"]))


DRAW = Phrase("{player}がカードを{count}枚引く", player=PLAYER, count=NUMBER)


@when(DRAW.parser)
def draw(duel: Duel, player: PlayerName, count: int) -> None:
    """The player draws cards from the top of the deck."""
    duel.draw_from(player, count)
    duel.act({"type": "draw", "player": player, "count": count})


@action_phrase("draw")
def say_draw(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else DRAW.write(player=action["player"], count=action.get("count", 1))


TRYING = Flag("しようと")
ATTACK_PLAYER = Phrase("{card}で{target}を攻撃[{attempt}]する", card=CARD, target=PLAYER, attempt=TRYING)
ATTACK_CREATURE = Phrase("{card}で{target}を攻撃[{attempt}]する", card=CARD, target=CARD, attempt=TRYING)


@when(ATTACK_PLAYER.parser)
def attack_player(duel: Duel, card: CardRef, target: PlayerName, attempt: bool) -> None:
    """Declare an attack on a player. 〜しようとする only tries: the result is checked by a later step."""
    duel.act({"type": "attack", "attacker": duel.label(card), "target": {"player": target}}, attempt=attempt)


@when(ATTACK_CREATURE.parser)
def attack_creature(duel: Duel, card: CardRef, target: CardRef, attempt: bool) -> None:
    """Declare an attack on a creature. 〜しようとする only tries: the result is checked by a later step."""
    duel.act({"type": "attack", "attacker": duel.label(card), "target": {"card": duel.label(target)}},
             attempt=attempt)


@action_phrase("attack")
def say_attack(action: Message, attempt: bool, context: Context) -> str:
    target, attacker = action["target"], context.ref(action["attacker"])
    if "player" in target:
        return ATTACK_PLAYER.write(card=attacker, target=target["player"], attempt=attempt)
    return ATTACK_CREATURE.write(card=attacker, target=context.ref(target["card"]), attempt=attempt)


END_TURN = Phrase("ターンが終わる")


@when(END_TURN.parser)
def end_turn(duel: Duel) -> None:
    """The current turn ends and the next player's turn begins."""
    duel.end_turn()


@action_phrase("end_turn")
def say_end_turn(action: Message, attempt: bool, context: Context) -> str | None:
    return None if attempt else END_TURN.write()


NEXT_TURN = Phrase("次の{player}のターンになる", player=PLAYER)


@when(NEXT_TURN.parser)
def next_turn_of(duel: Duel, player: PlayerName) -> None:
    """Turns end until the named player's next turn has begun (at least one turn ends; whose turn it is follows
    from the setup and the turns ended, as the players alternate)."""
    duel.end_turn()
    while duel.active_player() != player:
        duel.end_turn()


ATTEMPT = Phrase("「{move}」ことを試みる", move=Text(r"(?:《[^《》]+》|[^「」《》])+"))


@when(ATTEMPT.parser)
def attempt(duel: Duel, move: str) -> None:
    """Only try the move the quoted phrase (a もし phrase of a move) says: the rules may reject it, and a later
    その行動は… step says whether they did."""
    found = [d for d in library().matching("when", move) if d.step_func is not attempt]
    if len(found) != 1:
        raise LookupError(f"「{move}」 is not one phrase of a move: {len(found)} もし steps say it")
    definition = found[0]
    before = duel.moves_made
    said = definition.parser.parse_arguments(move) or {}
    wanted = inspect.signature(definition.step_func).parameters  # as pytest-bdd: the fields the step asks for
    with duel.attempting():
        definition.step_func(duel=duel, **{name: value for name, value in said.items() if name in wanted})
    if duel.moves_made != before + 1:
        raise ValueError(f"「{move}」 makes {duel.moves_made - before} moves: only one move can be tried")


@attempt_phrase
def say_attempt(made: str) -> str:
    return ATTEMPT.write(move=made)

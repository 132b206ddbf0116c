"""The way back from the contract to the phrases (句): each step family registers, next to its step definitions,
a renderer that prints the message a step compiles to as that step's Japanese phrase.

Four families of renderers, one per kind of contract element a scenario is made of:

- :func:`setup_phrase` — a fragment of the starting state (:mod:`shinpan.steps.printer.setup` cuts the ``setup``
  state into fragments: whose turn, a run of cards in a zone, a battle-zone object, a flag of an object, an effect)
  → a 前提 phrase;
- :func:`action_phrase` — a move (``act``'s ``action``, and whether the rules may reject it) → a もし phrase; a move
  only tried that no phrase of its own says is the move's phrase wrapped by the one :func:`attempt_phrase`;
- :func:`choice_phrase` — a scripted choice (``act``'s ``choices``) → a もし phrase written before its move;
- :func:`check_phrase` — one or more checks (:mod:`shinpan.running.checks`) → a ならば phrase.

A renderer answers ``None`` for a message that is not its own. For every message exactly one renderer of its
family answers (for checks: exactly one among those that consume the most checks), so two phrases never claim the
same message; a message no renderer answers is a :class:`RenderError` naming it. A renderer prints text that its own
step definition parses back to the same message — the round-trip test (tests/test_printer.py) holds the two
directions together.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from shinpan.adapters.cards import CARD_REFERENCE, CardRegistry
from shinpan.adapters.sdk.vocabulary import PLAYER_TERMS, ZONE_TERMS
from shinpan.errors import RenderError
from shinpan.running.checks import CheckForm
from shinpan.steps.vocabulary import CardRef

Message = Mapping[str, Any]
WORD_OF_PLAYER: dict[str, str] = {name: term.japanese for name, term in PLAYER_TERMS.items()}
WORD_OF_ZONE: dict[str, str] = {name: term.japanese for name, term in ZONE_TERMS.items()}


@dataclass(frozen=True)
class Context:
    """What a renderer knows besides the message: the scenario's cards (label → name), the player each card
    belongs to and the zone the setup put it in, and the card registry (what kind of card each is)."""

    names: Mapping[str, str]
    owners: Mapping[str, str]
    zones: Mapping[str, str]
    registry: CardRegistry

    def card(self, label: str) -> str:
        """The card as a step names it: 《name》, with ``(label)`` when the label is not the name."""
        name = self.names.get(label)
        if name is None:
            raise RenderError(f"the card labelled {label!r} is not in the setup's cards")
        text = f"《{name}》" if label == name else f"《{name}》({label})"
        match = CARD_REFERENCE.fullmatch(text)
        if match is None or (match["label"] or match["name"]) != label:
            raise RenderError(f"the label {label!r} of 《{name}》 cannot be written in a step "
                              "(a label has no spaces or parentheses)")
        return text

    def ref(self, label: str) -> CardRef:
        """The card a label names, as a phrase's field holds it (:class:`shinpan.steps.phrase.Card`)."""
        name = self.names.get(label)
        if name is None:
            raise RenderError(f"the card labelled {label!r} is not in the setup's cards")
        return CardRef(name, label)

    def refs(self, labels: Sequence[str]) -> tuple[CardRef, ...]:
        """Several cards, in order, as a phrase's field holds them (:class:`shinpan.steps.phrase.Cards`)."""
        return tuple(self.ref(label) for label in labels)

    def cards(self, labels: Sequence[str], joiner: str = "と") -> str:
        """Several cards, in order, joined by と (or 、)."""
        if not labels:
            raise RenderError("a phrase lists cards, but the message names none")
        return joiner.join(self.card(label) for label in labels)

    def player(self, player: str) -> str:
        """自分 (me) or 相手 (opp)."""
        try:
            return WORD_OF_PLAYER[player]
        except KeyError:
            raise RenderError(f"{player!r} is not a player (me, opp)") from None

    def owner(self, label: str) -> str:
        """The player (自分 / 相手) whose zones the setup put the card in."""
        return self.player(self.owner_of(label))

    def owner_of(self, label: str) -> str:
        """The player (``me`` / ``opp``) whose zones the setup put the card in."""
        owner = self.owners.get(label)
        if owner is None:
            raise RenderError(f"the setup puts {self.card(label)} in no player's zone")
        return owner

    def zone(self, zone: str) -> str:
        """The zone's Japanese name."""
        try:
            return WORD_OF_ZONE[zone]
        except KeyError:
            raise RenderError(f"{zone!r} is not a zone") from None

    def is_creature(self, label: str) -> bool:
        """Whether the card is a creature by its printed type (it いる in a zone; other cards ある)."""
        name = self.names.get(label)
        return name is not None and name in self.registry and \
            "クリーチャー" in str(self.registry.get(name).data.get("type", ""))

    def be(self, label: str, zone: str) -> str:
        """The verb of being for the card in the zone: いる for a creature in the battle zone, else ある."""
        return "いる" if zone == "battle" and self.is_creature(label) else "ある"


SetupRenderer = Callable[[Message, Context], str | None]
ActionRenderer = Callable[[Message, bool, Context], str | None]
ChoiceRenderer = Callable[[Message, Context], str | None]
CheckRenderer = Callable[[Sequence[CheckForm], Context], tuple[str, int] | None]
AttemptRenderer = Callable[[str], str]
R = TypeVar("R", bound=Callable[..., Any])


@dataclass(frozen=True)
class Phrasebook:
    """Every renderer of the step library, by family and by the key of the messages it prints (a fragment's
    ``fragment``, an action's ``type``, a choice's ``kind``, a check's form)."""

    setup: dict[str, list[SetupRenderer]] = field(default_factory=dict)
    action: dict[str, list[ActionRenderer]] = field(default_factory=dict)
    choice: dict[str, list[ChoiceRenderer]] = field(default_factory=dict)
    check: dict[str, list[CheckRenderer]] = field(default_factory=dict)
    attempt: list[AttemptRenderer] = field(default_factory=list)


PHRASEBOOK = Phrasebook()
"""The renderers the step modules registered when they were imported."""


def _register(table: dict[str, list[Any]], key: str) -> Callable[[R], R]:
    def register(renderer: R) -> R:
        if renderer not in table.setdefault(key, []):
            table[key].append(renderer)
        return renderer
    return register


def setup_phrase(fragment: str) -> Callable[[R], R]:
    """Register a renderer of a setup fragment of this kind: ``(fragment, context) -> phrase | None``."""
    return _register(PHRASEBOOK.setup, fragment)


def action_phrase(action_type: str) -> Callable[[R], R]:
    """Register a renderer of moves of this type: ``(action, attempt, context) -> phrase | None``."""
    return _register(PHRASEBOOK.action, action_type)


def choice_phrase(kind: str) -> Callable[[R], R]:
    """Register a renderer of scripted choices of this kind: ``(choice, context) -> phrase | None``."""
    return _register(PHRASEBOOK.choice, kind)


def attempt_phrase(renderer: AttemptRenderer) -> AttemptRenderer:
    """Register the renderer of a move only tried, from the phrase of the move made: ``(phrase) -> phrase``."""
    if renderer not in PHRASEBOOK.attempt:
        PHRASEBOOK.attempt.append(renderer)
    return renderer


def check_phrase(form: type[CheckForm]) -> Callable[[R], R]:
    """Register a renderer of checks starting with one of this form: ``(checks, context) -> (phrase, how many
    checks it says) | None``."""
    return _register(PHRASEBOOK.check, form.kind)


def _one(answers: list[str], what: str, message: object) -> str:
    if not answers:
        raise RenderError(f"no phrase of the step library says {what} {message}")
    if len(set(answers)) > 1:
        raise RenderError(f"several phrases say {what} {message}: " + " / ".join(answers))
    return answers[0]


def render_fragment(fragment: Message, context: Context) -> str:
    """The 前提 phrase of a setup fragment."""
    renderers = PHRASEBOOK.setup.get(str(fragment["fragment"]), [])
    return _one([a for r in renderers if (a := r(fragment, context)) is not None], "the setup fragment", fragment)


def render_action(action: Message, attempt: bool, context: Context) -> str:
    """The もし phrase of a move (``attempt``: the rules may reject it, 〜しようとする)."""
    renderers = PHRASEBOOK.action.get(str(action.get("type")), [])
    answers = [a for r in renderers if (a := r(action, attempt, context)) is not None]
    if attempt and not answers and PHRASEBOOK.attempt:
        made = render_action(action, False, context)
        answers = [tried(made) for tried in PHRASEBOOK.attempt]
    return _one(answers, "the attempted move" if attempt else "the move", action)


def render_choice(choice: Message, context: Context) -> str:
    """The もし phrase of a scripted choice."""
    renderers = PHRASEBOOK.choice.get(str(choice.get("kind")), [])
    return _one([a for r in renderers if (a := r(choice, context)) is not None], "the choice", choice)


def render_checks(checks: Sequence[CheckForm], context: Context) -> tuple[str, int]:
    """The ならば phrase saying the first of ``checks`` (and the checks after it that the same phrase makes), and
    how many checks it says."""
    renderers = PHRASEBOOK.check.get(checks[0].kind, [])
    answers = [a for r in renderers if (a := r(checks, context)) is not None]
    if not answers:
        raise RenderError(f"no phrase of the step library says the check {checks[0].to_json()}")
    most = max(count for _, count in answers)
    text = _one([t for t, count in answers if count == most], "the check", checks[0].to_json())
    return text, most

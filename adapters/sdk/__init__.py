"""The adapter SDK (アダプターSDK): the contract's vocabulary as typed data, and what every adapter writes again.

No pytest, nothing of the kit's runner: an adapter may depend on it as it does on the contract package.

- :mod:`~shinpan.adapters.sdk.vocabulary` — zones, players, steps, choice kinds, effect kinds, observables,
  events and mechanics, each with its Japanese term;
- :mod:`~shinpan.adapters.sdk.actions` — every move of ``action.json`` as a frozen dataclass, with the mechanics
  it needs and the decisions it may ask for; :mod:`~shinpan.adapters.sdk.state` — the starting state of
  ``setup.json``;
- :mod:`~shinpan.adapters.sdk.abilities` and :mod:`~shinpan.adapters.sdk.cards` — the cards of
  ``features/cards.yaml`` with their structured abilities, and a visitor to compile them;
- :mod:`~shinpan.adapters.sdk.answers` — what an engine raises instead of doing a move (unsupported, rejected,
  a choice needed, a script mismatch), turned into the contract's statuses;
- :mod:`~shinpan.adapters.sdk.choices` — the scripted choices, with the one-legal-answer rule;
- :mod:`~shinpan.adapters.sdk.labels` and :mod:`~shinpan.adapters.sdk.board` — the label map, and the setup
  walker that builds the board through a few engine hooks;
- :mod:`~shinpan.adapters.sdk.observation` and :mod:`~shinpan.adapters.sdk.events` — an observation that is
  valid by construction, and the events since the last one;
- :mod:`~shinpan.adapters.sdk.rules` — which rules the engine plays;
- :mod:`~shinpan.adapters.sdk.adapter` — :class:`EngineAdapter`, the six requests done once: an engine writes
  ``start``, ``perform`` and ``look``.

The names most adapters need are importable from here.
"""

from shinpan.adapters.sdk.abilities import AbilityVisitor
from shinpan.adapters.sdk.actions import Action, action_from_message
from shinpan.adapters.sdk.adapter import EngineAdapter
from shinpan.adapters.sdk.answers import BadRequest, ChoiceNeeded, Question, Rejected, ScriptMismatch, Unsupported
from shinpan.adapters.sdk.board import Board, BoardHooks, Pile, build_board
from shinpan.adapters.sdk.cards import CardModel, card_models
from shinpan.adapters.sdk.choices import ScriptedChoices
from shinpan.adapters.sdk.events import EventRecorder
from shinpan.adapters.sdk.labels import LabelMap
from shinpan.adapters.sdk.observation import ObservationBuilder
from shinpan.adapters.sdk.rules import RulesPlayed
from shinpan.adapters.sdk.state import BattleObject, PlayerSetup, Setup, Turn

__all__ = ["AbilityVisitor", "Action", "BadRequest", "BattleObject", "Board", "BoardHooks", "CardModel",
           "ChoiceNeeded", "EngineAdapter", "EventRecorder", "LabelMap", "ObservationBuilder", "Pile", "PlayerSetup",
           "Question", "Rejected", "RulesPlayed", "ScriptMismatch", "ScriptedChoices", "Setup", "Turn", "Unsupported",
           "action_from_message", "build_board", "card_models"]

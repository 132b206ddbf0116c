"""The shinpan reference rules engine (参照エンジン).

Pure Python, deterministic, no third-party runtime dependencies. It implements the rules of the
デュエル・マスターズ総合ゲームルール that the suite encodes, as a statement of those rules: every
change of the game goes through one event pipeline (:mod:`shinpan.reference_engine.pipeline.pipeline`), and
code that differs between rules revisions asks a :class:`~shinpan.reference_engine.core.rules_state.RulesState` a
named question instead of comparing dates.

Its layers, lowest first; each imports only the ones below it (``tests/test_engine_layers.py``):

1. :mod:`~shinpan.reference_engine.core` — what a game is made of and how to read it (values, the state, events);
2. :mod:`~shinpan.reference_engine.transitions` — one object becomes others: the carry-over table (引き継ぎ早見表),
   one module per row;
3. :mod:`~shinpan.reference_engine.pipeline` — the event pipeline every zone move takes (replace, look back,
   perform, record, trigger);
4. :mod:`~shinpan.reference_engine.resolving` — waiting abilities and spells do what their text says;
5. :mod:`~shinpan.reference_engine.game` — :class:`Game`, the one entry point: set up, act, look.

This module only re-exports the public names; no engine module imports it.

Engine-internal identities (:class:`~shinpan.reference_engine.core.objects.Card` objects, object ids) never leave
the engine through the adapter contract: the reference adapter maps them to scenario labels.
"""

from shinpan.reference_engine.core.cards import CardDatabase, CardDefinition
from shinpan.reference_engine.core.errors import IllegalAction, ScriptMismatch, UnsupportedByEngine
from shinpan.reference_engine.core.players import Player
from shinpan.reference_engine.core.rules_state import RulesState
from shinpan.reference_engine.core.zones import Zone
from shinpan.reference_engine.game import Game

__all__ = [
    "CardDatabase",
    "CardDefinition",
    "Game",
    "IllegalAction",
    "Player",
    "RulesState",
    "ScriptMismatch",
    "UnsupportedByEngine",
    "Zone",
]

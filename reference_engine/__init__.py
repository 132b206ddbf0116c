"""The shinpan reference rules engine (参照エンジン).

Pure Python, deterministic, no third-party runtime dependencies. It implements the rules of the
デュエル・マスターズ総合ゲームルール that the suite encodes, as a statement of those rules: every
change of the game goes through one event pipeline (:mod:`shinpan.reference_engine.pipeline`), and code
that differs between rules revisions asks a :class:`~shinpan.reference_engine.rulesets.Ruleset` a named
question instead of comparing dates.

Engine-internal identities (:class:`~shinpan.reference_engine.state.Card` objects, object ids) never leave
the engine through the adapter contract: the reference adapter maps them to scenario labels.
"""

from shinpan.reference_engine.cards import CardDatabase, CardDefinition
from shinpan.reference_engine.errors import IllegalAction, ScriptMismatch, UnsupportedByEngine
from shinpan.reference_engine.game import Game
from shinpan.reference_engine.players import Player
from shinpan.reference_engine.rulesets import Ruleset
from shinpan.reference_engine.zones import Zone

__all__ = [
    "CardDatabase",
    "CardDefinition",
    "Game",
    "IllegalAction",
    "Player",
    "Ruleset",
    "ScriptMismatch",
    "UnsupportedByEngine",
    "Zone",
]

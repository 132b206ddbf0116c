"""Layer 4 of the engine, resolving (解決): waiting abilities and spells do what their text says.

- ``resolution``: resolving waiting abilities (603, 605): their order, their choices, and each effect kind;
- ``spells``: casting a spell (呪文を唱える): its effects in order, then to the graveyard.

Their effects move cards through the pipeline and may start a transition (a swap, 入れ替え), so they sit above
both; the game (``reference_engine/game.py``) calls them.

May import: ``core``, ``transitions``, ``pipeline`` and other ``resolving`` modules. Never ``game``, nor the
package root.
"""

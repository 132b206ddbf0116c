"""Layer 1 of the engine, the core (土台): what a game is made of, and how to read it.

- the rules' vocabulary as values: ``zones``, ``players``, ``turns``, ``effects``, ``errors``, the rules state
  in force (``rules_state``), the players' scripted decisions (``choices``);
- the cards: their text parsed into abilities (``abilities``) and the card database (``cards``);
- the game: cards and battle-zone objects (``objects``), the events that change them (``events``), the
  abilities waiting to resolve (``waiting``), where everything is (``state``);
- readings computed from the state, which change nothing: ``characteristics`` (power, civilizations, …)
  and ``sickness`` (召喚酔い, 301.5);
- ``event_pipeline``: the pipeline as the layers below it see it (a protocol), so that a transition can
  propose moves without importing the pipeline.

Nothing here changes the game by a rule.

May import: the standard library and other ``core`` modules only. Never a higher layer (``transitions``,
``pipeline``, ``resolving``, ``game``), nor the package root.
"""

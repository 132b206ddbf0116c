"""Layer 1 of the engine, the core (土台): what a game is made of, and how to read it.

The rules' vocabulary as values — zones, players, turns, the card text parsed into abilities, the card
database, the rules state in force, the players' scripted choices, errors — and the game state built of
them: cards, battle-zone objects, the events that change them, the abilities waiting to resolve, and the
readings computed from the state (characteristics, summoning sickness). Nothing here changes the game
by a rule.

May import: the standard library and other ``core`` modules only. Never a higher layer
(``transitions``, ``pipeline``, ``resolving``, ``game``), nor the package root.
"""

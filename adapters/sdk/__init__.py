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
  a choice needed, a script mismatch), turned into the contract's statuses.
"""

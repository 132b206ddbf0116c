"""The suite as data (スイート): the feature files parsed into cases, their tags and identities, the registries they
cite (rules, sources, the rules' dated changes), the step library's phrases as pytest-bdd holds them, and the lint
that checks all of it. Nothing here runs an engine."""

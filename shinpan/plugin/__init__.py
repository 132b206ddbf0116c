"""The pytest plugin that runs the suite, one concern per module (:mod:`shinpan.pytest_plugin` loads them all).

- :mod:`~shinpan.plugin.options` — the command-line options, and the suite as the default target;
- :mod:`~shinpan.plugin.run` — the run's shared state (:class:`~shinpan.plugin.run.RunContext`);
- :mod:`~shinpan.plugin.lifecycle` — the adapter: made at once, started on first use, stopped at the end;
- :mod:`~shinpan.plugin.timelimit` — the time limit on each scenario of an in-process adapter;
- :mod:`~shinpan.plugin.startup` — building the run when pytest configures, ending it when pytest unconfigures;
- :mod:`~shinpan.plugin.collection` — feature files collected as test modules, each test mapped to its case;
- :mod:`~shinpan.plugin.gating` — tags as markers, ``--tags`` selection, the rules state's verdict as a skip;
- :mod:`~shinpan.plugin.states` — the state each scenario runs under, and the steps' fixtures;
- :mod:`~shinpan.plugin.allstates` — the matrix: each scenario's test plays it under every state through the executor;
- :mod:`~shinpan.plugin.statuses` — a test's pytest outcome mapped to its status (判定), carried on its report;
- :mod:`~shinpan.plugin.results` — every report's status gathered into the run's results and the report file;
- :mod:`~shinpan.plugin.reporting` — the JSON Lines report file;
- :mod:`~shinpan.plugin.terminal` — what pytest prints: the header, the status letters, the summary;
- :mod:`~shinpan.plugin.junit` — pytest's JUnit XML: each testcase named by its scenario id;
- :mod:`~shinpan.plugin.keys` — what the modules keep on each collected test;
- :mod:`~shinpan.plugin.step_lookup` — pytest-bdd's step search, done once per phrase;
- :mod:`~shinpan.plugin.bdd_internals` — every use of pytest-bdd's internals.
"""

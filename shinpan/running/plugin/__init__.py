"""The pytest plugin that runs the suite, one concern per module (:mod:`shinpan.pytest_plugin` loads them all).

- :mod:`~shinpan.running.plugin.options` — the command-line options, and the suite as the default target;
- :mod:`~shinpan.running.plugin.run` — the run's shared state (:class:`~shinpan.running.plugin.run.RunContext`);
- :mod:`~shinpan.running.plugin.lifecycle` — the adapter: made at once, started on first use, stopped at the end;
- :mod:`~shinpan.running.plugin.timelimit` — the time limit on each scenario of an in-process adapter;
- :mod:`~shinpan.running.plugin.startup` — building the run when pytest configures, ending it when pytest unconfigures;
- :mod:`~shinpan.running.plugin.collection` — feature files collected as test modules, each test mapped to its case;
- :mod:`~shinpan.running.plugin.gating` — tags as markers, ``--tags`` selection, the rules state's verdict as a skip;
- :mod:`~shinpan.running.plugin.states` — the state each scenario runs under, and the steps' fixtures;
- :mod:`~shinpan.running.plugin.allstates` — the matrix: each scenario's test plays it under every state through
  the executor;
- :mod:`~shinpan.running.plugin.statuses` — a test's pytest outcome mapped to its status (判定), carried on its report;
- :mod:`~shinpan.running.plugin.results` — every report's status gathered into the run's results and the report file;
- :mod:`~shinpan.running.plugin.reporting` — the JSON Lines report file;
- :mod:`~shinpan.running.plugin.terminal` — what pytest prints: the header, the status letters, the summary;
- :mod:`~shinpan.running.plugin.junit` — pytest's JUnit XML: each testcase named by its scenario id;
- :mod:`~shinpan.running.plugin.keys` — what the modules keep on each collected test;
- :mod:`~shinpan.running.plugin.step_lookup` — pytest-bdd's step search, done once per phrase;
- :mod:`~shinpan.running.plugin.recording` — ``--trace DIR``: a transcript per scenario (loaded only then).

Every use of pytest-bdd's internals is :mod:`shinpan.suite.bdd_internals` (``shinpan lint`` reads the step
definitions through it too).
"""

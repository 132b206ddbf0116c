"""Running the suite against an engine (実行): a case compiled from its steps and executed (:mod:`.cases`), the pytest
plugin that runs the feature files (:mod:`.plugin`), the adapter session, the checks of a ならば step, the run's own
outputs as it goes (transcripts, Cucumber Messages, failures told), and the short runs — smoke, the states an engine
plays, the source tables rebuilt from scenarios."""

"""Hypothesis without the plugins of other packages (素のHypothesis): imported here first, before any module of
the explorer draws with it.

On import, Hypothesis runs every plugin an installed package registers (the ``hypothesis`` entry points). Trio's,
for one, imports Trio and pytest and registers a generator of Trio's own, whose state Hypothesis then saves, seeds
and restores around every example (three state copies of a Mersenne twister each): a tenth of a second of start-up
per process, and about a twentieth of what Hypothesis itself costs per example. The explorer draws its examples
with Hypothesis alone and runs no Trio, so it imports Hypothesis with ``HYPOTHESIS_NO_PLUGINS`` set for that one
import (the environment is put back as it was: what the process starts sees it unchanged). Where Hypothesis was
imported before (the kit's own tests, under pytest's Hypothesis plug-in), nothing changes. The draws are the same
either way: no plugin's generator is drawn from.
"""

from __future__ import annotations

import os

NO_PLUGINS = "HYPOTHESIS_NO_PLUGINS"
_before = os.environ.get(NO_PLUGINS)
os.environ[NO_PLUGINS] = "1"
try:
    import hypothesis  # noqa: F401  (imported for its side effect: Hypothesis set up without plugins)
finally:
    if _before is None:
        del os.environ[NO_PLUGINS]
    else:
        os.environ[NO_PLUGINS] = _before

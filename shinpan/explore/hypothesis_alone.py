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

Hypothesis also draws, now and then, a literal constant it found in the source of the *local* modules loaded in
the process (any module outside site-packages and the standard library: the kit in a checkout, an adapter in its
author's folder, the test files under pytest). What a seed draws would then depend on the code loaded and on
every number written in it: one constant added to the kit moved a seed's examples, the same seed drew
differently under pytest than from the command line, and a certification recorded with seed 1 differed after an
unrelated change to the kit. An exploration's seed must mean the same examples wherever it runs, so the explorer
gives Hypothesis no local constants (its own table of interesting constants stays). This uses a name inside
Hypothesis (``providers._get_local_constants``); should a Hypothesis upgrade rename it, the import fails loudly
here rather than letting seeds drift (``tests/test_explore_seed_meaning.py``).
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

from hypothesis.internal.conjecture import providers as _providers  # noqa: E402  (after the plugin-free import)
from hypothesis.internal.constants_ast import Constants as _Constants  # noqa: E402

NO_LOCAL_CONSTANTS = _Constants()


def _no_local_constants() -> _Constants:
    """The explorer's draws read no constant from the code that happens to be loaded (see the module's docstring)."""
    return NO_LOCAL_CONSTANTS


_providers._get_local_constants = _no_local_constants
_providers.CONSTANTS_CACHE.cache.clear()  # constants of local modules found before this import are forgotten

"""The shinpan adapter of DMSIM (wabisabinuki/DMSIM), on the kit's adapter SDK.

DMSIM is imported from its source folder, named by the environment variable ``DMSIM_SOURCE`` (the certification
harness sets it to ``../shared/engines/dmsim``): nothing of DMSIM is copied here. The kit's テスト用 cards are
built in DMSIM's own card model (its JSON card definitions, :mod:`dmsim_adapter.cards`); the game is driven through
DMSIM's managers (:mod:`dmsim_adapter.engine`). DMSIM prints freely: in-process, the kit's ``--engine-output``
takes it; served (``python -m dmsim_adapter``), :func:`shinpan.adapters.server.serve` keeps it off stdout.

- in-process: ``--adapter py:dmsim_adapter:make_adapter`` with this folder's parent on ``PYTHONPATH``;
- over the wire: ``--adapter 'cmd:python -m dmsim_adapter'``.
"""

from __future__ import annotations

from dmsim_adapter.adapter import DmsimAdapter, make_adapter

__all__ = ["DmsimAdapter", "make_adapter"]

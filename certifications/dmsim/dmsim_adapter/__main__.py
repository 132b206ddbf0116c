"""``python -m dmsim_adapter``: DMSIM served over the contract's JSON lines (``cmd:``), DMSIM's prints kept off
stdout by the SDK's server."""

import sys

from dmsim_adapter.adapter import DmsimAdapter
from shinpan.adapters.server import serve

sys.exit(serve(DmsimAdapter()))

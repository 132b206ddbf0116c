"""The errors of the adapter side: what goes wrong between the kit and a simulator.

They belong to the contract package (no runner, no pytest), so that adapters, protocol servers and
replayers written in Python can raise and catch them; :mod:`shinpan.outcomes` maps them onto the
statuses ERROR, CRASH and TIMEOUT.
"""


class AdapterError(Exception):
    """The adapter answered ``error``, broke the contract, or the kit could not talk to it."""


class AdapterCrash(AdapterError):
    """The adapter's process exited (or could not be started) while the kit waited for an answer."""


class AdapterTimeout(AdapterError):
    """The adapter did not answer within the scenario's time limit; it was stopped."""


class AdapterSpecError(ValueError):
    """An ``--adapter`` value that names no adapter, or a plug-in that cannot be loaded."""

"""The commands of ``shinpan``, one module each, named after the command (``shinpan new-adapter`` is
:mod:`.new_adapter`), with what several share: :mod:`.options` (option types and options) and :mod:`.preflight`
(what a command checks before it runs anything). :mod:`shinpan.cli` gathers them into the ``shinpan`` group."""

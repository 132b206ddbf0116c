"""Layer 3 of the engine, the event pipeline (イベントの処理): the one road every zone move takes.

- ``pipeline``: :class:`~shinpan.reference_engine.pipeline.pipeline.Pipeline`, the stages in order — replace,
  look back, perform, record, trigger;
- ``replacements``: the replace stage (置換効果, 609), the only place replacement effects apply;
- ``triggers``: the trigger stage (誘発, 603): which abilities a batch of moves triggers, and what they wait with;
- ``follow_ups``: what a replacement or an action does after its event (「そうしたら」, 101.5a), as events of
  their own.

The perform stage uses the transitions for what a move makes of an object: a top card leaving alone is a
devolution (801.4, :mod:`~shinpan.reference_engine.transitions.reconstruction`), a linked god leaving alone
splits the link (804.7, :mod:`~shinpan.reference_engine.transitions.unlink`). That is why the pipeline sits
above the transitions.

May import: ``core``, ``transitions`` and other ``pipeline`` modules. Never ``resolving``, ``game``, nor the
package root.
"""

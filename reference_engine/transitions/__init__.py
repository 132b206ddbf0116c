"""Layer 2 of the engine, the transitions (引き継ぎ): one object becomes others, and what carries over.

Each transition builds new battle-zone objects out of old ones; its module's ``carry_over`` decides, column by
column (付与/パンプ, 待機/対象, 装備, 進化元, 攻撃, タップ, 召酔), what the new objects keep. Read together they are
seed 000's 引き継ぎ早見表 (``features/carry_over/早見表.feature``), one module per row:

| row (引き継ぎ早見表) | module | entry point |
| --- | --- | --- |
| 進化した時 | evolution | carry_over |
| (進化クリーチャーが)退化した時 | reconstruction | carry_over |
| リンクした時 | link | carry_over |
| リンクが外れた時 | unlink | carry_over |
| クリーチャーがクリーチャーに裏返った時 | flip | carry_over |
| クリーチャーがフォートレスに裏返った時 | flip | carry_over |
| タマシード/クリーチャーがクリーチャーとして扱わなくなった時 | tamaseed | carry_over |
| 入れ替わった時 | swap | carry_over |
| 封印された時 | seal | carry_over |
| 進化クリーチャーが横跳びした時 | side_jump | carry_over |
| 魔導具の上に無月の門能力で上に乗せられた時 | mugetsu | carry_over |
| 非進化が退化した時 | reconstruction | plan |

Both flips are one transition: :func:`flip.carry_over` takes the row of what the card turns into. A
non-evolution creature that loses its top card keeps nothing: :func:`reconstruction.plan` sends every card
under it to the graveyard, so no object is left to carry anything to.

The other modules: ``carrying`` (the pieces every ``carry_over`` is made of; it decides nothing),
``awaken_link`` (覚醒リンク, from the seed's prose, as リンクした時), ``equipment`` (equipping; what happens to
equipment is each row's 装備 column) and ``under`` (cards put under a card, 403.4).

A transition that moves cards (evolve, swap, 無月の門, 横跳び, put under) proposes the moves to the event
pipeline, known here only as :class:`~shinpan.reference_engine.core.event_pipeline.EventPipeline`; the
pipeline itself, one layer up, performs devolution and a god leaving with these modules' ``carry_over``.

May import: ``core`` and other ``transitions`` modules. Never ``pipeline``, ``resolving``, ``game``, nor the
package root.
"""

"""Layer 3 of the engine, the event pipeline (イベントの処理): the one road every zone move takes.

May import: ``core``, ``transitions`` and other ``pipeline`` modules. Never ``resolving``, ``game``, nor the
package root.
"""

"""Layer 2 of the engine, the transitions (引き継ぎ): one object becomes others, and what carries over.

May import: ``core`` and other ``transitions`` modules. Never ``pipeline``, ``resolving``, ``game``, nor the
package root.
"""

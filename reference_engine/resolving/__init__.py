"""Layer 4 of the engine, resolving (解決): waiting abilities and spells do what their text says.

May import: ``core``, ``transitions``, ``pipeline`` and other ``resolving`` modules. Never ``game``, nor the
package root.
"""

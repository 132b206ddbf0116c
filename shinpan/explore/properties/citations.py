"""What the properties cite (出典と規則番号): each property's rule numbers and sources, at the line that defines it,
for ``shinpan lint`` to resolve against the registries as it does a scenario's (:class:`~shinpan.suite.lint.Citation`).
"""

from __future__ import annotations

from pathlib import Path

from shinpan.explore.properties.property import Property
from shinpan.suite.lint import Citation


def citations(properties: tuple[Property, ...] | None = None) -> list[Citation]:
    """Every property's citations (default: the explorer's, :data:`shinpan.explore.properties.PROPERTIES`)."""
    if properties is None:
        from shinpan.explore import properties as module

        properties = module.PROPERTIES
    return [Citation(*_place(prop), f"property {prop.id}", tuple(prop.rules), tuple(prop.sources))
            for prop in properties]


def _place(prop: Property) -> tuple[Path, int]:
    """Where ``prop`` is defined: the line of its id in its planner's module (its planner's first line else)."""
    planner = prop.planner
    code = getattr(planner, "__code__", None) or type(planner).__call__.__code__
    path = Path(code.co_filename)
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next((n for n, text in enumerate(lines, 1) if f'id="{prop.id}"' in text), code.co_firstlineno)
    return path, line

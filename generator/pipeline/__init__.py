"""The build's stages, each a module imported only by the ones after it (docs/architecture.md).

select → load → plan → impose → draw → write; `generator/build.py` runs them in order.
"""

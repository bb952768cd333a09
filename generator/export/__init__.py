"""Exports beyond paper: a PNG per piece face, Tabletop Simulator and Tabletop Playground.

Every picture is rasterised from the PDF the painters draw (one piece a page, the `--one-up`
form), so nothing is drawn twice; see docs/exports.md.
"""

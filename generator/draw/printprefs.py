"""Print settings inside a PDF: no scaling, and the duplex flip the file was imposed for.

PDF viewers read the catalog's /ViewerPreferences when they open the print dialog: Acrobat,
Preview, Chrome's and Firefox's viewers preset "actual size" from `/PrintScaling /None`, and
the two-sided setting from `/Duplex`. A file with back pages asks for the flip its backs were
mirrored for; a file without asks for one-sided printing (`/Simplex`).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

DUPLEX_NAMES = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}


def duplex_name(flip: str | None) -> str:
    """The /Duplex name for a flip ("long", "short"; anything else is one-sided)."""
    return DUPLEX_NAMES.get(flip or "", "Simplex")


def set_print_preferences(c: Canvas, flip: str | None) -> None:
    """Ask the print dialog for 100 % scale and for the flip (None: one-sided)."""
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("Duplex", duplex_name(flip))

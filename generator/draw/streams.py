"""How our PDFs' streams are compressed: zlib level 3 rather than ReportLab's default of 6.

Compression took about 6 % of a whole build's time (the pages' drawing operators and the
embedded font subsets, 7 MB before compression for the 26 files of a default build). Level 3
takes 40 % less time than level 6 for files about 5 % larger, still a third of the
uncompressed size. ReportLab offers no setting for the level, so this module, imported by
`fonts` before any of our PDFs is written, gives ReportLab's one Flate filter object our
level. Streams ReportLab compresses itself elsewhere (embedded raster images) keep its level.

ReportLab also writes forms and images (our pictures) in ASCII85 over Flate by default, a
quarter larger than Flate alone for nothing a PDF reader needs: its documented setting
`useA85` is turned off here as well.
"""

from __future__ import annotations

import zlib

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc

LEVEL = 3


def _encode(text: str | bytes) -> bytes:
    data = text.encode("utf8") if isinstance(text, str) else text
    return zlib.compress(data, LEVEL)


pdfdoc.PDFZCompress.encode = _encode  # type: ignore[method-assign]
rl_config.useA85 = 0

"""Every stream of our PDFs is Flate-compressed at our level (generator/draw/streams.py)."""

from __future__ import annotations

import re
import zlib
from pathlib import Path

from generator.cli import main
from generator.draw.streams import LEVEL

STREAM = re.compile(rb"<<([^>]*?/Length (\d+)[^>]*?)>>\s*stream\r?\n")


def test_pdf_streams_use_our_compression_level(tmp_path: Path):
    assert LEVEL == 3
    try:
        main(["build", "magic-labyrinth", "--part", "tokens", "--lang", "ru", "--out",
              str(tmp_path)], standalone_mode=False)
    except SystemExit as exc:
        assert exc.code in (0, None)
    data = (tmp_path / "magic-labyrinth" / "magic-labyrinth-tokens-ru-a4.pdf").read_bytes()
    kinds = []
    for match in STREAM.finditer(data):
        head, length = match.group(1), int(match.group(2))
        encoded = data[match.end():match.end() + length]
        assert b"/FlateDecode" in head
        assert b"/ASCII85Decode" not in head  # ReportLab's default for forms, turned off
        assert zlib.compress(zlib.decompress(encoded), LEVEL) == encoded
        kinds.append("font" if b"/Length1" in head else "other")
    assert kinds.count("font") >= 2 and kinds.count("other") >= 2  # font subsets, pages
